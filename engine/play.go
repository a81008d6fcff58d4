package engine

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"time"

	"github.com/parlor-games/parlor/game"
)

func (e *engine) newMatch(_ context.Context, q *request) (*answer, error) {
	name, err := q.str("game", true)
	if err != nil {
		return nil, err
	}
	l := game.Log{Game: name, Moves: []game.Entry{}}
	if q.has("options") {
		l.Options = q.fields["options"]
	}
	if q.has("seed") {
		var seed uint64
		if err := json.Unmarshal(q.fields["seed"], &seed); err != nil {
			return nil, errors.New(`field "seed" must be an integer from 0 to 18446744073709551615`)
		}
		l.Seed = seed
	} else {
		l.Seed = randomSeed()
	}
	if len(l.Options) > 0 {
		var b bytes.Buffer
		if err := json.Compact(&b, l.Options); err == nil {
			l.Options = b.Bytes()
		}
	}
	def, st, err := e.reg.Start(l)
	if err != nil {
		return nil, err
	}
	e.def, e.state, e.log = def, st, l
	return e.started(), nil
}

// started is the answer to new and load.
func (e *engine) started() *answer {
	return reply().
		set("game", e.def.Name).
		set("seats", e.state.Seats()).
		set("seed", e.log.Seed).
		set("moves", len(e.log.Moves)).
		set("turn", turn(e.state)).
		set("outcome", outcome(e.state))
}

// randomSeed picks a seed when a client names none; the log request
// reveals it, so any match can be replayed.
func randomSeed() uint64 {
	var b [8]byte
	if _, err := rand.Read(b[:]); err != nil {
		return uint64(time.Now().UnixNano())
	}
	return binary.LittleEndian.Uint64(b[:])
}

func turn(s game.State) []game.Seat {
	t := s.Turn()
	if t == nil {
		t = []game.Seat{}
	}
	return t
}

func outcome(s game.State) *game.Outcome {
	o := s.Outcome()
	if o == nil {
		return nil
	}
	c := *o
	if c.Winners == nil {
		c.Winners = []game.Seat{}
	}
	return &c
}

func (e *engine) stateCmd(_ context.Context, q *request) (*answer, error) {
	if err := e.needMatch(); err != nil {
		return nil, err
	}
	seat, err := e.seat(q, false)
	if err != nil {
		return nil, err
	}
	return reply().
		set("seat", seat).
		set("view", e.state.View(seat)).
		set("turn", turn(e.state)).
		set("scores", e.state.Scores()).
		set("outcome", outcome(e.state)), nil
}

func (e *engine) legal(_ context.Context, q *request) (*answer, error) {
	if err := e.needMatch(); err != nil {
		return nil, err
	}
	seat, err := e.seat(q, true)
	if err != nil {
		return nil, err
	}
	moves := []json.RawMessage{}
	notation := []string{}
	for _, m := range e.state.Legal(seat) {
		moves = append(moves, game.Canonical(m))
		notation = append(notation, m.String())
	}
	return reply().set("moves", moves).set("notation", notation), nil
}

// parseMove reads a move given as canonical JSON or as a notation string.
// A JSON string is first offered to the game as bare notation, then as the
// JSON string itself, for games whose canonical form is a string.
func parseMove(st game.State, seat game.Seat, raw json.RawMessage) (game.Move, error) {
	var text string
	if err := json.Unmarshal(raw, &text); err == nil {
		m, err := st.ParseMove(seat, []byte(text))
		if err == nil {
			return m, nil
		}
		if m2, err2 := st.ParseMove(seat, raw); err2 == nil {
			return m2, nil
		}
		return nil, err
	}
	return st.ParseMove(seat, raw)
}

func (e *engine) play(_ context.Context, q *request) (*answer, error) {
	if err := e.needMatch(); err != nil {
		return nil, err
	}
	seat, err := e.seat(q, true)
	if err != nil {
		return nil, err
	}
	if !q.has("move") {
		return nil, errors.New(`missing field "move"`)
	}
	if e.state.Outcome() != nil {
		return nil, errors.New("the match is over")
	}
	m, err := parseMove(e.state, seat, q.fields["move"])
	if err != nil {
		return nil, err
	}
	// Apply to a copy and keep it only on success: a game that half-changes
	// its state before refusing or panicking cannot corrupt the match.
	next := e.state.Clone()
	events, err := next.Apply(seat, m)
	if err != nil {
		return nil, err
	}
	canon := game.Canonical(m)
	e.state = next
	e.log.Moves = append(e.log.Moves, game.Entry{Seat: seat, Move: canon})
	return reply().
		set("move", canon).
		set("notation", m.String()).
		set("events", visible(events, seat)).
		set("turn", turn(e.state)).
		set("scores", e.state.Scores()).
		set("outcome", outcome(e.state)), nil
}

// wireEvent is an event as the protocol shows it; To is never sent, since
// a seat only ever receives events it may see.
type wireEvent struct {
	Type string    `json:"type"`
	Seat game.Seat `json:"seat"`
	Data any       `json:"data,omitempty"`
}

func visible(events []game.Event, seat game.Seat) []wireEvent {
	out := []wireEvent{}
	for _, ev := range events {
		if ev.VisibleTo(seat) {
			out = append(out, wireEvent{ev.Type, ev.Seat, ev.Data})
		}
	}
	return out
}

func (e *engine) undo(context.Context, *request) (*answer, error) {
	if err := e.needMatch(); err != nil {
		return nil, err
	}
	if len(e.log.Moves) == 0 {
		return nil, errors.New("no move to undo")
	}
	l := e.log
	l.Moves = slices.Clone(l.Moves[:len(l.Moves)-1])
	st, err := e.reg.Replay(l)
	if err != nil {
		return nil, err
	}
	last := e.log.Moves[len(e.log.Moves)-1]
	e.state, e.log = st, l
	return e.started().set("undone", last), nil
}

func (e *engine) logCmd(context.Context, *request) (*answer, error) {
	if err := e.needMatch(); err != nil {
		return nil, err
	}
	return reply().set("log", e.log), nil
}

func (e *engine) load(_ context.Context, q *request) (*answer, error) {
	if !q.has("log") {
		return nil, errors.New(`missing field "log"`)
	}
	var l game.Log
	if err := game.DecodeJSON(q.fields["log"], &l, "the log"); err != nil {
		return nil, fmt.Errorf("field \"log\" must be a match log, an object such as {\"game\":\"NAME\",\"seed\":1,\"moves\":[{\"seat\":0,\"move\":\"MOVE\"}]} whose \"moves\" is a list of moves: %v", err)
	}
	st, err := e.reg.Replay(l)
	if err != nil {
		// Name the first bad move in a field too, so that a script need
		// not parse the message.
		a := refuse(err)
		var re *game.ReplayError
		if errors.As(err, &re) {
			a.set("index", re.Index)
		}
		return a, nil
	}
	def, _ := e.reg.Lookup(l.Game)
	// Keep the log in canonical form, as play would have written it.
	for i, en := range l.Moves {
		var b bytes.Buffer
		if json.Compact(&b, en.Move) == nil {
			l.Moves[i].Move = b.Bytes()
		}
	}
	if l.Moves == nil {
		l.Moves = []game.Entry{}
	}
	e.def, e.state, e.log = def, st, l
	return e.started(), nil
}
