package clue

import (
	"context"

	"github.com/parlor-games/parlor/game"
)

// The expert's questions. The notebook says what is certain; to choose a
// question the expert also needs to know what is likely, so it draws
// deals consistent with everything it has seen and, for each question it
// could put, looks at how the answer would split those deals. A question
// is as good as the uncertainty about the case file it is expected to
// remove: an answer that every deal agrees on teaches nothing, one that
// splits them evenly teaches most.
//
// Both medium and expert read the same exact notebook, so what the expert
// gains is in its questions and its walking. Against medium bots (3000
// arena games, seed 1, default difficulty) the expert's share of wins went
// from 0.47 to 0.58 at three seats, 0.33 to 0.39 at four and 0.21 to 0.23
// at six (chance: a third, a quarter, a sixth). Most of that is the
// weighting of deals by what rivals named, and the walking by several
// turns' questions; the questions by entropy alone were no better than
// the plain rules.
//
// The game is a race, and entropy alone misses it: a question that may
// settle the case file now is worth more than one that teaches more on
// average and leaves it open (solveWorth). That, with four times the
// deals so that the chance is read well, took the share at three seats
// from 0.576 to 0.627 (6000 games each; see solveWorth and dealSamples),
// and at four and six seats to 0.438 and 0.289 (2000 games each, seed 1).
// Tried at the same time and dropped, as no better or worse (6000 games
// each, 200 deals, before solveWorth unless said): a weight of 3 instead
// of 1 on the room a rival names (0.559) or none (0.565); 1.5 instead of
// 3 on its suspect and weapon (0.563); answering with a suspect or weapon
// before a room (0.562); with solveWorth, a cost of 2 bits on naming a
// rival's suspect, which lets that rival suggest without walking (0.624);
// discounting later turns by 0.5 (0.631) or 0.95 (0.620) instead of 0.8,
// or looking one turn ahead instead of three (0.612); and letting the
// expert name its own cards, or any card, while a kind is open (0.585 and
// 0.582): a question's worth counts only what the expert learns, not
// what the rivals, who see who answered, learn from it.

// questionWorth is the expected fall in the uncertainty (entropy, in
// bits, summed over the three kinds) about the case file when the seat
// names these cards, over the sampled deals, plus solveWorth times the
// chance that the answer settles the case file outright. Each deal's
// answer is the first player to the suggester's left holding a named
// card, showing any one of those it holds with equal chance (how the
// rivals' bots and most people answer).
func questionWorth(ds *deals, named [3]Card) float64 {
	// Outcomes: nobody answers (0), or the j-th player to the left shows
	// the named card t (1+3(j-1)+t).
	const maxOutcomes = 1 + 3*5
	var count [maxOutcomes][numCards]float64
	var total [maxOutcomes]float64
	// An outcome whose deals all have the same case file settles it: the
	// expert can accuse on the spot.
	var firstCF [maxOutcomes][3]Card
	var seen, mixed [maxOutcomes]bool
	note := func(o int, cf *[3]Card) {
		if !seen[o] {
			firstCF[o], seen[o] = *cf, true
		} else if firstCF[o] != *cf {
			mixed[o] = true
		}
	}
	for i := range ds.left {
		left := &ds.left[i]
		j := int8(99)
		for _, c := range named {
			if l := left[c]; l > 0 && l < j {
				j = l
			}
		}
		cf := &ds.cf[i]
		if j == 99 {
			total[0]++
			note(0, cf)
			for _, c := range cf {
				count[0][c]++
			}
			continue
		}
		held := 0
		for _, c := range named {
			if left[c] == j {
				held++
			}
		}
		w := 1 / float64(held)
		for t, c := range named {
			if left[c] != j {
				continue
			}
			o := 1 + 3*int(j-1) + t
			total[o] += w
			note(o, cf)
			for _, c := range cf {
				count[o][c] += w
			}
		}
	}
	sum := float64(len(ds.cf))
	if sum == 0 {
		return 0
	}
	after, solve := 0.0, 0.0
	for o := range ds.outcomes {
		if total[o] > 0 {
			after += total[o] / sum * entropy(&count[o], total[o])
			if !mixed[o] {
				solve += total[o] / sum
			}
		}
	}
	if ds.before == 0 {
		// Every deal drawn has the same case file, yet the notebook is
		// not certain: no answer can be seen to settle anything.
		solve = 0
	}
	return ds.before - after + solveWorth*solve
}

// solveWorth is what the chance that an answer settles the case file is
// worth, in bits. The game is a race: the first to be certain wins, and
// a question that may end the game now beats one that teaches more but
// leaves the case open. Weighed against entropy alone (3000 games at
// seeds 1 and 5 each, 200 deals), a weight of 1 won 0.584 of games, 3
// won 0.590, 8 won 0.600, 20 won 0.606 (0.576 without); with 800 deals,
// 20 won 0.618, 50 won 0.624 and 200 won 0.617: entropy still has to
// choose among questions that cannot end the game.
const solveWorth = 50

// entropy sums, over the three kinds, the entropy of the case file's card
// of that kind, from counts of it among total deals.
// Each deal has one case-file card of each kind, so the sum over every
// card is that sum over the kinds.
func entropy(count *[numCards]float64, total float64) float64 {
	return jointEntropy(count[:], total)
}

// asker chooses the expert's questions for one decision.
type asker struct {
	s    *State
	seat game.Seat
	ds   deals
	// may[c] says whether the expert names suspect or weapon c: while a
	// kind is open, only cards that may be the case file's, so that a rival
	// who shows one teaches something and a question unanswered points at
	// the case file; once a kind is settled, the expert's own cards (or the
	// case file's, if it holds none), which nobody else can show.
	may [numCards]bool
	// asked holds the questions the seat has put, by room: never put
	// twice, as in bot.go.
	asked map[[3]Card]bool
	rng   *game.Rand
}

func newAsker(ctx context.Context, s *State, seat game.Seat, nb *Notebook, rng *game.Rand) (*asker, bool) {
	ds, ok := sampleDeals(ctx, s.knowledgeOf(seat), rng, dealSamples, namedBias(s, seat))
	if !ok {
		return nil, false
	}
	ds.index(s.order, seat)
	a := &asker{s: s, seat: seat, ds: ds, rng: rng, asked: map[[3]Card]bool{}}
	for _, sg := range s.suggestions {
		if sg.Seat == seat {
			a.asked[[3]Card{sg.Suspect, sg.Weapon, sg.Room}] = true
		}
	}
	for _, r := range [][2]int{{0, numSuspects}, {numSuspects, numWeapons}} {
		open, mine := openAndMine(nb, seat, r[0], r[1])
		if len(open) == 0 {
			open = mine
		}
		if len(open) == 0 {
			for c := Card(r[0]); c < Card(r[0]+r[1]); c++ {
				open = append(open, c)
			}
		}
		for _, c := range open {
			a.may[c] = true
		}
	}
	return a, true
}

// best returns the suspect and weapon worth most for a suggestion in room,
// and their worth. Among equals it prefers a suspect no rival plays (a
// detective moved by a suggestion may suggest there on its next turn),
// then chance.
func (a *asker) best(room Place) (Card, Card, float64) {
	bestS, bestW, best := Card(-1), Card(-1), -1.0
	ties := 0
	for su := Card(0); su < numSuspects; su++ {
		if !a.may[su] {
			continue
		}
		for w := Card(numSuspects); w < firstRoom; w++ {
			if !a.may[w] {
				continue
			}
			q := [3]Card{su, w, roomCard(room)}
			if a.asked[q] {
				continue
			}
			v := questionWorth(&a.ds, q)
			if o := a.s.suspectSeat[su]; o >= 0 && o != a.seat {
				v -= 1e-6
			}
			switch {
			case v > best+1e-9:
				bestS, bestW, best, ties = su, w, v, 1
			case v > best-1e-9:
				ties++
				if a.rng.IntN(ties) == 0 {
					bestS, bestW = su, w
				}
			}
		}
	}
	return bestS, bestW, best
}

// planner values places by the questions they lead to over the next few
// turns. Walking costs turns: from a room the next question is a turn
// away through a hallway, or none away through a secret passage, so a
// place is worth its own question now plus, discounted, the best that can
// follow. Later questions are valued with what is known now, which is
// rough (a second visit teaches less than the first) but keeps the
// expert from trading a question every turn for a slightly better one
// every other turn.
type planner struct {
	rooms [numRooms]float64
	// ahead[p] is the discounted worth of the turns after arriving at p.
	ahead [numPlaces]float64
}

const (
	// planTurns is how many turns ahead the planner looks.
	planTurns = 3
	// futureDiscount weighs a question one turn later against one now.
	futureDiscount = 0.8
)

func newPlanner(ctx context.Context, a *asker) *planner {
	pl := &planner{}
	for r := range Place(numRooms) {
		if ctx.Err() != nil {
			// Out of time: the rooms not yet weighed count for nothing.
			break
		}
		_, _, pl.rooms[r] = a.best(r)
	}
	for range planTurns {
		var next [numPlaces]float64
		for p := range Place(firstHome) {
			best := 0.0
			for _, q := range exits(p) {
				best = max(best, pl.arrive(q))
			}
			next[p] = best
		}
		pl.ahead = next
	}
	return pl
}

// arrive is the worth of walking to p: its question if it is a room,
// and what follows.
func (pl *planner) arrive(p Place) float64 {
	v := futureDiscount * pl.ahead[p]
	if p.IsRoom() {
		v += pl.rooms[p]
	}
	return v
}

// expertTurn plays the expert's move at the start of its turn or after
// entering a room, by the worth of questions; ok is false when the
// sampled deals cannot tell (nothing left to learn about the case file),
// or when the deadline has passed, and the plain rules of bot.go decide.
func (b *bot) expertTurn(ctx context.Context, s *State, seat game.Seat, nb *Notebook) (Move, bool) {
	// The work is fixed (dealSamples deals, every room weighed), never
	// cut by the clock: a decision takes a few milliseconds, and the
	// same position and generator give the same move on a busy machine.
	// ctx's end only stops a runaway.
	if ctx.Err() != nil {
		return Move{}, false
	}
	a, ok := newAsker(ctx, s, seat, nb, &b.rng)
	if !ok {
		return Move{}, false
	}
	ask := func(room Place) (Move, bool) {
		su, w, v := a.best(room)
		if v < minWorth {
			return Move{}, false
		}
		return Move{Kind: VerbSuggest, Suspect: su, Weapon: w}, true
	}
	if s.phase == phEntered {
		return ask(s.room(seat))
	}
	dest := s.destinations(seat)
	if len(dest) > 0 && repeating(s, seat) && b.rng.IntN(3) == 0 {
		// As in walk: a random step now and then breaks a circle.
		return Move{Kind: VerbMove, To: dest[b.rng.IntN(len(dest))]}, true
	}
	pl := newPlanner(ctx, a)
	var best []Place
	bestV := -1.0
	for _, p := range dest {
		switch v := pl.arrive(p); {
		case v > bestV+1e-9:
			best, bestV = []Place{p}, v
		case v > bestV-1e-9:
			best = append(best, p)
		}
	}
	if s.canStay(seat) && pl.arrive(s.room(seat)) >= bestV {
		return ask(s.room(seat))
	}
	if bestV < minWorth {
		return Move{}, false
	}
	return Move{Kind: VerbMove, To: best[b.rng.IntN(len(best))]}, true
}

// minWorth is the least worth (in bits) that counts as something to learn.
const minWorth = 1e-3

// Weights of the bias on deals (natural-log units per suggestion): a
// rival hardly ever names a suspect or weapon it holds, since that would
// ask about a card it knows is not the case file's; the room it has to
// name where it stands, so that says less.
const (
	namedCardBias = 3
	namedRoomBias = 1
)

// namedBias is the bias on deals for sampleDeals from the rivals'
// suggestions: a deal that puts a card in the hand of a rival who named
// it is less likely. It only steers which questions the expert asks; the
// notebook, and so every accusation, rests on what was seen alone.
func namedBias(s *State, seat game.Seat) *[7][numCards]float64 {
	var out [7][numCards]float64
	for _, sg := range s.suggestions {
		if sg.Seat == seat {
			continue
		}
		out[sg.Seat][sg.Suspect] -= namedCardBias
		out[sg.Seat][sg.Weapon] -= namedCardBias
		out[sg.Seat][sg.Room] -= namedRoomBias
	}
	return &out
}
