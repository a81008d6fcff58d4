package gametest

import (
	"encoding/json"
	"fmt"
	"slices"

	"github.com/parlor-games/parlor/game"
)

// position checks the current position, whose snapshot is sn.
func (m *match) position(sn snapshot) {
	st := m.st
	if n := st.Seats(); n != m.seats {
		m.fail("Seats() changed from %d to %d during the match", m.seats, n)
	}
	turn, out := st.Turn(), st.Outcome()
	if (len(turn) == 0) != (out != nil) {
		m.fail("Turn() is %v while Outcome() is %s: Turn is empty exactly when the match is over", turn, jsonText(out))
	}
	for i, s := range turn {
		if s < 0 || int(s) >= m.seats || (i > 0 && s <= turn[i-1]) {
			m.fail("Turn() is %v: it lists seats of the table (0 to %d), in seat order, each once", turn, m.seats-1)
		}
	}
	for _, seat := range m.allSeats() {
		owes, n := slices.Contains(turn, seat), len(st.Legal(seat))
		if !owes && n > 0 {
			m.fail("Legal(%d) lists %d moves, but %s is not in Turn() %v", seat, n, seatName(seat), turn)
		}
		if owes && n == 0 {
			m.fail("%s owes a move (Turn() is %v) but Legal(%d) lists none", seatName(seat), turn, seat)
		}
	}
	if sc := st.Scores(); sc != nil && len(sc) != m.seats {
		m.fail("Scores() %v has %d entries for %d seats", sc, len(sc), m.seats)
	}
	if out != nil {
		for i, w := range out.Winners {
			if w < 0 || int(w) >= m.seats || slices.Contains(out.Winners[:i], w) {
				m.fail("Outcome().Winners %v lists a seat that is not at the table, or one twice", out.Winners)
			}
		}
	}
	for i, v := range sn.views {
		who := game.Seat(i)
		if i == m.seats {
			who = game.Spectator
		}
		if hasLegal(v) && !slices.Contains(turn, who) {
			m.fail("%s's view carries %q, but %s owes no decision (Turn() is %v): only the seat to move gets what it may do", seatName(who), game.LegalMember, seatName(who), turn)
		}
	}
	if !m.def.Hidden {
		spectator := withoutLegal(sn.views[m.seats])
		for i, v := range sn.views[:m.seats] {
			if withoutLegal(v) != spectator {
				m.fail("the game has no secrets (Definition.Hidden is false), but seat %d's view is not the spectator's: %s", i, difference(spectator, v))
				break
			}
		}
	}
	if m.failed || out != nil {
		return
	}
	if len(m.log.Moves) > 0 {
		m.offer(st, m.log, false)
	}
	pristine := st.Clone()
	m.tried = m.tried[:0]
	legal := m.legalMoves(turn)
	m.refusals(turn, legal)
	m.unchanged(sn, pristine)
}

// twins is about how many of a seat's legal moves, at each position, are
// also played on a second clone to compare the answers.
const twins = 8

// legalMoves checks the moves that Legal lists for the seats in turn (all
// of them, or about MovesChecked), and returns them all by seat in
// canonical JSON.
func (m *match) legalMoves(turn []game.Seat) map[game.Seat]map[string]bool {
	all := make(map[game.Seat]map[string]bool)
	for _, seat := range turn {
		listed := make(map[string]bool)
		all[seat] = listed
		moves := m.st.Legal(seat)
		for _, mv := range moves {
			canon, ok := m.canonical(mv)
			if !ok {
				return all
			}
			if listed[canon] {
				m.fail("Legal(%d) lists %s twice", seat, canon)
			}
			listed[canon] = true
			if n := m.cfg.MovesChecked; n > 0 && len(moves) > n && m.rng.IntN(len(moves)) >= n {
				continue
			}
			m.readsBack(seat, mv, canon)
			a := m.st.Clone()
			ea, err := a.Apply(seat, mv)
			if err != nil {
				m.fail("seat %d's legal move %s (%s) is refused on a clone: %v", seat, mv, canon, err)
				return all
			}
			m.events(ea, seat, mv)
			m.described(a, seat, mv, ea)
			if len(moves) > twins && m.rng.IntN(len(moves)) >= twins {
				continue
			}
			b := m.st.Clone()
			eb, err := b.Apply(seat, mv)
			if ja, jb := eventsText(ea), eventsText(eb); err != nil || ja != jb {
				m.fail("two clones of one position answer seat %d's move %s differently%s: %s\nA clone copies everything, the random generator included, and the game draws from nothing else.", seat, mv, errText(err), difference(ja, jb))
			}
			if m.failed {
				return all
			}
		}
	}
	return all
}

// canonical is game.Canonical, reporting a move that does not marshal.
func (m *match) canonical(mv game.Move) (string, bool) {
	j, err := json.Marshal(mv)
	if err != nil {
		m.fail("move %s does not marshal to JSON: %v", mv, err)
		return "", false
	}
	if _, ok := mv.(game.JSONAppender); ok {
		m.appendsAsMarshal(mv, j, fmt.Sprintf("move %s", mv))
		if got := string(game.Canonical(mv)); got != string(j) {
			m.fail("game.Canonical writes move %s as %s, json.Marshal as %s", mv, got, j)
		}
	}
	return string(j), true
}

// appendsAsMarshal checks that a value that writes its own JSON (a
// game.JSONAppender) writes what json.Marshal writes, after bytes already
// in the buffer as well as into an empty one.
func (m *match) appendsAsMarshal(v any, marshalled []byte, what string) {
	a, ok := v.(game.JSONAppender)
	if !ok {
		return
	}
	if got := a.AppendJSON(nil); string(got) != string(marshalled) {
		m.fail("%s appends its JSON as %s, but json.Marshal writes %s", what, got, marshalled)
	}
	if got := a.AppendJSON([]byte("x")); string(got) != "x"+string(marshalled) {
		m.fail("%s appends its JSON to a buffer as %s, want x%s", what, got, marshalled)
	}
}

// readsBack checks that ParseMove reads a move's notation and its
// canonical JSON back to the same move.
func (m *match) readsBack(seat game.Seat, mv game.Move, canon string) {
	for _, text := range []string{mv.String(), canon} {
		back, err := m.st.ParseMove(seat, []byte(text))
		if err != nil {
			m.fail("seat %d's legal move %s does not read back from %q: %v", seat, canon, text, err)
			return
		}
		if got, ok := m.canonical(back); ok && got != canon {
			m.fail("seat %d's legal move %s reads back from %q as %s", seat, canon, text, got)
			return
		}
	}
}
