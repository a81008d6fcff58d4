package buccaneer

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"sync"

	"github.com/parlor-games/parlor/game"
)

// Bot levels, weakest first.
const (
	levelEasy = iota
	levelHard
	levelExpert
)

var levelNames = []string{"easy", "hard", "expert"}

// Bot plays Buccaneer at one level. It decides from its seat's View and
// its own legal moves only: it never reads another captain's hand, a
// pack's order or the match's generator. It is safe for concurrent use.
type Bot struct {
	level int
	mu    sync.Mutex
	rng   game.Rand
}

func newBot(level string, rng game.Rand) (game.Bot, error) {
	i := slices.Index(levelNames, level)
	if i < 0 {
		return nil, fmt.Errorf("buccaneer has no bot level %q", level)
	}
	return &Bot{level: i, rng: rng}, nil
}

// Choose returns the bot's move for seat. Every level answers at once:
// the plans are a few breadth-first searches over the 400 squares.
func (b *Bot) Choose(ctx context.Context, st game.State, seat game.Seat) (game.Move, error) {
	legal := st.Legal(seat)
	if len(legal) == 0 {
		return nil, game.NotYourTurn(seat)
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.level == levelEasy {
		return legal[b.rng.IntN(len(legal))], nil
	}
	v, ok := st.View(seat).(View)
	if !ok {
		return nil, errors.New("buccaneer: not a Buccaneer state")
	}
	moves := make([]Move, len(legal))
	for i, m := range legal {
		moves[i] = m.(Move)
	}
	p := newPlan(v, seat, b.level, &b.rng)
	return p.choose(moves), nil
}

// plan is one decision: the seat's view and what follows from it.
type plan struct {
	v     View
	me    PlayerView
	seat  game.Seat
	level int
	rng   *game.Rand
	dist  int
	// seen counts the crew cards the seat can see (its hand, ports, Flat
	// Island) by type, to guess the colours of the others.
	seen [6]int
}

func newPlan(v View, seat game.Seat, level int, rng *game.Rand) *plan {
	p := &plan{v: v, me: v.Players[seat], seat: seat, level: level, rng: rng}
	p.dist = p.me.Distance
	for _, c := range p.me.Hand {
		p.seen[c.cardType()]++
	}
	for _, pt := range v.Ports {
		for _, c := range pt.Cards {
			p.seen[c.cardType()]++
		}
	}
	for _, c := range v.Flat.Cards {
		p.seen[c.cardType()]++
	}
	return p
}

const far = 1 << 20

// turnsFrom holds, for every square, the fewest turns to reach a goal
// square, sailing up to dist squares a turn with a free choice of facing
// after each turn (far when unreachable).
type turnsFrom [Size + 1][Size + 1]int

func (t *turnsFrom) at(q Point) int { return t[q.X][q.Y] }

func turnsTo(goal func(Point) bool, dist int) *turnsFrom {
	var t turnsFrom
	queue := make([]Point, 0, Size*Size)
	for x := 1; x <= Size; x++ {
		for y := 1; y <= Size; y++ {
			t[x][y] = far
			if q := (Point{x, y}); isSea(q) && goal(q) {
				t[x][y] = 0
				queue = append(queue, q)
			}
		}
	}
	for len(queue) > 0 {
		q := queue[0]
		queue = queue[1:]
		for d := N; d <= NW; d++ {
			for k := 1; k <= dist; k++ {
				r := q.add(d, k)
				if !isSea(r) {
					break
				}
				if t[r.X][r.Y] == far {
					t[r.X][r.Y] = t[q.X][q.Y] + 1
					queue = append(queue, r)
				}
			}
		}
	}
	return &t
}

func (p *plan) hold() int { return len(p.me.Treasure) }

func (p *plan) homeAt() Point { return Ports[portIndex(p.me.Home)].At }

// goal says where the ship should head now.
func (p *plan) goal() func(Point) bool {
	home := p.homeAt()
	toHome := func(q Point) bool { return q == home }
	atHome := p.v.Scores[p.seat]
	carried := 0
	for _, n := range p.me.Treasure {
		carried += kindValues[itemRank(n)]
	}
	switch {
	case p.hold() == 2:
		return toHome
	case p.hold() == 1 && (p.level < levelExpert || atHome+carried >= 20 || !TreasureIsland.near(p.me.At)):
		return toHome
	}
	if p.level < levelExpert {
		return TreasureIsland.near
	}
	if p.hold() == 0 && (slices.Contains(p.me.Kept, 25) || slices.Contains(p.me.Kept, 26)) && len(p.v.Island) > 0 {
		return func(q Point) bool { return q == AnchorBay }
	}
	if p.hold() < 2 && len(p.v.Flat.Treasure) > 0 {
		return FlatIsland.near
	}
	if port := p.tradePort(); port >= 0 {
		at := Ports[port].At
		return func(q Point) bool { return q == at }
	}
	return TreasureIsland.near
}

// keepCrew is the crew total the expert keeps when trading crew for
// treasure: enough to sail home from Treasure Island in two turns.
const keepCrew = 7

// tradePort is the nearest port other than home, at most twice the
// ship's distance away in king steps (about two turns), where crew above
// keepCrew buys treasure worth 4 or more, or -1. Longer trips, or trips
// for less, measured as costing more draws than they gain.
func (p *plan) tradePort() int {
	spare := crewTotal(p.me.Hand) - keepCrew
	if spare < 2 {
		return -1
	}
	best, bestD := -1, far
	for i, pt := range p.v.Ports {
		if Ports[i].Name == p.me.Home {
			continue
		}
		ok := false
		for _, n := range pt.Treasure {
			if v := kindValues[itemRank(n)]; v >= 4 && v <= spare && p.canPay(v) {
				ok = true
			}
		}
		if ok && p.me.At.steps(pt.At) < bestD && p.me.At.steps(pt.At) <= 2*p.dist {
			best, bestD = i, p.me.At.steps(pt.At)
		}
	}
	return best
}

// canPay reports whether some cards of the hand add up to exactly v.
func (p *plan) canPay(v int) bool {
	// sums has bit s set when some cards add up to s.
	sums := uint64(1)
	for _, c := range p.me.Hand {
		sums |= sums << c.Value
	}
	return v >= 0 && v < 64 && sums&(1<<v) != 0
}

func (p *plan) choose(moves []Move) Move {
	switch p.v.Step.Name {
	case "move", "escape":
		return p.sail(moves)
	case "face":
		return p.face(moves)
	case "attack?":
		return p.answer()
	case "port":
		return p.port(moves)
	case "choose":
		return p.pick(moves)
	case "captain":
		return p.captain(moves)
	case "spoils":
		return moves[0] // the choices come most valuable first
	}
	return moves[p.rng.IntN(len(moves))]
}

// sail picks the move that brings the ship soonest to its goal, or an
// attack worth making. The expert also cares where on Treasure Island's
// coast it waits: moving along the coast draws a card as well as staying,
// so it heads for the squares two turns from home and keeps facing the
// first leg of the way home, ready to leave the moment it has treasure.
func (p *plan) sail(moves []Move) Move {
	goal := p.goal()
	t := turnsTo(goal, p.dist)
	var home *turnsFrom
	if p.level >= levelExpert {
		h := p.homeAt()
		home = turnsTo(func(q Point) bool { return q == h }, p.dist)
	}
	coastBonus := func(q Point, d Dir) float64 {
		if home == nil || !TreasureIsland.near(q) || t.at(q) != 0 {
			return 0
		}
		// Prefer coast squares near home, facing the way home (d < 0:
		// the facing is still free).
		if d < 0 {
			return 0.2*float64(home.at(q)) + 0.05
		}
		best := far
		for _, r := range ray(q, d, p.dist) {
			best = min(best, home.at(r))
		}
		return 0.2*float64(home.at(q)) + 0.05*float64(min(best, 10))
	}
	best, bestScore := moves[0], float64(far)
	for _, m := range moves {
		var score float64
		switch {
		case m.Sail != nil:
			q := *m.Sail
			score = float64(t.at(q))
			if o := p.shipAt(q); o >= 0 && portAt(q) < 0 && p.v.Step.Name == "move" {
				gain := p.attackGain(o)
				if gain <= 0 {
					continue
				}
				score -= gain
			}
			// The facing on arrival is chosen afterwards; judge the
			// square by its distance home.
			score += coastBonus(q, -1)
		case m.Face != "":
			d, _ := parseDir(m.Face)
			if TreasureIsland.near(p.me.At) && t.at(p.me.At) == 0 {
				score = coastBonus(p.me.At, d) // stay by the island and draw again
			} else {
				score = float64(t.at(p.me.At)) + 1
			}
		}
		score += p.rng.Float64() * 0.01
		if score < bestScore {
			best, bestScore = m, score
		}
	}
	return best
}

// shipAt is the seat of another ship at q, or -1.
func (p *plan) shipAt(q Point) game.Seat {
	for _, o := range p.v.Players {
		if o.Seat != p.seat && o.At == q {
			return o.Seat
		}
	}
	return -1
}

// attackGain is how much attacking o looks worth, in turns saved; zero or
// less means do not attack.
func (p *plan) attackGain(o game.Seat) float64 {
	them := p.v.Players[o]
	if len(them.Treasure) == 0 {
		return 0
	}
	win := p.winChance(them)
	if p.level < levelExpert {
		return 0 // hard never attacks
	}
	val := 0
	for _, n := range them.Treasure {
		val += kindValues[itemRank(n)]
	}
	mine := 0
	for _, n := range p.me.Treasure {
		mine += kindValues[itemRank(n)]
	}
	return win*float64(val) - (1-win)*float64(mine+2) - 1
}

// winChance estimates the chance that the seat's crew beats o's in a
// fight: it deals o many hands of o's size and total from the cards the
// seat cannot see, and counts how often the seat's strength is higher
// (a tie counting half).
func (p *plan) winChance(o PlayerView) float64 {
	mine := strength(p.me.Hand)
	if o.Cards == 0 {
		if mine > 0 {
			return 1
		}
		return 0.5
	}
	var pool []Card
	for t := range 6 {
		for range perCardType - p.seen[t] {
			pool = append(pool, cardOfType(t))
		}
	}
	if len(pool) < o.Cards {
		return 0.5
	}
	wins, n := 0.0, 0
	for try := 0; try < 400 && n < 60; try++ {
		// A partial shuffle deals the first o.Cards cards of pool.
		for i := range o.Cards {
			j := i + p.rng.IntN(len(pool)-i)
			pool[i], pool[j] = pool[j], pool[i]
		}
		h := pool[:o.Cards]
		if crewTotal(h) != o.Crew {
			continue
		}
		n++
		switch st := strength(h); {
		case mine > st:
			wins++
		case mine == st:
			wins += 0.5
		}
	}
	if n == 0 {
		return 0.5
	}
	return wins / float64(n)
}

// answer decides whether to attack a passing ship.
func (p *plan) answer() Move {
	mover := p.v.Players[p.v.Step.Mover]
	if len(mover.Treasure) == 0 {
		return AttackMove(false)
	}
	if p.level < levelExpert {
		return AttackMove(false)
	}
	return AttackMove(p.attackGain(mover.Seat) > 0)
}

// face picks the facing whose line leads soonest to the goal; by
// Treasure Island it faces home, ready to leave with treasure.
func (p *plan) face(moves []Move) Move {
	goal := p.goal()
	if TreasureIsland.near(p.me.At) && (p.hold() == 0 || p.level >= levelExpert) {
		home := p.homeAt()
		goal = func(q Point) bool { return q == home }
	}
	t := turnsTo(goal, p.dist)
	best, bestScore := moves[0], far+1
	for _, m := range moves {
		d, _ := parseDir(m.Face)
		score := far
		for _, q := range ray(p.me.At, d, p.dist) {
			score = min(score, t.at(q))
		}
		if score < bestScore {
			best, bestScore = m, score
		}
	}
	return best
}

// port trades crew above keepCrew for the most valuable treasure, plays
// kept cards for the most they buy, and otherwise finishes.
func (p *plan) port(moves []Move) Move {
	best, bestVal := Done, 0
	if p.level < levelExpert {
		return best
	}
	keep := keepCrew
	for _, m := range moves {
		val := 0
		switch {
		case m.Play != 0:
			b := toBundle(m.Take)
			val = b.value()*10 + b.treasure.value()
		case m.Give != nil && !slices.Contains(m.Take, itemJohn):
			g, t := toBundle(m.Give), toBundle(m.Take)
			if g.treasure.total() > 0 || t.cardCount() > 0 || crewTotal(p.me.Hand)-g.value() < keep {
				continue
			}
			val = t.treasure.value() * 10
		}
		if val > bestVal {
			best, bestVal = m, val
		}
	}
	return best
}

// pick takes the most valuable treasure offered, or crew when the crew
// is low or no treasure is offered.
func (p *plan) pick(moves []Move) Move {
	best, bestVal := moves[0], -1
	for _, m := range moves {
		val := 0
		if m.Crew {
			val = 6
			if crewTotal(p.me.Hand) < 5 {
				val = 12
			}
		} else {
			val = toBundle(m.Take).treasure.value() * 2
		}
		if val > bestVal {
			best, bestVal = m, val
		}
	}
	return best
}

// captain robs (card 2) or swaps with (card 20) the captain with the
// biggest crew total.
func (p *plan) captain(moves []Move) Move {
	best, bestVal := moves[0], -1
	for _, m := range moves {
		if c := p.v.Players[*m.Seat].Crew; c > bestVal {
			best, bestVal = m, c
		}
	}
	return best
}
