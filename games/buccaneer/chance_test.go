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

// drawScenario builds a scenario where seat 0 (London) lies at `at` by
// Treasure Island facing `facing`, chance card `card` is on top of the
// pack, and the other ships are as given. ship0 adds fields to seat 0.
func drawScenario(t *testing.T, card int, at, facing, ship0 string, others []string, extra string) *State {
	t.Helper()
	ships := []string{fmt.Sprintf(`{"home":"London","at":%s,"facing":%q%s}`, at, facing, ship0)}
	ships = append(ships, others...)
	sc := fmt.Sprintf(`{"ships":[%s],"chancePack":[%d]%s}`, strings.Join(ships, ","), card, extra)
	return scenario(t, sc)
}

var cadiz = `{"home":"Cadiz"}`

func hand(s *State, seat game.Seat) string { return fmt.Sprint(s.players[seat].hand) }

func hold(s *State, seat game.Seat) string {
	return fmt.Sprint(holdTreasure(s.players[seat].hold).names())
}

func TestChance01_BlownOffNearestSide(t *testing.T) {
	s := drawScenario(t, 1, "[8,10]", "N", `,"hand":["R1","B2"]`, []string{cadiz}, `,"crewPack":["R3","R3","B3","B1"]`)
	ev := must(t, s, 0, "face N")
	if !hasType(ev, "chance") {
		t.Fatal("no chance card drawn")
	}
	if got := s.players[0].at; got != (Point{3, 10}) {
		t.Fatalf("blown to %v, want 3,10 (5 squares west of the west side)", got)
	}
	if got := hand(s, 0); got != "[R1 B1 B2 R3 R3 B3]" {
		t.Fatalf("crew total 3 should take 4 cards from the top: hand %s", got)
	}
	if s.phase != phFace || s.who != 0 {
		t.Fatalf("after the blow seat 0 chooses a facing; step %s owes %d", phaseNames[s.phase], s.who)
	}
	must(t, s, 0, "face E")
	if s.players[0].facing != E || s.Turn()[0] != 1 {
		t.Fatalf("facing %v, turn %v", s.players[0].facing, s.Turn())
	}
}

func TestChance01_CornerAndOccupied(t *testing.T) {
	// From the south-east corner the line runs over Pirate Island to
	// Anchor Bay; the crew total of 8 takes no cards.
	s := drawScenario(t, 1, "[13,8]", "N", `,"hand":["R3","B3","R2"]`, []string{cadiz}, "")
	must(t, s, 0, "face N")
	if got := s.players[0].at; got != AnchorBay {
		t.Fatalf("blown to %v, want Anchor Bay 20,1 past Pirate Island", got)
	}
	if len(s.players[0].hand) != 3 {
		t.Fatalf("crew total 8 took cards")
	}
	// A ship on the square sends the blown ship one further.
	s = drawScenario(t, 1, "[8,10]", "N", `,"hand":["R3","B3"]`, []string{`{"home":"Cadiz","at":[3,10]}`}, "")
	must(t, s, 0, "face N")
	if got := s.players[0].at; got != (Point{2, 10}) {
		t.Fatalf("blown to %v, want 2,10 past the ship at 3,10", got)
	}
}

func TestChance02_ChosenCaptainGivesThreeLowest(t *testing.T) {
	s := drawScenario(t, 2, "[8,10]", "N", `,"hand":["R3"]`,
		[]string{`{"home":"Genoa","hand":["B3","B3"]}`, `{"home":"Cadiz","hand":["B3","R1","B1","R2"]}`}, "")
	must(t, s, 0, "face N")
	if got := legalStrings(s, 0); !got["seat 1"] || !got["seat 2"] || len(got) != 2 {
		t.Fatalf("card 2 should offer seats 1 and 2, got %v", got)
	}
	gametest.Refused(t, s, 0, "seat 0", "bad-seat")
	must(t, s, 0, "seat 2")
	if hand(s, 0) != "[R1 B1 R2 R3]" || hand(s, 2) != "[B3]" {
		t.Fatalf("hands %s and %s", hand(s, 0), hand(s, 2))
	}
	if s.chance[len(s.chance)-1] != 2 {
		t.Fatal("card 2 did not go under the chance pack")
	}
}

func TestChance03_BlownToMudBay(t *testing.T) {
	s := drawScenario(t, 3, "[8,10]", "N", `,"hand":["R3","B1"]`, []string{cadiz}, `,"crewPack":["B2","B2","B2","B2"]`)
	must(t, s, 0, "face N")
	if s.players[0].at != MudBay {
		t.Fatalf("at %v", s.players[0].at)
	}
	if len(s.players[0].hand) != 2 {
		t.Fatal("crew total 4 should take no cards")
	}
	if got := legalStrings(s, 0); len(got) != 3 || !got["face N"] || !got["face NE"] || !got["face E"] {
		t.Fatalf("facings at Mud Bay %v", got)
	}
	must(t, s, 0, "face NE")
}

func TestChance04_BlownToCliffCreek(t *testing.T) {
	s := drawScenario(t, 4, "[8,10]", "N", `,"hand":["R2"]`, []string{cadiz}, `,"crewPack":["B2","B2","B2","B2"]`)
	must(t, s, 0, "face N")
	if s.players[0].at != CliffCreek || hand(s, 0) != "[R2 B2 B2 B2 B2]" {
		t.Fatalf("at %v hand %s", s.players[0].at, hand(s, 0))
	}
	if got := legalStrings(s, 0); len(got) != 3 || !got["face S"] || !got["face SW"] || !got["face W"] {
		t.Fatalf("facings at Cliff Creek %v", got)
	}
}

func TestChance05_BlownHomeUnloadsAndCanWin(t *testing.T) {
	s := drawScenario(t, 5, "[8,10]", "N", `,"hand":["R3","B3"],"treasure":["gold"]`, []string{cadiz},
		`,"ports":{"London":{"treasure":["diamond","ruby","diamond","rum"]}}`)
	must(t, s, 0, "face N")
	if s.players[0].at != Ports[0].At || len(s.players[0].hold) != 0 {
		t.Fatalf("at %v hold %v", s.players[0].at, s.players[0].hold)
	}
	o := s.Outcome()
	if o == nil || !slices.Equal(o.Winners, []game.Seat{0}) {
		t.Fatalf("17 at home plus a gold is 21: seat 0 should win, outcome %v", o)
	}
}

func TestChance06_BlownToNearestPortAhead(t *testing.T) {
	s := drawScenario(t, 6, "[8,13]", "N", `,"hand":["R3","B3"]`, []string{`{"home":"Genoa"}`}, "")
	must(t, s, 0, "face N")
	if s.players[0].at != Ports[3].At {
		t.Fatalf("facing N from 8,13 the nearest port ahead is Cadiz; at %v", s.players[0].at)
	}
	// Facing west from 8,10, Venice and London are both 7 steps away;
	// Venice is nearer the line.
	s = drawScenario(t, 6, "[8,10]", "N", `,"hand":["R3","R1"]`, []string{`{"home":"Genoa"}`},
		`,"ports":{"Venice":{"cards":["B1"]}}`)
	must(t, s, 0, "face W")
	if s.players[0].at != Ports[4].At {
		t.Fatalf("at %v, want Venice", s.players[0].at)
	}
	if s.phase != phPort || s.who != 0 {
		t.Fatalf("a ship blown into a trading port may trade; step %s", phaseNames[s.phase])
	}
}

func TestChance07_WashedToNearestShip(t *testing.T) {
	// Seat 1 is 5 sea squares away, seat 2 seven: seat 1 gets the rum.
	s := drawScenario(t, 7, "[8,10]", "N", `,"hand":["R3","B1"],"treasure":["gold","rum"]`,
		[]string{`{"home":"Genoa","at":[3,10]}`, `{"home":"Cadiz","at":[8,17]}`}, "")
	must(t, s, 0, "face N")
	if hold(s, 0) != "[gold]" || hold(s, 1) != "[rum]" {
		t.Fatalf("holds %s %s", hold(s, 0), hold(s, 1))
	}
	// No room in the nearest ship: the two lowest cards go instead.
	s = drawScenario(t, 7, "[8,10]", "N", `,"hand":["R3","B1","R1"],"treasure":["gold"]`,
		[]string{`{"home":"Genoa","at":[3,10],"treasure":["pearl","pearl"]}`, `{"home":"Cadiz","at":[8,17]}`}, "")
	must(t, s, 0, "face N")
	if hand(s, 0) != "[R3]" || hand(s, 1) != "[R1 B1]" || hold(s, 0) != "[gold]" {
		t.Fatalf("hands %s %s hold %s", hand(s, 0), hand(s, 1), hold(s, 0))
	}
	// Two ships equally near: nothing happens.
	s = drawScenario(t, 7, "[8,10]", "N", `,"hand":["R3","B1"],"treasure":["gold"]`,
		[]string{`{"home":"Genoa","at":[3,10]}`, `{"home":"Cadiz","at":[8,15]}`}, "")
	must(t, s, 0, "face N")
	if hold(s, 0) != "[gold]" || hand(s, 0) != "[B1 R3]" {
		t.Fatalf("a tie should change nothing: hold %s hand %s", hold(s, 0), hand(s, 0))
	}
}

func TestChance08_LeastToFlatIsland(t *testing.T) {
	s := drawScenario(t, 8, "[8,10]", "N", `,"hand":["R3","B1"],"treasure":["gold","rum"]`, []string{cadiz}, "")
	must(t, s, 0, "face N")
	if hold(s, 0) != "[gold]" || fmt.Sprint(s.flat.treasure.names()) != "[rum]" {
		t.Fatalf("hold %s flat %v", hold(s, 0), s.flat.treasure)
	}
	s = drawScenario(t, 8, "[8,10]", "N", `,"hand":["R3","B1","R2"]`, []string{cadiz}, "")
	must(t, s, 0, "face N")
	if hand(s, 0) != "[R3]" || fmt.Sprint(s.flat.cards) != "[B1 R2]" {
		t.Fatalf("hand %s flat %v", hand(s, 0), s.flat.cards)
	}
}

func TestChance09_BestToFlatIsland(t *testing.T) {
	s := drawScenario(t, 9, "[8,10]", "N", `,"hand":["R3","B1"],"treasure":["gold","rum"]`, []string{cadiz}, "")
	must(t, s, 0, "face N")
	if hold(s, 0) != "[rum]" || fmt.Sprint(s.flat.treasure.names()) != "[gold]" {
		t.Fatalf("hold %s flat %v", hold(s, 0), s.flat.treasure)
	}
	s = drawScenario(t, 9, "[8,10]", "N", `,"hand":["R3","B1","R2"]`, []string{cadiz}, "")
	must(t, s, 0, "face N")
	if hand(s, 0) != "[B1 R2]" || fmt.Sprint(s.flat.cards) != "[R3]" {
		t.Fatalf("hand %s flat %v", hand(s, 0), s.flat.cards)
	}
}

func TestChance10_BestCardDeserts(t *testing.T) {
	s := drawScenario(t, 10, "[8,10]", "N", `,"hand":["R3","B1","B2"]`, []string{cadiz}, "")
	must(t, s, 0, "face N")
	if hand(s, 0) != "[B1 B2]" || s.crew[len(s.crew)-1] != (Card{3, true}) {
		t.Fatalf("hand %s, pack bottom %v", hand(s, 0), s.crew[len(s.crew)-1])
	}
}

// c2 checks a treasure-or-crew card: the choices offered, and that taking
// crew deals n cards from the top.
func c2(t *testing.T, card, limit, n int) {
	t.Helper()
	s := drawScenario(t, card, "[8,10]", "N", `,"hand":["R3"]`, []string{cadiz}, `,"crewPack":["B1","B2","B3"]`)
	must(t, s, 0, "face N")
	got := legalStrings(s, 0)
	if !got["crew"] {
		t.Fatalf("card %d does not offer crew: %v", card, got)
	}
	for m := range got {
		if m == "crew" {
			continue
		}
		b := toBundle(strings.Fields(strings.TrimPrefix(m, "take ")))
		if b.treasure.value() > limit || b.treasure.total() > 2 {
			t.Fatalf("card %d offers %s, worth more than %d", card, m, limit)
		}
	}
	if limit >= 5 && !got["take diamond"] || limit >= 7 && !got["take ruby rum"] || !got["take gold"] {
		t.Fatalf("card %d misses a treasure choice: %v", card, got)
	}
	if limit < 5 && got["take diamond"] {
		t.Fatalf("card %d offers a diamond over its limit %d", card, limit)
	}
	gametest.Refused(t, s, 0, "take diamond diamond", "too-valuable")
	must(t, s, 0, "crew")
	want := []Card{{3, true}, {1, false}, {2, false}, {3, false}}[:n+1]
	sortHand(want)
	if hand(s, 0) != fmt.Sprint(want) {
		t.Fatalf("card %d crew: hand %s, want %v", card, hand(s, 0), want)
	}
	// And the treasure branch.
	s = drawScenario(t, card, "[8,10]", "N", `,"hand":["R3"]`, []string{cadiz}, "")
	must(t, s, 0, "face N")
	must(t, s, 0, "take gold")
	if hold(s, 0) != "[gold]" || s.island[Gold] != 3 {
		t.Fatalf("card %d treasure: hold %s island %v", card, hold(s, 0), s.island)
	}
}

func TestChance11_TreasureFiveOrTwoCrew(t *testing.T) { c2(t, 11, 5, 2) }
func TestChance12_TreasureFourOrTwoCrew(t *testing.T) { c2(t, 12, 4, 2) }
func TestChance13_TreasureFiveOrTwoCrew(t *testing.T) { c2(t, 13, 5, 2) }
func TestChance14_TreasureSevenOrThreeCrew(t *testing.T) {
	c2(t, 14, 7, 3)
}
func TestChance27_TreasureFiveOrThreeCrew(t *testing.T) { c2(t, 27, 5, 3) }

func TestChance11_C2NoChoiceWhenShipFull(t *testing.T) {
	// A full ship cannot take treasure: crew is dealt without asking.
	s := drawScenario(t, 11, "[8,10]", "N", `,"hand":["R3"],"treasure":["rum","rum"]`, []string{cadiz}, `,"crewPack":["B1","B2"]`)
	ev := must(t, s, 0, "face N")
	if hand(s, 0) != "[B1 B2 R3]" || s.Turn()[0] != 1 {
		t.Fatalf("hand %s turn %v", hand(s, 0), s.Turn())
	}
	if !hasType(ev, "crew") {
		t.Fatal("no crew event")
	}
}

func TestChance12_C2NoCrewLeft(t *testing.T) {
	// Every crew card is placed somewhere: the pack is empty, so only
	// treasure is offered.
	all := `"R1","R1","R1","R1","R1","R1","R2","R2","R2","R2","R2","R2","R3","R3","R3","R3","R3","R3"`
	allB := strings.ReplaceAll(all, "R", "B")
	s := drawScenario(t, 12, "[8,10]", "N", `,"hand":[`+all+`]`, []string{`{"home":"Cadiz","hand":[` + allB + `]}`}, "")
	must(t, s, 0, "face N")
	got := legalStrings(s, 0)
	if got["crew"] || !got["take gold"] || got["take diamond"] {
		t.Fatalf("choices %v", got)
	}
	gametest.Refused(t, s, 0, "crew", "pack-empty")
}

func TestChance15_TwoCrew(t *testing.T) {
	s := drawScenario(t, 15, "[8,10]", "N", `,"hand":["R3"]`, []string{cadiz}, `,"crewPack":["B1","B2","B3"]`)
	must(t, s, 0, "face N")
	if hand(s, 0) != "[B1 B2 R3]" {
		t.Fatalf("hand %s", hand(s, 0))
	}
}

func TestChance28_TwoCrew(t *testing.T) {
	s := drawScenario(t, 28, "[8,10]", "N", `,"hand":["R3"]`, []string{cadiz}, `,"crewPack":["R2","R2","B3"]`)
	must(t, s, 0, "face N")
	if hand(s, 0) != "[R2 R2 R3]" {
		t.Fatalf("hand %s", hand(s, 0))
	}
}

func TestChance16_TreasureSevenCrewCutToTen(t *testing.T) {
	s := drawScenario(t, 16, "[8,10]", "N", `,"hand":["R3","B3","R3","B3","R2"]`, []string{cadiz}, "")
	must(t, s, 0, "face N")
	// 14 cannot come down to exactly 10 with these cards; 9 is the
	// highest, removing R2 and a 3 (the red one: both leave strength 3).
	if hand(s, 0) != "[R3 B3 B3]" {
		t.Fatalf("hand %s", hand(s, 0))
	}
	got := legalStrings(s, 0)
	if got["crew"] || !got["take diamond rum"] || got["take diamond gold"] {
		t.Fatalf("choices %v", got)
	}
	must(t, s, 0, "take gold pearl")
	if hold(s, 0) != "[gold pearl]" {
		t.Fatalf("hold %s", hold(s, 0))
	}
}

func TestChance17_TreasureSixCrewCutToEleven(t *testing.T) {
	s := drawScenario(t, 17, "[8,10]", "N", `,"hand":["R3","B3","R3","B3","R1"]`, []string{cadiz}, "")
	must(t, s, 0, "face N")
	if hand(s, 0) != "[R1 R3 R3 B3]" {
		t.Fatalf("13 down to 11 or less: one 3 goes (10), the black one, which leaves strength 4: hand %s", hand(s, 0))
	}
	got := legalStrings(s, 0)
	if !got["take gold rum"] || got["take diamond rum"] {
		t.Fatalf("choices %v", got)
	}
}

func TestChance18_TreasureFourAndCrewIfSeven(t *testing.T) {
	s := drawScenario(t, 18, "[8,10]", "N", `,"hand":["R3","B3","R1"]`, []string{cadiz}, `,"crewPack":["B2","B2"]`)
	must(t, s, 0, "face N")
	if hand(s, 0) != "[R1 B2 B2 R3 B3]" {
		t.Fatalf("crew total 7 takes 2: hand %s", hand(s, 0))
	}
	got := legalStrings(s, 0)
	if got["crew"] || !got["take gold"] || got["take diamond"] {
		t.Fatalf("choices %v", got)
	}
	s = drawScenario(t, 18, "[8,10]", "N", `,"hand":["R3","B3","R2"]`, []string{cadiz}, "")
	must(t, s, 0, "face N")
	if len(s.players[0].hand) != 3 {
		t.Fatalf("crew total 8 takes none: hand %s", hand(s, 0))
	}
}

func TestChance19_NewCrew(t *testing.T) {
	s := drawScenario(t, 19, "[8,10]", "N", `,"hand":["R3","B3"]`, []string{cadiz}, `,"crewPack":["R1","B1"]`)
	must(t, s, 0, "face N")
	if hand(s, 0) != "[R1 B1]" {
		t.Fatalf("hand %s", hand(s, 0))
	}
	n := len(s.crew)
	if !slices.Equal(s.crew[n-2:], []Card{{3, true}, {3, false}}) {
		t.Fatalf("old crew not under the pack: %v", s.crew[n-2:])
	}
}

func TestChance20_SwapWithShipByTreasureIsland(t *testing.T) {
	s := drawScenario(t, 20, "[8,10]", "N", `,"hand":["R3","R3","R3"]`,
		[]string{`{"home":"Genoa","at":[13,10],"hand":["B1","B1","B1"]}`, `{"home":"Cadiz","at":[10,13],"hand":["B2"]}`}, "")
	must(t, s, 0, "face N")
	if got := legalStrings(s, 0); len(got) != 2 || !got["seat 1"] || !got["seat 2"] {
		t.Fatalf("choices %v", got)
	}
	must(t, s, 0, "seat 2")
	// Seat 2 had one card: it gives it and takes two.
	if hand(s, 0) != "[B2 R3]" || hand(s, 2) != "[R3 R3]" {
		t.Fatalf("hands %s %s", hand(s, 0), hand(s, 2))
	}
	// Nobody by the island: the two lowest go to Pirate Island.
	s = drawScenario(t, 20, "[8,10]", "N", `,"hand":["R3","B1","R2"]`, []string{cadiz}, "")
	must(t, s, 0, "face N")
	if hand(s, 0) != "[R3]" {
		t.Fatalf("hand %s", hand(s, 0))
	}
}

// TestChance20_ExchangeTellsOthersOnlyCounts: the two captains who swap
// see the cards both ways; everyone else learns how many went each way,
// but not their totals, which would tell more of the two hands than their
// new totals (the decisions page: of another hand, only the number of
// cards and the total). The conformance suite's sampler found this.
func TestChance20_ExchangeTellsOthersOnlyCounts(t *testing.T) {
	s := drawScenario(t, 20, "[8,10]", "N", `,"hand":["R1","R2","R3"]`,
		[]string{`{"home":"Genoa","at":[13,10],"hand":["B1","B2","B3"]}`, cadiz}, "")
	ev := must(t, s, 0, "face N")
	if hand(s, 0) == "[R1 R2 R3]" || len(s.players[0].hand) != 3 || len(s.players[1].hand) != 3 {
		t.Fatalf("no exchange: hands %s %s", hand(s, 0), hand(s, 1))
	}
	public, private := 0, 0
	for _, e := range ev {
		d, ok := e.Data.(CrewData)
		if !ok {
			continue
		}
		switch e.Type {
		case "crew":
			public++
			if e.To != nil || d.Count != 2 || d.Total != 0 || d.Cards != nil {
				t.Errorf("public event of the exchange tells more than the count: %+v to %v", d, e.To)
			}
			if b, _ := json.Marshal(e); strings.Contains(string(b), "total") {
				t.Errorf("public event of the exchange has a total: %s", b)
			}
		case "crew-cards":
			private++
			if !slices.Equal(slices.Sorted(slices.Values(e.To)), []game.Seat{0, 1}) || d.Total != crewTotal(d.Cards) || len(d.Cards) != 2 {
				t.Errorf("private event of the exchange: %+v to %v", d, e.To)
			}
		}
	}
	if public != 2 || private != 2 {
		t.Fatalf("%d public and %d private crew events, want 2 and 2: %v", public, private, ev)
	}
}

func TestChance21_LongJohnSilver(t *testing.T) {
	s := drawScenario(t, 21, "[8,10]", "N", `,"hand":["R3"]`, []string{cadiz}, "")
	must(t, s, 0, "face N")
	if !slices.Equal(s.players[0].kept, []int{21}) {
		t.Fatalf("kept %v", s.players[0].kept)
	}
	// Played in Venice for crew up to 5; he stays there.
	s = scenario(t, `{"ships":[{"home":"London","at":[1,8],"facing":"S","hand":["R1"],"kept":[21]},{"home":"Cadiz","at":[2,8],"facing":"SW","treasure":["pearl"],"hand":["B3"]}],
		"ports":{"Venice":{"cards":["R3","B2","B1"],"treasure":["gold"]}}}`)
	must(t, s, 0, "sail 1,7")
	got := legalStrings(s, 0)
	if !got["play 21 take R3 B2"] || got["play 21 take R3 B1 B2"] || got["play 21 take gold"] {
		t.Fatalf("Long John's choices wrong: %v", got)
	}
	gametest.Refused(t, s, 0, "play 21 take gold", "crew-only")
	must(t, s, 0, "play 21 take R3 B2")
	if !s.ports[4].john || len(s.players[0].kept) != 0 || hand(s, 0) != "[R1 B2 R3]" {
		t.Fatalf("john %v kept %v hand %s", s.ports[4].john, s.players[0].kept, hand(s, 0))
	}
	must(t, s, 0, "done")
	// Seat 1 lands in Venice and takes him for a treasure.
	must(t, s, 1, "sail 1,7")
	if !legalStrings(s, 1)["give pearl take john"] {
		t.Fatalf("buying Long John not offered: %v", legalStrings(s, 1))
	}
	must(t, s, 1, "give pearl take john")
	if s.ports[4].john || !slices.Equal(s.players[1].kept, []int{21}) || s.ports[4].treasure[Pearl] != 1 {
		t.Fatal("Long John not bought")
	}
}

func TestChance22_YellowFever(t *testing.T) {
	s := drawScenario(t, 22, "[8,10]", "N", `,"hand":["R1","R1","R2","R2","R3","R3","B3","B3","B1"]`,
		[]string{`{"home":"Cadiz","hand":["B1","B1","B1","B1","B1","B2","B2","B2"]}`}, "")
	must(t, s, 0, "face N")
	if hand(s, 0) != "[R1 R2 R2 R3 R3 B3 B3]" || hand(s, 1) != "[B1 B1 B1 B1 B2 B2 B2]" {
		t.Fatalf("hand %s", hand(s, 0))
	}
	if crewTotal(s.players[0].hand) != 17 || len(s.players[1].hand) != 7 {
		t.Fatalf("the two lowest (two 1s) should go: hand %s; seat 1 keeps 7: %s", hand(s, 0), hand(s, 1))
	}
}

// kidsAndCoins: cards 23 and 24 are kept, and traded in a port that is
// not home for crew or treasure up to their worth.
func coin(t *testing.T, card, limit int) {
	t.Helper()
	s := drawScenario(t, card, "[8,10]", "N", `,"hand":["R3"]`, []string{cadiz}, "")
	must(t, s, 0, "face N")
	if !slices.Equal(s.players[0].kept, []int{card}) {
		t.Fatalf("kept %v", s.players[0].kept)
	}
	s = scenario(t, fmt.Sprintf(`{"ships":[{"home":"London","at":[1,8],"facing":"S","hand":["R1"],"kept":[%d]},{"home":"Cadiz"}],
		"ports":{"Venice":{"cards":["R3","B2"],"treasure":["diamond","gold"]}}}`, card))
	must(t, s, 0, "sail 1,7")
	got := legalStrings(s, 0)
	play := fmt.Sprintf("play %d take ", card)
	if !got[play+"gold"] || got[play+"diamond"] != (limit >= 5) || !got[play+"B2"] || got[play+"R3 B2"] != (limit >= 5) {
		t.Fatalf("card %d choices: %v", card, got)
	}
	gametest.Refused(t, s, 0, play+"diamond gold", "too-valuable")
	must(t, s, 0, play+"gold")
	if hold(s, 0) != "[gold]" || len(s.players[0].kept) != 0 || s.chance[len(s.chance)-1] != card {
		t.Fatalf("hold %s kept %v", hold(s, 0), s.players[0].kept)
	}
}

func TestChance23_Doubloons(t *testing.T)     { coin(t, 23, 5) }
func TestChance24_PiecesOfEight(t *testing.T) { coin(t, 24, 4) }

func chart(t *testing.T, card int) {
	t.Helper()
	s := drawScenario(t, card, "[8,10]", "N", `,"hand":["R3"]`, []string{cadiz}, "")
	must(t, s, 0, "face N")
	if !slices.Equal(s.players[0].kept, []int{card}) {
		t.Fatalf("kept %v", s.players[0].kept)
	}
	s = scenario(t, fmt.Sprintf(`{"ships":[{"home":"London","at":[20,4],"facing":"S","hand":["R3"],"kept":[%d]},{"home":"Cadiz"}]}`, card))
	must(t, s, 0, "sail 20,1")
	must(t, s, 0, "face N")
	got := legalStrings(s, 0)
	if !got["take diamond rum"] || got["take diamond gold"] {
		t.Fatalf("chart choices %v", got)
	}
	must(t, s, 0, "take ruby rum")
	if hold(s, 0) != "[ruby rum]" || len(s.players[0].kept) != 0 || s.chance[len(s.chance)-1] != card {
		t.Fatalf("hold %s kept %v", hold(s, 0), s.players[0].kept)
	}
}

func TestChance25_KiddsChart(t *testing.T) { chart(t, 25) }
func TestChance26_KiddsChart(t *testing.T) { chart(t, 26) }
