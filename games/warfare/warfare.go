package warfare

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"github.com/parlor-games/parlor/game"
)

// Definition registers Medieval Warfare.
var Definition = &game.Definition{
	Name:     "warfare",
	Title:    "Medieval Warfare",
	Summary:  "Grow villages, hire and combine villagers, and conquer the island region by region.",
	Rulebook: rulebook,
	Options: []game.OptionSpec{
		{Name: "players", Label: "Players", Kind: game.OptionInt, Default: 2, Min: 2, Max: 6},
		{Name: "island", Label: "Island", Kind: game.OptionChoice, Default: "random",
			Choices: append(IslandNames(), "random"),
			Help:    "a ready island, or \"random\" for one generated from the island seed"},
		{Name: "seed", Label: "Island seed", Kind: game.OptionInt, Default: 0, Min: 0, Max: MaxSeed,
			Help: "fixes the random island and everyone's starting land, so the table can see them before the start; 0 draws them when the match starts: a new island each game"},
		{Name: "rounds", Label: "Round limit", Kind: game.OptionInt, Default: DefaultRounds, Min: 0, Max: 10000, Off: "none",
			Help: "a house option, 0 (none) by default: the rules end the game only when one player holds the country; with a limit it also ends after that round, won by the most land"},
		{Name: "scenario", Label: "Scenario", Kind: game.OptionScenario, Default: nil,
			Help: "a chosen position (see the package documentation); it replaces players and island"},
	},
	// Trees grow at random each round: the draws to come are hidden
	// facts, so a save before the end is a bookmark, not a copy.
	Chance:    true,
	New:       newState,
	Preview:   preview,
	BotLevels: botLevels,
	NewBot:    newBot,
	ArenaBots: arenaLevels,
	Analyze:   Analyze,
}

// DefaultRounds is the default round limit: none. The spec ends the game
// only when one player is left holding the country; a limit is a house
// option a table's creator may set for a game of known length.
const DefaultRounds = 0

// Options are the settings of a match.
type Options struct {
	Players int    `json:"players"`
	Island  string `json:"island"`
	Rounds  int    `json:"rounds"`
	// Seed, when not 0, is the island seed: the generated island (for
	// "random") and the starting colours, trees, meadows and hovels come
	// from it and not from the match's generator, so that a preview
	// before the start shows exactly the start the match will have.
	Seed     int             `json:"seed,omitempty"`
	Scenario json.RawMessage `json:"scenario,omitempty"`
}

// MaxSeed is the largest island seed, small enough to type and to keep
// exact in every client's numbers.
const MaxSeed = 1<<31 - 1

// DefaultOptions is two players on a random island with the default
// round limit.
func DefaultOptions() Options {
	return Options{Players: 2, Island: "random", Rounds: DefaultRounds}
}

func newState(raw json.RawMessage, rng game.Rand) (game.State, error) {
	o := DefaultOptions()
	if err := game.DecodeOptions(raw, &o); err != nil {
		return nil, err
	}
	return New(o, rng)
}

// hasScenario reports whether o starts from a scenario, which sets the
// players and the island itself.
func (o Options) hasScenario() bool {
	sc := strings.TrimSpace(string(o.Scenario))
	return sc != "" && sc != "null"
}

// check refuses options out of range. It is the one check of the options'
// values, made by New and by the preview alike, so that a value is refused
// with the same sentence whichever route sends it and whatever the other
// options are (a preview of island seed 0, which shows nothing, still
// refuses -5 players).
func (o Options) check() error {
	if o.Rounds < 0 || o.Rounds > 10000 {
		return fmt.Errorf("option \"rounds\" must be from 0 to 10000, not %d", o.Rounds)
	}
	if o.hasScenario() {
		return nil
	}
	if o.Players < 2 || o.Players > 6 {
		return fmt.Errorf("option \"players\" must be from 2 to 6, not %d", o.Players)
	}
	if o.Seed < 0 || o.Seed > MaxSeed {
		return fmt.Errorf("option \"seed\" must be from 0 to %d, not %d", MaxSeed, o.Seed)
	}
	if o.Island != "random" && !slices.Contains(IslandNames(), o.Island) {
		return fmt.Errorf("option \"island\" must be one of %s, not %q", strings.Join(append(IslandNames(), "random"), ", "), o.Island)
	}
	return nil
}

// New starts a match with options o, drawing all chance from rng.
func New(o Options, rng game.Rand) (*State, error) {
	if err := o.check(); err != nil {
		return nil, err
	}
	if o.hasScenario() {
		s, err := LoadScenario(o.Scenario, rng)
		if err != nil {
			return nil, fmt.Errorf("option \"scenario\": %v", err)
		}
		if s.rounds == 0 {
			s.rounds = o.Rounds
		}
		return s, nil
	}
	// The setup draws from the island seed when there is one; the match's
	// generator, whose draws to come are secret, then starts with the
	// first tree growth.
	setup := rng
	if o.Seed != 0 {
		setup = game.NewRand(uint64(o.Seed))
	}
	var isl *Island
	var err error
	switch {
	case o.Island == "random":
		seed := setup.Uint64()
		isl, err = Generate("random", seed, RandomShape(&setup))
	case slices.Contains(IslandNames(), o.Island):
		isl, err = ReadyIsland(o.Island)
	default:
		return nil, fmt.Errorf("option \"island\" must be one of %s, not %q", strings.Join(append(IslandNames(), "random"), ", "), o.Island)
	}
	if err != nil {
		return nil, err
	}
	s := Setup(isl, o.Players, setup)
	if o.Seed != 0 {
		s.rng = rng
	}
	s.rounds = o.Rounds
	return s, nil
}

// preview is the start a spectator would see, for the table to agree on
// before the start. Everything in Medieval Warfare is public, but the
// start is only known before the match when an island seed fixes it.
func preview(raw json.RawMessage) (any, error) {
	o := DefaultOptions()
	if err := game.DecodeOptions(raw, &o); err != nil {
		return nil, err
	}
	if o.hasScenario() {
		return nil, fmt.Errorf("a scenario has no preview")
	}
	if err := o.check(); err != nil {
		return nil, err
	}
	if o.Seed == 0 {
		return nil, fmt.Errorf("%w: with island seed 0 the island and everyone's land are new each game", game.ErrSetupDrawn)
	}
	// The match's generator is not used before the first tree growth,
	// so any one gives the same start.
	s, err := New(o, game.NewRand(0))
	if err != nil {
		return nil, err
	}
	return s.View(game.Spectator), nil
}

// Setup colours island isl for players and starts the first turn: every
// land hex takes one of players+1 colours at random (one is neutral), a
// fifth of the hexes get trees and a tenth meadows, and every player
// region of 3 or more hexes gets a hovel with 7 gold on a random hex of
// it, replacing what was there; smaller player regions turn neutral. A
// colouring that leaves a player without a village is drawn again.
func Setup(isl *Island, players int, rng game.Rand) *State {
	s := &State{isl: isl, players: players, round: 1, out: make([]bool, players), rng: rng}
	n := isl.Size()
	for {
		s.cells = make([]cell, n)
		s.vils = s.vils[:0]
		for h := range s.cells {
			s.cells[h].owner = int8(s.rng.IntN(players+1) - 1)
		}
		order := make([]int, n)
		for i := range order {
			order[i] = i
		}
		s.rng.Shuffle(n, func(i, j int) { order[i], order[j] = order[j], order[i] })
		for i, h := range order {
			switch {
			case i < n/5:
				s.cells[h].thing = tree
			case i < n/5+n/10:
				s.cells[h].ground = meadow
			}
		}
		s.relabel()
		has := make([]bool, players)
		for r := range s.regs {
			rg := s.regs[r]
			if rg.size < 3 {
				s.regionHexes(r, func(h int) { s.cells[h].owner = Neutral })
				continue
			}
			var hexes []int
			s.regionHexes(r, func(h int) { hexes = append(hexes, h) })
			s.addVillage(hexes[s.rng.IntN(len(hexes))], Hovel, 7)
			has[rg.owner] = true
		}
		s.relabel()
		if !slices.Contains(has, false) {
			break
		}
	}
	var evs []game.Event
	s.startTurn(&evs)
	return s
}
