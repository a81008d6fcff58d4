package games

import (
	"io/fs"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

// The naming rule (docs/game-contract.md, "Adding a game"): shared code
// names no game. A game's name (its Definition.Name, which is also its
// folder's) may be written only in the game's own places: its package
// games/NAME/, its web board (web/src/games/NAME.ts or .css, or the
// folder web/src/games/NAME/) and its terminal board (tui/NAME.go and
// tui/NAME_*.go). Everything else the shared code needs of a game comes
// from the registries, which alone may name every game.

// registries are the files that list every game.
var registries = map[string]bool{
	"games/games.go":        true,
	"web/src/games/load.ts": true,
	"tui/board.go":          true,
}

// namingExceptions are the files or folders (ending in /) whose purpose is
// one game by definition, each with the reason.
var namingExceptions = map[string]string{
	"loadtest/": "the load generator's workload is one game, the same workload as the peers' benchmark",
}

// outsideNamingRule says whether a tracked file is outside the rule: tests,
// the browser tests, documentation, test data, Markdown, and the modules'
// and packages' manifests.
func outsideNamingRule(file string) bool {
	base := path.Base(file)
	switch {
	case strings.HasSuffix(file, "_test.go"),
		strings.HasPrefix(file, "e2e/"),
		strings.HasPrefix(file, "docs/"),
		strings.HasPrefix(file, "testdata/") || strings.Contains(file, "/testdata/"),
		strings.HasSuffix(file, ".md"),
		base == "go.mod" || base == "go.sum",
		base == "package.json" || base == "package-lock.json":
		return true
	}
	return false
}

// ownPlace says whether file is one of game's own places.
func ownPlace(file, game string) bool {
	switch {
	case strings.HasPrefix(file, "games/"+game+"/"),
		file == "web/src/games/"+game+".ts",
		file == "web/src/games/"+game+".css",
		strings.HasPrefix(file, "web/src/games/"+game+"/"),
		file == "tui/"+game+".go",
		strings.HasPrefix(file, "tui/"+game+"_") && strings.HasSuffix(file, ".go") && !strings.Contains(strings.TrimPrefix(file, "tui/"), "/"):
		return true
	}
	return false
}

// excepted returns the reason file may name a game, if it is excepted.
func excepted(file string) (string, bool) {
	for p, why := range namingExceptions {
		if file == p || (strings.HasSuffix(p, "/") && strings.HasPrefix(file, p)) {
			return why, true
		}
	}
	return "", false
}

// TestGameNamedOnlyInItsFolder fails when a file outside a game's own
// places names the game (its name in any case, anywhere: code, strings or
// comments), the registries and the listed exceptions aside. It logs,
// per game, how many files name it.
func TestGameNamedOnlyInItsFolder(t *testing.T) {
	root := ".."
	files := trackedFiles(t, root)
	names := Registry().Names()
	offending := map[string][]string{}
	count := map[string]int{}
	for _, f := range files {
		if registries[f] || outsideNamingRule(f) {
			continue
		}
		if _, ok := excepted(f); ok {
			continue
		}
		raw, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(f)))
		if err != nil {
			continue // listed by git but not on disk (deleted, not yet staged)
		}
		text := strings.ToLower(string(raw))
		for _, g := range names {
			if !strings.Contains(text, g) {
				continue
			}
			count[g]++
			if !ownPlace(f, g) {
				offending[g] = append(offending[g], f)
			}
		}
	}
	for _, g := range names {
		t.Logf("%s: named by %d files in the rule's scope, %d of them outside its own places", g, count[g], len(offending[g]))
	}
	for _, g := range names {
		if len(offending[g]) > 0 {
			sort.Strings(offending[g])
			t.Errorf("%s is named outside its own places, by %d files (write \"a game with secrets\", ask the registry, or move the code into the game's folder or boards):\n\t%s",
				g, len(offending[g]), strings.Join(offending[g], "\n\t"))
		}
	}
}

// TestNamingExceptionsStillNeeded: an exception whose files no longer
// name any game is removed from the list, which stays as short as it can.
func TestNamingExceptionsStillNeeded(t *testing.T) {
	root := ".."
	files := trackedFiles(t, root)
	for p := range namingExceptions {
		named := false
		for _, f := range files {
			if !(f == p || (strings.HasSuffix(p, "/") && strings.HasPrefix(f, p))) || outsideNamingRule(f) {
				continue
			}
			raw, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(f)))
			if err != nil {
				continue
			}
			text := strings.ToLower(string(raw))
			for _, g := range Registry().Names() {
				named = named || strings.Contains(text, g)
			}
		}
		if !named {
			t.Errorf("the exception %q names no game any more: take it off namingExceptions", p)
		}
	}
}

// trackedFiles lists the files git tracks under root, as slash paths
// from root; without git, every file under root but git's own and the
// web client's installed packages.
func trackedFiles(t *testing.T, root string) []string {
	t.Helper()
	out, err := exec.Command("git", "-C", root, "ls-files", "-z").Output()
	if err == nil {
		var files []string
		for _, f := range strings.Split(string(out), "\x00") {
			if f != "" {
				files = append(files, f)
			}
		}
		return files
	}
	var files []string
	err = filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (d.Name() == ".git" || d.Name() == "node_modules") {
			return filepath.SkipDir
		}
		if !d.IsDir() {
			rel, err := filepath.Rel(root, p)
			if err != nil {
				return err
			}
			files = append(files, filepath.ToSlash(rel))
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return files
}
