package gametest

import (
	"encoding/json"
	"fmt"
	"slices"

	"github.com/parlor-games/parlor/game"
)

// events checks the events of a move.
func (m *match) events(evs []game.Event, seat game.Seat, mv game.Move) {
	for _, e := range evs {
		what := fmt.Sprintf("event %q of seat %d's move %s", e.Type, seat, mv)
		switch {
		case e.Type == "":
			m.fail("an event of seat %d's move %s has no Type", seat, mv)
		case e.Seat != game.Spectator && (e.Seat < 0 || int(e.Seat) >= m.seats):
			m.fail("%s names seat %d, which is neither a seat of the table nor Spectator", what, e.Seat)
		case !m.def.Hidden && e.To != nil:
			m.fail("%s is sent only to %v, but the game has no secrets (Definition.Hidden is false)", what, e.To)
		}
		for i, to := range e.To {
			if to < 0 || int(to) >= m.seats || slices.Contains(e.To[:i], to) {
				m.fail("%s is sent To %v: To lists seats of the table (0 to %d), each once", what, e.To, m.seats-1)
			}
		}
		if _, err := json.Marshal(e); err != nil {
			m.fail("%s does not marshal to JSON: %v", what, err)
		}
		if _, ok := e.Data.(game.JSONAppender); ok {
			if j, err := json.Marshal(e.Data); err == nil {
				m.appendsAsMarshal(e.Data, j, what+"'s data")
			}
		}
	}
	// Only events that append themselves are worth the second encoding:
	// AppendEvents refuses the others at once.
	if got, ok := game.AppendEvents(nil, evs); ok && len(evs) > 0 {
		if want, err := json.Marshal(evs); err == nil && string(got) != string(want) {
			m.fail("the events of seat %d's move %s append as %s, but json.Marshal writes %s", seat, mv, got, want)
		}
	}
}

// described checks the sentence that tells seat's move mv, just applied
// to st with events evs (game.Describer, docs/game-contract.md rule 7):
// the game words every legal move, as a sentence, not its notation, that
// names only seats of the table.
func (m *match) described(st game.State, seat game.Seat, mv game.Move, evs []game.Event) {
	if _, ok := st.(game.Describer); !ok {
		m.fail("the game's state does not implement game.Describer: its moves have no words for people")
		return
	}
	if err := game.CheckDescription(game.Describe(st, seat, mv, evs), mv, m.seats); err != nil {
		m.fail("seat %d's move: %v", seat, err)
	}
}
