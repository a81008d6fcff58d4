package battleship

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"text/tabwriter"
)

// reviewText prints the analysis as text for `parlor review`: each shot
// beside the expert's and, at a step, the expert's map.
type reviewText struct{}

// PrintReview prints raw, an Analysis in its JSON form, naming each seat
// with who; step, when not negative, is a shot whose map it draws too.
func (reviewText) PrintReview(w io.Writer, raw json.RawMessage, who func(seat int) string, step int) error {
	var a Analysis
	if err := json.Unmarshal(raw, &a); err != nil {
		return err
	}
	pct := func(h Heat, sq [2]int) string {
		return fmt.Sprintf("%d%%", (h.Heat[sq[0]*Size+sq[1]]+5)/10)
	}
	fmt.Fprintln(w, "Each shot beside the expert's, with each square's chance of a ship from what the shooter knew (exact: counted over every fleet consistent with it; +-: an estimate and its largest error, in points):")
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "step\tplayer\tshot\tchance\texpert\tchance\tmap")
	var shown *ShotReview
	for i, r := range a.Shots {
		ex := Square(r.Expert[0], r.Expert[1])
		if r.Planned {
			ex += " (planned)"
		}
		fmt.Fprintf(tw, "%d\t%s\t%s\t%s\t%s\t%s\t%s\n", r.Step, who(r.Seat), Square(r.Shot[0], r.Shot[1]), pct(r.Heat, r.Shot), ex, pct(r.Heat, r.Expert), heatHow(r.Heat))
		if r.Step == step {
			shown = &a.Shots[i]
		}
	}
	tw.Flush()
	if step < 0 {
		return nil
	}
	if shown == nil {
		return fmt.Errorf("step %d is not a shot", step)
	}
	fmt.Fprintf(w, "\nThe expert's map before step %d, in percent (* the expert's square, . fired at or no ship possible; %s):\n", step, heatHow(shown.Heat))
	_, err := io.WriteString(w, heatGrid(shown.Heat))
	return err
}

// heatHow says whether a map's chances are exact or, if estimated, how far
// off they may be.
func heatHow(h Heat) string {
	if h.Exact {
		return "exact"
	}
	return fmt.Sprintf("+-%.1f", float64(h.Within)/10)
}

// heatGrid draws a map as a grid of percentages under the column letters,
// every column as wide as its widest cell plus a space, so that the columns
// stay apart and aligned whatever the figures ("100*" as well as ".").
func heatGrid(h Heat) string {
	const n = Size
	var cells [n][n]string
	width := 1
	for r := range n {
		for c := range n {
			v := h.Heat[r*n+c]
			cell := "."
			if v > 0 {
				cell = fmt.Sprint((v + 5) / 10)
			}
			if r == h.Expert[0] && c == h.Expert[1] {
				cell += "*"
			}
			cells[r][c] = cell
			width = max(width, len(cell))
		}
	}
	width++ // a space between columns
	var sb strings.Builder
	sb.WriteString("    ") // above the row numbers

	for c := range n {
		fmt.Fprintf(&sb, "%*c", width, 'A'+c)
	}
	sb.WriteByte('\n')
	for r := range n {
		fmt.Fprintf(&sb, "%3d ", r+1)
		for c := range n {
			fmt.Fprintf(&sb, "%*s", width, cells[r][c])
		}
		sb.WriteByte('\n')
	}
	return sb.String()
}
