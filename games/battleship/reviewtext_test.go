package battleship

import (
	"encoding/json"
	"regexp"
	"strings"
	"testing"
)

// TestReviewMapColumnsAligned: the map of `parlor review --step` (PrintReview) keeps
// its columns apart and under their letters whatever the figures: a
// certain square (100%) that is also the expert's, one-digit chances,
// squares fired at. Such a square once printed as "100*" against its
// neighbour.
func TestReviewMapColumnsAligned(t *testing.T) {
	heat := make([]int, Size*Size)
	for i := range heat {
		heat[i] = []int{0, 1000, 7, 994, 55, 120}[i%6]
	}
	heat[2*Size+9] = 1000 // J3: certain, beside the grid's edge
	for _, ex := range [][2]int{{2, 9}, {0, 1}, {0, 0}} {
		h := Heat{Expert: ex, Exact: true, Heat: heat}
		var out strings.Builder
		a := Analysis{Shots: []ShotReview{{Step: 3, Shot: [2]int{1, 1}, Heat: h}}}
		if err := printReview(t, &out, a, 3); err != nil {
			t.Fatal(err)
		}
		text := out.String()
		lines := strings.Split(strings.TrimRight(text[strings.Index(text, "\nThe expert's map"):], "\n"), "\n")
		lines = lines[2:] // the letters, then the rows
		if len(lines) != Size+1 {
			t.Fatalf("%d lines under the map's title:\n%s", len(lines), text)
		}
		field := regexp.MustCompile(`\S+`)
		var ends []int
		for _, m := range field.FindAllStringIndex(lines[0], -1) {
			ends = append(ends, m[1])
		}
		if len(ends) != Size {
			t.Fatalf("header %q has %d letters", lines[0], len(ends))
		}
		for r, line := range lines[1:] {
			fs := field.FindAllStringIndex(line, -1)
			if len(fs) != Size+1 {
				t.Fatalf("expert at %v: row %d %q has %d cells, want %d apart:\n%s", ex, r+1, line, len(fs)-1, Size, text)
			}
			for c, m := range fs[1:] {
				if m[1] != ends[c] {
					t.Fatalf("expert at %v: row %d %q: column %c ends at %d, its letter at %d:\n%s", ex, r+1, line, 'A'+c, m[1], ends[c], text)
				}
			}
		}
		if heat[ex[0]*Size+ex[1]] == 1000 && !strings.Contains(text, " 100*") {
			t.Fatalf("no certain expert's square in:\n%s", text)
		}
	}
}

// printReview prints a as `parlor review` does, naming every seat Ann.
func printReview(t *testing.T, out *strings.Builder, a Analysis, step int) error {
	t.Helper()
	raw, err := json.Marshal(a)
	if err != nil {
		t.Fatal(err)
	}
	return reviewText{}.PrintReview(out, raw, func(int) string { return "Ann" }, step)
}
