package gametest

import (
	"encoding/json"

	"github.com/parlor-games/parlor/game"
)

// advance plays mv for seat, checking on the way that a clone and its
// original are independent and have the same future, and returns the
// snapshot after the move. (That a move on a clone leaves the original
// alone is checked at every position with every legal move.)
func (m *match) advance(before snapshot, seat game.Seat, mv game.Move) snapshot {
	witness := m.st.Clone() // looked at only if clone has changed
	clone := m.st.Clone()
	es, err := m.st.Apply(seat, mv)
	if err != nil {
		m.fail("seat %d's legal move %s is refused: %v", seat, mv, err)
		return before
	}
	m.log.Moves = append(m.log.Moves, game.Entry{Seat: seat, Move: game.Canonical(mv)})
	after := m.snap(m.st)
	if d := before.diff(m.snap(clone)); d != "" {
		if before.diff(m.snap(witness)) != "" {
			m.fail("a clone differs from its original (or a move on the original changes all its clones): %s", d)
		} else {
			m.fail("a move on the original changed its clone: %s", d)
		}
		return after
	}
	ec, err := clone.Apply(seat, mv)
	if je, jc := eventsText(es), eventsText(ec); err != nil || je != jc {
		m.fail("a clone answers seat %d's move %s unlike its original%s: %s\nA clone copies everything, the random generator included.", seat, mv, errText(err), difference(je, jc))
		return after
	}
	if d := after.diff(m.snap(clone)); d != "" {
		m.fail("a clone and its original differ after the same move %s: %s\nA clone copies everything, the random generator included.", mv, d)
		return after
	}
	return after
}

// replay checks that the match's log, saved as JSON and replayed, gives
// the same position.
func (m *match) replay() {
	saved, err := json.Marshal(m.log)
	if err != nil {
		m.fail("the log does not marshal: %v", err)
		return
	}
	var l game.Log
	if err := json.Unmarshal(saved, &l); err != nil {
		m.fail("the log does not unmarshal: %v", err)
		return
	}
	re, err := m.reg.Replay(l)
	if err != nil {
		m.fail("the log does not replay: %v", err)
		return
	}
	if d := m.snap(m.st).diff(m.snap(re)); d != "" {
		m.fail("replaying the log gives another position: %s\nEvery draw must come from the Rand given to New, and a refused move must not draw.", d)
	}
}
