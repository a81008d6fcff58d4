package games

import (
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/parlor-games/parlor/game"
)

// checkItem is one step of "Adding a game" in docs/game-contract.md and
// what shows that a game took it; root is the module's folder.
type checkItem struct {
	title string
	check func(t *testing.T, d *game.Definition, st game.State, root string)
}

// exists fails unless the file at root/path is there.
func exists(t *testing.T, root, path string) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(root, path))
	if err != nil {
		t.Errorf("%s is missing", path)
	}
	return b
}

// mentions fails unless the file at root/path holds every word.
func mentions(t *testing.T, root, path string, words ...string) {
	t.Helper()
	b := exists(t, root, path)
	for _, w := range words {
		if b != nil && !strings.Contains(string(b), w) {
			t.Errorf("%s does not mention %s", path, w)
		}
	}
}

var checklist = []checkItem{
	{"Package", func(t *testing.T, d *game.Definition, _ game.State, root string) {
		if d.Title == "" || d.Summary == "" {
			t.Errorf("the definition has no title or no summary")
		}
		pkgs, err := parser.ParseDir(token.NewFileSet(), filepath.Join(root, "games", d.Name), nil, parser.PackageClauseOnly|parser.ParseComments)
		if err != nil || pkgs[d.Name] == nil {
			t.Fatalf("games/%s is not the package %s: %v", d.Name, d.Name, err)
		}
		doc := ""
		for _, f := range pkgs[d.Name].Files {
			if f.Doc != nil {
				doc += f.Doc.Text()
			}
		}
		if len(doc) < 200 {
			t.Errorf("the package doc says %d characters: say what the game is and the rules decisions", len(doc))
		}
	}},
	{"Rulebook", func(t *testing.T, d *game.Definition, _ game.State, root string) {
		exists(t, root, "games/"+d.Name+"/rulebook.md")
		if len(d.Rulebook.Sections) == 0 {
			t.Errorf("Definition.Rulebook is empty")
		}
	}},
	{"Words", func(t *testing.T, _ *game.Definition, st game.State, _ string) {
		if _, ok := st.(game.Describer); !ok {
			t.Errorf("the state is no game.Describer")
		}
	}},
	{"Bot names", func(t *testing.T, d *game.Definition, st game.State, _ string) {
		if _, ok := st.(game.BotNamer); !ok {
			t.Errorf("the state is no game.BotNamer")
		}
		if len(d.BotLevels) == 0 || d.NewBot == nil {
			t.Fatalf("no bots")
		}
		for _, level := range d.BotLevels {
			if _, err := d.NewBot(level, game.NewRand(1)); err != nil {
				t.Errorf("bot level %s: %v", level, err)
			}
		}
	}},
	{"Secrets", func(t *testing.T, d *game.Definition, st game.State, root string) {
		if !d.Hidden {
			return
		}
		if _, ok := st.(game.Concluder); !ok {
			t.Errorf("a game with secrets whose state is no game.Concluder")
		}
		mentions(t, root, "games/"+d.Name+"/conformance_test.go", "Hidden:")
	}},
	{"Conformance test", func(t *testing.T, d *game.Definition, _ game.State, root string) {
		mentions(t, root, "games/"+d.Name+"/conformance_test.go", "gametest.Conformance(")
	}},
	{"Golden playthrough", func(t *testing.T, d *game.Definition, _ game.State, root string) {
		mentions(t, root, "games/"+d.Name+"/golden_test.go", "gametest.GoldenPlaythrough(")
		mentions(t, root, "games/"+d.Name+"/"+"testdata/playthrough.json", `"game":"`+d.Name+`"`)
	}},
	{"Web board", func(t *testing.T, d *game.Definition, _ game.State, root string) {
		exists(t, root, "web/src/games/"+d.Name+"/index.ts")
		mentions(t, root, "web/src/games/"+d.Name+"/index.ts", "board: () => import(")
		mentions(t, root, "web/src/games/load.ts", `from "./`+d.Name+`/index"`)
	}},
	{"Terminal board", func(t *testing.T, d *game.Definition, _ game.State, root string) {
		exists(t, root, "tui/"+d.Name+".go")
		mentions(t, root, "tui/board.go", `"`+d.Name+`":`)
	}},
	{"Extras", func(t *testing.T, d *game.Definition, _ game.State, _ string) {
		ach, _ := game.Extra[game.Achievements](d)
		seen := map[string]bool{}
		for _, other := range Registry().List() {
			if other == d {
				continue
			}
			list, _ := game.Extra[game.Achievements](other)
			for _, a := range list {
				seen[a.ID] = true
			}
		}
		for _, a := range ach {
			if !strings.HasPrefix(a.ID, d.Name+".") || seen[a.ID] {
				t.Errorf("achievement %q: an ID is %s.what, and no other game's", a.ID, d.Name)
			}
			seen[a.ID] = true
			if a.Title == "" || a.Description == "" {
				t.Errorf("achievement %q has no title or no description", a.ID)
			}
			if a.Tutorial != (a.Earned == nil) {
				t.Errorf("achievement %q: a tutorial's is earned by the tutorial alone, any other by its Earned", a.ID)
			}
		}
	}},
	{"Terminal lesson", func(t *testing.T, d *game.Definition, _ game.State, root string) {
		b := exists(t, root, "tui/board.go")
		_, lessons, _ := strings.Cut(string(b), "var lessons = ")
		lessons, _, _ = strings.Cut(lessons, "\n}")
		named := strings.Contains(lessons, `"`+d.Name+`":`)
		if named && d.Analyze == nil {
			t.Errorf("tui/board.go names a lesson reader for a game without an analysis")
		}
		if named && !regexp.MustCompile(`"`+d.Name+`":\s+chartsLesson`).MatchString(lessons) {
			exists(t, root, "tui/"+d.Name+"_lesson.go")
		}
	}},
	{"Full tests", func(t *testing.T, d *game.Definition, _ game.State, root string) {
		b, err := os.ReadFile(filepath.Join(root, "games", d.Name, "testdata", "full-tests"))
		if err != nil {
			return // a game whose tests all play in full under the race detector
		}
		tests, _ := filepath.Glob(filepath.Join(root, "games", d.Name, "*_test.go"))
		var names []string
		for _, f := range tests {
			src, _ := os.ReadFile(f)
			for _, m := range testFunc.FindAllStringSubmatch(string(src), -1) {
				names = append(names, m[1])
			}
		}
		for _, alt := range strings.Split(strings.TrimSpace(string(b)), "|") {
			re, err := regexp.Compile(alt)
			if err != nil {
				t.Fatalf("testdata/full-tests is no pattern for go test -run: %v", err)
			}
			found := false
			for _, n := range names {
				found = found || re.MatchString(n)
			}
			if !found {
				t.Errorf("testdata/full-tests names %s, which runs no test of the package", alt)
			}
		}
	}},
	{"Named in its places alone", func(t *testing.T, d *game.Definition, _ game.State, _ string) {
		if !regexp.MustCompile(`^[a-z]+$`).MatchString(d.Name) {
			t.Errorf("the name %q is not a lowercase word", d.Name)
		}
		for _, other := range Registry().Names() {
			if other != d.Name && strings.Contains(other, d.Name) {
				t.Errorf("the name %q is inside %q: the naming rule could not tell them apart", d.Name, other)
			}
		}
	}},
}

// testFunc finds a test function's name in a test file.
var testFunc = regexp.MustCompile(`(?m)^func (Test\w+)\(t \*testing\.T\)`)

// listItem is a numbered step of the list: its number and its bold title.
var listItem = regexp.MustCompile(`(?m)^(\d+)\. \*\*([^*]+?)\.\*\*`)

// TestAddingAGameChecklist holds every registered game to each step of
// "Adding a game" in docs/game-contract.md, and the list to the steps
// checked here: a step added to the page without a check, or a check
// whose step left the page, fails too.
func TestAddingAGameChecklist(t *testing.T) {
	root := ".."
	page, err := os.ReadFile(filepath.Join(root, "docs", "game-contract.md"))
	if err != nil {
		t.Fatal(err)
	}
	_, sec, ok := strings.Cut(string(page), "\n## Adding a game\n")
	if !ok {
		t.Fatal(`docs/game-contract.md has no section "Adding a game"`)
	}
	sec, _, _ = strings.Cut(sec, "\n## ")
	items := listItem.FindAllStringSubmatch(sec, -1)
	if len(items) != len(checklist) {
		t.Errorf("the page lists %d steps, the test checks %d", len(items), len(checklist))
	}
	for i, m := range items {
		if m[1] != strconv.Itoa(i+1) {
			t.Errorf("step %q is numbered %s, not %d", m[2], m[1], i+1)
		}
		if i < len(checklist) && m[2] != checklist[i].title {
			t.Errorf("step %d is %q on the page, %q in the test", i+1, m[2], checklist[i].title)
		}
	}
	for _, d := range Registry().List() {
		st, err := d.New(nil, game.NewRand(1))
		if err != nil {
			t.Fatalf("%s: %v", d.Name, err)
		}
		for i, c := range checklist {
			t.Run(d.Name+"/"+strconv.Itoa(i+1)+" "+c.title, func(t *testing.T) { c.check(t, d, st, root) })
		}
	}
}
