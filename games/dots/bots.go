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
