package game

import (
	"encoding/json"
	"fmt"
)

// Log is a whole match: what it takes to rebuild every position. Save
// files, replays, crash recovery and hot-seat undo are all a Log replayed.
type Log struct {
	Game    string          `json:"game"`
	Options json.RawMessage `json:"options,omitempty"`
	Seed    uint64          `json:"seed"`
	Moves   []Entry         `json:"moves"`
}

// Entry is one accepted move: the seat that made it and the move in
// canonical JSON; or, with Decision set and no move, what a carried vote
// of the players did to that seat (game/vote.go).
type Entry struct {
	Seat     Seat            `json:"seat"`
	Move     json.RawMessage `json:"move"`
	Decision Decision        `json:"decision,omitempty"`
}

// ReplayError says which move of a log could not be replayed, counting from
// 1 as people do.
type ReplayError struct {
	Index int // 1-based; 0 means the log's header (game or options)
	Entry Entry
	Err   error
}

func (e *ReplayError) Error() string {
	if e.Index == 0 {
		return fmt.Sprintf("log does not start a match: %v", e.Err)
	}
	return fmt.Sprintf("move %d (seat %d, %s) does not replay: %v", e.Index, e.Entry.Seat, e.Entry.Move, e.Err)
}

func (e *ReplayError) Unwrap() error { return e.Err }

// Start begins the match a log describes, before any move.
func (r *Registry) Start(l Log) (*Definition, State, error) {
	def, err := r.Lookup(l.Game)
	if err != nil {
		return nil, nil, err
	}
	st, err := def.New(l.Options, NewRand(l.Seed))
	if err != nil {
		return nil, nil, err
	}
	return def, st, nil
}

// Replay rebuilds the state a log leads to. A log that does not replay is
// refused with a *ReplayError naming the first bad move.
func (r *Registry) Replay(l Log) (State, error) {
	_, st, err := r.Start(l)
	if err != nil {
		return nil, &ReplayError{Err: err}
	}
	for i, e := range l.Moves {
		if e.Decision != "" {
			if _, err := ApplyDecision(st, e.Seat, e.Decision); err != nil {
				return nil, &ReplayError{Index: i + 1, Entry: e, Err: err}
			}
			continue
		}
		if err := Play(st, e.Seat, e.Move); err != nil {
			return nil, &ReplayError{Index: i + 1, Entry: e, Err: err}
		}
	}
	return st, nil
}

// Play parses text for seat and applies it, for callers that hold a move as
// bytes (logs, protocols). It returns the events of the move.
func Play(st State, seat Seat, text []byte) error {
	_, err := PlayEvents(st, seat, text)
	return err
}

// PlayEvents is Play that also returns the move's events.
func PlayEvents(st State, seat Seat, text []byte) ([]Event, error) {
	if seat < 0 || int(seat) >= st.Seats() {
		return nil, fmt.Errorf("no seat %d at this table", seat)
	}
	m, err := st.ParseMove(seat, text)
	if err != nil {
		return nil, err
	}
	return st.Apply(seat, m)
}

// Canonical returns the canonical JSON form of m.
func Canonical(m Move) json.RawMessage {
	b, err := appendJSON(nil, m)
	if err != nil {
		// A move type that cannot marshal is a bug in its game package.
		panic(fmt.Sprintf("game: move %v does not marshal: %v", m, err))
	}
	return b
}
