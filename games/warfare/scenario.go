package warfare

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/parlor-games/parlor/game"
)

// Scenario is a chosen position, written as JSON (see the package doc,
// "Scenarios").
type Scenario struct {
	Players  int               `json:"players"`
	Map      []string          `json:"map"`
	Villages []ScenarioVillage `json:"villages,omitempty"`
	Work     []ScenarioWork    `json:"work,omitempty"`
	Turn     int               `json:"turn"`
	Round    int               `json:"round,omitempty"`
	Rounds   int               `json:"rounds,omitempty"`
	Phases   bool              `json:"phases,omitempty"`
}

// ScenarioVillage sets a village's treasury and upgrade lock.
type ScenarioVillage struct {
	Hex    int `json:"hex"`
	Gold   int `json:"gold"`
	Wood   int `json:"wood"`
	Locked int `json:"locked,omitempty"`
}

// ScenarioWork sets a peasant to work: "meadow" or "road", with the
// number of its turns still to go (1 or 2 for a meadow, 1 for a road).
type ScenarioWork struct {
	Hex  int    `json:"hex"`
	Work string `json:"work"`
	Left int    `json:"left"`
}

// maxScenarioCells bounds a drawn map.
const maxScenarioCells = 20000

// LoadScenario builds the position a scenario describes, or says plainly
// what is wrong with it. rng is the match's generator, for the chance to
// come.
func LoadScenario(raw json.RawMessage, rng game.Rand) (*State, error) {
	var sc Scenario
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&sc); err != nil {
		return nil, game.JSONError(err, "the scenario")
	}
	if err := sc.checkTurn(); err != nil {
		return nil, err
	}
	W, H, land, toks, err := scenarioLand(sc.Map)
	if err != nil {
		return nil, err
	}
	isl := newIsland("scenario", W, H, land)
	if isl.Size() < 3 {
		return nil, fmt.Errorf("the map needs at least 3 land hexes")
	}
	s := &State{isl: isl, players: sc.Players, round: sc.Round, rounds: sc.Rounds, turn: int8(sc.Turn),
		out: make([]bool, sc.Players), rng: rng, cells: make([]cell, isl.Size())}
	for h, tk := range toks {
		if err := s.readToken(h, tk.t); err != nil {
			return nil, fmt.Errorf("hex %d (row %d, token %d) %q: %v", h, tk.y, tk.x, tk.t, err)
		}
	}
	if err := s.setVillages(sc.Villages); err != nil {
		return nil, err
	}
	if err := s.setWork(sc.Work); err != nil {
		return nil, err
	}
	s.relabel()
	if err := s.markOut(sc.Turn); err != nil {
		return nil, err
	}
	if sc.Phases {
		var evs []game.Event
		s.startTurn(&evs)
	}
	return s, nil
}

// checkTurn checks the scenario's players, turn and rounds, and makes an
// unset round the first.
func (sc *Scenario) checkTurn() error {
	if sc.Players < 2 || sc.Players > 6 {
		return fmt.Errorf("\"players\" must be from 2 to 6, not %d", sc.Players)
	}
	if sc.Turn < 0 || sc.Turn >= sc.Players {
		return fmt.Errorf("\"turn\" must be a seat from 0 to %d, not %d", sc.Players-1, sc.Turn)
	}
	if sc.Round == 0 {
		sc.Round = 1
	}
	if sc.Round < 1 || sc.Rounds < 0 {
		return fmt.Errorf("\"round\" counts from 1 and \"rounds\" is 0 or more")
	}
	return nil
}

// scenarioToken is a token of a scenario's map at its row and column.
type scenarioToken struct {
	y, x int
	t    string
}

// scenarioLand reads the map's tokens row by row; a ring of sea is added
// around the drawing (two rows above and below, to keep the rows' parity,
// and a column each side). land marks the hexes of the W by H grid that
// are land; toks are their tokens, in the order of the island's hexes.
func scenarioLand(lines []string) (W, H int, land []bool, toks []scenarioToken, _ error) {
	var rows [][]string
	w := 0
	for _, line := range lines {
		f := strings.Fields(line)
		rows = append(rows, f)
		w = max(w, len(f))
	}
	W, H = w+2, len(rows)+4
	if len(rows) == 0 || W*H > maxScenarioCells {
		return 0, 0, nil, nil, fmt.Errorf("\"map\" must have from 1 to about %d hexes", maxScenarioCells)
	}
	land = make([]bool, W*H)
	for y, f := range rows {
		for x, t := range f {
			if t == "~" {
				continue
			}
			land[(y+2)*W+x+1] = true
			toks = append(toks, scenarioToken{y + 1, x + 1, t})
		}
	}
	return W, H, land, toks, nil
}

// setVillages gives the scenario's villages their gold, wood and locks.
func (s *State) setVillages(vils []ScenarioVillage) error {
	for _, v := range vils {
		if v.Hex < 0 || v.Hex >= len(s.cells) || s.cells[v.Hex].thing != village {
			return fmt.Errorf("\"villages\": hex %d holds no village", v.Hex)
		}
		if v.Gold < 0 || v.Wood < 0 || v.Locked < 0 || v.Locked > 2 || v.Gold > 1e9 || v.Wood > 1e9 {
			return fmt.Errorf("\"villages\": hex %d: gold and wood are 0 or more, locked from 0 to 2", v.Hex)
		}
		vl := &s.vils[s.cells[v.Hex].vil]
		vl.gold, vl.wood, vl.lock = int32(v.Gold), int32(v.Wood), uint8(v.Locked)
	}
	return nil
}

// setWork sets the scenario's peasants to their work.
func (s *State) setWork(work []ScenarioWork) error {
	for _, wk := range work {
		if wk.Hex < 0 || wk.Hex >= len(s.cells) || s.cells[wk.Hex].thing != peasant {
			return fmt.Errorf("\"work\": hex %d holds no peasant", wk.Hex)
		}
		c := &s.cells[wk.Hex]
		switch {
		case wk.Work == "meadow" && (wk.Left == 1 || wk.Left == 2) && c.ground == 0:
			c.work = workMeadow
		case wk.Work == "road" && wk.Left == 1 && c.ground&road == 0:
			c.work = workRoad
		default:
			return fmt.Errorf("\"work\": hex %d: work is \"meadow\" (left 1 or 2, on plain land) or \"road\" (left 1, where there is none)", wk.Hex)
		}
		c.left, c.done = uint8(wk.Left), true
	}
	return nil
}

// markOut checks that every player region has its one village and marks
// out the seats that hold no land; at least two must hold some, among
// them turn, the seat to move.
func (s *State) markOut(turn int) error {
	has := make([]bool, s.players)
	for r, rg := range s.regs {
		n := 0
		s.regionHexes(r, func(h int) {
			if s.cells[h].thing == village {
				n++
			}
		})
		if n != 1 || rg.size < 3 {
			return fmt.Errorf("the region of seat %d at hex %d has %d hexes and %d villages; every player region has 3 or more hexes and exactly one village", rg.owner, rg.first, rg.size, n)
		}
		has[rg.owner] = true
	}
	alive := 0
	for p := range has {
		s.out[p] = !has[p]
		if has[p] {
			alive++
		}
	}
	if alive < 2 {
		return fmt.Errorf("at least two seats must hold land")
	}
	if s.out[turn] {
		return fmt.Errorf("seat %d is to move but holds no land", turn)
	}
	return nil
}

// readToken sets hex h from its map token: an owner ("-" for neutral or a
// seat digit) followed by letters for what is there: p, i, s, k for the
// villagers; h, t, f for a hovel, town or fort; w for a watchtower; *
// for a tree; + for a tombstone; m for a meadow; = for a road; ! for a
// villager that has acted this turn.
func (s *State) readToken(h int, t string) error {
	c := &s.cells[h]
	switch o := t[0]; {
	case o == '-':
		c.owner = Neutral
	case o >= '0' && o <= '5':
		c.owner = int8(o - '0')
		if int(c.owner) >= s.players {
			return fmt.Errorf("seat %d is not at a %d-player table", c.owner, s.players)
		}
	default:
		return fmt.Errorf("a token starts with its owner: - or a seat number")
	}
	for _, ch := range t[1:] {
		var th thing
		var lv Level
		switch ch {
		case 'p', 'i', 's', 'k':
			th = thing(strings.IndexRune("pisk", ch) + 1)
		case 'h', 't', 'f':
			th, lv = village, Level(strings.IndexRune("htf", ch)+1)
		case 'w':
			th = tower
		case '*':
			th = tree
		case '+':
			th = tomb
		case 'm':
			c.ground |= meadow
			continue
		case '=':
			c.ground |= road
			continue
		case '!':
			c.done = true
			continue
		default:
			return fmt.Errorf("unknown mark %q", ch)
		}
		if c.thing != none {
			return fmt.Errorf("a hex holds one thing at most")
		}
		c.thing = th
		if lv != 0 {
			c.thing = none
			s.addVillage(h, lv, 0)
		}
	}
	if c.owner == Neutral && (c.thing.isUnit() || c.thing == village || c.thing == tower) {
		return fmt.Errorf("villagers, villages and towers stand on a player's land")
	}
	if c.done && !c.thing.isUnit() {
		return fmt.Errorf("! marks a villager")
	}
	if c.thing == tree && c.ground != 0 {
		return fmt.Errorf("a tree stands on plain land")
	}
	if (c.thing == village || c.thing == tower) && c.ground != 0 {
		return fmt.Errorf("a village or tower has no meadow or road under it")
	}
	if c.thing >= thing(Soldier) && c.thing.isUnit() && c.ground == meadow {
		return fmt.Errorf("a soldier or knight would have trampled that meadow")
	}
	return nil
}
