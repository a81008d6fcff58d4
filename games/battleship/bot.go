package battleship

import (
	"context"
	"fmt"
	"math"
	"sync"

	"github.com/parlor-games/parlor/game"
)

// observation is everything a seat knows about the grid it fires at: its
// own shots and their answers, nothing more. Bots decide from it alone, and
// it is built from the seat's View, so a bot cannot cheat.
type observation struct {
	touch  bool
	miss   board
	hit    board
	fired  board
	time   [numSquares]int // shot number of each fired square
	sunk   [numShips]bool
	sunkAt [numShips]int // square of the shot that sank the ship
	nshots int
}

func newObservation(touch bool) observation { return observation{touch: touch} }

// record adds a shot and its answer; ship is the sunk ship's index or -1.
func (o *observation) record(sq int, result string, ship int) {
	o.time[sq] = o.nshots
	o.nshots++
	o.fired = o.fired.or(bit(sq))
	switch result {
	case "miss":
		o.miss = o.miss.or(bit(sq))
	default:
		o.hit = o.hit.or(bit(sq))
		if result == "sunk" && ship >= 0 {
			o.sunk[ship] = true
			o.sunkAt[ship] = sq
		}
	}
}

func (o *observation) allSunk() bool {
	for _, s := range o.sunk {
		if !s {
			return false
		}
	}
	return true
}

// hitsUpTo is the set of hits made at or before shot t.
func (o *observation) hitsUpTo(t int) board {
	var b board
	o.hit.each(func(s int) {
		if o.time[s] <= t {
			b = b.or(bit(s))
		}
	})
	return b
}

func observe(v *View, seat game.Seat) observation {
	o := newObservation(v.Options.Touch)
	for _, r := range v.Shots[seat] {
		o.record(r.Row*Size+r.Col, r.Result, shipIndex(r.Ship))
	}
	return o
}

// hunter picks the next square to fire at from an observation.
type hunter interface {
	shoot(ctx context.Context, o *observation, rng *game.Rand) int
}

// placer picks a fleet for a seat.
type placer interface {
	place(rng *game.Rand, touch bool) []Placement
}

type uniformPlacer struct{}

func (uniformPlacer) place(rng *game.Rand, touch bool) []Placement { return RandomFleet(rng, touch) }

// bot is a game.Bot made of a placer and a hunter.
type bot struct {
	mu  sync.Mutex
	rng game.Rand
	p   placer
	h   hunter
}

func levelParts(level string) (placer, hunter, error) {
	switch level {
	case "easy":
		return uniformPlacer{}, easyHunter{}, nil
	case "hard":
		return uniformPlacer{}, hardHunter{}, nil
	case "expert":
		return expertPlacer{}, expertHunter{bound: botBound}, nil
	}
	return nil, nil, fmt.Errorf("battleship has no bot level %q (levels: easy, hard, expert)", level)
}

func newBot(level string, rng game.Rand) (game.Bot, error) {
	p, h, err := levelParts(level)
	if err != nil {
		return nil, err
	}
	return &bot{rng: rng, p: p, h: h}, nil
}

// Choose places a fleet or fires, from seat's view only.
func (b *bot) Choose(ctx context.Context, s game.State, seat game.Seat) (game.Move, error) {
	v, ok := s.View(seat).(*View)
	if !ok {
		return nil, fmt.Errorf("battleship bot: not a Battleship state")
	}
	owes := false
	for _, t := range v.Turn {
		if t == seat {
			owes = true
		}
	}
	if !owes {
		return nil, game.NotYourTurn(seat)
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	if v.Phase == "placement" {
		return Move{Fleet: b.p.place(&b.rng, v.Options.Touch)}, nil
	}
	o := observe(v, seat)
	sq := b.h.shoot(ctx, &o, &b.rng)
	return ShotAt(sq/Size, sq%Size), nil
}

// pickMax returns the unfired square with the largest score, choosing at
// random among ties so that the bot is not predictable.
func pickMax(score *[numSquares]float64, fired board, rng *game.Rand) int {
	best := math.Inf(-1)
	var ties [numSquares]int
	n := 0
	for s := range numSquares {
		if fired.has(s) {
			continue
		}
		switch {
		case score[s] > best:
			best = score[s]
			ties[0] = s
			n = 1
		case score[s] == best:
			ties[n] = s
			n++
		}
	}
	if n == 0 {
		return 0
	}
	return ties[rng.IntN(n)]
}

// easyHunter is the spec's AI strategy: random squares until a hit, then
// squares next to hits, first those that extend a line of hits.
type easyHunter struct{}

var dirs = [4][2]int{{0, 1}, {1, 0}, {0, -1}, {-1, 0}}

func (easyHunter) shoot(_ context.Context, o *observation, rng *game.Rand) int {
	// Hits of ships the bot has seen sink are set aside when the sunk ship
	// lies in one straight line of hits ending at the sinking shot; the
	// spec's player would cross those out too.
	live := o.hit.andNot(easyResolved(o))
	var line, near []int
	seen := board{}
	add := func(list *[]int, s int) {
		if !seen.has(s) {
			seen = seen.or(bit(s))
			*list = append(*list, s)
		}
	}
	live.each(func(s int) {
		r, c := s/Size, s%Size
		for _, d := range dirs {
			rr, cc := r+d[0], c+d[1]
			if rr < 0 || rr >= Size || cc < 0 || cc >= Size {
				continue
			}
			n := rr*Size + cc
			if !o.fired.has(n) {
				continue
			}
			if !live.has(n) {
				continue
			}
			// s and n are a line of hits: the square beyond s, away from n,
			// extends it.
			br, bc := r-d[0], c-d[1]
			if br >= 0 && br < Size && bc >= 0 && bc < Size && !o.fired.has(br*Size+bc) {
				add(&line, br*Size+bc)
			}
		}
	})
	if len(line) > 0 {
		return line[rng.IntN(len(line))]
	}
	seen = board{}
	live.each(func(s int) {
		r, c := s/Size, s%Size
		for _, d := range dirs {
			rr, cc := r+d[0], c+d[1]
			if rr >= 0 && rr < Size && cc >= 0 && cc < Size && !o.fired.has(rr*Size+cc) {
				add(&near, rr*Size+cc)
			}
		}
	})
	if len(near) > 0 {
		return near[rng.IntN(len(near))]
	}
	var free []int
	for s := range numSquares {
		if !o.fired.has(s) {
			free = append(free, s)
		}
	}
	return free[rng.IntN(len(free))]
}

// easyResolved is the set of hits the easy bot crosses out: for each sunk
// ship, the straight run of hits of the ship's length through the sinking
// square when there is exactly one such run.
func easyResolved(o *observation) board {
	var out board
	for k := range numShips {
		if !o.sunk[k] {
			continue
		}
		cands := sunkCandidates(o, k, out)
		if len(cands) == 1 {
			out = out.or(cands[0].mask)
		}
	}
	return out
}

// sunkCandidates lists the positions sunk ship k may have: through its
// sinking square, made only of hits fired no later than that shot, and
// clear of the squares in taken.
func sunkCandidates(o *observation, k int, taken board) []*position {
	at := o.sunkAt[k]
	allowed := o.hitsUpTo(o.time[at]).andNot(taken)
	var out []*position
	ps := positions[Fleet[k].Len]
	for i := range ps {
		p := &ps[i]
		if p.mask.has(at) && p.mask.subsetOf(allowed) {
			out = append(out, p)
		}
	}
	return out
}

// resolveSunk returns the squares proven to belong to sunk ships: a sunk
// ship with exactly one possible position fixes those squares, which may in
// turn fix another. It is how hard sets hits aside.
func resolveSunk(o *observation) board {
	var dead board
	var done [numShips]bool
	for changed := true; changed; {
		changed = false
		for k := range numShips {
			if !o.sunk[k] || done[k] {
				continue
			}
			if c := sunkCandidates(o, k, dead); len(c) == 1 {
				dead = dead.or(c[0].mask)
				done[k] = true
				changed = true
			}
		}
	}
	return dead
}

// hardHunter fires at the densest square of a per-ship probability density.
type hardHunter struct{}

// targetWeight multiplies a placement's weight for each unexplained hit it
// covers, so that placements through hits dominate once there is a hit.
const targetWeight = 40

func (hardHunter) shoot(_ context.Context, o *observation, rng *game.Rand) int {
	var score [numSquares]float64
	dead := resolveSunk(o)
	open := o.hit.andNot(dead)
	blocked := o.miss.or(dead)
	if open.any() {
		for k := range numShips {
			if o.sunk[k] {
				continue
			}
			ps := positions[Fleet[k].Len]
			for i := range ps {
				p := &ps[i]
				if p.mask.and(blocked).any() || p.mask.subsetOf(o.hit) {
					continue
				}
				if m := p.mask.and(open).count(); m > 0 {
					w := math.Pow(targetWeight, float64(m))
					p.mask.each(func(s int) { score[s] += w })
				}
			}
		}
		if best := pickMax(&score, o.fired, rng); score[best] > 0 {
			return best
		}
		// Open hits that no afloat ship can explain belong to sunk ships
		// that could not be pinned down; hunt instead.
	}
	for k := range numShips {
		if o.sunk[k] {
			continue
		}
		ps := positions[Fleet[k].Len]
		for i := range ps {
			p := &ps[i]
			if p.mask.and(blocked).any() || p.mask.and(o.hit).any() {
				continue
			}
			p.mask.each(func(s int) { score[s]++ })
		}
	}
	return pickMax(&score, o.fired, rng)
}
