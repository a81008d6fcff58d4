package match

import (
	"testing"
	"time"
)

// TestMoveDeadlineLeavesVacationsOut: a move's deadline is its start plus
// the clock, counting none of the time of the player's vacations inside
// the move: one under way when the move started, one in the middle,
// several; a vacation over before the move or starting after the
// deadline changes nothing.
func TestMoveDeadlineLeavesVacationsOut(t *testing.T) {
	day := 24 * time.Hour
	t0 := time.Date(2030, 6, 3, 9, 0, 0, 0, time.UTC)
	at := func(d time.Duration) time.Time { return t0.Add(d) }
	span := func(from, until time.Duration) Span { return Span{From: at(from), Until: at(until)} }
	for _, c := range []struct {
		name string
		vs   []Span
		want time.Duration
	}{
		{"none", nil, 2 * day},
		{"over before the move", []Span{span(-5*day, -day)}, 2 * day},
		{"under way at the start", []Span{span(-day, day)}, 3 * day},
		{"in the middle", []Span{span(day, 4*day)}, 5 * day},
		{"two", []Span{span(12*time.Hour, day), span(2*day, 3*day)}, 3*day + 12*time.Hour},
		{"after the deadline", []Span{span(2*day, 5*day)}, 2 * day},
		{"ended early, at the start", []Span{span(-day, 0)}, 2 * day},
	} {
		if got := moveDeadline(t0, 2*day, c.vs); !got.Equal(at(c.want)) {
			t.Errorf("%s: deadline %v after the start, want %v", c.name, got.Sub(t0), c.want)
		}
	}
}
