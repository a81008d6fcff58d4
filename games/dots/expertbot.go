package dots

// expertMove solves exactly when the position is small enough, and
// otherwise searches the fight for control harder than hard does. A hard
// move, found with a quarter of the budget, is kept ready as the
// fallback.
func (bt *Bot) expertMove(w *meter, s *State) int {
	b := s.b
	hw := w.share(1, 4)
	fallback := bt.hardMove(hw, &b, 10)
	w.left -= w.left/4 - max(hw.left, 0)
	if w.spent() {
		return fallback
	}
	safe := b.safeLines()
	if b.left <= MaxSolveLines && (b.left <= expertExactLines || len(safe) <= 6) {
		cg, err := newCgame(&b)
		if err == nil {
			if bt.sv == nil {
				bt.sv = NewSolver(20)
			}
			bt.sv.limit = bt.sv.Nodes + max(w.left, 1)*solverNodesPerUnit
			v, cl, err := bt.sv.solveRoot(w.ctx, cg)
			bt.sv.limit = 0
			if err == nil && cl >= 0 {
				// Among equally good lines prefer hard's: its habits
				// (smallest chain first, hard-hearted handouts) give a
				// fallible opponent the most chances to go wrong.
				if cg.line[cl] != fallback {
					for c, l := range cg.line {
						if l == fallback {
							if ok, _ := bt.sv.achieves(c, v); ok {
								return fallback
							}
						}
					}
				}
				return cg.line[cl]
			}
		}
		return fallback
	}
	if len(b.captureLines()) > 0 || len(safe) == 0 {
		return fallback
	}
	// With many safe lines the search of the fight for control rarely
	// ends within the budget, so it gets a third of what is left and
	// Monte Carlo playouts the rest; with few it gets all of it, as it
	// usually ends.
	sw := w
	if len(safe) > expertFullSearchSafe {
		sw = w.share(1, 3)
	}
	before := sw.left
	if l, _, ok := newSafeSearch(sw).best(&b, safe); ok {
		return l
	}
	if sw != w {
		w.left -= before
	}
	if l := bt.safeMonteCarlo(w, &b, safe); l >= 0 {
		return l
	}
	return fallback
}

// expertFullSearchSafe is the number of safe lines at or below which the
// expert gives the search of the fight for control its whole budget.
const expertFullSearchSafe = 14

// safeMonteCarlo estimates each safe line by playouts in which both sides
// draw random safe lines until none is left, valued like the end of the
// safe-line search: by who then has control and what the chains and loops
// are worth to them (the long-chain rule, counted rather than guessed).
// Random safe lines are what medium plays and what hard plays until few are
// left, so the playouts model those opponents; against anyone they steer
// the parity of the chains that the safe phase leaves, which is what
// decides control. It plays out each line in turn until w is spent and
// returns the line with the best mean, or -1 if none was tried.
func (bt *Bot) safeMonteCarlo(w *meter, b *board, safe []int) int {
	lv := newLoonyValue()
	sum := make([]int, len(safe))
	cnt := make([]int, len(safe))
	var pool [maxLines]int16
	// A playout costs about two units per undrawn line, and the values of
	// chains and loops it computes on top.
	cost := int64(2 * b.left)
	for i, spent := 0, int64(0); w.spend(cost + spent); i = (i + 1) % len(safe) {
		c := *b
		c.draw(safe[i])
		before := lv.work
		sum[i] -= bt.playout(&c, lv, &pool)
		cnt[i]++
		spent = lv.work - before
	}
	// Compare means sum/cnt by cross-multiplying; lines not tried yet
	// cannot win.
	var best []int
	for i := range safe {
		if cnt[i] == 0 {
			continue
		}
		if len(best) == 0 {
			best = append(best, i)
			continue
		}
		j := best[0]
		switch d := sum[i]*cnt[j] - sum[j]*cnt[i]; {
		case d > 0:
			best = append(best[:0], i)
		case d == 0:
			best = append(best, i)
		}
	}
	if len(best) == 0 {
		return -1
	}
	return safe[best[bt.rng.IntN(len(best))]]
}

// playout draws random safe lines on b until none is left and returns the
// value for the player who was to move at the start: minus the loony value
// of the chains and loops if that player must then open one, plus it if
// the other must. A line never becomes safe again once it is not, so the
// pool of safe lines is pruned lazily as it is drawn from.
func (bt *Bot) playout(b *board, lv *loonyValue, pool *[maxLines]int16) int {
	ls := b.safeInto(pool)
	sign := -1
	for len(ls) > 0 {
		i := bt.rng.IntN(len(ls))
		l := int(ls[i])
		ls[i] = ls[len(ls)-1]
		ls = ls[:len(ls)-1]
		if b.safe(l) {
			b.draw(l)
			sign = -sign
		}
	}
	sizes := sizesOf(b.components())
	if len(sizes) > maxExactComponents {
		return sign * controlledValue(sizes)
	}
	return sign * lv.E(sizes)
}

// maxExactComponents is the most chains and loops the searches of the
// fight for control value exactly. E's work grows with the number of
// different sub-multisets of the components and it does not watch the
// clock, so on large boards (16 x 16 dots easily leaves twenty or more) an
// exact value could outlast a move's whole budget; beyond this count
// controlledValue estimates it.
const maxExactComponents = 12

// controlledValue estimates the controller's margin when many chains and
// loops are left: it takes every long chain but the last two boxes and
// every loop but the last four, keeps the last long one whole, and the
// short chains, which either side may be handed, are counted as even.
func controlledValue(sizes []int) int {
	v, long, loops := 0, 0, 0
	for _, n := range sizes {
		switch {
		case n < 0:
			v += -n - 8
			loops++
		case n >= 3:
			v += n - 4
			long++
		}
	}
	switch {
	case long > 0:
		v += 4
	case loops > 0:
		v += 8
	}
	return v
}

// expertExactLines is the number of undrawn lines at or below which the
// expert always tries the exact solver; it also tries it when few safe
// lines are left. At 25 or fewer lines it finishes well within a second.
const expertExactLines = 32

// safeSearch searches the game in which players draw only safe lines, to
// its end: the position where the player to move must open a chain. That
// end is valued by the loony endgame value of its chains and loops. It is
// how hard and expert fight for control (the long-chain rule by search).
type safeSearch struct {
	w  *meter
	lv *loonyValue
	tt map[uint64][2]int8
}

func newSafeSearch(w *meter) *safeSearch {
	return &safeSearch{w: w, lv: newLoonyValue(), tt: map[uint64][2]int8{}}
}

func hashLines(s *lineSet) uint64 {
	h := uint64(0x9E3779B97F4A7C15)
	for _, w := range s {
		h = (h ^ w) * 0xbf58476d1ce4e5b9
		h ^= h >> 29
	}
	return h
}

// best returns the best safe line and its value, or ok false if its
// share of the budget ran out first.
func (ss *safeSearch) best(b *board, safe []int) (line, val int, ok bool) {
	defer func() {
		if r := recover(); r != nil {
			if r != errAborted {
				panic(r)
			}
			ok = false
		}
	}()
	alpha, beta := -1000, 1000
	line = -1
	for _, l := range safe {
		c := *b
		c.draw(l)
		v := -ss.value(&c, -beta, -alpha)
		if v > alpha || line < 0 {
			alpha, line = v, l
		}
	}
	return line, alpha, true
}

func (ss *safeSearch) value(b *board, alpha, beta int) int {
	if !ss.w.spend(1) {
		panic(errAborted)
	}
	var sbuf [maxLines]int16
	safe := b.safeInto(&sbuf)
	if len(safe) == 0 {
		sizes := sizesOf(b.components())
		if len(sizes) > maxExactComponents {
			return -controlledValue(sizes)
		}
		before := ss.lv.work
		v := -ss.lv.E(sizes)
		ss.w.spend(ss.lv.work - before) // the next position stops if spent
		return v
	}
	key := hashLines(&b.drawn)
	lo, hi := -1000, 1000
	if e, ok := ss.tt[key]; ok {
		lo, hi = int(e[0]), int(e[1])
		if lo == hi || lo >= beta {
			return lo
		}
		if hi <= alpha {
			return hi
		}
	}
	alpha, beta = max(alpha, lo), min(beta, hi)
	a0, b0 := alpha, beta
	best := -1000
	for _, l := range safe {
		c := *b
		c.draw(int(l))
		v := -ss.value(&c, -beta, -alpha)
		if v > best {
			best = v
			alpha = max(alpha, v)
			if alpha >= beta {
				break
			}
		}
	}
	nlo, nhi := lo, hi
	switch {
	case best <= a0:
		nhi = min(nhi, best)
	case best >= b0:
		nlo = max(nlo, best)
	default:
		nlo, nhi = best, best
	}
	ss.tt[key] = [2]int8{int8(max(nlo, -127)), int8(min(nhi, 127))}
	return best
}
