package dots

import (
	"context"
	"errors"
	"fmt"
	"sync"

	"github.com/parlor-games/parlor/game"
)

// botLevels names the levels, weakest first, in the order of the
// constants below.
var botLevels = []string{"easy", "medium", "hard", "expert"}

const (
	easy = iota
	medium
	hard
	expert
)

// Bot plays Dots and Boxes at one level. It is safe for concurrent use;
// searches of one bot run one at a time.
type Bot struct {
	level int
	mu    sync.Mutex
	rng   game.Rand
	sv    *Solver // expert only, kept between moves
}

func newBot(level string, rng game.Rand) (game.Bot, error) {
	for i, name := range botLevels {
		if name == level {
			return &Bot{level: i, rng: rng}, nil
		}
	}
	return nil, fmt.Errorf("dots has no bot level %q", level)
}

// Choose returns the bot's line for seat. It always returns a legal move,
// even when ctx ends early: a quick fallback is chosen before any search.
func (bt *Bot) Choose(ctx context.Context, st game.State, seat game.Seat) (game.Move, error) {
	s, ok := st.(*State)
	if !ok {
		return nil, errors.New("dots: not a Dots and Boxes state")
	}
	if s.over() || seat != s.turn {
		return nil, game.NotYourTurn(seat)
	}
	bt.mu.Lock()
	defer bt.mu.Unlock()
	w := newMeter(ctx, game.Work(ctx, workPerMS))
	b := s.b
	var l int
	switch bt.level {
	case easy:
		l = bt.easyMove(&b)
	case medium:
		l = bt.mediumMove(&b)
	case hard:
		l = bt.hardMove(w, &b, 16)
	default:
		l = bt.expertMove(w, s)
	}
	return s.lineMove(l), nil
}

func (bt *Bot) pick(ls []int) int { return ls[bt.rng.IntN(len(ls))] }

// easyMove takes a box four times in five when one is there, and otherwise
// draws any line.
func (bt *Bot) easyMove(b *board) int {
	if caps := b.captureLines(); len(caps) > 0 && bt.rng.IntN(5) < 4 {
		return bt.pick(caps)
	}
	var all []int
	b.undrawn(func(l int) { all = append(all, l) })
	return bt.pick(all)
}

// mediumMove is greedy: take, else a safe line, else the cheapest gift.
func (bt *Bot) mediumMove(b *board) int {
	if caps := b.captureLines(); len(caps) > 0 {
		return bt.pick(caps)
	}
	if safe := b.safeLines(); len(safe) > 0 {
		return bt.pick(safe)
	}
	return bt.cheapestGift(b, nil)
}

// cheapestGift returns the line among ls (all undrawn lines when ls is
// nil) that lets the opponent take the fewest boxes.
func (bt *Bot) cheapestGift(b *board, ls []int) int {
	if ls == nil {
		b.undrawn(func(l int) { ls = append(ls, l) })
	}
	var best []int
	bestN := 1 << 30
	for _, l := range ls {
		n := b.giveaway(l)
		if n < bestN {
			best, bestN = best[:0], n
		}
		if n == bestN {
			best = append(best, l)
		}
	}
	return bt.pick(best)
}

// hardMove plays chain theory: captures with all-but-two when control pays,
// a search of the safe lines when few are left, and the cheapest opening
// when none are.
func (bt *Bot) hardMove(w *meter, b *board, safeLimit int) int {
	if caps := b.captureLines(); len(caps) > 0 {
		return bt.captureMove(b, caps)
	}
	safe := b.safeLines()
	if len(safe) == 0 {
		return bt.openMove(b)
	}
	if len(safe) <= safeLimit {
		if l, _, ok := newSafeSearch(w).best(b, safe); ok {
			return l
		}
	}
	return bt.pick(safe)
}

// captureMove decides between taking a box and declining the last two
// boxes of a chain (four of a loop) to keep control.
func (bt *Bot) captureMove(b *board, caps []int) int {
	g := b.g
	// A capture that does not lead into a chain never costs anything.
	for _, l := range caps {
		for _, x := range g.lineBox[l] {
			if x == noBox || b.sides[x] != 3 {
				continue
			}
			if y := g.otherBox(l, x); y == noBox || b.sides[y] != 2 {
				return l
			}
		}
	}
	for _, l := range caps {
		var a int16 = noBox
		for _, x := range g.lineBox[l] {
			if x != noBox && b.sides[x] == 3 {
				a = x
			}
		}
		path, lines, endIs3 := b.chainFrom(a, l)
		give := 0
		var dd int
		switch {
		case !endIs3 && len(path) == 2:
			give, dd = 2, b.otherLine(path[1], l)
		case endIs3 && len(path) == 4:
			give, dd = 4, lines[1]
		default:
			return l
		}
		rest := *b
		rest.takeAll()
		if len(rest.safeLines()) > 0 || dd < 0 {
			return l
		}
		e := newLoonyValue().E(sizesOf(rest.components()))
		if e > give {
			return dd
		}
		return l
	}
	return caps[0]
}

// chainFrom follows the chain that capturing box a through line l opens:
// the boxes from a onward, the lines between them (l first), and whether
// it ends in another capturable box (an opened loop or a chain opened in
// the middle).
func (b *board) chainFrom(a int16, l int) (path []int16, lines []int, endIs3 bool) {
	g := b.g
	path = []int16{a}
	lines = []int{l}
	cur, via := g.otherBox(l, a), l
	for cur != noBox && len(path) <= g.nBoxes {
		if b.sides[cur] == 3 {
			path = append(path, cur)
			return path, lines, true
		}
		if b.sides[cur] != 2 {
			return path, lines, false
		}
		path = append(path, cur)
		m := b.otherLine(cur, via)
		if m < 0 {
			break
		}
		lines = append(lines, m)
		cur, via = g.otherBox(m, cur), m
	}
	return path, lines, false
}

// takeAll draws capturing lines until none is left.
func (b *board) takeAll() {
	for {
		found := -1
		b.undrawn(func(m int) {
			if found < 0 && b.completes(m) > 0 {
				found = m
			}
		})
		if found < 0 {
			return
		}
		b.draw(found)
	}
}

// openMove is for a position with no capture and no safe line: open the
// chain or loop that costs least, counting what control of the rest is
// worth, in the way that leaves the opponent fewest choices.
func (bt *Bot) openMove(b *board) int {
	cs := b.components()
	if len(cs) == 0 {
		return bt.cheapestGift(b, nil)
	}
	sizes := sizesOf(cs)
	lv := newLoonyValue()
	bestI, bestV := -1, 1<<30
	for i := range cs {
		rest := append(append([]int(nil), sizes[:i]...), sizes[i+1:]...)
		v := lv.open(sizes[i], lv.E(rest))
		if v < bestV || (v == bestV && cs[i].size < cs[bestI].size) {
			bestI, bestV = i, v
		}
	}
	c := cs[bestI]
	g := b.g
	if !c.loop && c.size == 2 {
		// Hard-hearted handout: the line between the two boxes.
		for _, l := range g.boxLine[c.boxes[0]] {
			if !b.drawn.has(int(l)) && g.otherBox(int(l), c.boxes[0]) == c.boxes[1] {
				return int(l)
			}
		}
	}
	var ls []int
	for _, x := range c.boxes {
		for _, l := range g.boxLine[x] {
			if !b.drawn.has(int(l)) {
				ls = append(ls, int(l))
			}
		}
	}
	return bt.cheapestGift(b, ls)
}

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
