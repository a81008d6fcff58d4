package gametest

import (
	"context"
	"encoding/json"
	"fmt"
	"runtime/debug"
	"slices"
	"time"

	"github.com/parlor-games/parlor/game"
)

// bots asks each bot level for a move in the positions kept, and the
// solver, if any, for a best move.
func (s *suite) bots() {
	positions := append(slices.Clone(s.openings), s.drawn...)
	for _, level := range s.def.BotLevels {
		if s.def.NewBot == nil {
			return
		}
		var slowest time.Duration
		for _, p := range positions {
			turn := p.st.Turn()
			for _, seat := range turn {
				slowest = max(slowest, s.choose(level, p, seat, true))
			}
			for seat := range game.Seat(p.st.Seats()) {
				if !slices.Contains(turn, seat) {
					s.choose(level, p, seat, false)
					break
				}
			}
		}
		s.t.Logf("bot %q: the slowest of its answers at %d positions took %v, with %v to think", level, len(positions), slowest.Round(time.Millisecond), s.cfg.BotBudget)
	}
	if s.def.Solve != nil {
		for _, p := range positions {
			s.solve(p)
		}
	}
}

// choose asks a bot of level for seat's move at p, and returns how long
// it took. A seat that owes nothing may be refused, but the bot must not
// panic.
func (s *suite) choose(level string, p position, seat game.Seat, owes bool) time.Duration {
	fail := func(format string, args ...any) {
		s.report("bot %q, choosing for seat %d: %s\n%s", level, seat, fmt.Sprintf(format, args...), where(p.log))
	}
	bot, err := s.def.NewBot(level, game.NewRand(s.cfg.Seed))
	if err != nil || bot == nil {
		fail("NewBot: %v", err)
		return 0
	}
	st := p.st.Clone()
	before, _ := snapshotOf(st)
	// The budget, in work, and a deadline as short: a bot must keep to
	// both, the deadline standing for the runaway limit of a caller.
	ctx, cancel := context.WithTimeout(game.WithBudget(context.Background(), max(1, s.cfg.BotBudget.Milliseconds())), s.cfg.BotBudget)
	defer cancel()
	start := time.Now()
	var mv game.Move
	crash := catch(func() { mv, err = bot.Choose(ctx, st, seat) })
	took := time.Since(start)
	switch {
	case crash != "":
		fail("Choose panicked: %s", crash)
	case !owes:
	case err != nil:
		fail("Choose: %v", err)
	case mv == nil:
		fail("Choose returned no move and no error")
	case took > s.cfg.BotBudget+s.cfg.BotSlack:
		fail("Choose took %v with a deadline %v away", took.Round(time.Millisecond), s.cfg.BotBudget)
	}
	if after, _ := snapshotOf(st); before.diff(after) != "" {
		fail("Choose changed the state it was asked about: %s", before.diff(after))
		return 0
	}
	if owes && mv != nil && crash == "" {
		if _, err := st.Clone().Apply(seat, mv); err != nil {
			fail("Choose returned %s, which is refused: %v", mv, err)
		}
		if ctx.Err() == nil {
			s.sameAgain(level, p, seat, mv, fail)
		}
	}
	return took
}

// sameAgain asks a second bot of level, seeded alike, for the same move
// with the same budget, and checks that it answers the same: a bot decides
// by its budget of work, never by the clock (game.Budget), so a busy
// machine, or a run of the test beside others, cannot change its move.
// The second answer is compared only when its deadline did not cut it.
func (s *suite) sameAgain(level string, p position, seat game.Seat, first game.Move, fail func(string, ...any)) {
	bot, err := s.def.NewBot(level, game.NewRand(s.cfg.Seed))
	if err != nil || bot == nil {
		return
	}
	ctx, cancel := context.WithTimeout(game.WithBudget(context.Background(), max(1, s.cfg.BotBudget.Milliseconds())), s.cfg.BotBudget)
	defer cancel()
	var mv game.Move
	if crash := catch(func() { mv, err = bot.Choose(ctx, p.st.Clone(), seat) }); crash != "" || err != nil || ctx.Err() != nil || mv == nil {
		return
	}
	a, _ := json.Marshal(first)
	b, _ := json.Marshal(mv)
	if string(a) != string(b) {
		fail("asked again with the same seed and budget, it chose %s, not %s: a bot decides by its budget of work, never by the clock", b, a)
	}
}

// solve asks the solver for a best move at p; running out of time is
// fine, a best move that is refused is not.
func (s *suite) solve(p position) {
	turn := p.st.Turn()
	if len(turn) != 1 {
		return
	}
	ctx, cancel := context.WithTimeout(context.Background(), s.cfg.BotBudget)
	defer cancel()
	st := p.st.Clone()
	var best game.Move
	var err error
	if crash := catch(func() { _, best, err = s.def.Solve(ctx, st) }); crash != "" {
		s.report("Solve panicked: %s\n%s", crash, where(p.log))
		return
	}
	if err == nil && best != nil {
		if _, err := st.Clone().Apply(turn[0], best); err != nil {
			s.report("Solve's best move %s is refused: %v\n%s", best, err, where(p.log))
		}
	}
}

// catch runs f and returns what it panicked with, and where, or "".
func catch(f func()) (crash string) {
	defer func() {
		if r := recover(); r != nil {
			crash = fmt.Sprintf("%v\n%s", r, debug.Stack())
		}
	}()
	f()
	return ""
}
