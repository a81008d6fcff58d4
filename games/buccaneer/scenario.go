package buccaneer

import (
	"fmt"
	"slices"
	"sort"
)

// Scenario sets a chosen position instead of the random set-up, for tests,
// tutorials and puzzles. It is the "scenario" option; see the package doc
// for its JSON.
type Scenario struct {
	// Ships lists one entry per seat, in seat order.
	Ships []ShipSetup `json:"ships"`
	// Ports gives the stock of ports by name; ports not listed are empty.
	Ports map[string]PortSetup `json:"ports,omitempty"`
	// FlatIsland gives Flat Island's cards and treasure.
	FlatIsland *PortSetup `json:"flatIsland,omitempty"`
	// CrewPack is the top of Pirate Island's pack, top first. The crew
	// cards placed nowhere else go under these, shuffled.
	CrewPack []Card `json:"crewPack,omitempty"`
	// ChancePack is the top of the chance pack, top first. The cards not
	// kept, not in the pack and not left in a port (Long John) go under
	// these, shuffled.
	ChancePack []int `json:"chancePack,omitempty"`
	// Turn is the seat whose turn it is (default: the London captain, or
	// the first in turn order).
	Turn *int `json:"turn,omitempty"`
	// TurnsPlayed counts towards the turn limit.
	TurnsPlayed int `json:"turnsPlayed,omitempty"`
}

// ShipSetup is one captain in a scenario.
type ShipSetup struct {
	Home     string   `json:"home"`
	At       *Point   `json:"at,omitempty"`     // default: the home port
	Facing   string   `json:"facing,omitempty"` // default: out to sea from the home port
	Hand     []Card   `json:"hand,omitempty"`
	Treasure []string `json:"treasure,omitempty"`
	Kept     []int    `json:"kept,omitempty"`
}

// PortSetup is a port's (or Flat Island's) stock in a scenario. Safe and
// LongJohn apply to ports only.
type PortSetup struct {
	Cards    []Card   `json:"cards,omitempty"`
	Treasure []string `json:"treasure,omitempty"`
	Safe     []string `json:"safe,omitempty"`
	LongJohn bool     `json:"longJohn,omitempty"`
}

func scenarioErr(format string, args ...any) error {
	return fmt.Errorf("scenario: "+format, args...)
}

func parseTreasure(items []string, where string) (Treasure, error) {
	var t Treasure
	for _, it := range items {
		r := itemRank(normItem(it))
		if r < 0 || r >= numKinds {
			return t, scenarioErr("%s: %q is not a treasure (diamond, ruby, gold, pearl, rum)", where, it)
		}
		t[r]++
	}
	return t, nil
}

// setScenario fills s from sc, checking that it describes a possible
// position: 36 crew cards, 20 treasures and 28 chance cards at most once
// each, at most two treasures a ship, ships on sea squares.
func (s *State) setScenario(sc *Scenario) error {
	if len(sc.Ships) != s.n {
		return scenarioErr("it lists %d ships for %d seats", len(sc.Ships), s.n)
	}
	u := &scenarioUse{chance: map[int]string{}}
	if err := s.setShips(sc.Ships, u); err != nil {
		return err
	}
	if err := s.setPorts(sc.Ports, u); err != nil {
		return err
	}
	if err := s.setFlatIsland(sc.FlatIsland, u); err != nil {
		return err
	}
	if err := s.fillCrew(sc.CrewPack, u); err != nil {
		return err
	}
	if err := s.fillChance(sc.ChancePack, u); err != nil {
		return err
	}
	if sc.Turn != nil && (*sc.Turn < 0 || *sc.Turn >= s.n) {
		return scenarioErr("turn: there is no seat %d", *sc.Turn)
	}
	if sc.TurnsPlayed < 0 || (s.maxTurns > 0 && sc.TurnsPlayed >= s.maxTurns) {
		return scenarioErr("turnsPlayed must be from 0 to the turn limit less one")
	}
	s.turns = sc.TurnsPlayed
	for i := range s.ports {
		s.safeZone(i)
	}
	return nil
}

// scenarioUse counts what a scenario places, so that no card or treasure
// is used more often than the game has it: crew cards by type,
// treasures by kind, and each chance card with where it went.
type scenarioUse struct {
	cards    [6]int
	treasure Treasure
	chance   map[int]string
}

func (u *scenarioUse) useCards(h []Card) {
	for _, c := range h {
		u.cards[c.cardType()]++
	}
}

func (u *scenarioUse) useTreasure(t Treasure) {
	for k := range u.treasure {
		u.treasure[k] += t[k]
	}
}

// useChance places chance card n, refusing one that does not exist or is
// already placed elsewhere.
func (u *scenarioUse) useChance(n int, where string) error {
	if n < 1 || n > numChance {
		return scenarioErr("%s: there is no chance card %d (1 to 28)", where, n)
	}
	if w, dup := u.chance[n]; dup {
		return scenarioErr("chance card %d is both %s and %s", n, w, where)
	}
	u.chance[n] = where
	return nil
}

// setShips places the captains: each in its own home port unless placed
// elsewhere at sea, with its hand, its hold and the chance cards it keeps.
func (s *State) setShips(ships []ShipSetup, u *scenarioUse) error {
	s.players = make([]player, s.n)
	homes := map[int]bool{}
	for i, sh := range ships {
		where := fmt.Sprintf("ship %d", i)
		h := portIndex(sh.Home)
		if h < 0 || !Ports[h].Home {
			return scenarioErr("%s: %q is not a home port (London, Genoa, Marseilles, Cadiz)", where, sh.Home)
		}
		if homes[h] {
			return scenarioErr("%s: %s is already another captain's home", where, Ports[h].Name)
		}
		homes[h] = true
		p, err := shipOf(sh, h, where, u)
		if err != nil {
			return err
		}
		s.players[i] = p
	}
	return nil
}

// shipOf is the captain of ship sh, whose home is port h.
func shipOf(sh ShipSetup, h int, where string, u *scenarioUse) (player, error) {
	p := player{home: h, at: Ports[h].At, facing: Ports[h].Out}
	if sh.At != nil {
		if !isSea(*sh.At) {
			return p, scenarioErr("%s: %s is not a sea square of the board", where, *sh.At)
		}
		p.at = *sh.At
	}
	if sh.Facing != "" {
		d, ok := parseDir(sh.Facing)
		if !ok {
			return p, scenarioErr("%s: %q is not a direction (N, NE, E, SE, S, SW, W, NW)", where, sh.Facing)
		}
		p.facing = d
	}
	p.hand = slices.Clone(sh.Hand)
	sortHand(p.hand)
	u.useCards(p.hand)
	t, err := parseTreasure(sh.Treasure, where)
	if err != nil {
		return p, err
	}
	if t.total() > 2 {
		return p, scenarioErr("%s: a ship carries at most two treasures", where)
	}
	p.hold = kindsOf(t)
	u.useTreasure(t)
	for _, c := range sh.Kept {
		if !Chance[max(0, min(c-1, numChance-1))].Keep {
			return p, scenarioErr("%s: chance card %d is not one a captain keeps (21, 23, 24, 25, 26)", where, c)
		}
		if err := u.useChance(c, where); err != nil {
			return p, err
		}
		p.kept = append(p.kept, c)
	}
	slices.Sort(p.kept)
	return p, nil
}

// setPorts stocks the ports listed, in the order of their names so that
// a refusal is always the same one.
func (s *State) setPorts(ports map[string]PortSetup, u *scenarioUse) error {
	names := make([]string, 0, len(ports))
	for name := range ports {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		ps := ports[name]
		i := portIndex(name)
		if i < 0 {
			return scenarioErr("there is no port called %q", name)
		}
		st := &s.ports[i]
		st.cards = slices.Clone(ps.Cards)
		sortHand(st.cards)
		u.useCards(st.cards)
		var err error
		if st.treasure, err = parseTreasure(ps.Treasure, name); err != nil {
			return err
		}
		if st.safe, err = parseTreasure(ps.Safe, name+" safe zone"); err != nil {
			return err
		}
		u.useTreasure(st.treasure)
		u.useTreasure(st.safe)
		if ps.LongJohn {
			if err := u.useChance(21, name); err != nil {
				return err
			}
			st.john = true
		}
	}
	return nil
}

// setFlatIsland stocks Flat Island, if the scenario says what it holds.
func (s *State) setFlatIsland(f *PortSetup, u *scenarioUse) error {
	if f == nil {
		return nil
	}
	if len(f.Safe) > 0 || f.LongJohn {
		return scenarioErr("Flat Island has no safe zone and no Long John")
	}
	s.flat.cards = slices.Clone(f.Cards)
	sortHand(s.flat.cards)
	u.useCards(s.flat.cards)
	var err error
	if s.flat.treasure, err = parseTreasure(f.Treasure, "Flat Island"); err != nil {
		return err
	}
	u.useTreasure(s.flat.treasure)
	return nil
}

// fillCrew checks that the scenario uses no more cards and treasures than
// the game has, leaves the treasures not placed on Pirate Island, and
// makes the crew pack: top, then every card placed nowhere, shuffled.
func (s *State) fillCrew(top []Card, u *scenarioUse) error {
	s.crew = slices.Clone(top)
	u.useCards(s.crew)
	for t, c := range u.cards {
		if c > perCardType {
			return scenarioErr("it uses %d %s cards; there are %d", c, cardOfType(t), perCardType)
		}
	}
	for k, c := range u.treasure {
		if c > perKind {
			return scenarioErr("it uses %d %s; there are %d", c, Kind(k), perKind)
		}
		s.island[k] = perKind - c
	}
	var rest []Card
	for t, c := range u.cards {
		for range perCardType - c {
			rest = append(rest, cardOfType(t))
		}
	}
	s.rng.Shuffle(len(rest), func(i, j int) { rest[i], rest[j] = rest[j], rest[i] })
	s.crew = append(s.crew, rest...)
	return nil
}

// fillChance makes the chance pack: top, then every card placed nowhere,
// shuffled.
func (s *State) fillChance(top []int, u *scenarioUse) error {
	for _, c := range top {
		if err := u.useChance(c, "in the chance pack"); err != nil {
			return err
		}
	}
	s.chance = slices.Clone(top)
	var more []int
	for c := 1; c <= numChance; c++ {
		if _, used := u.chance[c]; !used {
			more = append(more, c)
		}
	}
	s.rng.Shuffle(len(more), func(i, j int) { more[i], more[j] = more[j], more[i] })
	s.chance = append(s.chance, more...)
	return nil
}
