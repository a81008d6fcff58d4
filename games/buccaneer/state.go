package buccaneer

import (
	"encoding/json"
	"fmt"
	"slices"

	"github.com/parlor-games/parlor/game"
)

// Options are the table settings; see the package doc.
type Options struct {
	Seats    int       `json:"seats"`
	Turns    int       `json:"turns"`
	Scenario *Scenario `json:"scenario,omitempty"`
}

// DefaultTurns is the default turn limit: none. The spec ends the game
// only when a captain has 20 points at home (FR17); a limit is a house
// option a table's creator may set for a game of known length.
const DefaultTurns = 0

// DefaultOptions are the settings of a table that sets none.
func DefaultOptions() Options { return Options{Seats: 4, Turns: DefaultTurns} }

// Definition registers Buccaneer.
var Definition = &game.Definition{
	Name:     "buccaneer",
	Title:    "Buccaneer",
	Summary:  "Sail for Treasure Island, trade in port and fight at sea until 20 points of treasure lie in your home port.",
	Rulebook: rulebook,
	Hidden:   true,
	// Chance cards are drawn from a shuffled deck through the match.
	Chance: true,
	Options: []game.OptionSpec{
		{Name: "seats", Label: "Captains", Kind: game.OptionInt, Default: 4, Min: 2, Max: 4},
		{Name: "turns", Label: "Turn limit", Kind: game.OptionInt, Default: DefaultTurns, Min: 0, Max: 100000, Off: "none",
			Help: "a house option, 0 (none) by default: the rules end the game only when a captain has 20 points at home. With a limit, the game also ends after that many turns in all, and the most treasure at home wins."},
		{Name: "scenario", Label: "Scenario", Kind: game.OptionScenario, Default: nil,
			Help: "A chosen position: ships, holdings, ports and deck order (see the package documentation)."},
	},
	New:       newState,
	BotLevels: []string{"easy", "hard", "expert"},
	NewBot:    newBot,
	Analyze:   Analyze,
}

func newState(raw json.RawMessage, rng game.Rand) (game.State, error) {
	opt := DefaultOptions()
	if err := game.DecodeOptions(raw, &opt); err != nil {
		return nil, err
	}
	return New(opt, rng)
}

// player is one captain and ship.
type player struct {
	home   int // port index
	at     Point
	facing Dir
	hand   []Card // sorted
	hold   []Kind // treasure in the ship, at most two
	kept   []int  // chance cards kept, by number, sorted
}

// portStock is what a port holds. Safe treasure (three of a kind in a
// captain's home port) can no longer be traded.
type portStock struct {
	cards    []Card // sorted
	treasure Treasure
	safe     Treasure
	john     bool // Long John Silver was left here
}

type phase int

const (
	phMove   phase = iota // the mover sails or turns
	phAsk                 // a passed ship's captain may attack
	phFace                // choose a facing
	phPort                // trade in port
	phPick                // choose treasure (or crew) a card offers
	phSeat                // choose a captain (cards 2 and 20)
	phSpoils              // the winner of a fight chooses treasure to keep
	phEscape              // the loser of a fight moves away
	phOver
)

var phaseNames = [...]string{"move", "attack?", "face", "port", "choose", "captain", "spoils", "escape", "over"}

// What follows a facing.
const (
	thenArrive = iota // a turn's move: Treasure Island, Flat Island, Anchor Bay, port
	thenBlown         // a blow from a chance card: as above, but no new chance card
	thenEnd           // an escape after a fight: the turn ends
)

type ask struct {
	seat game.Seat
	at   Point
}

// State is a Buccaneer match.
type State struct {
	rng      game.Rand
	n        int
	maxTurns int
	players  []player
	ports    [numPorts]portStock
	flat     portStock // Flat Island's cards and treasure
	island   Treasure  // treasure on Treasure Island
	crew     []Card    // Pirate Island's pack, top first
	chance   []int     // the chance pack, top first
	order    []game.Seat
	cur      int // index in order of the mover
	turns    int // turns finished

	phase phase
	who   game.Seat // the seat that owes the current step
	// phAsk
	dest Point
	asks []ask
	// phFace
	then int
	// phPick and phSeat
	card  int
	limit int
	crewN int
	seats []game.Seat
	// phSpoils
	spoils Treasure
	room   int
	loser  game.Seat

	last    *drawn
	winners []game.Seat
	reason  string

	ev []game.Event // events of the move being applied
}

type drawn struct {
	seat game.Seat
	card int
}

// New starts a match with opt, dealing from rng.
func New(opt Options, rng game.Rand) (*State, error) {
	if opt.Seats < 2 || opt.Seats > 4 {
		return nil, fmt.Errorf("option \"seats\" must be 2 to 4, not %d", opt.Seats)
	}
	if opt.Turns < 0 {
		return nil, fmt.Errorf("option \"turns\" must be 0 (no limit) or more, not %d", opt.Turns)
	}
	s := &State{rng: rng, n: opt.Seats, maxTurns: opt.Turns, island: Treasure{perKind, perKind, perKind, perKind, perKind}}
	if opt.Scenario != nil {
		if err := s.setScenario(opt.Scenario); err != nil {
			return nil, err
		}
	} else {
		s.setUp()
	}
	s.order = make([]game.Seat, s.n)
	for i := range s.order {
		s.order[i] = game.Seat(i)
	}
	slices.SortFunc(s.order, func(a, b game.Seat) int { return s.players[a].home - s.players[b].home })
	if opt.Scenario != nil && opt.Scenario.Turn != nil {
		s.cur = slices.Index(s.order, game.Seat(*opt.Scenario.Turn))
	}
	s.startTurn()
	s.settle()
	s.ev = nil
	return s, nil
}

// setUp is FR2 and FR10: home ports drawn at random, both packs shuffled,
// five crew cards each, and every port without a captain stocked to a
// worth of 8.
func (s *State) setUp() {
	homes := []int{0, 1, 2, 3}
	s.rng.Shuffle(len(homes), func(i, j int) { homes[i], homes[j] = homes[j], homes[i] })
	s.crew = newPack()
	s.rng.Shuffle(len(s.crew), func(i, j int) { s.crew[i], s.crew[j] = s.crew[j], s.crew[i] })
	s.chance = make([]int, numChance)
	for i := range s.chance {
		s.chance[i] = i + 1
	}
	s.rng.Shuffle(len(s.chance), func(i, j int) { s.chance[i], s.chance[j] = s.chance[j], s.chance[i] })
	s.players = make([]player, s.n)
	for i := range s.players {
		h := homes[i]
		s.players[i] = player{home: h, at: Ports[h].At, facing: Ports[h].Out}
	}
	byPort := make([]int, s.n)
	for i := range byPort {
		byPort[i] = i
	}
	slices.SortFunc(byPort, func(a, b int) int { return s.players[a].home - s.players[b].home })
	for _, i := range byPort {
		s.players[i].hand = s.deal(5)
	}
	for _, p := range []int{4, 5, 0, 1, 2, 3} {
		if s.owner(p) >= 0 {
			continue
		}
		st := &s.ports[p]
		st.cards = s.deal(2)
		s.stockPort(st, 8-crewTotal(st.cards))
	}
}

// stockPort adds treasure from Treasure Island worth exactly need, with
// the fewest pieces and the highest values first (decisions page).
func (s *State) stockPort(st *portStock, need int) {
	var best []Kind
	var try func(left int, from Kind, got []Kind)
	try = func(left int, from Kind, got []Kind) {
		if left == 0 {
			if best == nil || len(got) < len(best) {
				best = slices.Clone(got)
			}
			return
		}
		if best != nil && len(got)+1 >= len(best) {
			return
		}
		for k := from; k < numKinds; k++ {
			used := 0
			for _, g := range got {
				if g == k {
					used++
				}
			}
			if kindValues[k] <= left && s.island[k] > used {
				try(left-kindValues[k], k, append(got, k))
			}
		}
	}
	try(need, 0, nil)
	for _, k := range best {
		s.island[k]--
		st.treasure[k]++
	}
}

// deal takes up to n cards from the top of Pirate Island's pack (C1: all
// there are if there are fewer).
func (s *State) deal(n int) []Card {
	n = min(n, len(s.crew))
	out := slices.Clone(s.crew[:n])
	s.crew = slices.Delete(s.crew, 0, n)
	sortHand(out)
	return out
}

// owner is the seat whose home port is p, or -1.
func (s *State) owner(p int) game.Seat {
	for i, pl := range s.players {
		if pl.home == p {
			return game.Seat(i)
		}
	}
	return -1
}

// Seats is the number of captains.
func (s *State) Seats() int { return s.n }

// Turn lists the seat that owes the current step.
func (s *State) Turn() []game.Seat {
	if s.phase == phOver {
		return nil
	}
	return []game.Seat{s.who}
}

func (s *State) mover() game.Seat { return s.order[s.cur] }

// Scores is the worth of the treasure in each captain's home port.
func (s *State) Scores() []int {
	out := make([]int, s.n)
	for i := range out {
		out[i] = s.homeWorth(game.Seat(i))
	}
	return out
}

func (s *State) homeWorth(seat game.Seat) int {
	st := &s.ports[s.players[seat].home]
	return st.treasure.value() + st.safe.value()
}

// Outcome is nil until a captain wins or the turn limit is reached.
func (s *State) Outcome() *game.Outcome {
	if s.phase != phOver {
		return nil
	}
	return &game.Outcome{Winners: slices.Clone(s.winners), Reason: s.reason}
}

// Conclude ends the match with out, decided by the match (a resignation,
// a forfeit, a timeout, a vote): every hand is shown, as after an end by
// the rules (a captain home with 20 or more, or the turn limit). The
// treasure at home still counts as the score. Nothing is drawn. It
// returns no event: the hands show in the views, as at a rules end, whose
// "end" event says only what the outcome says.
func (s *State) Conclude(out game.Outcome) []game.Event {
	if s.phase == phOver {
		return nil
	}
	s.phase, s.winners, s.reason = phOver, slices.Clone(out.Winners), out.Reason
	return nil
}

// Clone returns an independent copy.
func (s *State) Clone() game.State {
	c := *s
	c.players = make([]player, len(s.players))
	for i, p := range s.players {
		p.hand = slices.Clone(p.hand)
		p.hold = slices.Clone(p.hold)
		p.kept = slices.Clone(p.kept)
		c.players[i] = p
	}
	for i := range c.ports {
		c.ports[i].cards = slices.Clone(s.ports[i].cards)
	}
	c.flat.cards = slices.Clone(s.flat.cards)
	c.crew = slices.Clone(s.crew)
	c.chance = slices.Clone(s.chance)
	c.order = slices.Clone(s.order)
	c.asks = slices.Clone(s.asks)
	c.seats = slices.Clone(s.seats)
	c.winners = slices.Clone(s.winners)
	if s.last != nil {
		l := *s.last
		c.last = &l
	}
	c.ev = nil
	return &c
}

// shipsAt lists the seats whose ships are at p, in seat order.
func (s *State) shipsAt(p Point) []game.Seat {
	var out []game.Seat
	for i, pl := range s.players {
		if pl.at == p {
			out = append(out, game.Seat(i))
		}
	}
	return out
}

func (s *State) inPort(seat game.Seat) bool { return portAt(s.players[seat].at) >= 0 }

func (s *State) space(seat game.Seat) int { return 2 - len(s.players[seat].hold) }

func (s *State) holds(seat game.Seat, card int) bool {
	return slices.Contains(s.players[seat].kept, card)
}

func (s *State) dropKept(seat game.Seat, card int) {
	p := &s.players[seat]
	if i := slices.Index(p.kept, card); i >= 0 {
		p.kept = slices.Delete(p.kept, i, i+1)
	}
}
