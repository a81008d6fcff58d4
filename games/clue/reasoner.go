package clue

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"slices"

	"github.com/parlor-games/parlor/game"
)

// The reasoner is an opponent for the arena alone (Definition.ArenaBots):
// a yardstick built to an outside standard, the way Neller's SAT approach
// to Clue plays, to measure the levels offered at tables against. It is
// not offered to players: it is no better than expert and plays much like
// it, so a fourth level would only crowd the choice.
//
//   - Deduction: exact. A SAT solver asked, for each card and holder,
//     whether the clauses of what the seat saw (its hand, the face-up
//     cards, each hand's size, who could not answer, who answered, the
//     card shown to it, wrong accusations) entail the card's place gives
//     the same marks as the notebook (notebook.go), which is exact by
//     construction and tested against enumeration of every deal.
//   - Accusation: only when the notebook is certain of the whole case
//     file, and then at once.
//   - Suggestion: the one whose answers best divide the case files still
//     possible. It draws deals consistent with what it saw, all alike (no
//     guess at how rivals choose their questions), and names the suspect
//     and weapon whose answer (who shows, and which card if to it) leaves
//     the least expected uncertainty (entropy) about the case file as a
//     whole, the three cards together. No bonus for an answer that settles
//     the case, no guess about rivals: those are the expert's own.
//   - Walking: to the place whose question now, or next turn from a
//     hallway, divides most.
//   - Answering: a card the suggester has already seen from it, if any;
//     otherwise one of the named cards it holds at random.
//
// It decides from its seat's view alone, as that seat's client receives it
// (the JSON form): Choose reads nothing of the state but View(seat).
type reasoner struct {
	rng game.Rand
}

// LevelReasoner is the reasoner's level name, for `parlor arena`.
const LevelReasoner = "reasoner"

// arenaLevels are the opponents only the arena plays.
var arenaLevels = []string{LevelReasoner}

const (
	// reasonerSamples is how many consistent deals a decision weighs
	// questions by.
	reasonerSamples = 600
	// reasonerDiscount weighs next turn's question against one now.
	reasonerDiscount = 0.8
)

func (r *reasoner) Choose(ctx context.Context, gs game.State, seat game.Seat) (game.Move, error) {
	raw, err := json.Marshal(gs.View(seat))
	if err != nil {
		return nil, err
	}
	var v View
	if err := json.Unmarshal(raw, &v); err != nil {
		return nil, fmt.Errorf("reading the seat's view: %w", err)
	}
	if v.Seat != seat {
		return nil, game.NotYourTurn(seat)
	}
	return r.choose(ctx, &v)
}

// choose is the reasoner's move from a seat's view.
func (r *reasoner) choose(ctx context.Context, v *View) (game.Move, error) {
	if !slices.Contains(v.Owes, v.Seat) {
		return nil, game.NotYourTurn(v.Seat)
	}
	if v.Phase == phaseNames[phDisprove] {
		return r.answer(v)
	}
	k, err := knowledgeFromView(v)
	if err != nil {
		return nil, err
	}
	nb := deduce(k)
	if cf, ok := nb.Solution(); ok {
		return Move{Kind: VerbAccuse, Suspect: cf[0], Weapon: cf[1], Room: cf[2]}, nil
	}
	switch {
	case v.MustSuggest:
		return r.suggest(ctx, v, k), nil
	case v.Phase == phaseNames[phStart] && (len(v.Moves) > 0 || v.CanStay):
		return r.turn(ctx, v, k), nil
	}
	return Move{Kind: VerbEnd}, nil
}

// answer shows a card to the suggester: one it has already seen from this
// seat if there is one, since that tells it nothing new.
func (r *reasoner) answer(v *View) (game.Move, error) {
	if len(v.Suggestions) == 0 {
		return nil, fmt.Errorf("nothing to answer")
	}
	last := v.Suggestions[len(v.Suggestions)-1]
	var can []Card
	for _, c := range []Card{last.Suspect, last.Weapon, last.Room} {
		if slices.Contains(v.Hand, c) {
			can = append(can, c)
		}
	}
	if len(can) == 0 {
		return nil, fmt.Errorf("none of the named cards is in the hand")
	}
	for _, sg := range v.Suggestions[:len(v.Suggestions)-1] {
		if sg.Seat == last.Seat && sg.ShownBy == v.Seat && sg.Card != nil && slices.Contains(can, *sg.Card) {
			return Move{Kind: VerbShow, Card: *sg.Card}, nil
		}
	}
	return Move{Kind: VerbShow, Card: can[r.rng.IntN(len(can))]}, nil
}

// knowledgeFromView gathers what a seat knows from its view alone; it
// gives the same knowledge as State.knowledgeOf for that seat.
func knowledgeFromView(v *View) (*knowledge, error) {
	n := len(v.Players)
	if v.Seat < 0 || int(v.Seat) >= n {
		return nil, fmt.Errorf("a spectator's view has no hand to reason from")
	}
	k := &knowledge{n: n, self: v.Seat, own: v.Hand, up: v.FaceUp}
	for _, p := range v.Players {
		k.size = append(k.size, p.Cards)
	}
	if len(v.CaseFile) == 3 {
		cf := [3]Card(v.CaseFile)
		k.known = &cf
	}
	pending := game.Seat(-1)
	if v.Phase == phaseNames[phDisprove] && len(v.Owes) == 1 {
		pending = v.Owes[0]
	}
	for _, sg := range v.Suggestions {
		named := [3]Card{sg.Suspect, sg.Weapon, sg.Room}
		for _, q := range sg.Passed {
			for _, c := range named {
				k.excl[c] |= 1 << q
			}
		}
		if !sg.Answered && pending >= 0 && pending != v.Seat {
			k.some = append(k.some, someFact{int(pending), named})
		}
		if !sg.Answered || sg.ShownBy < 0 {
			continue
		}
		switch v.Seat {
		case sg.ShownBy:
		case sg.Seat:
			if sg.Card == nil {
				return nil, fmt.Errorf("the view lacks the card shown to its own seat")
			}
			k.has = append(k.has, fact{*sg.Card, int(sg.ShownBy)})
		default:
			k.some = append(k.some, someFact{int(sg.ShownBy), named})
		}
	}
	for _, a := range v.Accusations {
		if !a.Correct {
			k.notCF = append(k.notCF, [3]Card{a.Suspect, a.Weapon, a.Room})
		}
	}
	return k, nil
}

// splitter weighs questions by how well their answers divide the case
// files of a sample of consistent deals.
type splitter struct {
	ds deals
	// cfID[i] numbers deal i's case file among the distinct ones drawn.
	cfID   []int
	nCF    int
	before float64
	// asked are the questions the seat has already put, which it never
	// puts again: a rival who always shows the same card would otherwise
	// keep a question worth asking for ever.
	asked map[[3]Card]bool
}

func newSplitter(ctx context.Context, v *View, k *knowledge, rng *game.Rand) (*splitter, bool) {
	ds, ok := sampleDeals(ctx, k, rng, reasonerSamples, nil)
	if !ok {
		return nil, false
	}
	ds.index(v.Order, v.Seat)
	sp := &splitter{ds: ds, asked: map[[3]Card]bool{}}
	ids := map[[3]Card]int{}
	for _, cf := range ds.cf {
		id, ok := ids[cf]
		if !ok {
			id = len(ids)
			ids[cf] = id
		}
		sp.cfID = append(sp.cfID, id)
	}
	sp.nCF = len(ids)
	count := make([]float64, sp.nCF)
	for _, id := range sp.cfID {
		count[id]++
	}
	sp.before = jointEntropy(count, float64(len(sp.cfID)))
	for _, sg := range v.Suggestions {
		if sg.Seat == v.Seat {
			sp.asked[[3]Card{sg.Suspect, sg.Weapon, sg.Room}] = true
		}
	}
	return sp, true
}

// jointEntropy is the entropy, in bits, of counts out of total.
func jointEntropy(count []float64, total float64) float64 {
	h := 0.0
	for _, p := range count {
		if p > 0 {
			q := p / total
			h -= q * math.Log2(q)
		}
	}
	return h
}

// split is the expected fall in the entropy of the case file when the
// seat names these cards. An answer is who shows (the first player to the
// left holding a named card) and which card, each it holds being equally
// likely; the seat sees the card, so each is its own answer.
func (sp *splitter) split(named [3]Card) float64 {
	const maxOutcomes = 1 + 3*5
	count := make([][]float64, maxOutcomes)
	var total [maxOutcomes]float64
	add := func(o, id int, w float64) {
		if count[o] == nil {
			count[o] = make([]float64, sp.nCF)
		}
		count[o][id] += w
		total[o] += w
	}
	for i := range sp.ds.left {
		left := &sp.ds.left[i]
		j := int8(99)
		for _, c := range named {
			if l := left[c]; l > 0 && l < j {
				j = l
			}
		}
		if j == 99 {
			add(0, sp.cfID[i], 1)
			continue
		}
		held := 0
		for _, c := range named {
			if left[c] == j {
				held++
			}
		}
		for t, c := range named {
			if left[c] == j {
				add(1+3*int(j-1)+t, sp.cfID[i], 1/float64(held))
			}
		}
	}
	n := float64(len(sp.cfID))
	after := 0.0
	for o := range maxOutcomes {
		if total[o] > 0 {
			after += total[o] / n * jointEntropy(count[o], total[o])
		}
	}
	return sp.before - after
}

// best is the suspect and weapon whose answers divide most in room, and
// how much; ok is false when every question there was already put.
func (sp *splitter) best(room Card, rng *game.Rand) (Move, float64, bool) {
	var out Move
	best, ties := -1.0, 0
	for su := Card(0); su < numSuspects; su++ {
		for w := Card(numSuspects); w < firstRoom; w++ {
			q := [3]Card{su, w, room}
			if sp.asked[q] {
				continue
			}
			switch v := sp.split(q); {
			case v > best+1e-9:
				out, best, ties = Move{Kind: VerbSuggest, Suspect: su, Weapon: w}, v, 1
			case v > best-1e-9:
				ties++
				if rng.IntN(ties) == 0 {
					out = Move{Kind: VerbSuggest, Suspect: su, Weapon: w}
				}
			}
		}
	}
	return out, best, best >= 0
}

// suggest names the suspect and weapon for the room the seat stands in.
func (r *reasoner) suggest(ctx context.Context, v *View, k *knowledge) Move {
	if v.Room != nil {
		if sp, ok := newSplitter(ctx, v, k, &r.rng); ok {
			if m, _, ok := sp.best(*v.Room, &r.rng); ok {
				return m
			}
		}
	}
	return r.anyQuestion()
}

// anyQuestion is a question at random, for when there is nothing to weigh
// questions by (every one here put before, or no deal to draw).
func (r *reasoner) anyQuestion() Move {
	return Move{Kind: VerbSuggest, Suspect: Card(r.rng.IntN(numSuspects)), Weapon: Card(numSuspects + r.rng.IntN(numWeapons))}
}

// turn is the reasoner's move at the start of its turn: stay and suggest,
// or walk where the question now or next turn divides most.
func (r *reasoner) turn(ctx context.Context, v *View, k *knowledge) Move {
	sp, ok := newSplitter(ctx, v, k, &r.rng)
	var worth [numRooms]float64
	var question [numRooms]Move
	var open [numRooms]bool
	if ok {
		for room := range Place(numRooms) {
			question[room], worth[room], open[room] = sp.best(roomCard(room), &r.rng)
		}
	}
	value := func(p Place) float64 {
		if p.IsRoom() {
			return worth[p]
		}
		best := 0.0
		for _, q := range exits(p) {
			if q.IsRoom() {
				best = max(best, worth[q])
			}
		}
		return reasonerDiscount * best
	}
	var best []Place
	bestV := -1.0
	for _, p := range v.Moves {
		switch x := value(p); {
		case x > bestV+1e-9:
			best, bestV = []Place{p}, x
		case x > bestV-1e-9:
			best = append(best, p)
		}
	}
	if v.CanStay && v.Room != nil {
		if here := cardRoom(*v.Room); worth[here] >= bestV || len(best) == 0 {
			if open[here] {
				return question[here]
			}
			return r.anyQuestion()
		}
	}
	if bestV < minWorth {
		// Nothing to learn from any place within reach: a random step,
		// so that the walk goes on to where something is.
		return Move{Kind: VerbMove, To: v.Moves[r.rng.IntN(len(v.Moves))]}
	}
	return Move{Kind: VerbMove, To: best[r.rng.IntN(len(best))]}
}
