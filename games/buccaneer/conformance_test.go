package buccaneer

import (
	"encoding/json"
	"fmt"
	"slices"
	"testing"

	"github.com/parlor-games/parlor/game"
	"github.com/parlor-games/parlor/game/gametest"
)

// TestConformance runs the contract's checks on random matches of 2 to 4
// captains, with a sampler that re-deals what a seat cannot know (the
// order of both packs, the other captains' crew cards, and with them
// their fighting strengths), so that views and events are shown to keep
// those secrets (the decisions page on crew cards, FR6).
func TestConformance(t *testing.T) {
	gametest.Conformance(t, Definition, gametest.Config{
		// Every entry sets a turn limit, which is off by default: random
		// play would otherwise end few matches by the rules within
		// MaxMoves, and the suite compares those ends with the ones the
		// match decides (TestTurnLimitOffByDefault covers the default).
		Options: []json.RawMessage{
			json.RawMessage(`{"turns":400}`),
			json.RawMessage(`{"seats":2,"turns":120}`),
			json.RawMessage(`{"seats":3,"turns":90}`),
		},
		Playouts:     2,
		MovesChecked: 12,
		MaxMoves:     600,
		Hidden:       unseenCrew,
		Candidates:   nearMisses,
	})
}

// nearMisses are moves of every form, mostly made of what is at hand:
// squares on and just off the board, facings, answers, seats, and trades,
// takes, keeps and plays of the seat's own cards and treasure, the port's
// stock and a few items anywhere.
func nearMisses(st game.State, seat game.Seat, rng *game.Rand) []game.Move {
	s := st.(*State)
	p := s.players[seat]
	var mine, theirs []string
	for _, c := range p.hand {
		mine = append(mine, c.String())
	}
	for _, k := range p.hold {
		mine = append(mine, k.String())
	}
	if port := portAt(p.at); port >= 0 {
		stock := s.stockBundle(port)
		theirs = stock.items()
	}
	every := []string{"diamond", "ruby", "gold", "pearl", "rum", "R1", "R2", "R3", "B1", "B2", "B3", "john"}
	pick := func(from []string) []string {
		if len(from) == 0 {
			from = every
		}
		var out []string
		for range 1 + rng.IntN(3) {
			if rng.IntN(5) == 0 {
				out = append(out, every[rng.IntN(len(every))])
			} else {
				out = append(out, from[rng.IntN(len(from))])
			}
		}
		return out
	}
	return []game.Move{
		SailTo(rng.IntN(Size+2), rng.IntN(Size+2)),
		SailTo(p.at.X+rng.IntN(7)-3, p.at.Y+rng.IntN(7)-3),
		FaceTo(Dir(rng.IntN(8))),
		AttackMove(rng.IntN(2) == 0),
		SeatMove(rng.IntN(s.n+1) - 1),
		Done,
		Move{Crew: true},
		Move{Give: pick(mine), Take: pick(theirs)},
		Move{Take: pick(theirs)},
		Move{Keep: pick(nil)},
		Move{Play: []int{21, 23, 24, 25, rng.IntN(30)}[rng.IntN(5)], Take: pick(theirs)},
	}
}

// unseenCrew is the sampler: a match seat cannot tell from l. It writes
// the match's opening position out as a scenario and changes in it what
// seat may not know by the rules (the decisions page): the order of the
// crew cards Pirate Island has not dealt by the end of l, the order of the
// chance cards not drawn by then, the colours and values of the crew
// cards in other captains' hands and in the pack (keeping each hand's
// count and total), and the seed, which decides card 20's random cards.
//
// A change to a hidden card may show later, when the card reaches a port
// or seat's hand, or turns a fight the other way. So the sampler replays
// the new log beside l and keeps it only if, after every move, what the
// rules let seat know is the same in both: publicFacts, read from the
// state's fields and not from View, so that a View that shows more than
// the rules allow is caught by the suite rather than hidden by the
// sampler.
func unseenCrew(l game.Log, seat game.Seat, rng *game.Rand) (game.Log, bool) {
	reg := game.NewRegistry(Definition)
	_, st0, err := reg.Start(game.Log{Game: l.Game, Options: l.Options, Seed: l.Seed})
	if err != nil {
		return l, false
	}
	start := st0.(*State)
	// Replay l, recording what seat knows after each move and how much
	// of each pack has come into play.
	cur := start.Clone().(*State)
	facts := []string{publicFacts(cur, seat)}
	dealt, drawn := 0, 0
	for _, e := range l.Moves {
		evs, err := game.PlayEvents(cur, e.Seat, e.Move)
		if err != nil {
			return l, false
		}
		for _, ev := range evs {
			switch d := ev.Data.(type) {
			case ChanceData:
				drawn++
			case CrewData:
				if ev.Type == "crew" && d.From == placePirate {
					dealt += d.Count
				}
			}
		}
		facts = append(facts, publicFacts(cur, seat))
	}
	var opt map[string]any
	if len(l.Options) > 0 {
		if err := json.Unmarshal(l.Options, &opt); err != nil {
			return l, false
		}
	}
	if opt == nil {
		opt = map[string]any{}
	}
	for attempt := range 40 {
		sc := scenarioOf(start)
		// The crew cards below those dealt, and the chance cards below
		// those drawn, are never seen in l.
		if k := min(dealt, len(sc.CrewPack)); k < len(sc.CrewPack) {
			shuffle(rng, sc.CrewPack[k:])
		}
		if d := min(drawn, len(sc.ChancePack)); d < len(sc.ChancePack) {
			shuffle(rng, sc.ChancePack[d:])
		}
		// Swap crew cards among the places seat cannot see, fewer as the
		// attempts fail.
		swaps := 0
		if attempt < 30 {
			swaps = 1 + rng.IntN(max(1, 3-attempt/10))
		}
		for range swaps {
			swapUnseen(&sc, seat, rng)
		}
		opt["scenario"] = sc
		raw, err := json.Marshal(opt)
		if err != nil {
			return l, false
		}
		alt := l
		alt.Options = raw
		alt.Seed = rng.Uint64()
		alt.Moves = slices.Clone(l.Moves)
		_, st, err := reg.Start(alt)
		if err != nil {
			continue
		}
		other := st.(*State)
		if !hiddenDiffers(start, other) && attempt < 39 {
			continue
		}
		if alike(other, alt.Moves, seat, facts) {
			return alt, true
		}
	}
	return l, false
}

// alike replays moves on s and reports whether seat knows the same after
// each one as facts say, up to the end of the match.
func alike(s *State, moves []game.Entry, seat game.Seat, facts []string) bool {
	if publicFacts(s, seat) != facts[0] {
		return false
	}
	for i, e := range moves {
		if _, err := game.PlayEvents(s, e.Seat, e.Move); err != nil {
			return false
		}
		if s.phase == phOver {
			return i == len(moves)-1 && facts[i+1] == publicFacts(s, seat)
		}
		if publicFacts(s, seat) != facts[i+1] {
			return false
		}
	}
	return true
}

// publicFacts is what seat may know of s by the rules: everything but the
// other captains' crew cards, of which it knows the number and the total,
// the order of both packs, of which it knows the size, and the generator.
// (Fighting strengths are known only through the results of fights, which
// show in who ends up with what and where.)
func publicFacts(s *State, seat game.Seat) string {
	type captain struct {
		Home, Cards, Total int
		At                 Point
		Facing             Dir
		Hold               []Kind
		Kept               []int
		Hand               []Card
	}
	f := struct {
		N, MaxTurns, Turns, Cur int
		Order                   []game.Seat
		Captains                []captain
		Ports                   [numPorts]portStock
		Flat                    portStock
		Island                  Treasure
		Crew, Chance            int
		Phase                   phase
		Who                     game.Seat
		Dest                    Point
		Asks                    []ask
		Then, Card, Limit       int
		CrewN                   int
		Seats                   []game.Seat
		Spoils                  Treasure
		Room                    int
		Loser                   game.Seat
		Last                    drawn
		Winners                 []game.Seat
		Reason                  string
	}{
		N: s.n, MaxTurns: s.maxTurns, Turns: s.turns, Cur: s.cur, Order: s.order,
		Ports: s.ports, Flat: s.flat, Island: s.island, Crew: len(s.crew), Chance: len(s.chance),
		Phase: s.phase, Who: s.who, Dest: s.dest, Asks: s.asks, Then: s.then, Card: s.card, Limit: s.limit,
		CrewN: s.crewN, Seats: s.seats, Spoils: s.spoils, Room: s.room, Loser: s.loser,
		Winners: s.winners, Reason: s.reason,
	}
	for i, p := range s.players {
		c := captain{Home: p.home, Cards: len(p.hand), Total: crewTotal(p.hand), At: p.at, Facing: p.facing, Hold: p.hold, Kept: p.kept}
		if game.Seat(i) == seat {
			c.Hand = p.hand
		}
		f.Captains = append(f.Captains, c)
	}
	if s.last != nil {
		f.Last = *s.last
	} else {
		f.Last.seat = -1
	}
	return fmt.Sprintf("%+v", f)
}

// hiddenDiffers reports whether a and b, two opening positions, differ in
// a hidden fact: a hand, or the order of a pack.
func hiddenDiffers(a, b *State) bool {
	for i := range a.players {
		if !slices.Equal(a.players[i].hand, b.players[i].hand) {
			return true
		}
	}
	return !slices.Equal(a.crew, b.crew) || !slices.Equal(a.chance, b.chance)
}

// scenarioOf writes s, an opening position, out as a scenario that
// starts the same position.
func scenarioOf(s *State) Scenario {
	sc := Scenario{Ports: map[string]PortSetup{}}
	for _, p := range s.players {
		at := p.at
		sc.Ships = append(sc.Ships, ShipSetup{Home: Ports[p.home].Name, At: &at, Facing: p.facing.String(),
			Hand: slices.Clone(p.hand), Treasure: holdTreasure(p.hold).names(), Kept: slices.Clone(p.kept)})
	}
	for i, st := range s.ports {
		sc.Ports[Ports[i].Name] = PortSetup{Cards: slices.Clone(st.cards), Treasure: st.treasure.names(),
			Safe: st.safe.names(), LongJohn: st.john}
	}
	sc.FlatIsland = &PortSetup{Cards: slices.Clone(s.flat.cards), Treasure: s.flat.treasure.names()}
	sc.CrewPack = slices.Clone(s.crew)
	sc.ChancePack = slices.Clone(s.chance)
	turn := int(s.mover())
	sc.Turn = &turn
	sc.TurnsPlayed = s.turns
	return sc
}

// swapUnseen swaps crew cards between places seat cannot see (other
// captains' hands and the pack): two cards of one value and different
// colours, or two pairs of cards of the same total, one pair from one
// hand, keeping every hand's count and total.
func swapUnseen(sc *Scenario, seat game.Seat, rng *game.Rand) {
	type slot struct {
		place []Card
		where int // a seat, or -1 for the pack
		i     int
	}
	var slots []slot
	for i := range sc.Ships {
		if game.Seat(i) == seat {
			continue
		}
		for j := range sc.Ships[i].Hand {
			slots = append(slots, slot{sc.Ships[i].Hand, i, j})
		}
	}
	for j := range sc.CrewPack {
		slots = append(slots, slot{sc.CrewPack, -1, j})
	}
	if len(slots) < 2 {
		return
	}
	card := func(s slot) *Card { return &s.place[s.i] }
	if rng.IntN(2) == 0 {
		a := slots[rng.IntN(len(slots))]
		var bs []slot
		for _, b := range slots {
			if card(b).Value == card(a).Value && card(b).Red != card(a).Red {
				bs = append(bs, b)
			}
		}
		if len(bs) > 0 {
			b := bs[rng.IntN(len(bs))]
			*card(a), *card(b) = *card(b), *card(a)
		}
		return
	}
	// Two cards of a hand for two cards elsewhere with the same total.
	a1 := slots[rng.IntN(len(slots))]
	if a1.where < 0 || len(a1.place) < 2 {
		return
	}
	a2 := slot{a1.place, a1.where, (a1.i + 1 + rng.IntN(len(a1.place)-1)) % len(a1.place)}
	sum := card(a1).Value + card(a2).Value
	type pair struct{ b1, b2 slot }
	var pairs []pair
	for x, b1 := range slots {
		for _, b2 := range slots[x+1:] {
			if b1.where == a1.where || b2.where != b1.where {
				continue
			}
			if card(b1).Value+card(b2).Value == sum && card(b1).Value != card(a1).Value && card(b1).Value != card(a2).Value {
				pairs = append(pairs, pair{b1, b2})
			}
		}
	}
	if len(pairs) == 0 {
		return
	}
	p := pairs[rng.IntN(len(pairs))]
	*card(a1), *card(p.b1) = *card(p.b1), *card(a1)
	*card(a2), *card(p.b2) = *card(p.b2), *card(a2)
	for i := range sc.Ships {
		sortHand(sc.Ships[i].Hand)
	}
}

func shuffle[T any](rng *game.Rand, xs []T) {
	rng.Shuffle(len(xs), func(i, j int) { xs[i], xs[j] = xs[j], xs[i] })
}

// TestSamplerKeepsWhatSeatKnows: written out as a scenario with nothing
// changed, an opening replays to the same public facts, so the sampler's
// filter rejects only what it changed.
func TestSamplerKeepsWhatSeatKnows(t *testing.T) {
	for _, o := range []string{`{}`, `{"seats":2}`, `{"seats":3}`} {
		s := start(t, o, 7)
		sc := scenarioOf(s)
		raw, err := json.Marshal(map[string]any{"seats": s.n, "scenario": sc})
		if err != nil {
			t.Fatal(err)
		}
		twin := start(t, string(raw), 8)
		for seat := range game.Seat(s.n) {
			if a, b := publicFacts(s, seat), publicFacts(twin, seat); a != b {
				t.Fatalf("%s: the scenario of an opening starts another position:\n%s\n%s", o, a, b)
			}
		}
		if hiddenDiffers(s, twin) {
			t.Fatalf("%s: the scenario of an opening changes a hidden fact", o)
		}
	}
}
