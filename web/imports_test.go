package web

import (
	"io/fs"
	"path"
	"regexp"
	"strings"
	"testing"
)

// importLine finds a module's static imports; "import type" lines are
// erased by the compiler and load nothing, so they are left out.
var importLine = regexp.MustCompile(`(?m)^import\s+(type\s+)?[^;]*?from\s+"(\.[^"]+)"`)

// TestNoImportCycle: no module of the client imports, through others,
// itself. A cycle (the create dialog, the lobby and the table screen
// once formed one) makes the order modules run in depend on which is
// loaded first, and keeps a bundle from being split along screens.
func TestNoImportCycle(t *testing.T) {
	graph := map[string][]string{}
	err := fs.WalkDir(files, "src", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(p, ".ts") {
			return err
		}
		b, err := files.ReadFile(p)
		if err != nil {
			return err
		}
		for _, m := range importLine.FindAllStringSubmatch(string(b), -1) {
			if m[1] != "" {
				continue
			}
			graph[p] = append(graph[p], path.Join(path.Dir(p), m[2])+".ts")
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(graph) < 10 {
		t.Fatalf("only %d modules with imports found", len(graph))
	}
	const (
		unseen = iota
		open
		done
	)
	state := map[string]int{}
	var stack []string
	var visit func(string)
	visit = func(n string) {
		state[n] = open
		stack = append(stack, n)
		for _, m := range graph[n] {
			switch state[m] {
			case unseen:
				visit(m)
			case open:
				i := len(stack) - 1
				for stack[i] != m {
					i--
				}
				t.Errorf("import cycle: %s → %s", strings.Join(stack[i:], " → "), m)
			}
		}
		stack = stack[:len(stack)-1]
		state[n] = done
	}
	for n := range graph {
		if state[n] == unseen {
			visit(n)
		}
	}
}
