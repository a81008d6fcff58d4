package tui

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/parlor-games/parlor/client"
	"github.com/parlor-games/parlor/server/servertest"
)

// driver runs a Model as Bubble Tea would, without a terminal: commands
// run on goroutines and their messages come back to Update one at a time.
type driver struct {
	t    *testing.T
	m    *Model
	msgs chan tea.Msg
}

func drive(t *testing.T, srv *servertest.Server, name string) *driver {
	t.Helper()
	c, err := client.New(srv.URL)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := c.Guest(context.Background(), name); err != nil {
		t.Fatal(err)
	}
	d := &driver{t: t, m: New(Config{Client: c, NoColor: true}), msgs: make(chan tea.Msg, 64)}
	d.m.w, d.m.h = 100, 30
	d.run(d.m.Init())
	t.Cleanup(func() {
		if d.m.conn != nil {
			d.m.conn.CloseNow()
		}
	})
	return d
}

func (d *driver) run(cmd tea.Cmd) {
	if cmd == nil {
		return
	}
	go func() {
		if msg := cmd(); msg != nil {
			d.msgs <- msg
		}
	}()
}

func (d *driver) handle(msg tea.Msg) {
	if batch, ok := msg.(tea.BatchMsg); ok {
		for _, c := range batch {
			d.run(c)
		}
		return
	}
	_, cmd := d.m.Update(msg)
	d.run(cmd)
}

func (d *driver) screen() string { return plain(d.m.View().Content) }

// keys presses keys in order; a key longer than one character that is not
// a key name is typed letter by letter.
func (d *driver) keys(keys ...string) {
	for _, k := range keys {
		if len(k) > 1 && !strings.Contains("enter up down left right esc backspace tab home end pgup pgdown", k) {
			for _, r := range k {
				d.handle(press(string(r)))
			}
			continue
		}
		d.handle(press(k))
	}
}

// newTable opens the new-table screen and chooses the game titled title.
func (d *driver) newTable(title string) {
	d.t.Helper()
	d.keys("n")
	d.waitFor("New table")
	for i := 0; i < 6 && !strings.Contains(d.screen(), "< "+title+" >"); i++ {
		d.keys("right")
	}
	d.waitFor("< " + title + " >")
}

// waitFor handles messages until the screen shows want.
func (d *driver) waitFor(want string) string {
	d.t.Helper()
	deadline := time.After(20 * time.Second)
	for {
		if s := d.screen(); strings.Contains(s, want) {
			return s
		}
		select {
		case msg := <-d.msgs:
			d.handle(msg)
		case <-deadline:
			d.t.Fatalf("the screen never showed %q:\n%s", want, d.screen())
		}
	}
}

// TestModelLobbyTableAndResume: a guest's lobby lists another guest and
// their chat; a new Dots and Boxes table against a bot opens on the
// board; a typed move and an arrow-key move are played; a dropped
// connection is shown, made again, and the table resumes after the last
// move seen.
func TestModelLobbyTableAndResume(t *testing.T) {
	srv := servertest.Start(t)
	ann := drive(t, srv, "Ann")
	bob := drive(t, srv, "Bob")
	ann.waitFor("Bob*")
	bob.waitFor("Ann*")
	bob.keys("c", "hello Ann", "enter")
	ann.waitFor("Bob: hello Ann")

	ann.newTable("Dots and Boxes")
	ann.keys("down")
	for i := 0; i < 10 && !strings.Contains(ann.screen(), "< 4 >"); i++ {
		ann.keys("left")
	}
	ann.keys("enter")
	ann.waitFor("Your move")
	ann.keys(":", "a1-b1", "enter")
	ann.waitFor("1. Ann: drew the line a1 to b1")
	ann.waitFor("2. Crayon:")
	ann.waitFor("Your move")
	// The arrows take the cursor to a line; if the bot drew that one, the
	// cursor moves on until it rests on a line still free.
	ann.keys("right", "right", "down", "down")
	cursor := func() string {
		prompt := ann.screen()
		i := strings.Index(prompt, "Enter to draw it (")
		return prompt[i+len("Enter to draw it (") : i+len("Enter to draw it (")+5]
	}
	want := cursor()
	for i := 0; i < 8 && strings.Contains(ann.screen(), "Crayon: "+lineWords(want)); i++ {
		ann.keys("right")
		want = cursor()
	}
	ann.keys("enter")
	ann.waitFor("3. Ann: " + lineWords(want))

	// The connection drops: the screen says so, the client reconnects by
	// itself and resumes the table after move 3 or later.
	seq := ann.m.table.f.Seq
	ann.m.conn.CloseNow()
	ann.waitFor("reconnect")
	s := ann.waitFor("resumed after move")
	if ann.m.table.f.Seq < seq {
		t.Fatalf("seq went back from %d to %d", seq, ann.m.table.f.Seq)
	}
	if !strings.Contains(s, "3. Ann: "+lineWords(want)) {
		t.Fatalf("the move log was lost in the reconnect:\n%s", s)
	}
	ann.waitFor("Your move")
	// A line still free (the bot may have drawn any), typed backwards:
	// the log shows it as the game writes it.
	b := ann.m.table.board.(*dotsBoard)
	free := ""
	for r := 2*b.v.Rows - 2; r >= 0 && free == ""; r-- {
		for c := 2*b.v.Cols - 2; c >= 0 && free == ""; c-- {
			if _, drawn := b.drawn[b.line(r, c)]; r%2 != c%2 && !drawn {
				free = b.notation(r, c)
			}
		}
	}
	from, to, _ := strings.Cut(free, "-")
	ann.keys(":", to+"-"+from, "enter")
	ann.waitFor("Ann: " + lineWords(free))

	ann.keys("?")
	ann.waitFor("draw the line under the cursor")
	ann.keys("x")
	ann.keys("R")
	ann.waitFor("Really resign? y / n")
	ann.keys("y")
	ann.waitFor("Game over: Crayon wins")
}

// TestModelClueCharacters: the creator picks a character on the new-table
// screen; a player who joins picks the next free one with r; both show at
// the table (Clue-Less requirement 1).
func TestModelClueCharacters(t *testing.T) {
	srv := servertest.Start(t)
	ann := drive(t, srv, "Ann")
	bob := drive(t, srv, "Bob")
	ann.waitFor("Bob*")
	ann.newTable("Clue-Less")
	for i := 0; i < 3; i++ {
		ann.keys("down") // players, difficulty, seat 1
	}
	for i := 0; i < 2; i++ {
		ann.keys("down") // seats 2 and 3
		for j := 0; j < 8 && !strings.Contains(ann.screen(), "> Seat "+string(rune('2'+i))+"                 < open"); j++ {
			ann.keys("left")
		}
	}
	ann.keys("down")
	for i := 0; i < 8 && !strings.Contains(ann.screen(), "< Professor Plum >"); i++ {
		ann.keys("right")
	}
	ann.keys("enter")
	ann.waitFor("1 Ann as Professor Plum (you)")
	bob.waitFor("Ann, (open), (open)")
	bob.keys("enter")
	bob.waitFor("r chooses your character")
	bob.keys("r")
	ann.waitFor("2 Bob as Miss Scarlet")
	bob.waitFor("2 Bob as Miss Scarlet")
	bob.keys("r")
	bob.waitFor("2 Bob as Colonel Mustard")
	ann.waitFor("2 Bob as Colonel Mustard")
}

// TestModelHotSeatCurtain: one person holds both seats of a Battleship
// table (a hot-seat game with secrets): the screen is a curtain naming
// the next seat until Enter, and only then shows that seat's fleet.
func TestModelHotSeatCurtain(t *testing.T) {
	srv := servertest.Start(t)
	ann := drive(t, srv, "Ann")
	ann.waitFor("Ann*")
	ann.newTable("Battleship")
	for i := 0; i < 5; i++ {
		ann.keys("down")
		if strings.Contains(ann.screen(), "> Seat 2") {
			break
		}
	}
	for i := 0; i < 8 && !strings.Contains(ann.screen(), "> Seat 2                 < you (Ann) >"); i++ {
		ann.keys("left")
	}
	// At one screen each seat takes a name (issue 21): "Player 1" and
	// "Player 2" unless typed; the first key typed replaces the default.
	ann.waitFor("Name of player 2     [Player 2]")
	ann.keys("down", "Bem", "backspace", "n", "up", "up", "Anna")
	ann.waitFor("Name of player 1     [Anna]")
	ann.waitFor("Name of player 2     [Ben]")
	ann.keys("enter")
	s := ann.waitFor("Pass the keyboard to Anna (seat 1)")
	if strings.Contains(s, "Your fleet") {
		t.Fatalf("the curtain shows a board:\n%s", s)
	}
	ann.keys("a") // nothing but Enter lifts the curtain
	if !strings.Contains(ann.screen(), "Pass the keyboard") {
		t.Fatal("a key other than Enter lifted the curtain")
	}
	ann.keys("enter")
	ann.waitFor("Anna: Lay your carrier")
	ann.keys("a")
	ann.waitFor("Pass the keyboard to Ben (seat 2)")
	ann.keys("enter")
	s = ann.waitFor("Ben: Lay your carrier")
	// Both seats are Ann's, each under its player's name.
	if !strings.Contains(s, "1 Anna (you)") && !strings.Contains(s, "2 Ben (you)") {
		t.Fatalf("the seat line does not name Anna and Ben:\n%s", s)
	}
}

// TestModelWarfareRecruitAndEndTurn: against a bot on a Medieval Warfare
// island, the player selects a village, places a peasant on a lit hex,
// ends the turn, and sees the next round come back.
func TestModelWarfareRecruitAndEndTurn(t *testing.T) {
	srv := servertest.Start(t)
	ann := drive(t, srv, "Ann")
	ann.waitFor("Ann*")
	ann.newTable("Medieval Warfare")
	ann.keys("enter")
	ann.waitFor("Round 1 ")
	ann.waitFor("Your turn: Enter selects")
	ann.keys("enter")
	ann.waitFor("recruit a peasant")
	b := ann.m.table.board.(*warBoard)
	var to int
	for hex := range b.targets {
		to = hex
		break
	}
	h := b.byID[to]
	b.x, b.y = h.X, h.Y
	ann.keys("enter")
	ann.waitFor("1. Ann: recruited a")
	if log := ann.m.table.log; !strings.Contains(log[len(log)-1], "recruited a peasant at the village in ") {
		t.Fatalf("the move log says %q, want a peasant recruited", log[len(log)-1])
	}
	// The island came whole once; the move came as a patch of it
	// (protocol v5), and the board shows the peasant it placed.
	if got := ann.m.table.board.(*warBoard).byID[to].Thing; got != "peasant" {
		t.Fatalf("hex %d shows %q after the recruit, want the peasant", to, got)
	}
	ann.keys("e")
	ann.waitFor("Ann: end")
	ann.waitFor("Round 2 ")
}

// TestModelLobbyPages (since v6): the lobby shows a page of the tables,
// not all of them, says there are more, and turns to the next page with
// ] and back with [.
func TestModelLobbyPages(t *testing.T) {
	srv := servertest.Start(t)
	ctx := context.Background()
	c, err := client.New(srv.URL)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := c.Guest(ctx, "Bob"); err != nil {
		t.Fatal(err)
	}
	bob, err := c.Dial(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer bob.CloseNow()
	for range lobbyPageSize + 3 {
		if _, err := bob.CreateTable(ctx, client.CreateTable{Game: "dots", Seats: []client.SeatRequest{{Kind: client.ChooseMe}, {Kind: client.ChooseOpen}}}); err != nil {
			t.Fatal(err)
		}
	}
	ann := drive(t, srv, "Ann")
	ann.waitFor(fmt.Sprintf("Tables 1-%d (more)", lobbyPageSize))
	ann.waitFor("[ ] pages")
	ann.keys("]")
	ann.waitFor(fmt.Sprintf("Tables %d-%d", lobbyPageSize+1, lobbyPageSize+3))
	if got := len(ann.m.lobby.tables); got != 3 {
		t.Fatalf("the second page holds %d tables, want 3", got)
	}
	ann.keys("]")
	ann.waitFor("no more pages that way")
	ann.keys("[")
	ann.waitFor(fmt.Sprintf("Tables 1-%d (more)", lobbyPageSize))
	if got := len(ann.m.lobby.tables); got != lobbyPageSize {
		t.Fatalf("the first page holds %d tables, want %d", got, lobbyPageSize)
	}
}

// lineWords is how the move log tells a Dots and Boxes line given in
// notation ("a1-b1"): in the game's own words.
func lineWords(notation string) string {
	return "drew the line " + strings.Replace(notation, "-", " to ", 1)
}
