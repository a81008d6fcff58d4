package tui

import (
	"encoding/json"
	"fmt"
	"sort"
	"strings"

	"github.com/parlor-games/parlor/game"
	"github.com/parlor-games/parlor/games/buccaneer"
)

// The Buccaneer board asks the game's own rules where a ship may go and
// which way it may turn, rather than knowing them itself: the view is
// written back as a scenario of the game, in which the seat is about to
// move, and the game lists its legal moves. Other captains' hands, which
// the view does not hold, play no part in where this seat's ship may go.

// bucScenario writes the view as a scenario with seat's ship facing
// facing ("" keeps the view's facing) and seat to move.
func bucScenario(v buccaneer.View, seat int, facing string) buccaneer.Scenario {
	sc := buccaneer.Scenario{Ships: make([]buccaneer.ShipSetup, len(v.Players)), Turn: &seat, TurnsPlayed: v.Turns}
	for i, p := range v.Players {
		at := p.At
		sh := buccaneer.ShipSetup{Home: p.Home, At: &at, Facing: p.Facing, Treasure: p.Treasure, Kept: p.Kept}
		if i == seat {
			sh.Hand = p.Hand
			if facing != "" {
				sh.Facing = facing
			}
		}
		sc.Ships[i] = sh
	}
	sc.Ports = map[string]buccaneer.PortSetup{}
	for _, p := range v.Ports {
		if len(p.Cards)+len(p.Treasure)+len(p.Safe) > 0 || p.John {
			sc.Ports[p.Name] = buccaneer.PortSetup{Cards: p.Cards, Treasure: p.Treasure, Safe: p.Safe, LongJohn: p.John}
		}
	}
	sc.FlatIsland = &buccaneer.PortSetup{Cards: v.Flat.Cards, Treasure: v.Flat.Treasure}
	return sc
}

// bucState is the game in the position of v, with seat's ship facing
// facing and seat about to move.
func bucState(v buccaneer.View, seat int, facing string) (*buccaneer.State, error) {
	if seat < 0 || seat >= len(v.Players) {
		return nil, fmt.Errorf("no seat %d", seat)
	}
	opts, err := json.Marshal(map[string]any{
		"seats":    len(v.Players),
		"turns":    max(v.MaxTurns, v.Turns+1),
		"scenario": bucScenario(v, seat, facing),
	})
	if err != nil {
		return nil, err
	}
	st, err := buccaneer.Definition.New(opts, game.NewRand(1))
	if err != nil {
		return nil, err
	}
	return st.(*buccaneer.State), nil
}

// bucLegal lists the moves the rules give seat at the start of a turn in
// the position of v, with its ship facing facing.
func bucLegal(v buccaneer.View, seat int, facing string) ([]buccaneer.Move, error) {
	st, err := bucState(v, seat, facing)
	if err != nil {
		return nil, err
	}
	var out []buccaneer.Move
	for _, m := range st.Legal(game.Seat(seat)) {
		if bm, ok := m.(buccaneer.Move); ok {
			out = append(out, bm)
		}
	}
	return out, nil
}

var bucDirs = []string{"N", "NE", "E", "SE", "S", "SW", "W", "NW"}

// bucTargets lists where seat's ship may sail now, at the "move" step
// or at "escape" (after losing a fight), as the rules say
// (State.SailTargets).
func bucTargets(v buccaneer.View, seat int, escape bool) (map[buccaneer.Point]bool, error) {
	st, err := bucState(v, seat, "")
	if err != nil {
		return nil, err
	}
	out := map[buccaneer.Point]bool{}
	for _, q := range st.SailTargets(game.Seat(seat), escape) {
		out[q] = true
	}
	return out, nil
}

// bucFacings lists the ways seat's ship may face where it lies.
func bucFacings(v buccaneer.View, seat int) ([]string, error) {
	ms, err := bucLegal(v, seat, "")
	if err != nil {
		return nil, err
	}
	var out []string
	for _, m := range ms {
		if m.Face != "" {
			out = append(out, m.Face)
		}
	}
	return out, nil
}

func bucPortAt(v buccaneer.View, q buccaneer.Point) string {
	for _, p := range v.Ports {
		if p.At == q {
			return p.Name
		}
	}
	return ""
}

// bucShipAt is the seat of a ship other than not's at q, or -1.
func bucShipAt(v buccaneer.View, q buccaneer.Point, not int) int {
	for _, p := range v.Players {
		if p.At == q && int(p.Seat) != not {
			return int(p.Seat)
		}
	}
	return -1
}

// bucValue is the value of a treasure by name (a diamond 5 ... rum 2), or
// of a crew card ("R2" is 2).
func bucValue(item string) int {
	for k := buccaneer.Diamond; k <= buccaneer.Rum; k++ {
		if strings.EqualFold(k.String(), item) {
			return k.Value()
		}
	}
	var c buccaneer.Card
	if c.UnmarshalText([]byte(item)) == nil {
		return c.Value
	}
	return 0
}

// bucPicks lists a chance card's choice: treasure from Treasure Island
// worth up to the card's limit that fits the ship (one piece or two), and
// crew cards when the card offers them and Pirate Island has any.
func bucPicks(v buccaneer.View, seat int) []bucChoice {
	avail := map[string]int{}
	for _, t := range v.Island {
		avail[t]++
	}
	room := 2
	if seat >= 0 && seat < len(v.Players) {
		room -= len(v.Players[seat].Treasure)
	}
	var out []bucChoice
	kinds := []string{}
	for k := buccaneer.Diamond; k <= buccaneer.Rum; k++ {
		kinds = append(kinds, k.String())
	}
	for i, a := range kinds {
		if avail[a] == 0 || room < 1 || bucValue(a) > v.Step.Limit {
			continue
		}
		out = append(out, bucChoice{fmt.Sprintf("%s (%d)", a, bucValue(a)), "take " + a})
		for _, b := range kinds[i:] {
			if room < 2 || (a == b && avail[a] < 2) || avail[b] == 0 || bucValue(a)+bucValue(b) > v.Step.Limit {
				continue
			}
			out = append(out, bucChoice{fmt.Sprintf("%s and %s (%d)", a, b, bucValue(a)+bucValue(b)), "take " + a + " " + b})
		}
	}
	if v.Step.CrewN > 0 && v.CrewPack > 0 {
		out = append(out, bucChoice{fmt.Sprintf("%d crew cards", v.Step.CrewN), "crew"})
	}
	return out
}

// bucSpoils lists the ways to keep exactly room pieces of the loser's
// treasure.
func bucSpoils(v buccaneer.View) []bucChoice {
	count := map[string]int{}
	var kinds []string
	for _, t := range v.Step.Spoils {
		if count[t] == 0 {
			kinds = append(kinds, t)
		}
		count[t]++
	}
	var out []bucChoice
	var walk func(i, left int, took []string)
	walk = func(i, left int, took []string) {
		if left == 0 {
			out = append(out, bucChoice{strings.Join(took, " and "), "keep " + strings.Join(took, " ")})
			return
		}
		if i == len(kinds) {
			return
		}
		for c := min(left, count[kinds[i]]); c >= 0; c-- {
			next := append([]string(nil), took...)
			for range c {
				next = append(next, kinds[i])
			}
			walk(i+1, left-c, next)
		}
	}
	walk(0, v.Step.Room, nil)
	sort.SliceStable(out, func(i, j int) bool { return bucItemsValue(out[i].move) > bucItemsValue(out[j].move) })
	return out
}

func bucItemsValue(move string) int {
	n := 0
	for _, f := range strings.Fields(move)[1:] {
		n += bucValue(f)
	}
	return n
}
