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
	bad := func(format string, args ...any) {
		altLog, _ := json.Marshal(alt)
		m.fail("%s\nThe sampler's log for seat %d:\n%s", fmt.Sprintf(format, args...), seat, altLog)
	}
	if alt.Game != l.Game || len(alt.Moves) != len(l.Moves) {
		bad("the sampler returned a log of game %q with %d moves for one of %q with %d", alt.Game, len(alt.Moves), l.Game, len(l.Moves))
		return
	}
	_, a, err := m.reg.Start(l)
	if err != nil {
		m.fail("the log does not start: %v", err)
		return
	}
	_, b, err := m.reg.Start(alt)
	if err != nil {
		bad("the sampler's log does not start: %v", err)
		return
	}
	revealing := false
	compare := func(after string) bool {
		va, vb := seenBy(a, seat), seenBy(b, seat)
		if d := va.diff(vb); d != "" {
			bad("%s, %s in two matches it cannot tell apart: %s", after, seatName(seat), d)
			return false
		}
		for o := range game.Seat(m.seats) {
			if o != seat && jsonText(a.View(o)) != jsonText(b.View(o)) {
				revealing = true
			}
		}
		return true
	}
	if !compare("at the start") {
		return
	}
	for i, e := range l.Moves {
		if e.Seat != alt.Moves[i].Seat {
			bad("move %d is seat %d's in the log but seat %d's in the sampler's", i+1, e.Seat, alt.Moves[i].Seat)
			return
		}
		ma, err := a.ParseMove(e.Seat, e.Move)
		if err != nil {
			m.fail("the log does not replay at move %d: %v", i+1, err)
			return
		}
		ea, err := a.Apply(e.Seat, ma)
		if err != nil {
			m.fail("the log does not replay at move %d: %v", i+1, err)
			return
		}
		mb, err := b.ParseMove(e.Seat, alt.Moves[i].Move)
		if err != nil {
			bad("the sampler's log does not replay at move %d (%s): %v", i+1, alt.Moves[i].Move, err)
			return
		}
		eb, err := b.Apply(e.Seat, mb)
		if err != nil {
			bad("the sampler's log does not replay at move %d (%s): %v", i+1, alt.Moves[i].Move, err)
			return
		}
		// The words of a move go to everyone: they may not tell one
		// world from the other.
		if da, db := game.Describe(a, e.Seat, ma, ea), game.Describe(b, e.Seat, mb, eb); da != db {
			bad("move %d (%s, and %s in the sampler's log) is told %q in one match and %q in the other, though %s cannot tell them apart: its words give away a secret", i+1, e.Move, alt.Moves[i].Move, da, db, seatName(seat))
			return
		}
		if (a.Outcome() == nil) != (b.Outcome() == nil) {
			bad("after move %d one match is over and the other is not, though %s cannot tell them apart", i+1, seatName(seat))
			return
		}
		if a.Outcome() != nil {
			m.endsShown(a, b, seat)
			break // the end may reveal everything
		}
		for _, who := range []game.Seat{seat, game.Spectator} {
			if ja, jb := visibleText(ea, who), visibleText(eb, who); ja != jb {
				bad("move %d (%s, and %s in the sampler's log) sends %s different events in two matches it cannot tell apart: %s", i+1, e.Move, alt.Moves[i].Move, seatName(who), difference(ja, jb))
				return
			}
		}
		if !compare(fmt.Sprintf("after move %d (%s, and %s in the sampler's log)", i+1, e.Move, alt.Moves[i].Move)) {
			return
		}
	}
	if revealing {
		m.revealing++
	}
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
