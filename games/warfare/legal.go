package warfare

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/parlor-games/parlor/game"
)

// Legal lists every move seat may make now: each free villager's walks
// and actions, trainings, meadows and roads, each village's recruits,
// upgrade and watchtowers, and "end". It can run to thousands of moves;
// clients ask LegalFor instead.
func (s *State) Legal(seat game.Seat) []game.Move {
	if s.over || int(seat) != int(s.turn) {
		return nil
	}
	p := int(seat)
	var out []game.Move
	for h := range s.cells {
		c := &s.cells[h]
		if int(c.owner) != p {
			continue
		}
		if c.thing.isUnit() {
			out = s.unitMoves(p, h, out)
		}
		if c.thing == village {
			out = s.villageMoves(p, h, out)
		}
	}
	return append(out, Move{Kind: End})
}

// LegalFor answers a query for one piece:
//
//   - "unit:H" lists the moves of the villager on hex H: its walks,
//     actions, trainings, meadow and road;
//   - "village:V" lists what the village on hex V can do: recruits,
//     upgrade, watchtowers;
//   - "end" lists the move that ends the turn.
//
// A query about a hex that holds no piece of seat's lists nothing; a
// malformed query is an error.
func (s *State) LegalFor(seat game.Seat, query string) ([]game.Move, error) {
	what, arg, _ := strings.Cut(strings.TrimSpace(query), ":")
	if what == "end" && arg == "" {
		if s.over || int(seat) != int(s.turn) {
			return nil, nil
		}
		return []game.Move{Move{Kind: End}}, nil
	}
	h, err := strconv.Atoi(arg)
	if err != nil || (what != "unit" && what != "village") {
		return nil, fmt.Errorf("query %q: ask \"unit:H\", \"village:V\" or \"end\"", query)
	}
	if s.over || int(seat) != int(s.turn) || h < 0 || h >= len(s.cells) || int(s.cells[h].owner) != int(seat) {
		return nil, nil
	}
	switch {
	case what == "unit" && s.cells[h].thing.isUnit():
		return s.unitMoves(int(seat), h, nil), nil
	case what == "village" && s.cells[h].thing == village:
		return s.villageMoves(int(seat), h, nil), nil
	}
	return nil, nil
}

// unitMoves appends the moves of p's villager on hex h.
func (s *State) unitMoves(p, h int, out []game.Move) []game.Move {
	if s.ownUnit(p, h) != nil {
		return out
	}
	c := s.cells[h]
	if !c.done {
		dist, _ := s.walk(h, -1)
		seen := make(map[int]bool)
		for x := range dist {
			if dist[x] < 0 {
				continue
			}
			if x != h {
				out = append(out, Move{Kind: Go, From: h, To: x})
			}
			for _, y := range s.isl.nbr[x] {
				if y < 0 || dist[y] >= 0 || int(y) == h || seen[int(y)] {
					continue
				}
				seen[int(y)] = true
				if _, err := s.planGo(p, h, int(y), dist); err == nil {
					out = append(out, Move{Kind: Go, From: h, To: int(y)})
				}
			}
		}
		if c.thing == peasant {
			for _, k := range []Kind{Cultivate, Road} {
				if m := (Move{Kind: k, From: h}); s.check(p, m) == nil {
					out = append(out, m)
				}
			}
		}
	}
	for r := Rank(c.thing) + 1; r <= Knight; r++ {
		if m := (Move{Kind: Train, From: h, Unit: r}); s.check(p, m) == nil {
			out = append(out, m)
		}
	}
	return out
}

// villageMoves appends what p's village on hex vh can do.
func (s *State) villageMoves(p, vh int, out []game.Move) []game.Move {
	v, err := s.ownVillage(p, vh)
	if err != nil {
		return out
	}
	vl := s.vils[v]
	reg := s.regOf[vh]
	top := min(vl.level.maxRank(), Rank(vl.gold/10))
	var free, border []int
	seen := make(map[int]bool)
	s.regionHexes(int(reg), func(h int) {
		if s.cells[h].thing == none {
			free = append(free, h)
		}
		for _, y := range s.isl.nbr[h] {
			if y >= 0 && s.regOf[y] != reg && !seen[int(y)] {
				seen[int(y)] = true
				border = append(border, int(y))
			}
		}
	})
	for r := Peasant; r <= top; r++ {
		for _, h := range free {
			out = append(out, Move{Kind: Buy, From: vh, To: h, Unit: r})
		}
		for _, h := range border {
			if s.canTake(p, r, h) == nil {
				out = append(out, Move{Kind: Buy, From: vh, To: h, Unit: r})
			}
		}
	}
	if vl.level < Fort && vl.wood >= UpgradeWood {
		out = append(out, Move{Kind: Upgrade, From: vh})
	}
	if vl.level.towers() && vl.wood >= TowerWood {
		for _, h := range free {
			out = append(out, Move{Kind: Tower, From: vh, To: h})
		}
	}
	return out
}
