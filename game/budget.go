package game

import (
	"context"
	"math"
	"time"
)

// A bot's budget is counted in work, not in time. The callers (a table's
// bot, the engine's "bot" request, the arena) state it in milliseconds,
// as people think of it, and pass it in the context with WithBudget; each
// game turns it into samples, nodes or playouts at a fixed rate of its
// own. So the same position, seed and budget give the same move on an idle
// machine and on a busy one: a match replays, an arena run repeats and the
// engine answers the same request the same way. The context's deadline,
// far later (Runaway), only stops a search that would otherwise run away;
// a caller that sees it passed says that the move was cut short.

type budgetKey struct{}

// WithBudget returns ctx carrying a budget of ms milliseconds' worth of
// work.
func WithBudget(ctx context.Context, ms int64) context.Context {
	return context.WithValue(ctx, budgetKey{}, ms)
}

// DefaultBudget is the budget, in milliseconds' worth of work, of a bot
// whose caller gave none: a test calling Choose directly.
const DefaultBudget = 200

// Budget is ctx's budget in milliseconds' worth of work, or DefaultBudget
// when it carries none. It never reads the clock.
func Budget(ctx context.Context) int64 {
	if ms, ok := ctx.Value(budgetKey{}).(int64); ok && ms > 0 {
		return ms
	}
	return DefaultBudget
}

// Work is the budget in a game's own unit: perMS units for each
// millisecond of budget, at least 1.
func Work(ctx context.Context, perMS int64) int64 {
	return max(1, Budget(ctx)*perMS)
}

// Runaway is how long a caller lets a bot with a budget of d run before
// it stops it: far beyond what the work takes on a busy machine, so that
// it never decides a move of a bot that keeps to its budget.
func Runaway(d time.Duration) time.Duration {
	const grace = 5 * time.Second
	if d > (math.MaxInt64-grace)/10 {
		return math.MaxInt64 // no deadline a match could reach
	}
	return 10*d + grace
}

// ChooseWithin asks b for seat's move with a budget of d: the work d
// stands for, and a deadline of Runaway(d). cut reports that the deadline
// passed before the bot answered, so that the move may not be the one the
// budget would give on another run; the caller says so.
func ChooseWithin(ctx context.Context, b Bot, s State, seat Seat, d time.Duration) (m Move, cut bool, err error) {
	ctx, cancel := context.WithTimeout(WithBudget(ctx, max(1, d.Milliseconds())), Runaway(d))
	defer cancel()
	m, err = b.Choose(ctx, s, seat)
	return m, ctx.Err() == context.DeadlineExceeded, err
}
