package tui

import (
	"encoding/json"
	"fmt"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/parlor-games/parlor/client"
	"github.com/parlor-games/parlor/game"
	"github.com/parlor-games/parlor/game/gametest"
	"github.com/parlor-games/parlor/games/buccaneer"
	"github.com/parlor-games/parlor/server/servertest"
)

// bucBoardFor draws seat's view of st on a fresh board.
func bucBoardFor(t *testing.T, st game.State, seat game.Seat) *bucBoard {
	t.Helper()
	v, err := json.Marshal(st.View(seat))
	if err != nil {
		t.Fatal(err)
	}
	b := newBuccaneer([]string{"Ann", "Bob", "Cy", "Di"}, newStyles(true)).(*bucBoard)
	owes := slices0(st.Turn()) == seat
	if err := b.set(v, int(seat), owes); err != nil {
		t.Fatal(err)
	}
	return b
}

func slices0(s []game.Seat) game.Seat {
	if len(s) == 0 {
		return -1
	}
	return s[0]
}

// bucCaptainAt reports whether the board out has the line of the captain
// of port home with their ship at square at.
func bucCaptainAt(out, home, at string) bool {
	return regexp.MustCompile(`(?m)^\S.* \(` + home + `\) +` + at + ` `).MatchString(out)
}

// bucScenarioState starts a game from a scenario (see the game's package
// doc) and plays moves in notation, each by the seat that owes it.
func bucScenarioState(t *testing.T, seats int, sc string, moves ...string) game.State {
	t.Helper()
	st, err := buccaneer.Definition.New(json.RawMessage(fmt.Sprintf(`{"seats":%d,"scenario":%s}`, seats, sc)), game.NewRand(3))
	if err != nil {
		t.Fatal(err)
	}
	for _, mv := range moves {
		bucApply(t, st, mv)
	}
	return st
}

// bucApply plays a move given as the board returns it, failing the test
// when the rules refuse it.
func bucApply(t *testing.T, st game.State, mv any) {
	t.Helper()
	s, ok := mv.(string)
	if !ok {
		t.Fatalf("the board gave %#v, not a move", mv)
	}
	who := st.Turn()[0]
	m, err := st.ParseMove(who, []byte(s))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := st.Apply(who, m); err != nil {
		t.Fatalf("%s: %v", s, err)
	}
}

// bucOffered is everything the board offers the seat now, as moves in
// notation: the lit squares as sails, the turn menu's facings, and the
// step's menu.
func bucOffered(t *testing.T, b *bucBoard) []string {
	t.Helper()
	var out []string
	for q := range b.lit {
		out = append(out, "sail "+q.String())
	}
	for _, f := range b.turns {
		out = append(out, "face "+f)
	}
	for _, c := range b.menu {
		m, err := buccaneer.ParseMove([]byte(c.move))
		if err != nil {
			t.Fatalf("the menu's %q: %v", c.move, err)
		}
		out = append(out, m.String())
	}
	sort.Strings(out)
	return out
}

// TestBuccaneerBoardOffersWhatTheRulesAllow: along games of bots, at
// every step the seat owes, the squares the terminal lights, the facings
// it offers and its menus (the passed ship's question, a chance card's
// choice of treasure or crew, the captain a card names, the spoils of a
// fight) are exactly the game's own legal moves (FR9 sailing in the
// facing, FR11 facings, FR12 the attack question), so the board neither
// offers a move the server would refuse nor hides one it would take.
func TestBuccaneerBoardOffersWhatTheRulesAllow(t *testing.T) {
	steps := map[string]int{}
	for _, seed := range []uint64{1, 2, 5} {
		st, err := buccaneer.Definition.New(json.RawMessage(`{"seats":4}`), game.NewRand(seed))
		if err != nil {
			t.Fatal(err)
		}
		bots := make([]game.Bot, 4)
		for i := range bots {
			if bots[i], err = buccaneer.Definition.NewBot("easy", game.NewRand(seed*10+uint64(i))); err != nil {
				t.Fatal(err)
			}
		}
		for ply := 0; ply < 400 && st.Outcome() == nil; ply++ {
			seat := st.Turn()[0]
			b := bucBoardFor(t, st, seat)
			step := b.v.Step.Name
			if b.rulesErr != "" {
				t.Fatalf("seed %d ply %d (%s): the rules could not be asked: %s", seed, ply, step, b.rulesErr)
			}
			if step != "port" {
				var want []string
				for _, m := range st.Legal(seat) {
					want = append(want, m.(buccaneer.Move).String())
				}
				sort.Strings(want)
				if got := bucOffered(t, b); strings.Join(got, "|") != strings.Join(want, "|") {
					t.Fatalf("seed %d ply %d, %s at the %q step: the board offers\n%v\nthe rules\n%v\n%s",
						seed, ply, b.v.Players[seat].Home, step, got, want, plain(b.render(100)))
				}
				steps[step]++
			}
			gametest.BotPlays(t, bots[seat], st, seat)
		}
	}
	for _, s := range []string{"move", "face"} {
		if steps[s] == 0 {
			t.Errorf("no %q step was checked (checked %v)", s, steps)
		}
	}
	t.Logf("steps checked: %v", steps)
}

// TestBuccaneerBoardLightsSquaresAndSails: London's ship south of
// Treasure Island faces north; the squares it may reach are marked "+" on the
// sea (FR9: a ship out of port sails the way it faces, up to its crew's
// strength). Enter on a square that is not lit says so and sends nothing;
// Tab puts the cursor on a lit square, and Enter there sails, which the
// rules take.
func TestBuccaneerBoardLightsSquaresAndSails(t *testing.T) {
	st := bucScenarioState(t, 2, `{"ships":[{"home":"London","at":[10,5],"facing":"N","hand":["R1","B2"]},{"home":"Genoa"}],"turn":0}`)
	b := bucBoardFor(t, st, 0)
	out := plain(b.render(100))
	lines := strings.Split(out, "\n")
	if !strings.HasPrefix(lines[1], "20 ") || !strings.HasPrefix(lines[20], " 1 ") {
		t.Fatalf("the sea is not drawn north up, 20 rows:\n%s", out)
	}
	// Facing north with three pirates: 10,6 10,7 10,8 and nothing else.
	row := func(y int) string { return lines[21-y] }
	for _, y := range []int{6, 7, 8} {
		if got := row(y)[3+2*9 : 3+2*9+2]; got != "+ " {
			t.Fatalf("square 10,%d shows %q, want the lit mark:\n%s", y, got, out)
		}
	}
	n := 0
	for _, l := range lines[1:21] {
		n += strings.Count(l[:seaWidth], "+")
	}
	if n != 3 {
		t.Fatalf("%d squares are lit, want 3:\n%s", n, out)
	}
	if !strings.Contains(out, "+ sail here") {
		t.Fatalf("the legend does not explain the mark:\n%s", out)
	}
	b.x, b.y = 11, 7
	if mv, note := b.key(press("enter")); mv != nil || !strings.Contains(note, "cannot sail to 11,7") {
		t.Fatalf("Enter off the lit squares gave %v, %q", mv, note)
	}
	// Tab reads the lit squares as the sea is drawn, from the top: after
	// 11,7 comes 10,6, then back to the top, 10,8.
	for _, want := range []string{"10,6", "10,8"} {
		b.key(press("tab"))
		if got := fmt.Sprintf("%d,%d", b.x, b.y); got != want {
			t.Fatalf("Tab put the cursor on %s, want %s", got, want)
		}
	}
	mv, _ := b.key(press("enter"))
	if mv != "sail 10,8" {
		t.Fatalf("Enter on 10,8 gave %v", mv)
	}
	// A click on a lit square, where it is drawn (its row's line, two
	// columns a square after the row numbers), sails there too.
	if mv, _ := b.click(3+2*9, 21-7); mv != "sail 10,7" {
		t.Fatalf("a click on 10,7 gave %v", mv)
	}
	bucApply(t, st, mv)
}

// TestBuccaneerBoardFacingMenu: beside Treasure Island the facing menu
// lists only the ways the ship may sail next turn (FR11), never into the
// island; a digit or the arrows and Enter choose one. At the start of a
// turn t opens the same menu to turn without sailing.
func TestBuccaneerBoardFacingMenu(t *testing.T) {
	sc := `{"ships":[{"home":"London","at":[10,5],"facing":"N","hand":["R1","B2"]},{"home":"Genoa"}],"chancePack":[5],"turn":0}`
	st := bucScenarioState(t, 2, sc, "sail 10,8")
	b := bucBoardFor(t, st, 0)
	if b.v.Step.Name != "face" {
		t.Fatalf("the step is %q", b.v.Step.Name)
	}
	out := plain(b.render(100))
	if !strings.Contains(out, "Which way should your ship face?") || !strings.Contains(out, "E  east") {
		t.Fatalf("no facing menu:\n%s", out)
	}
	for _, d := range []string{"N  north", "NE north-east", "NW north-west"} {
		if strings.Contains(out, d) {
			t.Fatalf("the menu offers %q, into Treasure Island:\n%s", d, out)
		}
	}
	// The highlighted line is marked by ">" as well as reversed.
	if !strings.Contains(out, "> 1 ") {
		t.Fatalf("no highlighted line:\n%s", out)
	}
	b.key(press("down"))
	want := b.menu[1].move
	mv, _ := b.key(press("enter"))
	if mv != want {
		t.Fatalf("Enter on the second line gave %v, want %s", mv, want)
	}
	bucApply(t, st, mv)
	// The chance card drawn there is public news; then Genoa's turn.
	for st.Turn()[0] == 0 {
		bucApply(t, st, bucBoardFor(t, st, 0).menu[0].move)
	}

	// Turning only, at the start of a turn out of port.
	st = bucScenarioState(t, 2, `{"ships":[{"home":"London","at":[5,10],"facing":"S","hand":["R1"]},{"home":"Genoa"}],"turn":0}`)
	b = bucBoardFor(t, st, 0)
	if len(b.menu) != 0 {
		t.Fatal("a menu is open before t")
	}
	b.key(press("t"))
	out = plain(b.render(100))
	if !strings.Contains(out, "Turn only, facing:") {
		t.Fatalf("t opened no turn menu:\n%s", out)
	}
	mv, _ = b.key(press("2"))
	if mv != b.menu[1].move {
		t.Fatalf("digit 2 gave %v, want %s", mv, b.menu[1].move)
	}
	bucApply(t, st, mv)
}

// bucPassing: Genoa sails east past Marseilles's ship, which is asked
// whether to attack (FR12).
const bucPassing = `{"ships":[
	{"home":"London","at":[10,5],"facing":"N","hand":["R1","B2"]},
	{"home":"Genoa","at":[5,4],"facing":"E","hand":["R2","B2"],"treasure":["rum"]},
	{"home":"Marseilles","at":[7,4],"facing":"S","hand":["B3","B3"]}],
	"ports":{"Genoa":{"cards":["R1"],"treasure":["pearl"]}},"turn":1}`

// TestBuccaneerBoardAttackQuestion: the passed ship's captain sees the
// question as a menu, attack or let pass, and the answer is a move the
// rules take; the others see whom the table waits for.
func TestBuccaneerBoardAttackQuestion(t *testing.T) {
	st := bucScenarioState(t, 3, bucPassing, "sail 9,4")
	b := bucBoardFor(t, st, 2)
	out := plain(b.render(100))
	if !strings.Contains(out, "Bob (Genoa) sails past your ship at 7,4.") ||
		!strings.Contains(out, "1 Attack it") || !strings.Contains(out, "2 Let it pass") {
		t.Fatalf("the question is not shown:\n%s", out)
	}
	if other := plain(bucBoardFor(t, st, 0).render(100)); !strings.Contains(other, "Cy (Marseilles): attack?") || strings.Contains(other, "Attack it") {
		t.Fatalf("London's board during the question:\n%s", other)
	}
	mv, _ := b.key(press("1"))
	if mv != "attack yes" {
		t.Fatalf("1 gave %v", mv)
	}
	bucApply(t, st, mv)
}

// TestBuccaneerBoardTrade: in port, the seat marks crew cards and
// treasure to give and the port's to take; an unequal trade is not sent
// and says why (FR13 trades are of equal value); an equal one is sent in
// the game's notation and the rules take it.
func TestBuccaneerBoardTrade(t *testing.T) {
	sc := `{"ships":[{"home":"London"},{"home":"Genoa"},
		{"home":"Marseilles","at":[7,3],"facing":"S","hand":["B3","B3"],"treasure":["rum"]}],
		"ports":{"Genoa":{"cards":["R1"],"treasure":["pearl"]}},"turn":2}`
	st := bucScenarioState(t, 3, sc, "sail 7,1")
	b := bucBoardFor(t, st, 2)
	if b.trade == nil {
		t.Fatalf("no trading list at the %q step", b.v.Step.Name)
	}
	out := plain(b.render(100))
	for _, s := range []string{"In Genoa: give 0, take 0", "[ ] give B3 (3)", "[ ] give rum (2)", "[ ] take R1 (1)", "[ ] take pearl (3)", "Trade", "Leave port (done)"} {
		if !strings.Contains(out, s) {
			t.Fatalf("the trading list lacks %q:\n%s", s, out)
		}
	}
	mark := func(line string) {
		t.Helper()
		for i, it := range b.trade.items {
			if fmt.Sprintf("%t %s", it.give, it.name) == line {
				for b.trade.pick != i {
					b.key(press("down"))
				}
				b.key(press("space"))
				return
			}
		}
		t.Fatalf("no item %q", line)
	}
	goTo := func(label string) {
		t.Helper()
		i := len(b.trade.items)
		if label == "done" {
			i++
		}
		for b.trade.pick != i {
			b.key(press("down"))
		}
	}
	mark("true B3")
	mark("false pearl")
	mark("false R1")
	goTo("trade")
	if mv, note := b.key(press("enter")); mv != nil || !strings.Contains(note, "not equal: you give 3 and take 4") {
		t.Fatalf("an unequal trade gave %v, %q", mv, note)
	}
	mark("false R1")
	if out := plain(b.render(100)); !strings.Contains(out, "give 3, take 3 (equal)") || !strings.Contains(out, "[x] take pearl (3)") {
		t.Fatalf("the marks are not shown:\n%s", out)
	}
	goTo("trade")
	mv, _ := b.key(press("enter"))
	if mv != "give B3 take pearl" {
		t.Fatalf("the trade sent is %v", mv)
	}
	bucApply(t, st, mv)

	// Nothing more can be traded: the rules end the visit by themselves,
	// and a notice says so (defect 7), until the seat's next move.
	v, _ := json.Marshal(st.View(2))
	if err := b.set(v, 2, slices0(st.Turn()) == 2); err != nil {
		t.Fatal(err)
	}
	if n := b.notices(); len(n) != 1 || !strings.Contains(n[0], "Your visit to Genoa ended with the trade") {
		t.Fatalf("after a trade that ended the visit the notices are %q", n)
	}
}

// TestBuccaneerLeavePortAsks (defect 7): after a trade that leaves more to
// trade, the list is read anew with the highlight on its first line, and
// Leave port takes a second Enter: one key press never ends the visit.
func TestBuccaneerLeavePortAsks(t *testing.T) {
	sc := `{"ships":[{"home":"London"},{"home":"Genoa"},
		{"home":"Marseilles","at":[7,3],"facing":"S","hand":["B3","B3","R1","R2"],"treasure":["rum"]}],
		"ports":{"Genoa":{"cards":["R1","R2","B1"],"treasure":["pearl"]}},"turn":2}`
	st := bucScenarioState(t, 3, sc, "sail 7,1")
	b := bucBoardFor(t, st, 2)
	if b.trade == nil {
		t.Fatalf("no trading list at the %q step", b.v.Step.Name)
	}
	gave := false // one B3 of the two
	for i, it := range b.trade.items {
		if (it.give && it.name == "B3" && !gave) || (!it.give && it.name == "pearl") {
			b.trade.items[i].chosen = true
			gave = gave || it.give
		}
	}
	b.trade.pick = len(b.trade.items)
	mv, note := b.key(press("enter"))
	if mv != "give B3 take pearl" {
		t.Fatalf("the trade sent is %v (%s)", mv, note)
	}
	bucApply(t, st, mv)
	v, _ := json.Marshal(st.View(2))
	if err := b.set(v, 2, slices0(st.Turn()) == 2); err != nil {
		t.Fatal(err)
	}
	if b.trade == nil {
		t.Fatalf("no trading list after a trade, at the %q step", b.v.Step.Name)
	}
	if b.trade.pick != 0 {
		t.Fatalf("after the trade the highlight is on line %d", b.trade.pick)
	}
	b.trade.pick = len(b.trade.items) + 1
	if mv, note := b.key(press("enter")); mv != nil || !strings.Contains(note, "Enter again to leave") {
		t.Fatalf("one Enter on Leave port gave %v, %q", mv, note)
	}
	if out := plain(b.render(100)); !strings.Contains(out, "Leave port: Enter again") {
		t.Fatalf("the list does not ask:\n%s", out)
	}
	if mv, _ := b.key(press("enter")); mv != "done" {
		t.Fatalf("the second Enter on Leave port gave %v", mv)
	}
}

// TestBuccaneerFits80x24: at 80x24 without colour the table shows the sea
// (a window of rows around the cursor) with its lit squares and the panel
// beside it, every captain's line and the prompt, in 80 columns; ? lists
// the board's keys.
func TestBuccaneerFits80x24(t *testing.T) {
	st, _ := viewOf(t, buccaneer.Definition, `{}`, 0)
	mover := st.Turn()[0]
	v, _ := json.Marshal(st.View(mover))
	m := New(Config{NoColor: true})
	m.w, m.h = 80, 24
	m.screen = screenTable
	m.table = newTableState("t1")
	m.table.t.Game = "buccaneer"
	m.table.t.Status = "playing"
	for i := range 4 {
		m.table.t.Seats = append(m.table.t.Seats, seatFor(i))
	}
	m.table.board = newBuccaneer(m.table.names(), m.st)
	m.table.board.set(v, int(mover), true)
	m.table.seat, m.table.turn = int(mover), []int{int(mover)}
	raw := m.View().Content
	out := plain(raw)
	lines := strings.Split(out, "\n")
	if len(lines) > 24 {
		t.Fatalf("%d lines", len(lines))
	}
	for _, l := range lines {
		if w := len([]rune(l)); w > 80 {
			t.Fatalf("a line of %d columns: %q", w, l)
		}
	}
	if strings.Contains(raw, "\x1b[3") || strings.Contains(raw, "38;") {
		t.Fatal("colour with NO_COLOR")
	}
	b := m.table.board.(*bucBoard)
	for _, p := range b.v.Players {
		if !bucCaptainAt(out, p.Home, p.At.String()) {
			t.Fatalf("no line for %s:\n%s", p.Home, out)
		}
	}
	for _, s := range []string{"Your move: Enter on a + square", fmt.Sprintf("%2d ", b.y), "Your crew:", "squares are marked +", "+ sail here"} {
		if !strings.Contains(out, s) {
			t.Fatalf("%q is cut off:\n%s", s, out)
		}
	}
	m.Update(press("?"))
	help := plain(m.View().Content)
	for _, s := range []string{"Tab: the cursor to the next + square", "t: turn the ship", "Enter on Trade"} {
		if !strings.Contains(help, s) {
			t.Fatalf("the help lacks %q:\n%s", s, help)
		}
	}
}

// TestBuccaneerBoardSpoils: London attacks Genoa's ship and wins; with
// room for one more piece aboard, the menu offers the diamond or the rum
// of the loser's treasure, the more valuable first, and the choice is a
// move the rules take. The panel lists the chance card London keeps.
func TestBuccaneerBoardSpoils(t *testing.T) {
	sc := `{"ships":[
		{"home":"London","at":[1,4],"facing":"N","hand":["B3","B2"],"treasure":["pearl"],"kept":[23]},
		{"home":"Genoa","at":[1,5],"facing":"E","hand":["R1","B1"],"treasure":["diamond","rum"]}],"turn":0}`
	st := bucScenarioState(t, 2, sc, "sail 1,5")
	b := bucBoardFor(t, st, 0)
	if b.v.Step.Name != "spoils" {
		t.Fatalf("the step after the fight is %q", b.v.Step.Name)
	}
	out := plain(b.render(100))
	for _, s := range []string{"You won: keep 1 piece(s) of treasure", "1 diamond", "2 rum", "Kept chance cards: 23"} {
		if !strings.Contains(out, s) {
			t.Fatalf("the spoils menu lacks %q:\n%s", s, out)
		}
	}
	mv, _ := b.key(press("enter"))
	if mv != "keep diamond" {
		t.Fatalf("Enter on the first line gave %v", mv)
	}
	bucApply(t, st, mv)
	// Genoa lost: its board lights where it may escape to, never onto
	// London's ship.
	g := bucBoardFor(t, st, 1)
	if g.v.Step.Name != "escape" || len(g.lit) == 0 || g.lit[buccaneer.Point{X: 1, Y: 5}] {
		t.Fatalf("Genoa's escape: step %q, lit %v", g.v.Step.Name, g.lit)
	}
}

// TestBuccaneerMenusFit80x24: the facing menu and the trading list beside
// the sea fit an 80-column screen.
func TestBuccaneerMenusFit80x24(t *testing.T) {
	face := bucScenarioState(t, 2, `{"ships":[{"home":"London","at":[5,10],"facing":"N","hand":["R1","B2"]},{"home":"Genoa"}],"turn":0}`, "sail 5,13")
	trade := bucScenarioState(t, 3, `{"ships":[{"home":"London"},{"home":"Genoa"},
		{"home":"Marseilles","at":[7,3],"facing":"S","hand":["B3","B3","R1","R2","B1"],"treasure":["rum"]}],
		"ports":{"Genoa":{"cards":["R1","B2","R3"],"treasure":["pearl","gold"]}},"turn":2}`, "sail 7,1")
	for _, c := range []struct {
		st   game.State
		seat game.Seat
		want []string
	}{
		{face, 0, []string{"Which way should your ship face?", "E  east"}},
		{trade, 2, []string{"In Genoa: give 0, take 0", "Trade"}},
	} {
		b := bucBoardFor(t, c.st, c.seat)
		b.fit(18)
		out := plain(b.render(80))
		for _, s := range c.want {
			if !strings.Contains(out, s) {
				t.Fatalf("%q is not shown at 80 columns:\n%s", s, out)
			}
		}
		if n := len(strings.Split(out, "\n")); n > 18 {
			t.Fatalf("%d lines for 18:\n%s", n, out)
		}
		for _, l := range strings.Split(out, "\n") {
			if w := len([]rune(l)); w > 80 {
				t.Fatalf("a line of %d columns: %q", w, l)
			}
		}
		t.Logf("\n%s", out)
	}
}

// TestModelBuccaneerSailsAndFaces: against bots at a Buccaneer table on a
// real server, the player's board lights where the ship may sail; Enter
// on a lit square of open sea sails there, the facing menu follows, and a
// digit turns the ship: both moves reach the server and the move log.
func TestModelBuccaneerSailsAndFaces(t *testing.T) {
	srv := servertest.Start(t)
	ann := drive(t, srv, "Ann")
	ann.waitFor("Ann*")
	ann.newTable("Buccaneer")
	// Easy bots, which answer at once, so that the test waits for the
	// server, not for thinking.
	for i := 1; i < len(ann.m.create.seats); i++ {
		ann.m.create.seats[i] = "easy"
	}
	ann.keys("enter")
	ann.waitFor("Your move: Enter on a + square")
	b := ann.m.table.board.(*bucBoard)
	var to *buccaneer.Point
	for q := range b.lit {
		if bucPortAt(b.v, q) == "" && bucShipAt(b.v, q, b.seat) < 0 {
			to = &q
			break
		}
	}
	if to == nil {
		t.Fatalf("no lit square of open sea:\n%s", ann.screen())
	}
	b.x, b.y = to.X, to.Y
	ann.keys("enter")
	ann.waitFor("Which way should your ship face?")
	home := b.v.Players[b.seat].Home
	if got := plain(b.render(100)); !bucCaptainAt(got, home, to.String()) {
		t.Fatalf("%s is not at %s after sailing:\n%s", home, to, got)
	}
	ann.keys("1")
	ann.waitFor("Waiting for")
	log := strings.Join(ann.m.table.log, "\n")
	if !strings.Contains(log, " to "+to.String()+"\n") || !strings.Contains(log, "Ann: sailed from ") || !strings.Contains(log, "Ann: turned the ship to face ") {
		t.Fatalf("the move log does not have both moves:\n%s", log)
	}
}

// TestTableKeepsPushesBeforeTheWatchAnswer: at a new table against bots
// the bots may move before the client has handled the answer to its
// watch. Such a move (here the third) is kept: the board shows it, not
// the older snapshot the answer brings, and the move log lists the moves
// in order with the seats' names. Before, the table waited forever for a
// move it had already been sent.
func TestTableKeepsPushesBeforeTheWatchAnswer(t *testing.T) {
	st, _ := viewOf(t, buccaneer.Definition, `{"seats":2}`, 0)
	var ups []client.Update
	for seq := int64(1); seq <= 3; seq++ {
		who := st.Turn()[0]
		mv := st.Legal(who)[0]
		if _, err := st.Apply(who, mv); err != nil {
			t.Fatal(err)
		}
		v, _ := json.Marshal(st.View(0))
		var turn []int
		for _, s := range st.Turn() {
			turn = append(turn, int(s))
		}
		ups = append(ups, client.Update{Table: "t1", Seq: seq, Seat: int(who), Text: mv.(buccaneer.Move).String(),
			Turn: turn, Views: map[string]json.RawMessage{"0": v}})
	}
	m := New(Config{NoColor: true})
	ts := newTableState("t1")
	m.table, m.screen = ts, screenTable
	// The watch is asked for (answering, as watch sets it) and answered
	// with the position after move 2, whose seq the follower takes; but
	// move 3's push is handled first.
	ts.answering = true
	ts.f.Seq = 2
	raw, _ := json.Marshal(ups[2])
	ts.push(m, client.Push{T: "match", Raw: raw})
	tbl := client.Table{ID: "t1", Game: "buccaneer", Status: client.StatusPlaying,
		Seats: []client.Seat{seatFor(0), {Kind: client.SeatBot, Level: "easy"}}}
	ts.watched(m, client.Watching{Table: tbl, Seats: []int{0},
		Snapshot: &client.Snapshot{Seq: 2, Turn: ups[1].Turn, Views: ups[1].Views}, History: ups[:2]}, nil)

	if fmt.Sprint(ts.turn) != fmt.Sprint(ups[2].Turn) {
		t.Fatalf("the table owes %v, want %v after move 3", ts.turn, ups[2].Turn)
	}
	var want buccaneer.View
	json.Unmarshal(ups[2].Views["0"], &want)
	b := ts.board.(*bucBoard)
	if fmt.Sprint(b.v.Step, b.v.Players) != fmt.Sprint(want.Step, want.Players) {
		t.Fatalf("the board shows\n%+v\nwant the position after move 3\n%+v", b.v.Step, want.Step)
	}
	var log []string
	for _, u := range ups {
		log = append(log, fmt.Sprintf("%3d. %s: %s", u.Seq, seatName(tbl.Seats[u.Seat]), u.Text))
	}
	if strings.Join(ts.log, "\n") != strings.Join(log, "\n") {
		t.Fatalf("the move log reads\n%s\nwant\n%s", strings.Join(ts.log, "\n"), strings.Join(log, "\n"))
	}
}

// TestBuccaneerBoardChanceChoices: chance card 11 offers treasure worth
// up to 5 from Treasure Island or 2 crew cards, as a menu with each
// choice's value; card 2 asks which other captain hands over crew cards,
// in the card's own words, naming the other captains and not the drawer.
// The choices are moves the rules take.
func TestBuccaneerBoardChanceChoices(t *testing.T) {
	sc := func(card int) string {
		return fmt.Sprintf(`{"ships":[{"home":"London","at":[10,5],"facing":"N","hand":["R1","B2"]},
			{"home":"Genoa","hand":["R3","B3","R2","B1"]},{"home":"Cadiz","hand":["R1"]}],"chancePack":[%d],"turn":0}`, card)
	}
	st := bucScenarioState(t, 3, sc(11), "sail 10,8", "face E")
	b := bucBoardFor(t, st, 0)
	b.fit(18)
	out := plain(b.render(80))
	for _, s := range []string{"Chance card 11: take treasure worth", "1 diamond (5)", "pearl and rum (5)", "crew cards", "Your chance card:"} {
		if !strings.Contains(out+b.prompt(), s) {
			t.Fatalf("card 11's menu lacks %q:\n%s", s, out)
		}
	}
	if strings.Contains(out, "diamond and") {
		t.Fatalf("treasure worth more than 5 is offered:\n%s", out)
	}
	mv, _ := b.key(press(fmt.Sprint(len(b.menu))))
	if mv != "crew" {
		t.Fatalf("the last line gave %v, want the crew cards", mv)
	}
	bucApply(t, st, mv)

	st = bucScenarioState(t, 3, sc(2), "sail 10,8", "face W")
	b = bucBoardFor(t, st, 0)
	out = plain(b.render(100))
	if !strings.Contains(out, "hands you 3") || !strings.Contains(out, "1 Bob (Genoa)") || !strings.Contains(out, "2 Cy (Cadiz)") || strings.Contains(out, "3 Ann (London)") {
		t.Fatalf("card 2's menu:\n%s", out)
	}
	mv, _ = b.key(press("2"))
	if mv != "seat 2" {
		t.Fatalf("2 gave %v", mv)
	}
	bucApply(t, st, mv)
}

// TestBuccaneerAtOneScreenShowsEachCaptain (issue 32, point 11): at a
// table played at one screen the board passes from Ann's view to Bob's:
// the cursor goes to Bob's ship, not where Ann left it, and the captains'
// lines name the people with their ports.
func TestBuccaneerAtOneScreenShowsEachCaptain(t *testing.T) {
	ships := `"ships":[{"home":"London","at":[10,5],"facing":"N"},{"home":"Genoa","at":[4,15],"facing":"S"}]`
	annTurn := bucScenarioState(t, 2, `{`+ships+`,"turn":0}`)
	bobTurn := bucScenarioState(t, 2, `{`+ships+`,"turn":1}`)
	b := bucBoardFor(t, annTurn, 0)
	if b.x != 10 || b.y != 5 {
		t.Fatalf("Ann's cursor starts on %d,%d, not on her ship at 10,5", b.x, b.y)
	}
	b.key(press("right"))
	v, err := json.Marshal(bobTurn.View(1))
	if err != nil {
		t.Fatal(err)
	}
	if err := b.set(v, 1, true); err != nil {
		t.Fatal(err)
	}
	if b.x != 4 || b.y != 15 {
		t.Fatalf("Bob's turn at the same screen keeps the cursor on %d,%d, not on his ship at 4,15", b.x, b.y)
	}
	out := plain(b.render(80))
	for _, want := range []string{"Ann (London) ", "Bob (Genoa) "} {
		if !strings.Contains(out, want) {
			t.Fatalf("no captain's line names %q:\n%s", want, out)
		}
	}
	mine := false
	for _, l := range strings.Split(out, "\n") {
		mine = mine || strings.HasPrefix(l, "Bob (Genoa)") && strings.HasSuffix(l, "(you)")
	}
	if !mine {
		t.Fatalf("Bob's own line is not marked (you):\n%s", out)
	}
}
