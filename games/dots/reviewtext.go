package dots

import (
	"encoding/json"
	"fmt"
	"io"
	"text/tabwriter"
)

// reviewText prints the analysis as text for `parlor review`: what each
// move cost against best play, and the turning point.
type reviewText struct{}

// PrintReview prints raw, an Analysis in its JSON form, naming each seat
// with who. The game draws no map at a step, so step is not read.
func (reviewText) PrintReview(w io.Writer, raw json.RawMessage, who func(seat int) string, _ int) error {
	var a Analysis
	if err := json.Unmarshal(raw, &a); err != nil {
		return err
	}
	fmt.Fprintln(w, "What each move cost against best play, in boxes (exact: from the solver; estimate: the expert's):")
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "move\tplayer\tline\tcost\tbest\thow")
	for _, r := range a.Moves {
		how := "exact"
		if r.Source == SourceExpert {
			how = "estimate"
		}
		cost := "0"
		if r.Cost > 0 {
			cost = fmt.Sprintf("-%d", r.Cost)
		}
		fmt.Fprintf(tw, "%d\t%s\t%s\t%s\t%s\t%s\n", r.Number, who(r.Seat), r.Played, cost, r.BestText, how)
	}
	tw.Flush()
	if a.TurningPoint != nil {
		fmt.Fprintln(w, "Turning point:", a.TurningPoint.Text)
	} else {
		fmt.Fprintln(w, "No move gave anything away.")
	}
	return nil
}
