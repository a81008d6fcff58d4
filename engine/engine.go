// Package engine speaks the Parlor engine protocol: one JSON request per
// line in, one JSON answer per line out, for any game in a registry. It is
// to Parlor what UCI is to chess engines and GTP to Go programs: a script, a
// remote bot or a test harness drives a match through it without knowing
// anything of the server. docs/engine-protocol.md is the full contract.
//
// The engine holds one match at a time, kept as its log (game, options,
// seed, moves) beside the state the log leads to. Every request is answered
// exactly once, in order; a refused request changes nothing, so a client
// can always carry on after an error.
package engine

import (
	"bufio"
	"bytes"
	"context"
	"crypto/rand"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"
	"time"

	"github.com/parlor-games/parlor/game"
)

// MaxLine is the longest request line accepted, in bytes. A longer line is
// refused (and skipped to its end) rather than buffered without bound.
const MaxLine = 1 << 20

// DefaultBotTime is a bot's budget when a "bot" request names none.
const DefaultBotTime = time.Second

// botGrace is how long past its deadline a bot may take before the engine
// gives up on it and answers an error: a bot that ignores its context must
// not hang the protocol.
const botGrace = 2 * time.Second

// Serve reads requests from r and writes answers to w until r ends, a
// "quit" request arrives or ctx is done. It returns nil at the end of input
// or on quit, ctx's error when cancelled, and the error of a failed read or
// write. No request, however malformed, makes it panic or stop early.
func Serve(ctx context.Context, reg *game.Registry, r io.Reader, w io.Writer) error {
	e := &engine{reg: reg}
	br := bufio.NewReaderSize(r, 64<<10)
	bw := bufio.NewWriter(w)
	for {
		if err := ctx.Err(); err != nil {
			return err
		}
		line, tooLong, err := readLine(br)
		if line != nil || tooLong || err == nil {
			var a *answer
			if tooLong {
				a = refuse(fmt.Errorf("request longer than %d bytes", MaxLine))
			} else {
				a = e.handle(ctx, line)
			}
			if werr := writeAnswer(bw, a); werr != nil {
				return werr
			}
			if a.quit {
				return nil
			}
		}
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return err
		}
	}
}

// readLine returns the next line without its end-of-line characters. A
// line over MaxLine is consumed to its end and reported as tooLong. err is
// io.EOF when the input ended, possibly after a last line with no newline.
func readLine(br *bufio.Reader) (line []byte, tooLong bool, err error) {
	var buf []byte
	for {
		chunk, err := br.ReadSlice('\n')
		if !tooLong {
			if len(buf)+len(chunk) > MaxLine+2 { // +2 for "\r\n"
				tooLong, buf = true, nil
			} else {
				buf = append(buf, chunk...)
			}
		}
		if err == bufio.ErrBufferFull {
			continue
		}
		if err != nil && err != io.EOF {
			return nil, false, err
		}
		if err == io.EOF && len(buf) == 0 && !tooLong {
			return nil, false, io.EOF
		}
		buf = bytes.TrimRight(buf, "\r\n")
		if tooLong {
			buf = nil
		} else if len(buf) > MaxLine {
			tooLong, buf = true, nil
		}
		if buf == nil && !tooLong {
			buf = []byte{} // a line, though empty: it gets an answer
		}
		return buf, tooLong, err
	}
}

func writeAnswer(bw *bufio.Writer, a *answer) error {
	b, err := a.MarshalJSON()
	if err != nil {
		// A game view that cannot marshal is a bug in its game; the
		// client still gets an answer.
		b, _ = refuse(errors.New("the answer could not be written as JSON: a bug in the game, whose view or events do not marshal")).withID(a.id).MarshalJSON()
	}
	bw.Write(b)
	bw.WriteByte('\n')
	return bw.Flush()
}

// answer is one reply line. Fields keep their insertion order, after "ok"
// (and "id" when the request had one), so that answers read the same way
// the documentation shows them.
type answer struct {
	ok   bool
	id   json.RawMessage
	keys []string
	vals []any
	quit bool
}

func reply() *answer { return &answer{ok: true} }

func refuse(err error) *answer {
	return (&answer{}).set("error", err.Error())
}

func (a *answer) set(k string, v any) *answer {
	a.keys = append(a.keys, k)
	a.vals = append(a.vals, v)
	return a
}

func (a *answer) withID(id json.RawMessage) *answer {
	a.id = id
	return a
}

func (a *answer) MarshalJSON() ([]byte, error) {
	var b bytes.Buffer
	fmt.Fprintf(&b, `{"ok":%t`, a.ok)
	if a.id != nil {
		b.WriteString(`,"id":`)
		if err := compactInto(&b, a.id); err != nil {
			return nil, err
		}
	}
	for i, k := range a.keys {
		v, err := marshal(a.vals[i])
		if err != nil {
			return nil, fmt.Errorf("%s: %w", k, err)
		}
		b.WriteString(`,"` + k + `":`)
		b.Write(v)
	}
	b.WriteByte('}')
	return b.Bytes(), nil
}

func compactInto(b *bytes.Buffer, raw json.RawMessage) error {
	return json.Compact(b, raw)
}

// marshal encodes v without escaping <, > and &, which a terminal reader
// would otherwise see as \u003c and the like.
func marshal(v any) ([]byte, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return bytes.TrimRight(b.Bytes(), "\n"), nil
}

// engine is one session's match.
type engine struct {
	reg   *game.Registry
	def   *game.Definition
	state game.State
	log   game.Log
}

// request is a decoded request line: its command and its other fields,
// still raw, so that each command takes the fields it knows and refuses
// the rest.
type request struct {
	cmd    string
	fields map[string]json.RawMessage
	used   map[string]bool
}

// command is one request kind.
type command struct {
	fields  []string // every field the command accepts besides cmd and id
	summary string
	run     func(e *engine, ctx context.Context, q *request) (*answer, error)
}

var commands map[string]command

func init() {
	commands = map[string]command{
		"help":  {nil, "list the requests", (*engine).help},
		"games": {nil, "list the games, their options and bot levels", (*engine).games},
		"new":   {[]string{"game", "options", "seed"}, "start a match", (*engine).newMatch},
		"state": {[]string{"seat"}, "a seat's (or a spectator's) view, turn, scores, outcome", (*engine).stateCmd},
		"legal": {[]string{"seat"}, "the legal moves of a seat", (*engine).legal},
		"play":  {[]string{"seat", "move"}, "play a move for a seat", (*engine).play},
		"bot":   {[]string{"seat", "level", "ms"}, "the move a bot would play now (not applied)", (*engine).bot},
		"solve": {[]string{"ms"}, "exact value and a best move for the seat to move", (*engine).solve},
		"undo":  {nil, "take back the last move", (*engine).undo},
		"log":   {nil, "the match log", (*engine).logCmd},
		"load":  {[]string{"log"}, "replace the match by replaying a log", (*engine).load},
		"quit":  {nil, "end the session", (*engine).quit},
	}
}

// handle answers one request line. It recovers from a panic anywhere below
// (a bug in a game, never the client's fault) and answers it as a refusal;
// the commands that change the match work on copies, so a panic leaves the
// match as it was.
func (e *engine) handle(ctx context.Context, line []byte) (a *answer) {
	var id json.RawMessage
	defer func() {
		if p := recover(); p != nil {
			// The panic's text is Go's, for the game's authors, not
			// for the client: the answer says what happened in words.
			a = refuse(errors.New("internal error: the game failed on this request (a bug in the game); the match is as it was")).withID(id)
		}
	}()
	q, id, err := parseRequest(line)
	if err != nil {
		return refuse(err).withID(id)
	}
	c, ok := commands[q.cmd]
	if !ok {
		return refuse(fmt.Errorf("unknown cmd %q (send {\"cmd\":\"help\"} for the list)", q.cmd)).withID(id)
	}
	for k := range q.fields {
		if !slices.Contains(c.fields, k) {
			return refuse(fmt.Errorf("%s takes no field %q", q.cmd, k)).withID(id)
		}
	}
	a, err = c.run(e, ctx, q)
	if err != nil {
		return refuse(err).withID(id)
	}
	return a.withID(id)
}

// parseRequest splits a line into its command and fields. id is returned
// even when the rest is refused, so that the refusal can carry it.
func parseRequest(line []byte) (*request, json.RawMessage, error) {
	if len(bytes.TrimSpace(line)) == 0 {
		return nil, nil, errors.New("empty request: send one JSON object per line")
	}
	var fields map[string]json.RawMessage
	if err := json.Unmarshal(line, &fields); err != nil || fields == nil {
		return nil, nil, errors.New("request is not a JSON object")
	}
	var id json.RawMessage
	if raw, ok := fields["id"]; ok {
		if !json.Valid(raw) {
			return nil, nil, errors.New("request is not a JSON object")
		}
		id = raw
		delete(fields, "id")
	}
	raw, ok := fields["cmd"]
	if !ok {
		return nil, id, errors.New(`missing field "cmd"`)
	}
	delete(fields, "cmd")
	var cmd string
	if err := json.Unmarshal(raw, &cmd); err != nil {
		return nil, id, errors.New(`field "cmd" must be a string`)
	}
	return &request{cmd: cmd, fields: fields, used: map[string]bool{}}, id, nil
}

// has reports whether the request carries field k (null counts as absent).
func (q *request) has(k string) bool {
	raw, ok := q.fields[k]
	return ok && !bytes.Equal(bytes.TrimSpace(raw), []byte("null"))
}

func (q *request) str(k string, required bool) (string, error) {
	if !q.has(k) {
		if required {
			return "", fmt.Errorf("missing field %q", k)
		}
		return "", nil
	}
	var s string
	if err := json.Unmarshal(q.fields[k], &s); err != nil {
		return "", fmt.Errorf("field %q must be a string", k)
	}
	return s, nil
}

func (q *request) integer(k string) (int64, error) {
	var n int64
	if err := json.Unmarshal(q.fields[k], &n); err != nil {
		return 0, fmt.Errorf("field %q must be an integer", k)
	}
	return n, nil
}

// seat reads the "seat" field. When optional and absent it is Spectator.
func (e *engine) seat(q *request, required bool) (game.Seat, error) {
	if !q.has("seat") {
		if required {
			return 0, errors.New(`missing field "seat"`)
		}
		return game.Spectator, nil
	}
	n, err := q.integer("seat")
	if err != nil {
		return 0, err
	}
	if n == int64(game.Spectator) && !required {
		return game.Spectator, nil
	}
	if n < 0 || n >= int64(e.state.Seats()) {
		return 0, fmt.Errorf("no seat %d at this table (seats 0 to %d)", n, e.state.Seats()-1)
	}
	return game.Seat(n), nil
}

// duration reads "ms" as a positive number of milliseconds, or def.
func (q *request) duration(def time.Duration) (time.Duration, error) {
	if !q.has("ms") {
		return def, nil
	}
	n, err := q.integer("ms")
	if err != nil {
		return 0, err
	}
	if n <= 0 || n > 24*3600*1000 {
		return 0, errors.New(`field "ms" must be between 1 and 86400000`)
	}
	return time.Duration(n) * time.Millisecond, nil
}

func (e *engine) needMatch() error {
	if e.state == nil {
		return errors.New(`no match: send "new" or "load" first`)
	}
	return nil
}

func (e *engine) help(context.Context, *request) (*answer, error) {
	type entry struct {
		Cmd     string   `json:"cmd"`
		Fields  []string `json:"fields"`
		Summary string   `json:"summary"`
	}
	var list []entry
	for name, c := range commands {
		f := c.fields
		if f == nil {
			f = []string{}
		}
		list = append(list, entry{name, f, c.summary})
	}
	slices.SortFunc(list, func(a, b entry) int { return strings.Compare(a.Cmd, b.Cmd) })
	return reply().set("commands", list), nil
}

func (e *engine) games(context.Context, *request) (*answer, error) {
	type entry struct {
		Name    string            `json:"name"`
		Title   string            `json:"title"`
		Summary string            `json:"summary"`
		Options []game.OptionSpec `json:"options"`
		Hidden  bool              `json:"hidden"`
		Bots    []string          `json:"bots"`
		Solve   bool              `json:"solve"`
	}
	var list []entry
	for _, d := range e.reg.List() {
		x := entry{d.Name, d.Title, d.Summary, d.Options, d.Hidden, d.BotLevels, d.Solve != nil}
		if x.Options == nil {
			x.Options = []game.OptionSpec{}
		}
		if x.Bots == nil || d.NewBot == nil {
			x.Bots = []string{}
		}
		list = append(list, x)
	}
	return reply().set("games", list), nil
}

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

func (e *engine) bot(ctx context.Context, q *request) (*answer, error) {
	if err := e.needMatch(); err != nil {
		return nil, err
	}
	seat, err := e.seat(q, true)
	if err != nil {
		return nil, err
	}
	level, err := q.str("level", false)
	if err != nil {
		return nil, err
	}
	if level == "" && len(e.def.BotLevels) > 0 {
		level = e.def.BotLevels[len(e.def.BotLevels)-1]
	}
	budget, err := q.duration(DefaultBotTime)
	if err != nil {
		return nil, err
	}
	if !game.OwesMove(e.state, seat) {
		return nil, fmt.Errorf("seat %d owes no move now", seat)
	}
	// The bot's randomness comes from the match seed and the position's
	// place in the log, so the same request in the same match gets the
	// same answer.
	rng := game.NewRand(e.log.Seed ^ 0x5bd1e9955bd1e995*uint64(len(e.log.Moves)+1))
	b, err := e.def.Bot(level, rng.Split())
	if err != nil {
		return nil, err
	}
	m, cut, err := askBot(ctx, b, e.state.Clone(), seat, budget)
	if err != nil {
		return nil, err
	}
	// A bot's move must be legal; check it on a copy so that a faulty bot
	// is reported here rather than by the next play.
	if _, err := e.state.Clone().Apply(seat, m); err != nil {
		return nil, fmt.Errorf("bot %s chose an illegal move %s: %v", level, m, err)
	}
	a := reply().set("move", game.Canonical(m)).set("notation", m.String()).set("level", level)
	if cut {
		// The runaway limit, not the budget, ended the search: another
		// run may answer otherwise, and the client is told.
		a.set("cut", true)
	}
	return a, nil
}

// askBot asks b for a move with budget's worth of work (game.Budget),
// under a deadline of game.Runaway(budget) that only stops a runaway
// search; cut reports that it did. The bot works on its own copy of the
// state in its own goroutine, so one that overruns its deadline by more
// than botGrace is abandoned without harm to the match.
func askBot(ctx context.Context, b game.Bot, st game.State, seat game.Seat, budget time.Duration) (game.Move, bool, error) {
	limit := game.Runaway(budget)
	ctx, cancel := context.WithTimeout(game.WithBudget(ctx, max(1, budget.Milliseconds())), limit)
	defer cancel()
	type result struct {
		m   game.Move
		err error
	}
	done := make(chan result, 1)
	go func() {
		defer func() {
			if p := recover(); p != nil {
				done <- result{err: errors.New("the bot failed (a bug in the bot)")}
			}
		}()
		m, err := b.Choose(ctx, st, seat)
		done <- result{m, err}
	}()
	timer := time.NewTimer(limit + botGrace)
	defer timer.Stop()
	select {
	case r := <-done:
		if r.err != nil {
			return nil, false, fmt.Errorf("bot: %v", r.err)
		}
		if r.m == nil {
			return nil, false, errors.New("bot returned no move")
		}
		return r.m, ctx.Err() == context.DeadlineExceeded, nil
	case <-timer.C:
		return nil, false, fmt.Errorf("bot did not answer within %v", limit+botGrace)
	}
}

func (e *engine) solve(ctx context.Context, q *request) (*answer, error) {
	if err := e.needMatch(); err != nil {
		return nil, err
	}
	if e.def.Solve == nil {
		return nil, fmt.Errorf("%s has no solver", e.def.Title)
	}
	if e.state.Outcome() != nil {
		return nil, errors.New("the match is over: nothing to solve")
	}
	if q.has("ms") {
		budget, err := q.duration(0)
		if err != nil {
			return nil, err
		}
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, budget)
		defer cancel()
	}
	owing := turn(e.state)
	if len(owing) == 0 {
		return nil, errors.New("no seat owes a move: nothing to solve")
	}
	seat := owing[0]
	start := time.Now()
	v, m, err := e.def.Solve(ctx, e.state.Clone())
	if err != nil {
		if errors.Is(err, context.DeadlineExceeded) {
			return nil, errors.New("solve did not finish within the time limit")
		}
		if errors.Is(err, context.Canceled) {
			return nil, errors.New("solve was stopped before it finished")
		}
		return nil, fmt.Errorf("solve: %v", err)
	}
	a := reply().set("seat", seat).set("value", v)
	if m != nil {
		a.set("move", game.Canonical(m)).set("notation", m.String())
	} else {
		a.set("move", nil)
	}
	return a.set("ms", time.Since(start).Milliseconds()), nil
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

func (e *engine) quit(context.Context, *request) (*answer, error) {
	a := reply()
	a.quit = true
	return a, nil
}
