package warfare

import (
	"context"
	"errors"
	"fmt"

	"github.com/parlor-games/parlor/game"
)

var botLevels = []string{"easy", "medium", "hard"}

func newBot(level string, rng game.Rand) (game.Bot, error) {
	switch level {
	case "easy":
		return &bot{level: 0, rng: rng}, nil
	case "medium":
		return &bot{level: 1, rng: rng}, nil
	case "hard":
		return &bot{level: 2, rng: rng}, nil
	case LevelAntiyoy:
		return newAntiyoy(), nil
	}
	return nil, fmt.Errorf("no bot level %q", level)
}

// bot plays one step of its turn per Choose. Everything it reads is in
// the public view (the game has no secrets); it never reads the state's
// generator.
//
//   - easy takes land at random: each step it picks a random villager's
//     random land-taking or wood-gathering move, recruits a peasant onto
//     a random neutral hex next to a village's region when it has 20 gold
//     or more, and otherwise ends its turn. It never trains, combines,
//     upgrades or defends.
//   - medium is greedy one step ahead: among the taking, gathering,
//     clearing, combining and recruiting moves, village upgrades, and a
//     few peasants recruited beside trees (valued with the wood they cut
//     at once), it scores each by playing it on a copy and valuing the
//     result (its land, its regions' income after wages, treasuries,
//     villagers' strength, trees to clear, less the others' land), and
//     plays the best while it gains.
//   - hard is medium with a sharper valuation and more moves: it also
//     values the other players' economy (their starving villages are its
//     gain), counts each of its hexes that an adjacent enemy region could
//     take next turn with the strongest villager it has or could recruit
//     (and its villages most), trains villagers, builds watchtowers on
//     its borders, and when nothing gains it moves an idle villager to
//     the reachable hex that touches most enemy land, where it guards.
//     It weighs wages against the treasury (economy), so a region whose
//     gold outlasts its wages spends it on villagers that take land
//     instead of hoarding it.
//
// A turn is cut at maxSteps moves, so a bot's turn always ends.
type bot struct {
	level int
	rng   game.Rand
	turn  int // s.turns when the current turn's steps began
	steps int
}

// maxSteps bounds a bot's moves in one turn.
const maxSteps = 80

func (b *bot) Choose(ctx context.Context, st game.State, seat game.Seat) (game.Move, error) {
	s, ok := st.(*State)
	if !ok {
		return nil, errors.New("warfare: not a Medieval Warfare state")
	}
	if s.over || int(s.turn) != int(seat) {
		return nil, errors.New("warfare: the bot's seat has no move")
	}
	if s.turns != b.turn {
		b.turn, b.steps = s.turns, 0
	}
	b.steps++
	if b.steps > maxSteps {
		return Move{Kind: End}, nil
	}
	p := int(seat)
	if b.level == 0 {
		return b.easy(s, p), nil
	}
	return b.greedy(ctx, s, p), nil
}

// easy picks a random productive move.
func (b *bot) easy(s *State, p int) Move {
	var takes []Move
	for h := range s.cells {
		c := &s.cells[h]
		if int(c.owner) != p {
			continue
		}
		if c.thing.isUnit() && !c.done && c.left == 0 {
			for _, gm := range s.unitMoves(p, h, nil) {
				m := gm.(Move)
				if m.Kind == Go && (int(s.cells[m.To].owner) != p || s.cells[m.To].thing == tree) {
					takes = append(takes, m)
				}
			}
		}
		if c.thing == village && s.vils[c.vil].gold >= 20 && s.vils[c.vil].lock == 0 {
			for _, gm := range s.villageMoves(p, h, nil) {
				m := gm.(Move)
				if m.Kind == Buy && m.Unit == Peasant && s.cells[m.To].owner == Neutral {
					takes = append(takes, m)
				}
			}
		}
	}
	if len(takes) == 0 {
		return Move{Kind: End}
	}
	return takes[b.rng.IntN(len(takes))]
}

// greedy plays the candidate move whose result values best, or ends.
func (b *bot) greedy(ctx context.Context, s *State, p int) Move {
	base := b.value(s, p)
	best, bestV := Move{Kind: End}, base+0.5
	for _, m := range b.candidates(s, p) {
		if ctx.Err() != nil {
			break
		}
		c := s.clone()
		c.play(p, m) // candidates come from the legal lists
		v := b.value(c, p)
		if m.Kind == Buy && c.cells[m.To].thing == peasant && !c.cells[m.To].done {
			// A peasant recruited beside a tree is worth its first wood.
			for _, y := range c.isl.nbr[m.To] {
				if y >= 0 && c.cells[y].thing == tree && c.regOf[y] == c.regOf[m.To] {
					c.play(p, Move{Kind: Go, From: m.To, To: int(y)})
					v = b.value(c, p)
					break
				}
			}
		}
		if v > bestV {
			best, bestV = m, v
		}
	}
	if best.Kind == End && b.level >= 2 {
		if m, ok := b.reposition(s, p); ok {
			return m
		}
	}
	return best
}

// candidates lists the moves worth valuing: every villager's actions
// (walks only for hard, towards the front), trainings and every village's
// recruits onto land it can take or next to its border.
func (b *bot) candidates(s *State, p int) []Move {
	var out []Move
	// Of the villagers that could take, gather or clear one hex, only the
	// weakest is tried: the others stay free for other work.
	byTarget := map[int]int{} // target hex to index in out
	for h := range s.cells {
		c := &s.cells[h]
		if int(c.owner) != p {
			continue
		}
		if c.thing.isUnit() && c.left == 0 {
			for _, gm := range s.unitMoves(p, h, nil) {
				m := gm.(Move)
				switch {
				case m.Kind == Go && s.cells[m.To].thing.isUnit() && int(s.cells[m.To].owner) == p:
					out = append(out, m) // combining
				case m.Kind == Go && (int(s.cells[m.To].owner) != p || s.cells[m.To].thing != none):
					if i, ok := byTarget[m.To]; ok {
						if s.cells[m.From].thing < s.cells[out[i].From].thing {
							out[i] = m
						}
						continue
					}
					byTarget[m.To] = len(out)
					out = append(out, m)
				case m.Kind == Train && b.level >= 2:
					out = append(out, m)
				}
			}
		}
		if c.thing == village {
			vl := s.vils[c.vil]
			took := map[int]bool{}
			woodcutters := 0
			for _, gm := range s.villageMoves(p, h, nil) {
				m := gm.(Move)
				switch m.Kind {
				case Buy:
					// Only the cheapest recruit that can take a hex, and
					// a few peasants to cut trees.
					if int(s.cells[m.To].owner) != p && !took[m.To] {
						took[m.To] = true
						out = append(out, m)
					} else if m.Unit == Peasant && woodcutters < 3 && s.besideTree(m.To) {
						woodcutters++
						out = append(out, m)
					}
				case Upgrade:
					out = append(out, m)
				case Tower:
					if b.level >= 2 && vl.level >= Town && s.frontier(m.To, p) {
						out = append(out, m)
					}
				}
			}
		}
	}
	return out
}

// besideTree reports whether hex h touches a tree of its own region.
func (s *State) besideTree(h int) bool {
	for _, y := range s.isl.nbr[h] {
		if y >= 0 && s.cells[y].thing == tree && s.regOf[y] == s.regOf[h] {
			return true
		}
	}
	return false
}

// frontier reports whether hex h touches an enemy's hex.
func (s *State) frontier(h, p int) bool {
	for _, y := range s.isl.nbr[h] {
		if y >= 0 && s.cells[y].owner >= 0 && int(s.cells[y].owner) != p {
			return true
		}
	}
	return false
}

// value scores a position for seat p: its land and its regions' economy
// and strength, less the other players' land. Hard also counts the
// other players' economy, the hexes of its own that an enemy region
// could take next turn (by the strongest villager it has or could
// recruit), and its upgrades.
func (b *bot) value(s *State, p int) float64 {
	if s.over {
		for _, w := range s.winners {
			if int(w) == p {
				return 1e9
			}
		}
		return -1e9
	}
	st := s.stats()
	v := 0.0
	var threat []int
	if b.level >= 2 {
		threat = make([]int, len(s.regs))
	}
	for r := range s.regs {
		rg := s.regs[r]
		if rg.vil < 0 {
			continue
		}
		vl := s.vils[rg.vil]
		inc, up := st[r].income, st[r].upkeep
		starving := int(vl.gold)+inc < up
		if int(rg.owner) != p {
			if b.level >= 2 {
				v -= 8 * float64(rg.size)
				v -= 1.5 * float64(inc-up)
				if starving {
					v += 2 * float64(up)
				}
				v -= 2 * float64(st[r].might)
				threat[r] = max(st[r].top, min(int(vl.level.maxRank()), int(vl.gold)/10))
			} else {
				v -= 4 * float64(rg.size)
			}
			continue
		}
		v += 10 * float64(rg.size)
		if b.level >= 2 {
			v += b.economy(s, int(vl.gold), inc-up)
		} else {
			v += 3 * float64(inc-up)
		}
		v += 0.2 * float64(min(vl.gold, 60))
		if b.level >= 2 {
			// Hard looks a turn ahead: about half its trees will spread,
			// each taking a gold of income, so it keeps that margin, and
			// the deeper the shortfall the worse.
			short := float64(up) - (float64(vl.gold) + float64(inc) - 0.5*float64(st[r].trees))
			if short > 0 {
				v -= 30 + 4*short
			}
		} else if starving {
			v -= 30 + 2*float64(up)
		}
		if b.level >= 2 {
			v += float64(min(vl.wood, 20)) + 12*float64(vl.level-1)
		} else {
			v += 0.5*float64(min(vl.wood, 20)) + 6*float64(vl.level-1)
		}
		v += 4*float64(st[r].might) + 8*float64(st[r].towers) - 2*float64(st[r].trees)
	}
	if b.level >= 2 {
		for h := range s.cells {
			c := &s.cells[h]
			if int(c.owner) != p {
				continue
			}
			t := 0
			for _, y := range s.isl.nbr[h] {
				if y >= 0 && s.cells[y].owner >= 0 && int(s.cells[y].owner) != p {
					t = max(t, threat[s.regOf[y]])
				}
			}
			if t < 2 || (c.thing == village && t < 3) || t <= s.protection(h) {
				continue
			}
			v -= 3
			if c.thing == village {
				v -= 15 + 0.3*float64(min(s.vils[c.vil].gold, 100))
			}
		}
	}
	return v
}

// reposition moves one idle villager of hard's onto the free hex of its
// region, reachable now, that touches the most enemy hexes, when that is
// better guarded than where it stands.
func (b *bot) reposition(s *State, p int) (Move, bool) {
	for h := range s.cells {
		c := &s.cells[h]
		if int(c.owner) != p || !c.thing.isUnit() || c.done || c.left > 0 {
			continue
		}
		exposure := func(x int) int {
			n := 0
			for _, y := range s.isl.nbr[x] {
				if y >= 0 && s.cells[y].owner >= 0 && int(s.cells[y].owner) != p {
					n++
				}
			}
			return n
		}
		here := exposure(h)
		dist, _ := s.walk(h, -1)
		best, bestE := -1, here
		for x := range dist {
			if dist[x] > 0 || (dist[x] == 0 && x != h) {
				if e := exposure(x); e > bestE {
					best, bestE = x, e
				}
			}
		}
		if best >= 0 {
			return Move{Kind: Go, From: h, To: best}, true
		}
	}
	return Move{}, false
}
