package tui

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
	"github.com/parlor-games/parlor/client"
	"github.com/parlor-games/parlor/game"
	"github.com/parlor-games/parlor/games/battleship"
	"github.com/parlor-games/parlor/games/clue"
	"github.com/parlor-games/parlor/games/dots"
)

// press makes the key event a terminal sends for a key name: "enter",
// "up", or a printable character.
func press(k string) tea.KeyPressMsg {
	named := map[string]rune{"enter": tea.KeyEnter, "up": tea.KeyUp, "down": tea.KeyDown, "left": tea.KeyLeft,
		"right": tea.KeyRight, "esc": tea.KeyEscape, "backspace": tea.KeyBackspace, "tab": tea.KeyTab,
		"home": tea.KeyHome, "end": tea.KeyEnd, "pgup": tea.KeyPgUp, "pgdown": tea.KeyPgDown}
	if r, ok := named[k]; ok {
		return tea.KeyPressMsg{Code: r}
	}
	r := []rune(k)[0]
	return tea.KeyPressMsg{Code: r, Text: k}
}

// viewOf starts a match of def and returns seat's view as the server
// would send it.
func viewOf(t *testing.T, def *game.Definition, options string, seat game.Seat, moves ...string) (game.State, json.RawMessage) {
	t.Helper()
	st, err := def.New(json.RawMessage(options), game.NewRand(7))
	if err != nil {
		t.Fatal(err)
	}
	for _, mv := range moves {
		who := st.Turn()[0]
		m, err := st.ParseMove(who, []byte(mv))
		if err != nil {
			t.Fatal(err)
		}
		if _, err := st.Apply(who, m); err != nil {
			t.Fatalf("%s: %v", mv, err)
		}
	}
	b, err := json.Marshal(st.View(seat))
	if err != nil {
		t.Fatal(err)
	}
	return st, b
}

func plain(s string) string { return ansi.Strip(s) }

func TestDotsBoardDrawsAndMoves(t *testing.T) {
	_, v := viewOf(t, dots.Definition, `{"rows":3,"cols":3}`, 0, "a1-b1", "a2-b2")
	b := newDots([]string{"Ann", "Bob"}, newStyles(true))
	if err := b.set(v, 0, true); err != nil {
		t.Fatal(err)
	}
	out := plain(b.render(80))
	if !strings.Contains(out, " 1 +---+   +") || !strings.Contains(out, " 2 +===+   +") {
		t.Fatalf("drawn lines, the last one marked ===, not as expected:\n%s", out)
	}
	// The cursor starts on a1-b1, which is drawn: Enter is refused with a sentence.
	if mv, note := b.key(press("enter")); mv != nil || note != "that line is already drawn" {
		t.Fatalf("enter on a drawn line: %v %q", mv, note)
	}
	b.key(press("right"))
	if mv, _ := b.key(press("enter")); mv != "b1-c1" {
		t.Fatalf("right then enter: %v, want b1-c1", mv)
	}
	// Down from a horizontal line reaches a vertical one.
	b.key(press("down"))
	if mv, _ := b.key(press("enter")); mv != "c1-c2" {
		t.Fatalf("down then enter: %v, want c1-c2", mv)
	}
	// A click on the line between a2 and a3 (column 3, row 4 of the board).
	if mv, _ := b.click(3, 4); mv != "a2-a3" {
		t.Fatalf("click: %v, want a2-a3", mv)
	}
	b.set(v, 0, false)
	if mv, note := b.key(press("enter")); mv != nil || !strings.Contains(note, "not your turn") {
		t.Fatalf("a move out of turn: %v %q", mv, note)
	}
}

// TestDotsCursorKeepsItsColumn (issue 32, point 11): down from a1-b1
// walks one column of the board, alternating horizontal and vertical
// lines, and up comes back to a1-b1; the cursor drifted one column right
// at each change of row.
func TestDotsCursorKeepsItsColumn(t *testing.T) {
	_, v := viewOf(t, dots.Definition, `{"rows":3,"cols":3}`, 0)
	b := newDots([]string{"Ann", "Bob"}, newStyles(true)).(*dotsBoard)
	if err := b.set(v, 0, true); err != nil {
		t.Fatal(err)
	}
	at := func() string { return b.notation(b.r, b.c) }
	for _, want := range []string{"b1-b2", "a2-b2", "b2-b3", "a3-b3"} {
		b.key(press("down"))
		if at() != want {
			t.Fatalf("down to %s, want %s", at(), want)
		}
	}
	for _, want := range []string{"b2-b3", "a2-b2", "b1-b2", "a1-b1"} {
		b.key(press("up"))
		if at() != want {
			t.Fatalf("up to %s, want %s", at(), want)
		}
	}
	// From the last vertical line, up and down keep to it too.
	b.key(press("down"))
	b.key(press("right"))
	if at() != "c1-c2" {
		t.Fatalf("right to %s, want c1-c2", at())
	}
	for i, want := range []string{"b2-c2", "c2-c3", "b2-c2", "c1-c2"} {
		if i < 2 {
			b.key(press("down"))
		} else {
			b.key(press("up"))
		}
		if at() != want {
			t.Fatalf("step %d to %s, want %s", i+1, at(), want)
		}
	}
}

func TestBattleshipBoardLaysAFleetAndFires(t *testing.T) {
	_, v := viewOf(t, battleship.Definition, `{}`, 0)
	b := newBattleship(nil, newStyles(true)).(*shipBoard)
	if err := b.set(v, 0, true); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(b.prompt(), "Lay your carrier") {
		t.Fatalf("prompt %q", b.prompt())
	}
	var fleet any
	// Five ships, one per row two rows apart, across from column A; the
	// second is first turned down and back.
	for i := range battleship.Fleet {
		if i == 1 {
			b.key(press("r"))
			if !strings.Contains(b.prompt(), "down") {
				t.Fatalf("r did not turn the ship: %q", b.prompt())
			}
			b.key(press("r"))
		}
		mv, note := b.key(press("enter"))
		if i < len(battleship.Fleet)-1 && (mv != nil || note != "") {
			t.Fatalf("ship %d: %v %q", i, mv, note)
		}
		if i == 0 {
			// The next ship may not lie over the carrier.
			if _, note := b.key(press("enter")); !strings.Contains(note, "overlap") {
				t.Fatalf("overlap: %q", note)
			}
		}
		fleet = mv
		b.key(press("down"))
		b.key(press("down"))
	}
	raw, _ := json.Marshal(fleet)
	st, _ := viewOf(t, battleship.Definition, `{}`, 0)
	m, err := st.ParseMove(0, raw)
	if err != nil {
		t.Fatalf("the fleet sent does not read: %s: %v", raw, err)
	}
	if _, err := st.Apply(0, m); err != nil {
		t.Fatalf("the rules refuse the fleet laid: %s: %v", raw, err)
	}
	if out := plain(b.render(100)); strings.Count(out, "#") < 17 {
		t.Fatalf("the laid fleet is not drawn:\n%s", out)
	}

	// In battle the cursor fires at the target grid.
	_, v = viewOf(t, battleship.Definition, `{}`, 0, "random", "random")
	b = newBattleship(nil, newStyles(true)).(*shipBoard)
	b.set(v, 0, true)
	b.key(press("right"))
	b.key(press("down"))
	if mv, _ := b.key(press("enter")); mv != "B2" {
		t.Fatalf("fire: %v, want B2", mv)
	}
	if mv, _ := b.click(3+shipTargetLeft+2*9, 2+9); mv != "J10" {
		t.Fatalf("a click on the target's last square: %v, want J10", mv)
	}
}

func TestClueBoardMenuSuggestAndAccuse(t *testing.T) {
	_, v := viewOf(t, clue.Definition, `{"players":3}`, 0)
	b := newClue([]string{"Ann", "Bob", "Cy"}, newStyles(true)).(*clueBoard)
	if err := b.set(v, 0, true); err != nil {
		t.Fatal(err)
	}
	out := plain(b.render(100))
	for _, want := range []string{"Study", "Kitchen", "At home: Sc*", "Your cards:", "1 walk to Hall-Lounge", "accuse..."} {
		if !strings.Contains(out, want) {
			t.Fatalf("the board lacks %q:\n%s", want, out)
		}
	}
	// Digit 1 walks to the first place offered.
	mv, _ := b.key(press("1"))
	m, ok := mv.(*clue.Move)
	if !ok || m.Kind != clue.VerbMove {
		t.Fatalf("1: %#v", mv)
	}
	// Accusing takes three choices and a confirmation; Backspace steps back.
	items := b.items()
	b.choose(items, len(items)-1)
	if !strings.Contains(plain(b.render(100)), "Accuse: who?") {
		t.Fatal("no choice of suspect")
	}
	b.key(press("6"))
	b.key(press("backspace"))
	b.key(press("6"))
	b.key(press("5"))
	b.key(press("2"))
	if out := plain(b.render(100)); !strings.Contains(out, "ACCUSE Professor Plum, Rope, Hall") {
		t.Fatalf("no confirmation of the accusation:\n%s", out)
	}
	mv, _ = b.key(press("enter"))
	if m, ok := mv.(*clue.Move); !ok || m.Kind != clue.VerbAccuse || m.Suspect != clue.Plum || m.Weapon != clue.Rope || m.Room != clue.Hall.RoomCard() {
		t.Fatalf("accusation sent: %#v", mv)
	}
	// The log words another seat's suggestion from its events.
	ev := client.Event{Type: "suggestion", Seat: 1, Data: json.RawMessage(`{"suspect":"plum","weapon":"rope","room":"hall"}`)}
	if got := b.describe(ev); got != "suggested Professor Plum with the Rope in the Hall" {
		t.Fatalf("describe: %q", got)
	}
	b.key(press("n"))
	if out := plain(b.render(100)); !strings.Contains(out, "Notebook") {
		t.Fatalf("n shows no notebook:\n%s", out)
	}
}

// TestClueReadableIn80x24: the whole Clue-Less table screen fits a
// terminal of 80 columns and 24 rows.
func TestClueReadableIn80x24(t *testing.T) {
	_, v := viewOf(t, clue.Definition, `{"players":6}`, 2)
	m := New(Config{NoColor: true})
	m.w, m.h = 80, 24
	m.screen = screenTable
	m.table = newTableState("t1")
	m.table.t.Game = "clue"
	m.table.t.Status = "playing"
	for i := range 6 {
		m.table.t.Seats = append(m.table.t.Seats, seatFor(i))
	}
	m.table.mine = []int{2}
	m.table.board = newClue(m.table.names(), m.st)
	m.table.board.set(v, 2, false)
	m.table.seat = 2
	out := m.View().Content
	lines := strings.Split(out, "\n")
	if len(lines) > 24 {
		t.Fatalf("%d lines", len(lines))
	}
	for _, l := range lines {
		if w := ansi.StringWidth(l); w > 80 {
			t.Fatalf("a line of %d columns: %q", w, l)
		}
	}
	if !strings.Contains(out, "Conservatory") || !strings.Contains(out, "Your cards") {
		t.Fatalf("the mansion or the hand is cut off:\n%s", out)
	}
	if strings.Contains(out, "\x1b[3") || strings.Contains(out, "38;") {
		t.Fatal("colour with NO_COLOR")
	}
}

func seatFor(i int) client.Seat {
	return client.Seat{Kind: client.SeatHuman, Name: []string{"Ann", "Bob", "Cy", "Di", "Ed", "Flo"}[i], Connected: true}
}

// TestMoveClockCountsDown: at a table with a move clock, the seat that
// owes a move shows its seconds left after each move, and the client
// redraws every second while clocks run.
func TestMoveClockCountsDown(t *testing.T) {
	m := New(Config{NoColor: true})
	m.w, m.h = 100, 30
	m.screen = screenTable
	ts := newTableState("t1")
	m.table = ts
	ts.t = client.Table{ID: "t1", Game: "dots", Status: client.StatusPlaying, Policy: client.Policy{MoveClock: 30},
		Seats: []client.Seat{seatFor(0), seatFor(1)}}
	ts.f.Seq = 4
	raw := json.RawMessage(`{"t":"match","table":"t1","seq":5,"seat":0,"move":null,"text":"a1-b1","events":[],"turn":[1],"scores":[0,0],"outcome":null}`)
	if cmd := ts.push(m, client.Push{T: "match", Raw: raw}); cmd == nil {
		t.Fatal("no redraw scheduled while a clock runs")
	}
	out := plain(m.View().Content)
	if !strings.Contains(out, "2 Bob 0 [29s]") && !strings.Contains(out, "2 Bob 0 [30s]") {
		t.Fatalf("no move clock on seat 2:\n%s", out)
	}
	if strings.Contains(out, "1 Ann [") {
		t.Fatalf("a clock on the seat that owes nothing:\n%s", out)
	}
}

// TestLobbyFits80x24: with thirty tables and a busy chat, the lobby keeps
// the selected table, the chat and the keys on an 80x24 screen.
func TestLobbyFits80x24(t *testing.T) {
	m := New(Config{NoColor: true})
	m.w, m.h = 80, 24
	m.games = []client.Game{{Name: "dots", Title: "Dots and Boxes"}}
	for i := range 30 {
		m.lobby.tables = append(m.lobby.tables, client.Table{ID: fmt.Sprint(i), Game: "dots", Status: client.StatusOpen,
			Seats: []client.Seat{{Kind: client.SeatHuman, Name: fmt.Sprintf("P%02d", i)}, {Kind: client.SeatOpen}}})
	}
	for i := range 10 {
		m.lobby.chat = append(m.lobby.chat, client.Chat{From: "Ann", Text: fmt.Sprint("line ", i)})
	}
	m.lobby.sel = 20
	out := plain(m.View().Content)
	for _, want := range []string{"P20, (open)", "more above)", "more below)", "Ann: line 9", "n new table"} {
		if !strings.Contains(out, want) {
			t.Fatalf("the lobby at 80x24 lacks %q:\n%s", want, out)
		}
	}
	if n := len(strings.Split(out, "\n")); n > 24 {
		t.Fatalf("%d lines", n)
	}
}

// TestCreateFormSeatRows: the new-table screen gives one seat row per
// player for games whose option sets the number of seats, whatever its
// name (Clue-Less "players", Buccaneer "seats").
func TestCreateFormSeatRows(t *testing.T) {
	games := []client.Game{
		{Name: "clue", Title: "Clue-Less", Bots: []string{"easy", "medium", "expert"}, Options: []client.OptionSpec{{Name: "players", Kind: "int", Default: json.RawMessage("3"), Min: 3, Max: 6}}},
		{Name: "buccaneer", Title: "Buccaneer", Bots: []string{"easy", "hard"}, Options: []client.OptionSpec{{Name: "seats", Kind: "int", Default: json.RawMessage("4"), Min: 2, Max: 4}}},
	}
	f := newCreateForm(games, "Ann")
	if len(f.seats) != 3 {
		t.Fatalf("Clue-Less: %d seat rows", len(f.seats))
	}
	f.change("opt:players", +1)
	if len(f.seats) != 4 {
		t.Fatalf("Clue-Less with 4 players: %d seat rows", len(f.seats))
	}
	f.change("game", +1)
	if len(f.seats) != 4 || f.seats[0] != "me" {
		t.Fatalf("Buccaneer: seat rows %v", f.seats)
	}
	f.change("opt:seats", -1)
	if len(f.seats) != 3 {
		t.Fatalf("Buccaneer with 3 seats: %d rows", len(f.seats))
	}
}

// TestBattleshipRandomKeepsShipsLaid (issue 32, point 11): after laying
// the carrier by hand, a sends a whole fleet with the carrier where it
// was laid and the other ships placed legally around it, where it threw
// the carrier away and asked the server for a random fleet.
func TestBattleshipRandomKeepsShipsLaid(t *testing.T) {
	_, v := viewOf(t, battleship.Definition, `{"touch":false}`, 0)
	b := newBattleship(nil, newStyles(true)).(*shipBoard)
	if err := b.set(v, 0, true); err != nil {
		t.Fatal(err)
	}
	b.r, b.c = 3, 2
	if mv, note := b.key(press("enter")); mv != nil || note != "" {
		t.Fatalf("laying the carrier: %v %q", mv, note)
	}
	carrier := b.laid[0]
	if !strings.Contains(b.prompt(), "a lays the rest at random") {
		t.Fatalf("the prompt does not say a keeps the carrier: %q", b.prompt())
	}
	mv, _ := b.key(press("a"))
	m, ok := mv.(map[string]any)
	if !ok {
		t.Fatalf("a sent %#v, not a fleet", mv)
	}
	fleet, ok := m["fleet"].([]battleship.Placement)
	if !ok || len(fleet) != len(battleship.Fleet) {
		t.Fatalf("a sent %#v, not a whole fleet", mv)
	}
	if fleet[0] != carrier {
		t.Fatalf("the carrier laid at %v is sent at %v", carrier, fleet[0])
	}
	if _, err := battleship.ValidateFleet(fleet, false); err != nil {
		t.Fatalf("the fleet sent is illegal: %v", err)
	}
}
