package gametest

import (
	"encoding/json"
	"fmt"

	"github.com/parlor-games/parlor/game"
)

// snapshot is what anyone could notice of a position: every seat's view
// and the spectator's, Turn, Scores and Outcome, as canonical JSON.
type snapshot struct {
	views                 []string // seat 0, 1, ..., then the spectator
	turn, scores, outcome string
}

func snapshotOf(st game.State) (snapshot, error) {
	var sn snapshot
	var first error
	for seat := game.Seat(0); seat <= game.Seat(st.Seats()); seat++ {
		who := seat
		if int(seat) == st.Seats() {
			who = game.Spectator
		}
		j, err := json.Marshal(st.View(who))
		if err != nil && first == nil {
			first = fmt.Errorf("View(%d) does not marshal to JSON: %v", who, err)
		}
		sn.views = append(sn.views, string(j))
	}
	sn.turn, sn.scores, sn.outcome = jsonText(st.Turn()), jsonText(st.Scores()), jsonText(st.Outcome())
	return sn, first
}

func (m *match) snap(st game.State) snapshot {
	sn, err := snapshotOf(st)
	if err != nil {
		m.fail("%v", err)
	}
	return sn
}

// hasLegal says whether the view JSON v has a top-level game.LegalMember.
func hasLegal(v string) bool {
	var top map[string]json.RawMessage
	if json.Unmarshal([]byte(v), &top) != nil {
		return false
	}
	_, ok := top[game.LegalMember]
	return ok
}

// withoutLegal returns the view JSON v without its game.LegalMember, its
// top-level members in sorted order, so that two views that differ only
// in it compare equal; v itself when it is not an object.
func withoutLegal(v string) string {
	var top map[string]json.RawMessage
	if json.Unmarshal([]byte(v), &top) != nil {
		return v
	}
	delete(top, game.LegalMember)
	b, err := json.Marshal(top)
	if err != nil {
		return v
	}
	return string(b)
}

// diff says how b differs from a, or returns "" if it does not.
func (a snapshot) diff(b snapshot) string {
	n := len(a.views) - 1
	for i := range a.views {
		if i < len(b.views) && a.views[i] != b.views[i] {
			who := game.Seat(i)
			if i == n {
				who = game.Spectator
			}
			return seatName(who) + "'s view: " + difference(a.views[i], b.views[i])
		}
	}
	for _, f := range []struct{ name, a, b string }{
		{"Turn()", a.turn, b.turn}, {"Scores()", a.scores, b.scores}, {"Outcome()", a.outcome, b.outcome},
	} {
		if f.a != f.b {
			return f.name + ": " + difference(f.a, f.b)
		}
	}
	return ""
}
