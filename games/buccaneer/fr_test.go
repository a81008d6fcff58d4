package buccaneer

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/parlor-games/parlor/game"
	"github.com/parlor-games/parlor/game/gametest"
)

func TestFR1_SeatsTwoToFour(t *testing.T) {
	if s := start(t, "", 1); s.Seats() != 4 {
		t.Fatalf("default seats %d, want 4", s.Seats())
	}
	for _, n := range []int{2, 3, 4} {
		if s := start(t, `{"seats":`+string(rune('0'+n))+`}`, 1); s.Seats() != n || len(s.players) != n {
			t.Fatalf("seats %d gave %d", n, s.Seats())
		}
	}
	for _, bad := range []string{`{"seats":1}`, `{"seats":5}`, `{"turns":-1}`, `{"captains":4}`, `{"seats":"four"}`} {
		if _, err := Definition.New(json.RawMessage(bad), game.NewRand(1)); err == nil {
			t.Fatalf("options %s accepted", bad)
		}
	}
}

func TestFR2_HomePortsRandomAndDistinct(t *testing.T) {
	seen := map[int]bool{}
	for seed := range uint64(40) {
		s := start(t, "", seed)
		homes := map[int]bool{}
		for _, p := range s.players {
			if !Ports[p.home].Home || homes[p.home] {
				t.Fatalf("seed %d: bad home ports", seed)
			}
			homes[p.home] = true
		}
		seen[s.players[0].home] = true
	}
	if len(seen) != 4 {
		t.Fatalf("seat 0 got only %v over 40 seeds", seen)
	}
}

func TestFR3_CrewPack(t *testing.T) {
	a, b := start(t, "", 1), start(t, "", 2)
	checkInvariants(t, a)
	if len(a.crew) != 36-4*5-2*2 {
		t.Fatalf("pack holds %d after dealing, want 12", len(a.crew))
	}
	if slices.Equal(a.crew, b.crew) && slices.Equal(a.players[0].hand, b.players[0].hand) {
		t.Fatal("two seeds dealt the same: the pack is not shuffled")
	}
	// Cards come from the top and return to the bottom (card 19 does both).
	s := drawScenario(t, 19, "[8,10]", "N", `,"hand":["B1"]`, []string{cadiz}, `,"crewPack":["R2","B3"]`)
	must(t, s, 0, "face N")
	if hand(s, 0) != "[R2]" || s.crew[0] != (Card{3, false}) || s.crew[len(s.crew)-1] != (Card{1, false}) {
		t.Fatalf("hand %s pack top %v bottom %v", hand(s, 0), s.crew[0], s.crew[len(s.crew)-1])
	}
}

func TestFR4_ChancePack(t *testing.T) {
	a, b := start(t, "", 1), start(t, "", 2)
	if len(a.chance) != 28 || slices.Equal(a.chance, b.chance) {
		t.Fatal("the chance pack is not 28 shuffled cards")
	}
	// A used card goes under the pack; a kept card leaves it.
	s := drawScenario(t, 15, "[8,10]", "N", `,"hand":["B1"]`, []string{cadiz}, `,"chancePack":[15,23]`)
	_ = s
	s = scenario(t, `{"ships":[{"home":"London","at":[8,10],"facing":"N","hand":["B1"]},{"home":"Cadiz","at":[13,10],"facing":"N","hand":["B1"]}],"chancePack":[15,23]}`)
	must(t, s, 0, "face N")
	if s.chance[0] != 23 || s.chance[27] != 15 {
		t.Fatalf("after card 15: top %d bottom %d", s.chance[0], s.chance[27])
	}
	must(t, s, 1, "face N")
	if len(s.chance) != 27 || !slices.Equal(s.players[1].kept, []int{23}) {
		t.Fatalf("card 23 should be kept: pack %d kept %v", len(s.chance), s.players[1].kept)
	}
}

func TestFR5_TreasureRunsOut(t *testing.T) {
	s := drawScenario(t, 11, "[8,10]", "N", `,"hand":["B1"]`, []string{cadiz},
		`,"ports":{"Venice":{"treasure":["diamond","diamond","diamond","diamond"]}}`)
	must(t, s, 0, "face N")
	got := legalStrings(s, 0)
	if got["take diamond"] || !got["take ruby"] {
		t.Fatalf("choices %v", got)
	}
	gametest.Refused(t, s, 0, "take diamond", "not-on-island")
}

func TestFR6_DistanceAndCrewTotal(t *testing.T) {
	s := scenario(t, `{"ships":[{"home":"London","at":[5,5],"facing":"E"},{"home":"Cadiz","hand":["R3","B2","B1"]}]}`)
	v := s.View(1).(View)
	if v.Players[0].Distance != 1 || v.Players[0].Cards != 0 || v.Players[1].Distance != 6 || v.Players[1].Crew != 6 {
		t.Fatalf("players %+v", v.Players)
	}
	if got := legalStrings(s, 0); !got["sail 6,5"] || got["sail 7,5"] {
		t.Fatalf("with no crew a ship sails one square: %v", got)
	}
	if strength([]Card{{3, true}, {2, false}, {1, false}}) != 0 || strength([]Card{{3, true}, {1, true}, {2, false}}) != 2 {
		t.Fatal("fighting strength is |red - black|")
	}
}

func TestFR7_PortView(t *testing.T) {
	s := scenario(t, `{"ships":[{"home":"London"},{"home":"Cadiz"}],"ports":{"Venice":{"cards":["R2","B3"],"treasure":["pearl"]}}}`)
	v := s.View(game.Spectator).(View)
	ven := v.Ports[4]
	if ven.Name != "Venice" || ven.Owner != -1 || len(ven.Cards) != 2 || ven.Cards[0] != (Card{2, true}) || !slices.Equal(ven.Treasure, []string{"pearl"}) {
		t.Fatalf("Venice %+v", ven)
	}
	if v.Ports[0].Owner != 0 || v.Ports[3].Owner != 1 || v.Ports[1].Owner != -1 {
		t.Fatalf("owners %v %v %v", v.Ports[0].Owner, v.Ports[3].Owner, v.Ports[1].Owner)
	}
}

func TestFR8_FlatIslandView(t *testing.T) {
	s := drawScenario(t, 8, "[8,10]", "N", `,"hand":["R3","B1","R2"]`, []string{cadiz}, "")
	must(t, s, 0, "face N")
	v := s.View(game.Spectator).(View)
	if len(v.Flat.Cards) != 2 || v.Flat.Cards[0] != (Card{1, false}) {
		t.Fatalf("Flat Island %+v", v.Flat)
	}
}

func TestFR9_Board(t *testing.T) {
	want := map[string]Point{"Venice": {1, 7}, "London": {1, 14}, "Cadiz": {14, 20}, "Amsterdam": {20, 14}, "Marseilles": {20, 7}, "Genoa": {7, 1}}
	for _, p := range Ports {
		if want[p.Name] != p.At {
			t.Fatalf("%s at %v", p.Name, p.At)
		}
		if !isSea(p.At) {
			t.Fatalf("%s is not on a sea square", p.Name)
		}
	}
	land := 0
	for x := 1; x <= Size; x++ {
		for y := 1; y <= Size; y++ {
			if isLand(Point{x, y}) {
				land++
			}
		}
	}
	if land != 16+12+12 {
		t.Fatalf("%d land squares, want 40 (Treasure 16, Flat 12, Pirate 12)", land)
	}
	if !FlatIsland.has(Point{2, 16}) || !FlatIsland.has(Point{4, 19}) || !PirateIsland.has(Point{17, 2}) || !PirateIsland.has(Point{19, 5}) || !TreasureIsland.has(Point{12, 12}) {
		t.Fatal("island corners")
	}
	if !TreasureIsland.near(Point{8, 8}) || TreasureIsland.near(Point{7, 10}) || !TreasureIsland.near(Point{13, 11}) {
		t.Fatal("adjacent to Treasure Island includes diagonals and nothing further")
	}
	v := start(t, "", 1).View(game.Spectator).(View)
	if v.Board.Size != 20 || v.Board.Bays["Anchor Bay"] != (Point{20, 1}) || v.Board.Islands["Flat Island"] != FlatIsland {
		t.Fatalf("board view %+v", v.Board)
	}
	for _, p := range v.Players {
		if p.Home == "" || p.Facing == "" || p.At != Ports[portIndex(p.Home)].At {
			t.Fatalf("player view %+v", p)
		}
	}
}

func TestFR10_SetUp(t *testing.T) {
	for seed := range uint64(20) {
		for _, seats := range []string{`{"seats":4}`, `{"seats":2}`} {
			s := start(t, seats, seed)
			checkInvariants(t, s)
			for i, p := range s.players {
				if len(p.hand) != 5 || p.at != Ports[p.home].At || len(p.hold) != 0 {
					t.Fatalf("seat %d starts with %v at %v", i, p.hand, p.at)
				}
			}
			for i, st := range s.ports {
				worth := crewTotal(st.cards) + st.treasure.value()
				if s.owner(i) >= 0 {
					if worth != 0 {
						t.Fatalf("home port %s starts with stock", Ports[i].Name)
					}
					continue
				}
				if len(st.cards) != 2 || worth != 8 || st.treasure.total() > 2 {
					t.Fatalf("%s starts with %v and %v: worth %d", Ports[i].Name, st.cards, st.treasure, worth)
				}
			}
		}
	}
}

func TestFR11_TurnOrder(t *testing.T) {
	s := scenario(t, `{"ships":[{"home":"Cadiz","hand":["R1"]},{"home":"Genoa","hand":["R1"]},{"home":"London","hand":["R1"]},{"home":"Marseilles","hand":["R1"]}]}`)
	var order []game.Seat
	for range 5 {
		seat := s.Turn()[0]
		order = append(order, seat)
		legal := s.Legal(seat)
		must(t, s, seat, legal[0].String())
		for s.Turn()[0] == seat {
			must(t, s, seat, s.Legal(seat)[0].String())
		}
	}
	if !slices.Equal(order, []game.Seat{2, 1, 3, 0, 2}) {
		t.Fatalf("order %v, want London, Genoa, Marseilles, Cadiz, London", order)
	}
}

func TestFR11_LegalSquares(t *testing.T) {
	// In port: every direction, up to the crew total, not through land.
	s := scenario(t, `{"ships":[{"home":"London","hand":["R2","B1"]},{"home":"Cadiz"}]}`)
	got := legalStrings(s, 0)
	for _, m := range []string{"sail 1,15", "sail 1,17", "sail 1,11", "sail 4,14", "sail 4,11", "sail 2,15"} {
		if !got[m] {
			t.Fatalf("%s missing from %v", m, got)
		}
	}
	if got["sail 3,16"] || got["sail 4,17"] || got["face N"] || got["sail 1,18"] {
		t.Fatalf("land, too far or turning in port offered: %v", got)
	}
	gametest.Refused(t, s, 0, "face S", "in-port")
	gametest.Refused(t, s, 0, "sail 3,16", "land")
	gametest.Refused(t, s, 0, "sail 1,18", "too-far")
	gametest.Refused(t, s, 0, "sail 3,15", "not-straight")
	// Out of port: only ahead, stopping at Treasure Island.
	s = scenario(t, `{"ships":[{"home":"London","at":[5,10],"facing":"E","hand":["R3","B3"]},{"home":"Cadiz"}]}`)
	got = legalStrings(s, 0)
	if !got["sail 8,10"] || got["sail 9,10"] || got["sail 5,11"] || !got["face N"] || got["face XX"] {
		t.Fatalf("legal %v", got)
	}
	gametest.Refused(t, s, 0, "sail 5,11", "not-ahead")
	gametest.Refused(t, s, 0, "sail 11,10", "land")
	// Facing Treasure Island from its coast is not a legal facing.
	must(t, s, 0, "sail 8,10")
	if got := legalStrings(s, 0); got["face E"] || got["face NE"] || got["face SE"] || !got["face W"] {
		t.Fatalf("facings by the island %v", got)
	}
	gametest.Refused(t, s, 0, "face E", "bad-facing")
}

func TestFR11_PassedShipAsked(t *testing.T) {
	sc := `{"ships":[{"home":"London","at":[3,5],"facing":"E","hand":["R3","B3"]},{"home":"Cadiz","at":[5,5],"hand":["R2"]}]}`
	s := scenario(t, sc)
	must(t, s, 0, "sail 8,5")
	if s.Turn()[0] != 1 || s.phase != phAsk {
		t.Fatalf("the passed ship should be asked: turn %v step %s", s.Turn(), phaseNames[s.phase])
	}
	gametest.Refused(t, s, 1, "face N", "wrong-step")
	must(t, s, 1, "attack no")
	if s.players[0].at != (Point{8, 5}) || s.Turn()[0] != 0 || s.phase != phFace {
		t.Fatalf("declined: at %v step %s", s.players[0].at, phaseNames[s.phase])
	}
	s = scenario(t, sc)
	must(t, s, 0, "sail 8,5")
	ev := must(t, s, 1, "attack yes")
	if s.players[0].at != (Point{5, 5}) || !hasType(ev, "fight") {
		t.Fatalf("attacked: mover at %v", s.players[0].at)
	}
	// Seat 1 (strength 2) beats seat 0 (strength 0) and takes its two
	// lowest cards; seat 0, with no crew, escapes one square.
	if hand(s, 1) != "[R2 R3 B3]" || s.Turn()[0] != 0 || s.phase != phEscape {
		t.Fatalf("hand %s step %s", hand(s, 1), phaseNames[s.phase])
	}
	if len(s.Legal(0)) != 8 {
		t.Fatalf("escape squares %v", legalStrings(s, 0))
	}
}

func TestFR11_NoAttackOnTreasureCoastOrInPort(t *testing.T) {
	s := scenario(t, `{"ships":[{"home":"London","at":[8,4],"facing":"N","hand":["R3","B3","R1"]},{"home":"Cadiz","at":[8,10]},{"home":"Genoa","at":[8,8]}]}`)
	got := legalStrings(s, 0)
	if got["sail 8,10"] || got["sail 8,8"] || !got["sail 8,11"] {
		t.Fatalf("legal %v", got)
	}
	gametest.Refused(t, s, 0, "sail 8,10", "no-attack-here")
	must(t, s, 0, "sail 8,11")
	if s.phase != phFace {
		t.Fatal("ships on Treasure Island's coast are not asked")
	}
	// Ports hold any number of ships.
	s = scenario(t, `{"ships":[{"home":"London","at":[1,9],"facing":"S","hand":["R3"]},{"home":"Cadiz","at":[1,7]},{"home":"Genoa"}]}`)
	must(t, s, 0, "sail 1,7")
	if s.players[0].at != Ports[4].At {
		t.Fatal("did not sail into Venice")
	}
}

func TestFR12_WinnerTakesTreasure(t *testing.T) {
	s := scenario(t, `{"ships":[{"home":"London","at":[3,5],"facing":"E","hand":["R3","R2"],"treasure":["rum"]},{"home":"Cadiz","at":[5,5],"hand":["R2","B1"],"treasure":["gold"]}]}`)
	ev := must(t, s, 0, "sail 5,5")
	var f FightData
	for _, e := range ev {
		if e.Type == "fight" {
			f = e.Data.(FightData)
		}
	}
	if f.Winner != 0 || hold(s, 0) != "[gold rum]" || hold(s, 1) != "[]" {
		t.Fatalf("fight %+v holds %s %s", f, hold(s, 0), hold(s, 1))
	}
	if s.Turn()[0] != 1 || s.phase != phEscape || s.players[0].facing != E {
		t.Fatal("the loser escapes; the winner keeps its facing")
	}
	must(t, s, 1, "sail 5,8")
	must(t, s, 1, "face N")
	if s.Turn()[0] != 1 || s.phase != phMove {
		t.Fatalf("after the escape the next captain's turn: step %s owes %v", phaseNames[s.phase], s.Turn())
	}
}

func TestFR12_WinnerChoosesSpoils(t *testing.T) {
	s := scenario(t, `{"ships":[{"home":"London","at":[3,5],"facing":"E","hand":["R3","R2"],"treasure":["rum"]},{"home":"Cadiz","at":[5,5],"hand":["R2","B1"],"treasure":["gold","pearl"]}]}`)
	must(t, s, 0, "sail 5,5")
	if got := legalStrings(s, 0); len(got) != 2 || !got["keep gold"] || !got["keep pearl"] {
		t.Fatalf("spoils choices %v", got)
	}
	gametest.Refused(t, s, 0, "keep gold pearl", "keep-count")
	must(t, s, 0, "keep pearl")
	if hold(s, 0) != "[pearl rum]" || s.island[Gold] != 4 {
		t.Fatalf("hold %s, gold should return to Treasure Island: %v", hold(s, 0), s.island)
	}
}

func TestFR12_TieAndCards(t *testing.T) {
	// A tie: no spoils, the attacked ship escapes.
	s := scenario(t, `{"ships":[{"home":"London","at":[3,5],"facing":"E","hand":["R3","B1"]},{"home":"Cadiz","at":[5,5],"hand":["B2"],"treasure":["gold"]}]}`)
	must(t, s, 0, "sail 5,5")
	if s.Turn()[0] != 1 || s.phase != phEscape || hold(s, 1) != "[gold]" {
		t.Fatalf("tie: step %s owes %v", phaseNames[s.phase], s.Turn())
	}
	// No treasure: the two lowest cards.
	s = scenario(t, `{"ships":[{"home":"London","at":[3,5],"facing":"E","hand":["R3","R3"]},{"home":"Cadiz","at":[5,5],"hand":["B3","R1","B2"]}]}`)
	must(t, s, 0, "sail 5,5")
	if hand(s, 0) != "[R1 B2 R3 R3]" || hand(s, 1) != "[B3]" {
		t.Fatalf("hands %s %s", hand(s, 0), hand(s, 1))
	}
}

func TestFR12_LoserThatCannotMoveStays(t *testing.T) {
	s := scenario(t, `{"ships":[{"home":"London","at":[20,5],"facing":"S","hand":["R3","R3"]},{"home":"Cadiz","at":[20,1],"hand":["B1"]},
		{"home":"Genoa","at":[19,1]},{"home":"Marseilles","at":[20,2]}]}`)
	must(t, s, 0, "sail 20,1")
	must(t, s, 3, "attack no")
	if s.players[0].at != AnchorBay || s.players[1].at != AnchorBay {
		t.Fatal("fight not at Anchor Bay")
	}
	if s.Turn()[0] != 2 || s.phase != phMove || hand(s, 0) != "[B1 R3 R3]" {
		t.Fatalf("a boxed-in loser stays and the turn passes: step %s owes %v", phaseNames[s.phase], s.Turn())
	}
}

func TestFR13_TreasureIslandDrawsChance(t *testing.T) {
	s := scenario(t, `{"ships":[{"home":"London","at":[5,5],"facing":"NE","hand":["R3"]},{"home":"Cadiz"}],"chancePack":[15]}`)
	ev := must(t, s, 0, "sail 8,8")
	if hasType(ev, "chance") {
		t.Fatal("drew before choosing a facing")
	}
	ev = must(t, s, 0, "face N")
	if !hasType(ev, "chance") || len(s.players[0].hand) != 3 {
		t.Fatal("a ship at the corner of Treasure Island's coast draws")
	}
	v := s.View(1).(View)
	if v.Last == nil || v.Last.Number != 15 || v.Last.Text != Chance[14].Text {
		t.Fatalf("last chance card %+v", v.Last)
	}
}

func TestFR14_FlatIsland(t *testing.T) {
	s := scenario(t, `{"ships":[{"home":"London","at":[6,17],"facing":"W","hand":["R1"],"treasure":["rum"]},{"home":"Cadiz"}],
		"flatIsland":{"cards":["B3","R2"],"treasure":["pearl","diamond"]}}`)
	must(t, s, 0, "sail 5,17")
	must(t, s, 0, "face N")
	if hold(s, 0) != "[diamond rum]" || hand(s, 0) != "[R1 R2 B3]" || len(s.flat.cards) != 0 || s.flat.treasure[Pearl] != 1 {
		t.Fatalf("hold %s hand %s flat %v", hold(s, 0), hand(s, 0), s.flat)
	}
}

func TestFR15_HomeUnloadsAndTrade(t *testing.T) {
	s := scenario(t, `{"ships":[{"home":"London","at":[1,12],"facing":"N","hand":["R2"],"treasure":["gold","rum"]},{"home":"Cadiz"}]}`)
	must(t, s, 0, "sail 1,14")
	if len(s.players[0].hold) != 0 || s.homeWorth(0) != 6 || s.Turn()[0] != 1 {
		t.Fatalf("unload: hold %v home %d", s.players[0].hold, s.homeWorth(0))
	}
	s = scenario(t, `{"ships":[{"home":"London","at":[1,9],"facing":"S","hand":["R2","B2","R1","B3"],"treasure":["rum"]},{"home":"Cadiz"}],
		"ports":{"Venice":{"cards":["B3"],"treasure":["gold","pearl"]}}}`)
	must(t, s, 0, "sail 1,7")
	gametest.Refused(t, s, 0, "give R2 take gold", "unequal")
	gametest.Refused(t, s, 0, "give R2 R2 take gold", "not-yours")
	gametest.Refused(t, s, 0, "give R2 take ruby rum", "not-in-port")
	gametest.Refused(t, s, 0, "give R1 B2 take gold pearl rum", "not-in-port")
	gametest.Refused(t, s, 0, "give R2 R1 B2 take gold rum", "not-in-port")
	gametest.Refused(t, s, 0, "give R2 B2 R1 take pearl gold", "unequal")
	gametest.Refused(t, s, 0, "give R1 R2 take gold pearl", "unequal")
	gametest.Refused(t, s, 0, "give B3 R2 B2 take gold pearl", "ship-full")
	gametest.Refused(t, s, 0, "give B3 take B3", "same-kind")
	for _, m := range s.Legal(0) {
		if mv := m.(Move); mv.Give != nil && overlap(toBundle(mv.Give), toBundle(mv.Take)) {
			t.Fatalf("%v gives and takes the same kind", mv)
		}
	}
	must(t, s, 0, "give R2 R1 take pearl")
	if hand(s, 0) != "[B2 B3]" || hold(s, 0) != "[pearl rum]" || fmt.Sprint(s.ports[4].cards) != "[R1 R2 B3]" {
		t.Fatalf("after trade hand %s hold %s port %v", hand(s, 0), hold(s, 0), s.ports[4].cards)
	}
	must(t, s, 0, "give rum take R2")
	must(t, s, 0, "done")
	if s.Turn()[0] != 1 {
		t.Fatal("done ends the turn")
	}
}

func TestFR15_CardsGivenInAnotherHomeGoToItsCaptain(t *testing.T) {
	s := scenario(t, `{"ships":[{"home":"London","at":[13,20],"facing":"E","hand":["R3","B1"]},{"home":"Cadiz","at":[5,5],"hand":["B1"]}],
		"ports":{"Cadiz":{"treasure":["gold","pearl","pearl","pearl"]}}}`)
	if s.ports[3].safe[Pearl] != 3 || s.ports[3].treasure[Pearl] != 0 {
		t.Fatal("three pearls at home go to the safe zone")
	}
	must(t, s, 0, "sail 14,20")
	got := legalStrings(s, 0)
	if got["give R3 take pearl"] || !got["give R3 B1 take gold"] {
		t.Fatalf("safe treasure offered, or gold not: %v", got)
	}
	must(t, s, 0, "give R3 B1 take gold")
	if hand(s, 1) != "[B1 B1 R3]" || len(s.ports[3].cards) != 0 || hold(s, 0) != "[gold]" {
		t.Fatalf("Cadiz captain's hand %s, port cards %v", hand(s, 1), s.ports[3].cards)
	}
}

func TestFR16_AnchorBay(t *testing.T) {
	// Without a chart nothing happens.
	s := scenario(t, `{"ships":[{"home":"London","at":[20,4],"facing":"S","hand":["R3"]},{"home":"Cadiz"}]}`)
	must(t, s, 0, "sail 20,1")
	must(t, s, 0, "face N")
	if s.Turn()[0] != 1 || len(s.players[0].hold) != 0 {
		t.Fatal("Anchor Bay without a chart gives nothing")
	}
	// With a full ship the chart is kept for later.
	s = scenario(t, `{"ships":[{"home":"London","at":[20,4],"facing":"S","hand":["R3"],"treasure":["rum","rum"],"kept":[25]},{"home":"Cadiz"}]}`)
	must(t, s, 0, "sail 20,1")
	must(t, s, 0, "face N")
	if s.Turn()[0] != 1 || !slices.Equal(s.players[0].kept, []int{25}) {
		t.Fatal("a full ship keeps its chart")
	}
	// Room for one: one piece worth up to 7.
	s = scenario(t, `{"ships":[{"home":"London","at":[20,4],"facing":"S","hand":["R3"],"treasure":["rum"],"kept":[26]},{"home":"Cadiz"}]}`)
	must(t, s, 0, "sail 20,1")
	must(t, s, 0, "face N")
	if got := legalStrings(s, 0); len(got) != 5 || !got["take diamond"] {
		t.Fatalf("chart choices with room for one: %v", got)
	}
}

func TestFR17_WinAtTwentyAtHome(t *testing.T) {
	sc := `{"ships":[{"home":"London","at":[1,12],"facing":"N","hand":["R2"],"treasure":[%s]},{"home":"Cadiz"}],
		"ports":{"London":{"treasure":["diamond","ruby","pearl"]}}}`
	s := scenario(t, fmt.Sprintf(sc, `"pearl","rum"`)) // 13 + 5 = 18
	must(t, s, 0, "sail 1,14")
	if s.Outcome() != nil || s.Scores()[0] != 18 {
		t.Fatalf("18 points is no win: %v %v", s.Outcome(), s.Scores())
	}
	s = scenario(t, fmt.Sprintf(sc, `"gold","pearl"`)) // 13 + 7 = 20
	ev := must(t, s, 0, "sail 1,14")
	o := s.Outcome()
	if o == nil || !slices.Equal(o.Winners, []game.Seat{0}) || !hasType(ev, "end") || len(s.Turn()) != 0 {
		t.Fatalf("20 points at home wins: %v", o)
	}
	gametest.Refused(t, s, 1, "sail 14,19", "game-over")
}

func TestTurnLimitEndsTheGame(t *testing.T) {
	s := scenario(t, `{"ships":[{"home":"London","at":[5,5],"facing":"N","hand":["R2"]},{"home":"Cadiz","hand":["R1"]}],
		"ports":{"Cadiz":{"treasure":["rum"]}},"turnsPlayed":0}`)
	s.maxTurns = 2
	must(t, s, 0, "face E")
	if s.Outcome() != nil {
		t.Fatal("ended early")
	}
	must(t, s, 1, "sail 14,19")
	must(t, s, 1, "face S")
	o := s.Outcome()
	if o == nil || !slices.Equal(o.Winners, []game.Seat{1}) || !strings.Contains(o.Reason, "turn limit") {
		t.Fatalf("outcome %v", o)
	}
}

// The turn limit is a house option, off by default: FR17 ends the game
// only when a captain has 20 points at home, so a table that sets nothing
// plays on past any number of turns (here the 400th, once the default
// limit); "turns" 0 is the same, and a negative limit is refused.
func TestTurnLimitOffByDefault(t *testing.T) {
	for _, o := range Definition.Options {
		if o.Name == "turns" && o.Default != 0 {
			t.Fatalf("the turn limit's default is %v, want 0 (none)", o.Default)
		}
	}
	for _, opts := range []string{``, `"turns":0,`} {
		sc := `{"ships":[{"home":"London","at":[5,5],"facing":"N","hand":["R2"]},{"home":"Cadiz","hand":["R1"]}],"turnsPlayed":399}`
		st, err := Definition.New(json.RawMessage(`{"seats":2,`+opts+`"scenario":`+sc+`}`), game.NewRand(1))
		if err != nil {
			t.Fatal(err)
		}
		s := st.(*State)
		must(t, s, 0, "face E")
		must(t, s, 1, "sail 14,19")
		must(t, s, 1, "face S")
		if o := s.Outcome(); o != nil || s.turns != 401 {
			t.Fatalf("options {%s}: the game ended at turn %d with no limit set: %v", opts, s.turns, o)
		}
	}
}
