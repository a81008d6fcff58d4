package gametest

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"github.com/parlor-games/parlor/game"
)

// secrecy asks the sampler for matches each seat could not tell from
// prefixes of this one, and compares what the seat sees in both.
func (m *match) secrecy() {
	if m.cfg.Hidden == nil || len(m.log.Moves) == 0 {
		return
	}
	for seat := range game.Seat(m.seats) {
		for range 2 {
			cut := 1 + m.rng.IntN(len(m.log.Moves))
			l := m.log
			l.Moves = slices.Clone(m.log.Moves[:cut])
			alt, ok := m.cfg.Hidden(deepCopy(l), seat, &m.rng)
			if !ok {
				continue
			}
			m.samples++
			m.twoWorlds(l, alt, seat)
			if m.failed {
				return
			}
		}
	}
}

// deepCopy copies l down to the bytes of its moves.
func deepCopy(l game.Log) game.Log {
	l.Options = slices.Clone(l.Options)
	l.Moves = slices.Clone(l.Moves)
	for i := range l.Moves {
		l.Moves[i].Move = slices.Clone(l.Moves[i].Move)
	}
	return l
}

// twoWorlds replays l and alt side by side and checks that seat and a
// spectator see the same in both, up to the end.
func (m *match) twoWorlds(l, alt game.Log, seat game.Seat) {
	w := &worlds{m: m, l: l, alt: alt, seat: seat}
	if !w.start() || !w.compare("at the start") {
		return
	}
	for i, e := range l.Moves {
		ea, eb, ok := w.step(i)
		if !ok {
			return
		}
		if w.a.Outcome() != nil {
			m.endsShown(w.a, w.b, seat)
			break // the end may reveal everything
		}
		for _, who := range []game.Seat{seat, game.Spectator} {
			if ja, jb := visibleText(ea, who), visibleText(eb, who); ja != jb {
				w.bad("move %d (%s, and %s in the sampler's log) sends %s different events in two matches it cannot tell apart: %s", i+1, e.Move, alt.Moves[i].Move, seatName(who), difference(ja, jb))
				return
			}
		}
		if !w.compare(fmt.Sprintf("after move %d (%s, and %s in the sampler's log)", i+1, e.Move, alt.Moves[i].Move)) {
			return
		}
	}
	if w.revealing {
		m.revealing++
	}
}

// worlds is two matches played side by side for twoWorlds: a from the
// match's log l, b from the sampler's log alt for seat.
type worlds struct {
	m      *match
	l, alt game.Log
	seat   game.Seat
	a, b   game.State
	// revealing is set once the matches differ in what another seat
	// sees: the sampler redrew something.
	revealing bool
}

// bad reports a failure of the sampler's match, with its log.
func (w *worlds) bad(format string, args ...any) {
	altLog, _ := json.Marshal(w.alt)
	w.m.fail("%s\nThe sampler's log for seat %d:\n%s", fmt.Sprintf(format, args...), w.seat, altLog)
}

// start starts both matches.
func (w *worlds) start() bool {
	l, alt := w.l, w.alt
	if alt.Game != l.Game || len(alt.Moves) != len(l.Moves) {
		w.bad("the sampler returned a log of game %q with %d moves for one of %q with %d", alt.Game, len(alt.Moves), l.Game, len(l.Moves))
		return false
	}
	var err error
	if _, w.a, err = w.m.reg.Start(l); err != nil {
		w.m.fail("the log does not start: %v", err)
		return false
	}
	if _, w.b, err = w.m.reg.Start(alt); err != nil {
		w.bad("the sampler's log does not start: %v", err)
		return false
	}
	return true
}

// compare checks that the seat sees the same in both matches, after
// what after says.
func (w *worlds) compare(after string) bool {
	va, vb := seenBy(w.a, w.seat), seenBy(w.b, w.seat)
	if d := va.diff(vb); d != "" {
		w.bad("%s, %s in two matches it cannot tell apart: %s", after, seatName(w.seat), d)
		return false
	}
	for o := range game.Seat(w.m.seats) {
		if o != w.seat && jsonText(w.a.View(o)) != jsonText(w.b.View(o)) {
			w.revealing = true
		}
	}
	return true
}

// step plays move i of both logs, and checks that they are told in the
// same words and end together. It returns the events of each.
func (w *worlds) step(i int) (ea, eb []game.Event, ok bool) {
	e, f := w.l.Moves[i], w.alt.Moves[i]
	if e.Seat != f.Seat {
		w.bad("move %d is seat %d's in the log but seat %d's in the sampler's", i+1, e.Seat, f.Seat)
		return nil, nil, false
	}
	ma, err := w.a.ParseMove(e.Seat, e.Move)
	if err != nil {
		w.m.fail("the log does not replay at move %d: %v", i+1, err)
		return nil, nil, false
	}
	if ea, err = w.a.Apply(e.Seat, ma); err != nil {
		w.m.fail("the log does not replay at move %d: %v", i+1, err)
		return nil, nil, false
	}
	mb, err := w.b.ParseMove(e.Seat, f.Move)
	if err != nil {
		w.bad("the sampler's log does not replay at move %d (%s): %v", i+1, f.Move, err)
		return nil, nil, false
	}
	if eb, err = w.b.Apply(e.Seat, mb); err != nil {
		w.bad("the sampler's log does not replay at move %d (%s): %v", i+1, f.Move, err)
		return nil, nil, false
	}
	// The words of a move go to everyone: they may not tell one world
	// from the other.
	if da, db := game.Describe(w.a, e.Seat, ma, ea), game.Describe(w.b, e.Seat, mb, eb); da != db {
		w.bad("move %d (%s, and %s in the sampler's log) is told %q in one match and %q in the other, though %s cannot tell them apart: its words give away a secret", i+1, e.Move, f.Move, da, db, seatName(w.seat))
		return nil, nil, false
	}
	if (w.a.Outcome() == nil) != (w.b.Outcome() == nil) {
		w.bad("after move %d one match is over and the other is not, though %s cannot tell them apart", i+1, seatName(w.seat))
		return nil, nil, false
	}
	return ea, eb, true
}

// seen is what seat, and everyone, know of a position.
type seen struct {
	view, spectator, turn, scores, outcome, legal string
}

func seenBy(st game.State, seat game.Seat) seen {
	legal := []string{}
	for _, mv := range st.Legal(seat) {
		j, _ := json.Marshal(mv)
		legal = append(legal, string(j))
	}
	return seen{
		view:      jsonText(st.View(seat)),
		spectator: jsonText(st.View(game.Spectator)),
		turn:      jsonText(st.Turn()),
		scores:    jsonText(st.Scores()),
		outcome:   jsonText(st.Outcome()),
		legal:     strings.Join(legal, "\n"),
	}
}

func (a seen) diff(b seen) string {
	for _, f := range []struct{ name, a, b string }{
		{"its view", a.view, b.view},
		{"the spectator's view", a.spectator, b.spectator},
		{"Turn()", a.turn, b.turn},
		{"Scores()", a.scores, b.scores},
		{"Outcome()", a.outcome, b.outcome},
		{"its legal moves", a.legal, b.legal},
	} {
		if f.a != f.b {
			return f.name + " differs: " + difference(f.a, f.b)
		}
	}
	return ""
}
