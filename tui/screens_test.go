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
	"github.com/parlor-games/parlor/games/buccaneer"
	"github.com/parlor-games/parlor/games/clue"
	"github.com/parlor-games/parlor/games/dots"
	"github.com/parlor-games/parlor/games/warfare"
)

// The two terminal sizes every screen must be whole in: the smallest the
// docs promise and a common larger one.
var screenSizes = [][2]int{{80, 24}, {120, 40}}

// screenGame is one game at its largest: the biggest board and the most
// seats its options allow.
type screenGame struct {
	name    string
	def     *game.Definition
	options string
	seats   int
}

var screenGames = []screenGame{
	{"dots", dots.Definition, `{"rows":16,"cols":16}`, 2},
	{"battleship", battleship.Definition, `{}`, 2},
	{"clue", clue.Definition, `{"players":6}`, 6},
	{"buccaneer", buccaneer.Definition, `{"seats":4}`, 4},
	{"warfare", warfare.Definition, `{"players":6}`, 6},
}

// screenSeat is seat i of a test table: you first, then bots of one
// level, named as the server names them before the start ("Computer 2").
func screenSeat(i int) client.Seat {
	if i == 0 {
		return client.Seat{Kind: client.SeatHuman, Name: "Ann", Connected: true}
	}
	return client.Seat{Kind: client.SeatBot, Level: "medium", Name: fmt.Sprintf("Computer %d", i+1)}
}

// screenSeatIn is seat i of g's table once its match has started, the
// one of seed 7: a bot carries its game's name for the seat, whose long
// ones with the level ("Margravine Freya (medium)") are those that may
// push seats off the line.
func screenSeatIn(t *testing.T, g screenGame, i int) client.Seat {
	t.Helper()
	s := screenSeat(i)
	if s.Kind == client.SeatBot {
		st, err := g.def.New(json.RawMessage(g.options), game.NewRand(7))
		if err != nil {
			t.Fatal(err)
		}
		s.Name = game.BotName(st, game.Seat(i))
	}
	return s
}

// tableModel is a model showing g's table at w x h, seat 0's view after
// the moves given (each by the seat that owes it, in notation).
func tableModel(t *testing.T, g screenGame, w, h int, moves ...string) (*Model, game.State) {
	t.Helper()
	st, err := g.def.New(json.RawMessage(g.options), game.NewRand(7))
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
	m := New(Config{NoColor: true})
	m.Update(tea.WindowSizeMsg{Width: w, Height: h})
	m.show(screenTable)
	m.table = newTableState("t1")
	m.table.t.Game = g.name
	m.table.t.Status = client.StatusPlaying
	for i := range g.seats {
		m.table.t.Seats = append(m.table.t.Seats, screenSeatIn(t, g, i))
	}
	m.table.mine = []int{0}
	m.table.board = boards[g.name](m.table.names(), m.st)
	for _, s := range st.Turn() {
		m.table.turn = append(m.table.turn, int(s))
	}
	setSeatView(t, m, st, 0)
	return m, st
}

// setSeatView gives the table seat's view of st, as a push would.
func setSeatView(t *testing.T, m *Model, st game.State, seat int) {
	t.Helper()
	v, err := json.Marshal(st.View(game.Seat(seat)))
	if err != nil {
		t.Fatal(err)
	}
	m.table.turn = m.table.turn[:0]
	for _, s := range st.Turn() {
		m.table.turn = append(m.table.turn, int(s))
	}
	m.table.seat = seat
	if err := m.table.board.set(v, seat, m.table.owes(seat)); err != nil {
		t.Fatal(err)
	}
}

// flat is a screen's text with its line breaks and runs of spaces made
// single spaces, to look for a sentence that wrapped.
func flat(s string) string { return strings.Join(strings.Fields(s), " ") }

// checkWhole fails when the screen is larger than w x h, or when a line a
// player needs is not whole on it: the key bar with help, leaving and
// each key of must, and each of the sentences.
func checkWhole(t *testing.T, what string, m *Model, must []string, sentences ...string) string {
	t.Helper()
	raw := m.View().Content
	out := plain(raw)
	lines := strings.Split(out, "\n")
	if len(lines) > m.h {
		t.Fatalf("%s at %dx%d: %d lines", what, m.w, m.h, len(lines))
	}
	for _, l := range lines {
		if w := ansi.StringWidth(l); w > m.w {
			t.Fatalf("%s at %dx%d: a line of %d columns: %q", what, m.w, m.h, w, l)
		}
	}
	bar := ""
	for _, l := range lines {
		if strings.Contains(l, "? help") && strings.Contains(l, "q ") && !strings.HasPrefix(l, "Parlor") {
			bar = l
		}
	}
	if bar == "" {
		t.Fatalf("%s at %dx%d: no key bar with help and leave:\n%s", what, m.w, m.h, out)
	}
	for _, k := range must {
		if !strings.Contains(bar, k) {
			t.Fatalf("%s at %dx%d: the key bar %q lacks %q:\n%s", what, m.w, m.h, bar, k, out)
		}
	}
	for _, s := range sentences {
		if s != "" && !strings.Contains(flat(out), flat(plain(s))) {
			t.Fatalf("%s at %dx%d: %q is not whole:\n%s", what, m.w, m.h, s, out)
		}
	}
	return out
}

// checkHelp opens the help and scrolls it to the end: every key the
// board and the table list must be seen on the way, whole. At a table
// the help stands under the board and turns by pages, its own keys, and
// closes with ?: the others play.
func checkHelp(t *testing.T, what string, m *Model) {
	t.Helper()
	var want []string
	if m.table != nil && m.table.board != nil {
		want = append(want, m.table.board.keys()...)
		want = append(want, m.table.keys()...)
	}
	if m.screen == screenReplay && m.replay != nil {
		want = append(want, m.replay.keys()...)
	}
	scroll, done := "down", "x"
	if m.screen == screenTable {
		scroll, done = "pgdown", "?"
	}
	m.Update(press("?"))
	seen := ""
	for range 40 {
		out := plain(m.View().Content)
		for _, l := range strings.Split(out, "\n") {
			if w := ansi.StringWidth(l); w > m.w {
				t.Fatalf("%s help at %dx%d: a line of %d columns: %q", what, m.w, m.h, w, l)
			}
		}
		seen += "\n" + out
		m.Update(press(scroll))
	}
	for _, k := range want {
		if !strings.Contains(flat(seen), flat(k)) {
			t.Fatalf("%s help at %dx%d: %q is never shown whole:\n%s", what, m.w, m.h, k, seen)
		}
	}
	m.Update(press(done))
	if m.help {
		t.Fatalf("%s did not close the help", done)
	}
}

// TestEveryScreenWhole renders every game's table at its largest (most
// seats, biggest board) at 80x24 and 120x40, in play, in its help and at
// its result, and fails when a line a player needs is cut: the key bar
// with help, leave and the main action, the sentence of what to do now,
// or a seat.
func TestEveryScreenWhole(t *testing.T) {
	for _, g := range screenGames {
		for _, sz := range screenSizes {
			what := fmt.Sprintf("%s in play", g.name)
			m, st := tableModel(t, g, sz[0], sz[1])
			// The view of whoever moves first, so that the hint is the
			// one of a seat that owes a move.
			first := int(st.Turn()[0])
			m.table.mine = []int{first}
			setSeatView(t, m, st, first)
			var sentences []string
			sentences = append(sentences, m.table.board.prompt())
			for i := range m.table.t.Seats {
				sentences = append(sentences, fmt.Sprintf("%d %s", i+1, seatName(m.table.t.Seats[i])))
			}
			var must []string
			if k, ok := m.table.board.(keyed); ok {
				must = append(must, k.mainKey())
			}
			checkWhole(t, what, m, must, sentences...)
			checkHelp(t, g.name, m)

			// A question and a long status line below the board: the
			// board gives way, not them.
			m.confirm = "resign"
			m.status = "move: that is not a legal move here; the squares the rules allow are marked, and the hint says which keys choose them"
			checkWhole(t, what+" asking", m, must, append(sentences, "Really resign? y / n", m.status)...)
			m.confirm, m.status = "", ""

			// Before the start and at a hand-over's curtain.
			m.table.t.Status = client.StatusOpen
			m.user.Name, m.table.t.Creator = "Ann", "Ann"
			checkWhole(t, g.name+" open", m, []string{"g start"}, "Waiting for players: every seat is taken; g starts the game", seatName(m.table.t.Seats[len(m.table.t.Seats)-1]))
			m.table.t.Status = client.StatusPlaying
			m.table.handover = 1
			if out := plain(m.View().Content); !strings.Contains(out, "Pass the keyboard to "+seatName(m.table.t.Seats[1])+" (seat 2).") || !strings.Contains(out, "Press Enter to show their board.") {
				t.Fatalf("%s curtain at %dx%d:\n%s", g.name, m.w, m.h, out)
			}
			m.table.handover = -1

			m.table.outcome = &client.Outcome{Winners: []int{1}, Reason: "the rules"}
			checkWhole(t, g.name+" result", m, []string{"m rematch", "r replay"}, "Game over: "+seatName(m.table.t.Seats[1])+" wins (the rules)")
		}
	}
}

// TestLobbyAndCreateWhole: the lobby and the new-table form of each game
// at its most seats keep their keys and every field on screen.
func TestLobbyAndCreateWhole(t *testing.T) {
	games := []client.Game{}
	for _, g := range screenGames {
		var opts []client.OptionSpec
		for _, o := range g.def.Options {
			d, _ := json.Marshal(o.Default)
			opts = append(opts, client.OptionSpec{Name: o.Name, Label: o.Label, Kind: string(o.Kind), Default: d, Min: o.Min, Max: o.Max, Choices: o.Choices})
		}
		games = append(games, client.Game{Name: g.name, Title: g.def.Title, Summary: g.def.Summary, Options: opts, Bots: []string{"easy", "medium", "hard"}})
	}
	for _, sz := range screenSizes {
		m := New(Config{NoColor: true})
		m.w, m.h = sz[0], sz[1]
		m.games = games
		for i := range 30 {
			m.lobby.tables = append(m.lobby.tables, client.Table{ID: fmt.Sprint(i), Game: "clue", Status: client.StatusOpen,
				Seats: []client.Seat{screenSeat(0), screenSeat(1), screenSeat(2), screenSeat(3), screenSeat(4), screenSeat(5)}})
		}
		for i := range 20 {
			m.lobby.chat = append(m.lobby.chat, client.Chat{From: "Bob", Text: fmt.Sprintf("line %d of a chat that goes on and on about the game", i)})
		}
		m.status = "Game over: Bot medium wins (the rules)"
		out := plain(m.View().Content)
		for _, want := range []string{"Tables (30)", "line 19 of", "Enter join", "? help", "q quit", "Ann, 5 bot(s)"} {
			if !strings.Contains(out, want) {
				t.Fatalf("the lobby at %dx%d lacks %q:\n%s", m.w, m.h, want, out)
			}
		}
		// A new screen starts without the last one's status (defect 9).
		m.Update(press("n"))
		for gi, g := range screenGames {
			for m.create.game != gi {
				m.create.key(m, "right")
			}
			// The most seats the game allows.
			for _, name := range seatOptions {
				if o := m.create.option(name); o.Name != "" {
					m.create.opts[name] = o.Max
					m.create.resize()
				}
			}
			out := plain(m.View().Content)
			if strings.Contains(out, "Game over") {
				t.Fatalf("the new-table form shows the lobby's old status:\n%s", out)
			}
			lines := strings.Split(out, "\n")
			if len(lines) > m.h {
				t.Fatalf("the form at %dx%d: %d lines", m.w, m.h, len(lines))
			}
			if !strings.Contains(flat(out), flat(g.def.Summary)) {
				t.Fatalf("the %s form at %dx%d cuts the summary %q:\n%s", g.name, m.w, m.h, g.def.Summary, out)
			}
			want := []string{"Enter create", "Esc back", "? help", fmt.Sprintf("Seat %d", len(m.create.seats))}
			for _, w := range want {
				if !strings.Contains(out, w) {
					t.Fatalf("the %s form at %dx%d lacks %q:\n%s", g.name, m.w, m.h, w, out)
				}
			}
		}
		m.create.key(m, "esc")
	}
}

// TestDotsScrollsWithCursor (defect 1): on a 16x16 board at 80x24 the
// board scrolls with the cursor, so the line the hint offers to draw is
// on screen down to the last row, and the moves and chat are behind L.
func TestDotsScrollsWithCursor(t *testing.T) {
	m, _ := tableModel(t, screenGames[0], 80, 24)
	for range 30 {
		m.Update(press("down"))
		out := checkWhole(t, "dots", m, []string{"Enter draw", "L moves+chat"}, m.table.board.prompt())
		b := m.table.board.(*dotsBoard)
		for _, d := range b.line(b.r, b.c) {
			if !strings.Contains(out, fmt.Sprintf("\n%2d +", d[0]+1)) {
				t.Fatalf("the hint offers %s but row %d is off screen:\n%s", b.notation(b.r, b.c), d[0]+1, out)
			}
		}
	}
	m.Update(press("L"))
	if out := plain(m.View().Content); !strings.Contains(out, "Moves") || !strings.Contains(out, "Chat") {
		t.Fatalf("L does not show the moves and chat:\n%s", out)
	}
}

// TestClueAccusationAndNotebookWhole (defects 2 and 3): the accusation's
// confirmation and its warning are whole at 80x24 and 120x40, and the
// notebook shows all 21 cards and your hand.
func TestClueAccusationAndNotebookWhole(t *testing.T) {
	for _, sz := range screenSizes {
		m, _ := tableModel(t, screenGames[2], sz[0], sz[1])
		b := m.table.board.(*clueBoard)
		// accuse..., then Mr. Green, the Lead Pipe, the Billiard Room.
		for _, k := range []string{fmt.Sprint(len(b.items())), "4", "3", "5"} {
			m.Update(press(k))
		}
		out := checkWhole(t, "clue confirmation", m, []string{"Enter choose"}, "A wrong accusation ends your game")
		// The menu beside the mansion wraps its items in its own column.
		const accusation = "ACCUSE Mr. Green, Lead Pipe, Billiard Room"
		menu := ""
		for _, l := range strings.Split(out, "\n") {
			if len(l) > clueMenuLeft {
				menu += " " + l[clueMenuLeft:]
			}
		}
		if !strings.Contains(flat(out), accusation) && !strings.Contains(flat(menu), accusation) {
			t.Fatalf("at %dx%d the confirmation is not whole:\n%s", sz[0], sz[1], out)
		}
		// Enter on the confirmation is the accusation itself.
		if mv, _ := b.choose(b.items(), 0); mv == nil {
			t.Fatal("the confirmation sends nothing")
		}
		m.Update(press("backspace"))
		m.Update(press("n"))
		want := []string{"Your cards: Miss Scarlet, Colonel Mustard, Billiard Room"}
		for _, c := range clue.Cards() {
			want = append(want, c.String())
		}
		checkWhole(t, "clue notebook", m, nil, want...)
	}
}

// TestClueWrongAccuserIsOut (defect 4): after a wrong accusation the seat
// line marks the accuser "(out)" and a sentence tells them so; all six
// seats and every room name stay whole.
func TestClueWrongAccuserIsOut(t *testing.T) {
	for _, sz := range screenSizes {
		// Seat 0 holds Miss Scarlet: an accusation naming her is wrong.
		m, st := tableModel(t, screenGames[2], sz[0], sz[1], "accuse scarlet rope billiard-room")
		setSeatView(t, m, st, 0)
		want := []string{"1 Ann (you) (out)", "6 Plum (medium)", "Your accusation was wrong: you are out of the game"}
		for _, p := range clue.Places() {
			if !p.IsHallway() && !p.IsHome() {
				want = append(want, p.String())
			}
		}
		checkWhole(t, "clue out", m, nil, want...)
	}
}

// TestClueRemovedByVote: a player removed by a vote is marked
// "(removed)" on the seat line, and a sentence names them and says their
// cards still answer, as the web client's side panel does; beside a
// wrong accuser's "(out)" and its sentence, at 80x24 and 120x40, every
// seat, room, the hint and the key bar stay whole, for the accuser and
// for the seat to move.
func TestClueRemovedByVote(t *testing.T) {
	for _, sz := range screenSizes {
		// Seat 0 holds Miss Scarlet: an accusation naming her is wrong.
		m, st := tableModel(t, screenGames[2], sz[0], sz[1], "accuse scarlet rope billiard-room")
		if _, err := st.(game.SeatRemover).RemoveSeat(2); err != nil {
			t.Fatal(err)
		}
		setSeatView(t, m, st, 0)
		b := m.table.board.(*clueBoard)
		removed := "Removed by a vote: " + b.nameOf(2) + ". Their cards still answer suggestions."
		want := []string{"1 Ann (you) (out)", "3 White (medium) (removed)", "6 Plum (medium)", "Your accusation was wrong", removed}
		for _, p := range clue.Places() {
			if !p.IsHallway() && !p.IsHome() {
				want = append(want, p.String())
			}
		}
		checkWhole(t, "clue removed, seen by the accuser", m, nil, want...)

		// The seat to move sees the same marks and note, and its menu's
		// hint and key.
		first := int(st.Turn()[0])
		m.table.mine = []int{first}
		setSeatView(t, m, st, first)
		out := checkWhole(t, "clue removed, seen by the seat to move", m, []string{b.mainKey()},
			append([]string{b.prompt(), "1 Ann (out)", "3 White (medium) (removed)", removed}, want[5:]...)...)
		if strings.Count(out, "(removed)") != 1 {
			t.Fatalf("one seat was removed; the screen marks %d:\n%s", strings.Count(out, "(removed)"), out)
		}
	}
}

// TestBattleshipOwnShotLogged (defect 6): your own shot is logged with its
// result, as the other side's are, and the placing hint is whole at
// 80x24 with Enter in the key bar.
func TestBattleshipOwnShotLogged(t *testing.T) {
	m, _ := tableModel(t, screenGames[1], 80, 24)
	checkWhole(t, "battleship placing", m, []string{"Enter lay"}, m.table.board.prompt())
	m.table.t.Seats[1] = client.Seat{Kind: client.SeatHuman, Name: "Bob", Connected: true}
	shot := func(seat int, text string) string {
		return m.table.describe(client.Update{Seq: 5, Seat: seat, Text: text, Events: []client.Event{
			{Type: "shot", Seat: seat, Data: json.RawMessage(`{"square":"E5","result":"miss"}`)}}})
	}
	if got := shot(0, "E5"); got != "  5. Ann: E5 miss" {
		t.Fatalf("your own shot is logged as %q", got)
	}
	if got := shot(1, ""); got != "  5. Bob: E5 miss" {
		t.Fatalf("the other side's shot is logged as %q", got)
	}
}

// TestWarfareVillagesScroll (defect 5): with 18 villages at 80x24 the
// list says how many there are and shows the one under the cursor as v
// walks through them all; the help keeps "e: end the turn".
func TestWarfareVillagesScroll(t *testing.T) {
	m, st := tableModel(t, screenGames[4], 80, 24)
	// Seat 0's view with 18 villages of its own, one on each of the
	// first land hexes.
	var v warfare.View
	raw, _ := json.Marshal(st.View(0))
	if err := json.Unmarshal(raw, &v); err != nil {
		t.Fatal(err)
	}
	v.Villages = nil
	for i := range 18 {
		v.Villages = append(v.Villages, warfare.VillageView{Hex: v.Hexes[i].ID, Owner: 0, Level: "hovel", Gold: 100 + i, Size: 3})
	}
	raw, _ = json.Marshal(v)
	if err := m.table.board.set(raw, 0, true); err != nil {
		t.Fatal(err)
	}
	seen := map[int]bool{}
	for range 18 {
		m.Update(press("v"))
		out := checkWhole(t, "warfare", m, []string{"Enter select", "e end turn"}, m.table.board.prompt(), "of 18 (v jumps to the next)")
		h := m.table.board.(*warBoard).cursorHex()
		line := fmt.Sprintf("hovel %4d  gold %3d", h.ID, 100+slicesIndex(v.Villages, h.ID))
		if !strings.Contains(out, line) {
			t.Fatalf("the cursor's village %d is not in the list:\n%s", h.ID, out)
		}
		seen[h.ID] = true
	}
	if len(seen) != 18 {
		t.Fatalf("v reached %d of 18 villages", len(seen))
	}
	m.Update(press("?"))
	help := ""
	for range 20 {
		help += plain(m.View().Content)
		m.Update(press("pgdown"))
	}
	if !strings.Contains(help, "e: end the turn") {
		t.Fatalf("the help never shows e: end the turn:\n%s", help)
	}
}

func slicesIndex(vs []warfare.VillageView, hex int) int {
	for i, v := range vs {
		if v.Hex == hex {
			return i
		}
	}
	return -1
}

// TestDotsClickOnScrolledBoard: a click on a board scrolled down draws
// the line under the mouse, not the one that was there before it
// scrolled.
func TestDotsClickOnScrolledBoard(t *testing.T) {
	m, _ := tableModel(t, screenGames[0], 80, 24)
	for range 30 {
		m.Update(press("down"))
	}
	out := plain(m.View().Content)
	lines := strings.Split(out, "\n")
	for y, l := range lines {
		if strings.HasPrefix(l, "15 +") {
			// The middle of the first horizontal line of row 15.
			// Unconnected, the move goes no further than the board.
			m.Update(tea.MouseClickMsg{X: 5, Y: y})
			b := m.table.board.(*dotsBoard)
			if got := b.notation(b.r, b.c); got != "a15-b15" {
				t.Fatalf("the click drew %s, want a15-b15", got)
			}
			return
		}
	}
	t.Fatalf("row 15 is not on screen:\n%s", out)
}

// TestConnectionLostLine (defect 10): the status line after a dropped
// connection counts the attempts in a sentence, without Go's error text,
// and fits 80 columns.
func TestConnectionLostLine(t *testing.T) {
	m := New(Config{NoColor: true})
	m.w, m.h = 80, 24
	err := fmt.Errorf("cannot open a connection to 127.0.0.1:18420: failed to WebSocket dial: failed to send handshake request: dial tcp: connection refused")
	m.retry(err)
	m.retry(err)
	out := plain(m.View().Content)
	if !strings.Contains(out, "connection lost: reconnecting, attempt 2") || !strings.Contains(out, "RECONNECTING") {
		t.Fatalf("no count of attempts:\n%s", out)
	}
	for _, bad := range []string{"WebSocket", "dial", "127.0.0.1"} {
		if strings.Contains(out, bad) {
			t.Fatalf("the screen shows Go's error (%q):\n%s", bad, out)
		}
	}
	// A failed request says the server's sentence, or a plain one.
	m.Update(doneMsg{what: "move", err: &client.Refusal{Code: "not-your-turn", Message: "it is not your turn"}})
	if m.status != "move: it is not your turn" {
		t.Fatalf("a refusal reads %q", m.status)
	}
	m.Update(doneMsg{what: "move", err: fmt.Errorf("sending match.play: %w", err)})
	if strings.Contains(m.status, "dial") || !strings.HasPrefix(m.status, "move: ") {
		t.Fatalf("a network error reads %q", m.status)
	}
}

// TestSidePanelWraps: an entry of the moves or the chat wider than the
// panel wraps under itself instead of being cut, and the newest entries
// are the ones kept.
func TestSidePanelWraps(t *testing.T) {
	got := newest([]string{"  1. Bot hard: placed a fleet", "  2. Ann: placed a fleet", "  3. Bot hard: E5 sank the destroyer"}, 24, 4)
	want := []string{"  2. Ann: placed a fleet", "  3. Bot hard: E5 sank", "  the destroyer"}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Fatalf("got %q, want %q", got, want)
	}
}

// TestLogTellsSameNamedSeatsApart: the log names a bot by its game's
// name for it (Clue-Less's "Mustard", Medieval Warfare's "Count Cedric"),
// so that bots of one level are told apart, and a person by name. Two
// seats of one name (bots named by an older server) are told apart by
// the board's label of the seat (Clue-Less's suspect) or, on a board
// without one, by the seat's number.
func TestLogTellsSameNamedSeatsApart(t *testing.T) {
	m, _ := tableModel(t, screenGames[2], 80, 24)
	if got := m.table.describe(client.Update{Seq: 3, Seat: 1, Text: "end"}); got != "  3. Mustard: end" {
		t.Fatalf("a Clue-Less bot's move is logged as %q, want its suspect's name", got)
	}
	if got := m.table.describe(client.Update{Seq: 4, Seat: 0, Text: "end"}); got != "  4. Ann: end" {
		t.Fatalf("Ann's move is logged as %q", got)
	}
	for i := 1; i < len(m.table.t.Seats); i++ {
		m.table.t.Seats[i].Name = "Computer"
	}
	m.table.rename()
	if got := m.table.describe(client.Update{Seq: 3, Seat: 1, Text: "end"}); !strings.HasPrefix(got, "  3. Computer (Mu): ") {
		t.Fatalf("one of two bots called Computer at Clue-Less is logged as %q, want its suspect", got)
	}
	m, _ = tableModel(t, screenGames[4], 80, 24)
	if got := m.table.describe(client.Update{Seq: 5, Seat: 2, Text: "end"}); got != "  5. Count Cedric: end" {
		t.Fatalf("a Warfare bot's move is logged as %q, want its lord's name", got)
	}
	for i := 1; i < len(m.table.t.Seats); i++ {
		m.table.t.Seats[i].Name = "Computer"
	}
	if got := m.table.describe(client.Update{Seq: 5, Seat: 2, Text: "end"}); !strings.HasPrefix(got, "  5. Computer (seat 3): ") {
		t.Fatalf("one of two bots called Computer at Medieval Warfare is logged as %q, want its seat number", got)
	}
}

// TestMoveRefusalNamesSeats: the server's refusal of a typed move numbers
// seats from 0, as its sentences do for clients to name them; the status
// line says the seat's name instead, never "seat 0" beside a header that
// numbers Ann 1. A move lost with the connection reads as a plain
// sentence, not Go's error.
func TestMoveRefusalNamesSeats(t *testing.T) {
	m, _ := tableModel(t, screenGames[0], 80, 24)
	m.moveDone(moveDoneMsg{ts: m.table, err: &client.Refusal{Code: "not-your-turn", Message: "it is not seat 0's turn"}})
	if m.status != "move: it is not Ann's turn" {
		t.Fatalf("the refusal reads %q", m.status)
	}
	m.moveDone(moveDoneMsg{ts: m.table, err: fmt.Errorf("sending match.play: %w", client.ErrClosed)})
	if m.status != "move: the connection to the server is closed; reconnecting" {
		t.Fatalf("a move lost with the connection reads %q", m.status)
	}
}
