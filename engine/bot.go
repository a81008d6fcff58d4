package engine

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/parlor-games/parlor/game"
)

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
