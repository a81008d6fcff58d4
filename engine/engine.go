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

// engine is one session's match.
type engine struct {
	reg   *game.Registry
	def   *game.Definition
	state game.State
	log   game.Log
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

func (e *engine) quit(context.Context, *request) (*answer, error) {
	a := reply()
	a.quit = true
	return a, nil
}
