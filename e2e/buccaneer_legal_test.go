package e2e

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"testing"

	"github.com/parlor-games/parlor/game"
	"github.com/parlor-games/parlor/games/buccaneer"
)

// The board lights the squares, and offers the facings, that the mover's
// view lists (its "legal" member); the client holds no copy of the rules.
// This test holds what the page shows to the game's own Legal on
// positions from bot games, and plays a lit square to see the server
// take it.

// bucPositions plays easy bots from seed's set-up and returns the
// positions where a captain is about to sail, after about every gap moves.
func bucPositions(t *testing.T, seed uint64, gap, count int) []*buccaneer.State {
	t.Helper()
	opts, _ := json.Marshal(map[string]any{"seats": 4})
	st, err := buccaneer.Definition.New(opts, game.NewRand(seed))
	if err != nil {
		t.Fatal(err)
	}
	s := st.(*buccaneer.State)
	var bots []game.Bot
	for i := range 4 {
		b, err := buccaneer.Definition.Bot("hard", game.NewRand(seed*10+uint64(i)))
		if err != nil {
			t.Fatal(err)
		}
		bots = append(bots, b)
	}
	var out []*buccaneer.State
	next := gap
	for moves := 0; moves < 5000 && s.Outcome() == nil && len(out) < count; moves++ {
		v := s.View(game.Spectator).(buccaneer.View)
		if moves >= next && v.Step.Name == "move" {
			out = append(out, s.Clone().(*buccaneer.State))
			next = moves + gap
		}
		seat := s.Turn()[0]
		m, err := bots[seat].Choose(context.Background(), s.Clone(), seat)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := s.Apply(seat, m); err != nil {
			t.Fatal(err)
		}
	}
	return out
}

// bucScenarioOf writes a position as a scenario: every ship with its hand,
// every port and Flat Island (the packs' order does not change a move).
func bucScenarioOf(s *buccaneer.State) map[string]any {
	pub := s.View(game.Spectator).(buccaneer.View)
	var ships []map[string]any
	for i, p := range pub.Players {
		own := s.View(game.Seat(i)).(buccaneer.View).Players[i]
		ships = append(ships, map[string]any{"home": p.Home, "at": p.At, "facing": p.Facing, "hand": own.Hand, "treasure": p.Treasure, "kept": p.Kept})
	}
	ports := map[string]any{}
	for _, p := range pub.Ports {
		ports[p.Name] = map[string]any{"cards": p.Cards, "treasure": p.Treasure, "safe": p.Safe, "longJohn": p.John}
	}
	return map[string]any{"ships": ships, "ports": ports, "flatIsland": map[string]any{"cards": pub.Flat.Cards, "treasure": pub.Flat.Treasure},
		"turn": int(pub.Step.Owes), "turnsPlayed": pub.Turns}
}

// TestBuccaneerLitSquaresMatchServer sets up positions from bot games in
// the browser, with the captain to move at the screen and bots in the
// other seats, and checks that the lit squares (and which of them are
// attacks) and the facings offered are exactly the moves the game allows,
// and that clicking a lit square plays a sail the server accepts.
// Each position is tried again with the other ships moved onto squares the
// mover could reach, so that attacks, ports shared and Treasure Island's
// coast (where no attack may be) are met too.
func TestBuccaneerLitSquaresMatchServer(t *testing.T) {
	p := newPage(t, "captain", 1400, 1000)
	p.guest(uniqueName("Cap"))
	checked, attacks := 0, 0
	check := func(sc map[string]any, label string) []string {
		t.Helper()
		raw, _ := json.Marshal(map[string]any{"seats": 4, "scenario": sc})
		st2, err := buccaneer.Definition.New(raw, game.NewRand(1))
		if err != nil {
			t.Fatalf("%s: the position does not load as a scenario: %v", label, err)
		}
		s2 := st2.(*buccaneer.State)
		turn := sc["turn"].(int)
		pub := s2.View(game.Spectator).(buccaneer.View)
		var wantSq, wantAttack, wantFace []string
		for _, gm := range s2.Legal(game.Seat(turn)) {
			m := gm.(buccaneer.Move)
			switch {
			case m.Sail != nil:
				sq := fmt.Sprintf("%d,%d", m.Sail.X, m.Sail.Y)
				wantSq = append(wantSq, sq)
				for _, o := range pub.Players {
					if int(o.Seat) != turn && o.At == *m.Sail && !isPortAt(pub, *m.Sail) {
						wantAttack = append(wantAttack, sq)
					}
				}
			case m.Face != "":
				wantFace = append(wantFace, m.Face)
			}
		}
		var seats []map[string]string
		for i := range 4 {
			if i == turn {
				seats = append(seats, map[string]string{"kind": "me"})
			} else {
				seats = append(seats, map[string]string{"kind": "bot", "level": "easy"})
			}
		}
		id := evalAs[string](p, createBucJS(map[string]any{"seats": 4, "scenario": sc}, seats))
		p.goTo("/t/" + id)
		p.waitFor("my turn", `!!document.querySelector("#bc-act strong")`)
		got := evalAs[map[string][]string](p, `(() => {
			const ids = (sel, f) => [...document.querySelectorAll(sel)].map(f);
			return {
				sq: ids(".bc-target:not(.theirs)", (e) => e.dataset.sq),
				attack: ids(".bc-target.attack:not(.theirs)", (e) => e.dataset.sq),
				face: ids("[id^=bc-turn-]", (e) => e.id.slice(8)),
			};
		})()`)
		for _, c := range []struct {
			what      string
			got, want []string
		}{{"lit squares", got["sq"], wantSq}, {"attack squares", got["attack"], wantAttack}, {"facings", got["face"], wantFace}} {
			g, w := slices.Clone(c.got), slices.Clone(c.want)
			slices.Sort(g)
			slices.Sort(w)
			if len(g) == 0 && len(w) == 0 {
				continue
			}
			if !slices.Equal(g, w) {
				t.Errorf("%s (%s): the page offers %s %v, the game %v", label, s2, c.what, g, w)
			}
		}
		t.Logf("%s: %d lit squares (%d attacks), %d facings", label, len(wantSq), len(wantAttack), len(wantFace))
		if len(wantSq) > 0 {
			// An attack square when there is one, so that a fight starts too.
			sq := wantSq[len(wantSq)/2]
			if len(wantAttack) > 0 {
				sq = wantAttack[0]
			}
			seq := evalAs[int](p, `window.parlorTable.state().seq`)
			p.click(fmt.Sprintf(`.bc-target[data-sq="%s"]`, sq))
			p.waitFor("the sail to "+sq+" accepted", fmt.Sprintf(`window.parlorTable.state().seq > %d || document.querySelector("#note.note-error")?.textContent`, seq))
			if e := p.text("#note"); e != "" && evalAs[bool](p, `!!document.querySelector("#note.note-error")`) {
				t.Errorf("%s: the server refused the sail to lit square %s: %s", label, sq, e)
			}
		}
		checked++
		attacks += len(wantAttack)
		return wantSq
	}
	for _, seed := range []uint64{2, 5, 9} {
		for n, s := range bucPositions(t, seed, 37, 3) {
			sc := bucScenarioOf(s)
			label := fmt.Sprintf("seed %d position %d", seed, n)
			lit := check(sc, label)
			if n == 0 {
				p.snap(fmt.Sprintf("seed-%d", seed))
			}
			if len(lit) < 3 {
				continue
			}
			// The other ships move onto the first, middle and last squares
			// the mover could reach.
			turn := sc["turn"].(int)
			ships := slices.Clone(sc["ships"].([]map[string]any))
			k := 0
			for i := range ships {
				if i == turn {
					continue
				}
				var x, y int
				fmt.Sscanf(lit[[]int{0, len(lit) / 2, len(lit) - 1}[k]], "%d,%d", &x, &y)
				k++
				ship := map[string]any{}
				for key, val := range ships[i] {
					ship[key] = val
				}
				ship["at"] = []int{x, y}
				ships[i] = ship
			}
			sc2 := map[string]any{}
			for key, val := range sc {
				sc2[key] = val
			}
			sc2["ships"] = ships
			check(sc2, label+" with ships in the way")
		}
	}
	if checked < 12 || attacks == 0 {
		t.Fatalf("only %d positions checked, %d attack squares among them", checked, attacks)
	}
}

func isPortAt(v buccaneer.View, at buccaneer.Point) bool {
	for _, p := range v.Ports {
		if p.At == at {
			return true
		}
	}
	return false
}

// TestBuccaneerOnlyTheMoverSeesLitSquares: two captains online. While
// London may sail, Ann's page lights the squares her view lists and
// Bob's page, whose view lists nothing, lights none; once Ann has sailed
// and turned, it is Bob's page that lights Genoa's squares.
func TestBuccaneerOnlyTheMoverSeesLitSquares(t *testing.T) {
	ann := newPage(t, "ann", 1280, 800)
	bob := newPage(t, "bob", 1280, 800)
	ann.guest(uniqueName("Ann"))
	bob.guest(uniqueName("Bob"))
	sc := map[string]any{
		"ships": []map[string]any{
			{"home": "London", "at": []int{3, 5}, "facing": "E", "hand": []string{"R3", "B3"}},
			{"home": "Genoa", "at": []int{7, 3}, "facing": "N", "hand": []string{"R2"}},
		},
		"turn": 0,
	}
	id := evalAs[string](ann, createBucJS(map[string]any{"seats": 2, "scenario": sc}, []map[string]string{{"kind": "me"}, {"kind": "open"}}))
	ann.goTo("/t/" + id)
	bob.goTo("/t/" + id)
	bob.click(".seat-1 button")
	ann.waitVisible("#start-game")
	ann.click("#start-game")
	lit := func(p *page, seat int) (squares int, listed bool) {
		return evalAs[int](p, `document.querySelectorAll(".bc-target").length`),
			evalAs[bool](p, fmt.Sprintf(`!!window.parlorTable.state().views["%d"]?.legal`, seat))
	}
	ann.waitFor("London's lit squares", `document.querySelectorAll(".bc-target").length > 0`)
	bob.waitFor("the sea", `document.querySelectorAll(".bc-ships .bc-ship").length === 2`)
	if n, listed := lit(bob, 1); n != 0 || listed {
		t.Fatalf("Bob's page, while London sails, lights %d squares (its view lists moves: %v)", n, listed)
	}
	if n, _ := lit(ann, 0); n != len(evalAs[[]any](ann, `window.parlorTable.state().views["0"].legal.sail`)) {
		t.Fatalf("Ann's page lights %d squares, not those her view lists", n)
	}
	ann.snap("ann-to-sail")
	bob.snap("bob-waits")
	ann.click(`.bc-target[data-sq="6,5"]`)
	ann.waitVisible("#bc-face-N")
	ann.click("#bc-face-N")
	bob.waitFor("Genoa's lit squares", `document.querySelectorAll(".bc-target").length > 0`)
	if n, listed := lit(ann, 0); n != 0 || listed {
		t.Fatalf("Ann's page, while Genoa sails, lights %d squares (its view lists moves: %v)", n, listed)
	}
	bob.snap("bob-to-sail")
}
