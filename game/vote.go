package game

import "fmt"

// The players' vote (a game's spec may ask for one): the players at a table may
// pass the turn of the player to move, or remove a player from the game,
// when a majority of those still in it agree. The vote itself belongs to
// the match (it counts ballots and keeps time); what a carried vote does to
// the game belongs to the game, through the optional interfaces below. A
// game that implements neither is never offered a vote.

// TurnPasser is implemented by games whose rules let a turn be passed: the
// match offers a vote to pass a stalled turn only for them.
type TurnPasser interface {
	// InGame reports whether seat still takes part in the game, so that it
	// may call and cast votes: a seat that lost its last piece, accused
	// wrongly or was removed by a vote is out.
	InGame(seat Seat) bool
	// PassTurn ends seat's turn as if it had ended it, and returns what
	// happened. It refuses, changing nothing, with a *MoveError a player can
	// read, when seat does not owe a turn that can be passed now (a question
	// put to it in the middle of another's turn, say).
	PassTurn(seat Seat) ([]Event, error)
}

// SeatRemover is implemented by games in which a player may be removed by
// a vote and the game goes on without them.
type SeatRemover interface {
	// RemoveSeat takes seat out of the game for good: it gets no more
	// turns, and whatever it held that others need (cards that answer
	// others' questions) goes on working without it. It refuses, changing nothing,
	// with a *MoveError when seat is already out or the game is over.
	RemoveSeat(seat Seat) ([]Event, error)
}

// Decision is a change a carried vote made to a game. A log keeps it as an
// Entry with no move, so that replaying the log gives the same game.
type Decision string

const (
	// DecisionPass passed the turn of the entry's seat (TurnPasser).
	DecisionPass Decision = "pass"
	// DecisionRemove removed the entry's seat from the game (SeatRemover).
	DecisionRemove Decision = "remove"
)

// ApplyDecision applies d to seat in st, through the interface the game
// implements, and returns its events.
func ApplyDecision(st State, seat Seat, d Decision) ([]Event, error) {
	if seat < 0 || int(seat) >= st.Seats() {
		return nil, fmt.Errorf("no seat %d at this table", seat)
	}
	switch d {
	case DecisionPass:
		if p, ok := st.(TurnPasser); ok {
			return p.PassTurn(seat)
		}
	case DecisionRemove:
		if r, ok := st.(SeatRemover); ok {
			return r.RemoveSeat(seat)
		}
	default:
		return nil, fmt.Errorf("unknown decision %q", d)
	}
	return nil, Illegal("no-vote", "this game has no vote to %s", d)
}
