package tui

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/parlor-games/parlor/client"
	"github.com/parlor-games/parlor/server/servertest"
)

// endedPush is an ended push listing games, as the server sends it.
func endedPush(t *testing.T, games ...client.RecentGame) pushMsg {
	t.Helper()
	raw, err := json.Marshal(map[string]any{"t": "ended", "games": games})
	if err != nil {
		t.Fatal(err)
	}
	return pushMsg{p: client.Push{T: "ended", Raw: raw}}
}

func human(name string) client.Seat { return client.Seat{Kind: client.SeatHuman, Name: name} }

// awayGames are five ends of Ann's, the most recent first, one of each
// kind of result: a win by the other's resignation, a loss to a bot, a
// game at one screen, a win shared with another seat, a closed table.
var awayGames = []client.RecentGame{
	{Match: "m1", Game: "dots", Seats: []client.Seat{human("Ann"), human("Bob")}, Held: []int{0}, Winners: []int{0}, Reason: "seat 1 resigned"},
	{Match: "m2", Game: "battleship", Seats: []client.Seat{human("Ann"), {Kind: client.SeatBot, Level: "hard", Name: "Commodore"}}, Held: []int{0}, Winners: []int{1}, Reason: "seat 0 forfeited"},
	{Match: "m3", Game: "dots", Seats: []client.Seat{human("Anna"), human("Ben")}, Held: []int{0, 1}, Winners: []int{1}, Reason: "all boxes taken"},
	{Match: "m4", Game: "buccaneer", Seats: []client.Seat{human("Ann"), human("Bob"), human("Cy")}, Held: []int{1}, Winners: []int{0, 1}, Reason: "the treasure is shared"},
	{Match: "m5", Game: "clue", Seats: []client.Seat{human("Ann"), human("Bob"), {Kind: client.SeatBot, Level: "medium", Name: "Mustard"}}, Held: []int{0},
		Reason: "the table was closed: nobody came back for 7 days"},
}

// awayWords are how the note says each of awayGames.
var awayWords = []string{
	"1 Dots and Boxes with Bob: you won (Bob resigned)",
	"2 Battleship with Commodore: you lost (Ann forfeited)",
	"3 Dots and Boxes with Anna and Ben: Ben won (all boxes taken)",
	"4 Buccaneer with Ann and Cy: you tied (the treasure is shared)",
	"5 Clue-Less with Bob and Mustard: no winner (the table was closed: nobody came back for 7 days)",
}

// busyLobby is a lobby at w x h with thirty tables, the third chosen,
// twelve people online, a long chat and a status line: the note of the
// ended games must find room in it.
func busyLobby(w, h int) *Model {
	m := New(Config{NoColor: true})
	m.w, m.h = w, h
	for _, g := range screenGames {
		m.games = append(m.games, client.Game{Name: g.name, Title: g.def.Title})
	}
	for i := range 30 {
		m.lobby.tables = append(m.lobby.tables, client.Table{ID: fmt.Sprint(i), Game: "dots", Status: client.StatusOpen,
			Seats: []client.Seat{human(fmt.Sprintf("P%02d", i)), {Kind: client.SeatOpen}}})
	}
	m.lobby.sel = 2
	for i := range 12 {
		m.lobby.lists.Online = append(m.lobby.lists.Online, client.Online{Name: fmt.Sprintf("U%02d", i), Guest: true})
	}
	for i := range 20 {
		m.lobby.chat = append(m.lobby.chat, client.Chat{From: "Bob", Text: fmt.Sprintf("line %d", i)})
	}
	m.status = "Achievement: First win - win a game"
	return m
}

// TestEndedNoteWhole (protocol v7): an ended push of five games puts a
// note over a busy lobby, at 80x24 and 120x40. Each game says with whom
// it was played (a bot by its level), the result for Ann (won, lost,
// tied, no winner; the winner's name at one screen) and why, with seats
// named; the games that do not fit are counted; the key bar holds the
// note's keys beside the lobby's, and the chosen table, the chat's last
// line and the help keep their place.
func TestEndedNoteWhole(t *testing.T) {
	for _, sz := range screenSizes {
		m := busyLobby(sz[0], sz[1])
		m.Update(endedPush(t, awayGames...))
		m.View() // the layout is the one of the screen drawn
		shown := m.lobbyLayout().ended
		if shown < 1 || shown > len(awayGames) {
			t.Fatalf("at %dx%d the note shows %d games", sz[0], sz[1], shown)
		}
		if sz[1] == 24 && shown == len(awayGames) {
			t.Fatalf("at 80x24 all five games fit beside thirty tables: the count of the rest is untested")
		}
		keys := []string{"Enter join", "x dismiss", "q quit", fmt.Sprintf("1-%d replay ended", shown)}
		if shown == 1 {
			keys[3] = "1 replay ended"
		}
		out := checkWhole(t, "the ended note", m, keys,
			append([]string{"Ended while you were away", "> Dots and Boxes   open     P02, (open)", "Bob: line 19", m.status}, awayWords[:shown]...)...)
		if shown < len(awayGames) {
			if want := fmt.Sprintf("%d of %d shown, the rest once these are dismissed", shown, len(awayGames)); !strings.Contains(flat(out), want) {
				t.Fatalf("at %dx%d the note does not count the rest (%q):\n%s", sz[0], sz[1], want, out)
			}
		}
		for _, w := range awayWords[shown:] {
			if strings.Contains(flat(out), w) {
				t.Fatalf("at %dx%d %q is shown past the count:\n%s", sz[0], sz[1], w, out)
			}
		}
		if testing.Verbose() {
			t.Log("\n" + out)
		}
		// A status of three lines: the note keeps its first game, the
		// lobby its keys.
		status := m.status
		m.status = "the replay: " + strings.Repeat("the server could not be reached just now, ", 5)
		checkWhole(t, "the ended note under a long status", m, keys[:3], awayWords[0], "> Dots and Boxes   open     P02, (open)")
		m.status = status
		m.Update(press("?"))
		help := ""
		for range 20 {
			help += flat(plain(m.View().Content))
			m.Update(press("down"))
		}
		for _, k := range []string{"1-9: the replay of that game", "x: dismiss a game the note shows (then its digit, or a for all shown)"} {
			if !strings.Contains(help, k) {
				t.Fatalf("the help at %dx%d never shows %q", sz[0], sz[1], k)
			}
		}
		m.Update(press("esc"))

		// The lobby's own keys still work beside the note's.
		m.Update(press("down"))
		if m.lobby.sel != 3 {
			t.Fatalf("down chose table %d, want 3", m.lobby.sel)
		}
		// A digit past the games shown opens nothing and says why.
		if _, cmd := m.Update(press(fmt.Sprint(shown + 1))); cmd != nil || !strings.Contains(m.status, "press 1-") {
			t.Fatalf("a digit past the note's %d games: status %q", shown, m.status)
		}
	}
}

// TestEndedNoteGoesWithTheList: the server's next push is the list
// itself: a shorter one leaves the rest, an empty one takes the note
// away and the lobby has its rows back; a new connection forgets the
// list until the server pushes it again, so that one dismissed from
// another device does not stay.
func TestEndedNoteGoesWithTheList(t *testing.T) {
	m := busyLobby(80, 24)
	m.status = ""
	m.View()
	before := m.lobbyLayout()
	m.Update(endedPush(t, awayGames[:2]...))
	out := checkWhole(t, "two ended games", m, []string{"1-2 replay ended", "x dismiss"}, awayWords[:2]...)
	if strings.Contains(out, "shown, the rest") {
		t.Fatalf("two games fit and the note counts more:\n%s", out)
	}
	m.Update(endedPush(t, awayGames[1]))
	out = checkWhole(t, "one ended game", m, []string{"1 replay ended", "x dismiss"}, "1 Battleship with Commodore: you lost")
	if strings.Contains(out, "Dots and Boxes with Bob") {
		t.Fatalf("a game the server no longer lists is still shown:\n%s", out)
	}
	m.Update(endedPush(t))
	out = checkWhole(t, "no ended game", m, []string{"Enter join"})
	if strings.Contains(out, "Ended while you were away") || strings.Contains(out, "replay ended") {
		t.Fatalf("an empty list leaves the note:\n%s", out)
	}
	if after := m.lobbyLayout(); after != before {
		t.Fatalf("the lobby without the note is laid out %+v, before it came %+v", after, before)
	}
	if _, cmd := m.Update(press("x")); cmd != nil || m.status != "no ended game to dismiss" {
		t.Fatalf("x without a note: status %q", m.status)
	}

	m.Update(endedPush(t, awayGames[0]))
	m.Update(connectedMsg{conn: &client.Conn{}})
	if len(m.lobby.ended) != 0 {
		t.Fatal("a new connection keeps the list the last one was told")
	}
}

// annAndBobDriven are Ann and Bob in the terminal, on a server of their
// own, each seeing the other online.
func annAndBobDriven(t *testing.T) (ann, bob *driver) {
	t.Helper()
	srv := servertest.Start(t)
	ann, bob = drive(t, srv, "Ann"), drive(t, srv, "Bob")
	ann.waitFor("Bob*")
	bob.waitFor("Ann*")
	return ann, bob
}

// annStartsDotsWithBob makes Ann's Dots and Boxes table with a seat
// open, seats Bob in it and starts the match, over their connections.
func annStartsDotsWithBob(t *testing.T, ann, bob *driver) client.Table {
	t.Helper()
	ctx := context.Background()
	tb, err := ann.m.conn.CreateTable(ctx, client.CreateTable{Game: "dots",
		Seats: []client.SeatRequest{{Kind: client.ChooseMe}, {Kind: client.ChooseOpen}}})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := bob.m.conn.Sit(ctx, tb.ID, 1); err != nil {
		t.Fatal(err)
	}
	if _, err := ann.m.conn.Start(ctx, tb.ID); err != nil {
		t.Fatal(err)
	}
	return tb
}

// TestModelEndedWhileAway (protocol v7) against a real server: Ann
// leaves her Dots and Boxes game with Bob for the lobby, Bob resigns,
// and Ann's lobby notes the game, won; 1 opens its replay, q comes back
// to the note, and x dismisses it: the server's shorter list takes it
// off the screen, and a new connection is not told of it again.
func TestModelEndedWhileAway(t *testing.T) {
	ann, bob := annAndBobDriven(t)
	ctx := context.Background()
	tb := annStartsDotsWithBob(t, ann, bob)
	ann.m.w, ann.m.h = 80, 24
	ann.open(tb.ID)
	bob.open(tb.ID)
	ann.waitFor("Your move")
	// Bob's screen first shows the seats, then Ann there: a seat list
	// worked out before Ann watched shows her away, and taking that for
	// her leaving below would let Bob resign while she still watches.
	bob.waitFor("1 Ann")
	bob.waitGone("(away)")
	ann.keys("q")
	ann.waitFor("Really leave the table? y / n")
	ann.keys("y")
	ann.waitFor("Tables (")
	// Ann no longer watches the table: its end is news to her.
	bob.waitFor("(away)")
	if strings.Contains(ann.screen(), "Ended while you were away") {
		t.Fatalf("a note before any game ended:\n%s", ann.screen())
	}

	if _, err := bob.m.conn.Resign(ctx, tb.ID, 1); err != nil {
		t.Fatal(err)
	}
	out := ann.waitFor("1 Dots and Boxes with Bob: you won (Bob resigned)")
	checkWhole(t, "Ann's lobby with the note", ann.m, []string{"1 replay ended", "x dismiss"}, "Ended while you were away")
	if testing.Verbose() {
		t.Log("\n" + out)
	}

	ann.keys("1")
	ann.waitFor("Replay: Dots and Boxes")
	if ann.m.replay.match != ann.m.lobby.ended[0].Match {
		t.Fatalf("1 opened the replay of %s, not of the game noted", ann.m.replay.match)
	}
	ann.keys("q")
	ann.waitFor("Ended while you were away")
	ann.keys("x")
	ann.waitGone("Ended while you were away")
	if len(ann.m.lobby.ended) != 0 {
		t.Fatalf("after x the list holds %d games", len(ann.m.lobby.ended))
	}

	// Dismissed on the server, not only on this screen: Ann's next
	// connection is not told of it. Bob's chat line comes to it after
	// any push that followed its hello.
	ann.m.conn.CloseNow()
	ann.waitFor("reconnected")
	if err := bob.m.conn.Say(ctx, client.LobbyChannel, "back?"); err != nil {
		t.Fatal(err)
	}
	ann.waitFor("Bob: back?")
	if s := ann.screen(); strings.Contains(s, "Ended while you were away") {
		t.Fatalf("a dismissed game is noted again on a new connection:\n%s", s)
	}
}

// TestEndedNewsSaidAwayFromTheLobby: a game that joins the list while
// Ann is at another table is said on her status line, once, naming the
// game and the result; the same list pushed again, or a list she already
// had when she left the lobby, says nothing; in the lobby the note
// itself is the news.
func TestEndedNewsSaidAwayFromTheLobby(t *testing.T) {
	m := busyLobby(80, 24)
	m.status = ""
	m.Update(endedPush(t, awayGames[1]))
	if m.status != "" {
		t.Fatalf("in the lobby the status says %q; the note is the news", m.status)
	}
	m.screen = screenTable
	m.Update(endedPush(t, awayGames[1]))
	if m.status != "" {
		t.Fatalf("a list Ann had already seen is said again: %q", m.status)
	}
	m.Update(endedPush(t, awayGames[0], awayGames[1]))
	if want := "Ended while you were away: Dots and Boxes with Bob: you won (Bob resigned). See the lobby."; m.status != want {
		t.Fatalf("the news at another table is %q, want %q", m.status, want)
	}
	m.status = ""
	m.Update(endedPush(t, awayGames[0], awayGames[1]))
	if m.status != "" {
		t.Fatalf("the same list pushed again is said again: %q", m.status)
	}
}

// TestModelEndedDismissOne against a real server: two of Ann's games end
// while she is in the lobby, never having watched them. x asks which to
// dismiss; 2 dismisses the second alone, and the server's shorter list
// keeps the first; a key that is neither a shown game's digit nor a
// dismisses nothing; with one game left, x dismisses it at once.
func TestModelEndedDismissOne(t *testing.T) {
	ann, bob := annAndBobDriven(t)
	ctx := context.Background()
	for range 2 {
		tb := annStartsDotsWithBob(t, ann, bob)
		if _, err := bob.m.conn.Watch(ctx, client.Watch{Table: tb.ID}); err != nil {
			t.Fatal(err)
		}
		if _, err := bob.m.conn.Resign(ctx, tb.ID, 1); err != nil {
			t.Fatal(err)
		}
	}
	ann.m.w, ann.m.h = 80, 24
	ann.waitFor("2 Dots and Boxes with Bob: you won")
	first, second := ann.m.lobby.ended[0].Match, ann.m.lobby.ended[1].Match

	ann.keys("x")
	ann.waitFor("Dismiss which? 1-2 for one game, a for all 2 shown")
	ann.keys("z")
	ann.waitFor("nothing dismissed")
	if len(ann.m.lobby.ended) != 2 {
		t.Fatalf("z dismissed something: %d games left", len(ann.m.lobby.ended))
	}
	ann.keys("x", "2")
	ann.waitGone("2 Dots and Boxes with Bob")
	if len(ann.m.lobby.ended) != 1 || ann.m.lobby.ended[0].Match != first {
		t.Fatalf("after x 2 the list is %+v, want the first game (%s) alone, not %s", ann.m.lobby.ended, first, second)
	}
	ann.keys("x")
	ann.waitGone("Ended while you were away")
}
