package clue

import (
	"encoding/json"
	"fmt"
	"slices"

	"github.com/parlor-games/parlor/game"
)

// Difficulty decides how many cards are dealt face up (3.2.5).
type Difficulty string

const (
	Easy   Difficulty = "easy"
	Medium Difficulty = "medium"
	Hard   Difficulty = "hard"
)

func (d Difficulty) index() (int, bool) {
	switch d {
	case Easy:
		return 0, true
	case Medium:
		return 1, true
	case Hard:
		return 2, true
	}
	return 0, false
}

// Options are a table's settings.
type Options struct {
	// Players is the number of seats, 3 to 6.
	Players int `json:"players"`
	// Difficulty picks the column of the face-up table.
	Difficulty Difficulty `json:"difficulty"`
	// Suspects gives each seat's character, seat by seat; empty means the
	// first suspects in turn order (Scarlet, Mustard, ...). A networked
	// table fills it from the characters its players chose.
	Suspects []Card `json:"suspects,omitempty"`
	// Scenario, when set, replaces the random deal (see Scenario).
	Scenario *Scenario `json:"scenario,omitempty"`
}

// Scenario is a chosen deal, for tests, tutorials and puzzles: the case
// file, each seat's hand, the face-up cards and the room of each weapon.
// Every card must appear exactly once across the case file, the hands and
// the face-up cards. Positions of tokens are always the home squares: a
// position after some play is reached by playing the moves.
type Scenario struct {
	CaseFile [3]Card          `json:"caseFile"`
	Hands    [][]Card         `json:"hands"`
	FaceUp   []Card           `json:"faceUp,omitempty"`
	Weapons  map[string]Place `json:"weapons,omitempty"`
}

// DefaultOptions are three players at medium difficulty.
func DefaultOptions() Options { return Options{Players: 3, Difficulty: Medium} }

// Definition registers Clue-Less.
var Definition = &game.Definition{
	Name:     "clue",
	Title:    "Clue-Less",
	Summary:  "Find who did it, with what and where, by suggestion and deduction: 3 to 6 detectives.",
	Rulebook: rulebook,
	Extras:   []any{difficultyFlag{}},
	Options: []game.OptionSpec{
		{Name: "players", Label: "Players", Kind: game.OptionInt, Default: 3, Min: 3, Max: 6},
		{Name: "difficulty", Label: "Difficulty", Kind: game.OptionChoice, Default: string(Medium),
			Choices: []string{string(Easy), string(Medium), string(Hard)},
			Help:    "How many cards lie face up for everyone to see: the spec's table by number of players."},
		{Name: "scenario", Label: "Scenario", Kind: game.OptionScenario, Default: nil,
			Help: "A chosen deal: {\"caseFile\":[suspect,weapon,room],\"hands\":[[cards]...],\"faceUp\":[cards],\"weapons\":{\"rope\":\"study\",...}}."},
	},
	Hidden:    true,
	New:       newState,
	BotLevels: botLevels,
	ArenaBots: arenaLevels,
	NewBot:    newBot,
	Analyze:   Analyze,
	// Requirement 17: a player who leaves ends the game for everyone
	// (after the table's grace period, the decision page says).
	LeaverEndsGame: true,
	// Requirement 1: each player selects a character not already taken.
	Roles: &game.RoleSpec{Option: "suspects", Label: "Character", Choices: suspectRoles()},
}

func suspectRoles() []game.Role {
	out := make([]game.Role, numSuspects)
	for c := range Card(numSuspects) {
		out[c] = game.Role{Key: cardKeys[c], Name: suspectNames[c]}
	}
	return out
}

func readOptions(raw json.RawMessage) (Options, error) {
	o := DefaultOptions()
	if err := game.DecodeOptions(raw, &o); err != nil {
		return o, err
	}
	if o.Players < 3 || o.Players > 6 {
		return o, fmt.Errorf("option \"players\" must be from 3 to 6, not %d", o.Players)
	}
	if _, ok := o.Difficulty.index(); !ok {
		return o, fmt.Errorf("option \"difficulty\" must be easy, medium or hard, not %q", o.Difficulty)
	}
	if len(o.Suspects) == 0 {
		for s := range o.Players {
			o.Suspects = append(o.Suspects, Card(s))
		}
	}
	if len(o.Suspects) != o.Players {
		return o, fmt.Errorf("option \"suspects\" names %d characters for %d players", len(o.Suspects), o.Players)
	}
	seen := map[Card]bool{}
	for _, s := range o.Suspects {
		if s.Kind() != SuspectCard {
			return o, fmt.Errorf("option \"suspects\": %s is not a suspect", s)
		}
		if seen[s] {
			return o, fmt.Errorf("option \"suspects\": %s is chosen twice", s)
		}
		seen[s] = true
	}
	return o, nil
}

// newState deals a new match: the case file, the face-up cards by the
// spec's table, the rest dealt one at a time around the table from the
// first player in turn order, so the first players get one more card when
// the count does not divide. Weapons go to six different rooms at random.
func newState(raw json.RawMessage, rng game.Rand) (game.State, error) {
	o, err := readOptions(raw)
	if err != nil {
		return nil, err
	}
	s := &State{opt: o, n: o.Players, rng: rng, pending: -1, winner: -1}
	s.suspectSeat = [numSuspects]game.Seat{-1, -1, -1, -1, -1, -1}
	for i, c := range o.Suspects {
		s.suspectSeat[c] = game.Seat(i)
	}
	// Turn order: by suspect, Scarlet first (3.2 and the decision page).
	for c := Card(0); c < numSuspects; c++ {
		if seat := s.suspectSeat[c]; seat >= 0 {
			s.order = append(s.order, seat)
		}
	}
	for c := range numSuspects {
		s.pos[c] = firstHome + Place(c)
	}
	s.hands = make([][]Card, s.n)
	s.inactive = make([]bool, s.n)
	s.removed = make([]bool, s.n)
	s.movedIn = make([]bool, s.n)
	if o.Scenario != nil {
		if err := s.setScenario(o.Scenario); err != nil {
			return nil, err
		}
	} else {
		s.deal()
	}
	s.turn = s.order[0]
	s.phase = phStart
	return s, nil
}

func (s *State) deal() {
	rng := &s.rng
	pick := func(first, count int) Card { return Card(first + rng.IntN(count)) }
	s.caseFile = [3]Card{pick(0, numSuspects), pick(numSuspects, numWeapons), pick(firstRoom, int(numRooms))}
	var rest []Card
	for c := Card(0); int(c) < numCards; c++ {
		if !slices.Contains(s.caseFile[:], c) {
			rest = append(rest, c)
		}
	}
	rng.Shuffle(len(rest), func(i, j int) { rest[i], rest[j] = rest[j], rest[i] })
	d, _ := s.opt.Difficulty.index()
	up := faceUp[s.n][d]
	s.faceUp = slices.Clone(rest[:up])
	slices.Sort(s.faceUp)
	for i, c := range rest[up:] {
		seat := s.order[i%s.n]
		s.hands[seat] = append(s.hands[seat], c)
	}
	for i := range s.hands {
		slices.Sort(s.hands[i])
	}
	rooms := []Place{Study, Hall, Lounge, Library, BilliardRoom, DiningRoom, Conservatory, Ballroom, Kitchen}
	rng.Shuffle(len(rooms), func(i, j int) { rooms[i], rooms[j] = rooms[j], rooms[i] })
	for w := range numWeapons {
		s.weapon[w] = rooms[w]
	}
}

func (s *State) setScenario(sc *Scenario) error {
	if len(sc.Hands) != s.n {
		return fmt.Errorf("scenario: %d hands for %d players", len(sc.Hands), s.n)
	}
	seen := make(map[Card]string)
	note := func(c Card, where string) error {
		if !c.valid() {
			return fmt.Errorf("scenario: %s holds no card %d", where, c)
		}
		if w, ok := seen[c]; ok {
			return fmt.Errorf("scenario: %s is both in %s and in %s", c, w, where)
		}
		seen[c] = where
		return nil
	}
	for i, c := range sc.CaseFile {
		if c.Kind() != Kind(i) {
			return fmt.Errorf("scenario: the case file holds a suspect, a weapon and a room, in that order")
		}
		if err := note(c, "the case file"); err != nil {
			return err
		}
	}
	for i, h := range sc.Hands {
		for _, c := range h {
			if err := note(c, fmt.Sprintf("hand %d", i)); err != nil {
				return err
			}
		}
	}
	for _, c := range sc.FaceUp {
		if err := note(c, "the face-up cards"); err != nil {
			return err
		}
	}
	if len(seen) != numCards {
		return fmt.Errorf("scenario: %d of the 21 cards are placed; every card must be somewhere", len(seen))
	}
	s.caseFile = sc.CaseFile
	for i, h := range sc.Hands {
		s.hands[i] = slices.Sorted(slices.Values(h))
	}
	s.faceUp = slices.Sorted(slices.Values(sc.FaceUp))
	// Weapons not placed by the scenario go, in order, to the rooms no
	// weapon holds yet, so each room still holds at most one at the start.
	used := map[Place]bool{}
	for w := range numWeapons {
		s.weapon[w] = nowhere
	}
	for name, room := range sc.Weapons {
		c, ok := parseCard(name)
		if !ok || c.Kind() != WeaponCard {
			return fmt.Errorf("scenario: %q is not a weapon", name)
		}
		if !room.IsRoom() {
			return fmt.Errorf("scenario: the %s must start in a room, not %s", c, room)
		}
		if used[room] {
			return fmt.Errorf("scenario: two weapons start in the %s; each starts in a different room", room)
		}
		used[room] = true
		s.weapon[c-numSuspects] = room
	}
	next := Place(0)
	for w := range numWeapons {
		if s.weapon[w] != nowhere {
			continue
		}
		for used[next] {
			next++
		}
		s.weapon[w] = next
		used[next] = true
	}
	return nil
}
