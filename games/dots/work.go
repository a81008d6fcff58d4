package dots

import "context"

// The bots' budget is counted in work, never in time (game.Budget): the
// same position and seed give the same line on a busy machine as on an
// idle one. One unit is about one position of a search (the safe-line
// search's or the exact solver's, or one value of chains and loops
// computed); a Monte Carlo playout counts two units per undrawn line, about
// what it costs next to a search node.
const (
	// workPerMS is how many units a millisecond of budget buys: about
	// what one core of a small machine searches in a millisecond, so that
	// a bot given 200 ms thinks about as long, and plays as well, as when
	// the clock decided.
	workPerMS = 400
	// solverNodesPerUnit is how many positions of the exact solver one
	// unit buys: the solver's positions cost about a tenth of the
	// safe-line search's.
	solverNodesPerUnit = 10
)

// meter counts one search's work against its share of the budget. ctx's
// end stops it too, but only a runaway search sees that (game.Runaway).
type meter struct {
	ctx   context.Context
	left  int64
	check int
}

func newMeter(ctx context.Context, units int64) *meter {
	return &meter{ctx: ctx, left: max(units, 1)}
}

// spend takes n units and reports whether the search may go on.
func (m *meter) spend(n int64) bool {
	m.left -= n
	if m.left < 0 {
		return false
	}
	if m.check++; m.check >= 256 {
		m.check = 0
		return m.ctx.Err() == nil
	}
	return true
}

// share is a meter for part of what is left: the fraction num/den of it.
func (m *meter) share(num, den int64) *meter {
	return &meter{ctx: m.ctx, left: max(m.left*num/den, 1)}
}

// spent reports whether the meter is exhausted (or ctx has ended).
func (m *meter) spent() bool { return m.left <= 0 || m.ctx.Err() != nil }
