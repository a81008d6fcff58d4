package client_test

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"
	"github.com/parlor-games/parlor/client"
	"github.com/parlor-games/parlor/server"
	"github.com/parlor-games/parlor/server/servertest"
)

// wait bounds a wait for something the server should do soon; it is a
// deadline, not a timing threshold.
const wait = 20 * time.Second

func guest(t *testing.T, srv *servertest.Server, name string) (*client.Client, *client.Conn) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), wait)
	defer cancel()
	c, err := client.New(srv.URL)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := c.Guest(ctx, name); err != nil {
		t.Fatal(err)
	}
	conn, err := c.Dial(ctx)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { conn.CloseNow() })
	return c, conn
}

// nextUpdate returns the next match push of table, skipping other pushes.
func nextUpdate(t *testing.T, conn *client.Conn, table string) client.Update {
	t.Helper()
	deadline := time.After(wait)
	for {
		select {
		case p, ok := <-conn.Pushes():
			if !ok {
				t.Fatalf("connection ended: %v", conn.Err())
			}
			if p.T != "match" {
				continue
			}
			u, err := p.Update()
			if err != nil {
				t.Fatal(err)
			}
			if u.Table == table {
				return u
			}
		case <-deadline:
			t.Fatal("no match push")
		}
	}
}

// TestTwoPlayersThroughTheClient plays a whole 2x2 Dots and Boxes game
// between two guests, by notation, through the client's typed requests:
// the table, sitting, watching, moves, a refused move with its rule code,
// pushes in seq order, and the outcome.
func TestTwoPlayersThroughTheClient(t *testing.T) {
	srv := servertest.Start(t)
	ctx := context.Background()
	_, ann := guest(t, srv, "Ann")
	_, bob := guest(t, srv, "Bob")
	if ann.User().Name != "Ann" || ann.ServerVersion() < client.Version {
		t.Fatalf("hello: %+v v%d", ann.User(), ann.ServerVersion())
	}

	tb, err := ann.CreateTable(ctx, client.CreateTable{Game: "dots", Options: map[string]int{"rows": 3, "cols": 3},
		Seats: []client.SeatRequest{{Kind: client.ChooseMe}, {Kind: client.ChooseOpen}}})
	if err != nil {
		t.Fatal(err)
	}
	if tb.Status != client.StatusOpen || tb.Seats[0].Name != "Ann" || tb.Seats[1].Kind != client.SeatOpen {
		t.Fatalf("new table: %+v", tb)
	}
	if _, err := bob.Sit(ctx, tb.ID, 0); client.Code(err) != "conflict" {
		t.Fatalf("sitting in a taken seat: %v (code %q), want a conflict", err, client.Code(err))
	}
	if tb, err = bob.Sit(ctx, tb.ID, 1); err != nil || tb.Status != client.StatusOpen || !tb.Seats[1].Mine {
		t.Fatalf("sit: %+v %v", tb, err)
	}
	if _, err := bob.Start(ctx, tb.ID); client.Code(err) != "forbidden" {
		t.Fatalf("a start by a guest who did not create the table: %v", err)
	}
	if tb, err = ann.Start(ctx, tb.ID); err != nil || tb.Status != client.StatusPlaying {
		t.Fatalf("start: %+v %v", tb, err)
	}
	fa := &client.Follower{Table: tb.ID, Views: true}
	fb := &client.Follower{Table: tb.ID, Views: true}
	wa, err := fa.Watch(ctx, ann)
	if err != nil || wa.Snapshot == nil || len(wa.Seats) != 1 || wa.Seats[0] != 0 {
		t.Fatalf("watch: %+v %v", wa, err)
	}
	if _, err := fb.Watch(ctx, bob); err != nil {
		t.Fatal(err)
	}

	// The twelve lines of a 3x3-dot board, each by notation.
	var lines []string
	for r := 1; r <= 3; r++ {
		for c := 'a'; c < 'c'; c++ {
			lines = append(lines, fmt.Sprintf("%c%d-%c%d", c, r, c+1, r))
		}
	}
	for r := 1; r < 3; r++ {
		for c := 'a'; c <= 'c'; c++ {
			lines = append(lines, fmt.Sprintf("%c%d-%c%d", c, r, c, r+1))
		}
	}
	turn := wa.Snapshot.Turn
	conns := []*client.Conn{ann, bob}
	var last client.Update
	for i, l := range lines {
		seat := turn[0]
		if i == 3 {
			// A line drawn twice is refused with the rule's code.
			_, err := conns[seat].Play(ctx, tb.ID, seat, lines[0])
			var r *client.Refusal
			if !errors.As(err, &r) || r.Code != "already-drawn" || r.Message == "" {
				t.Fatalf("a line drawn twice: %v, want the already-drawn refusal", err)
			}
			if _, err := conns[1-seat].Play(ctx, tb.ID, 1-seat, l); client.Code(err) != "not-your-turn" {
				t.Fatalf("a move out of turn: %v", err)
			}
		}
		seq, err := conns[seat].Play(ctx, tb.ID, seat, l)
		if err != nil {
			t.Fatalf("move %d %s: %v", i+1, l, err)
		}
		for _, f := range []struct {
			c *client.Conn
			f *client.Follower
		}{{ann, fa}, {bob, fb}} {
			u := nextUpdate(t, f.c, tb.ID)
			if ok, gap := f.f.Accept(u); !ok || gap || u.Seq != seq || !strings.HasPrefix(u.Text, "drew the line "+strings.Replace(l, "-", " to ", 1)) {
				t.Fatalf("push after %s: seq %d text %q (ok %v gap %v), want seq %d", l, u.Seq, u.Text, ok, gap, seq)
			}
			last = u
		}
		turn = last.Turn
	}
	if last.Outcome == nil || last.Scores[0]+last.Scores[1] != 4 {
		t.Fatalf("end: outcome %+v scores %v", last.Outcome, last.Scores)
	}
	if _, err := ann.Play(ctx, tb.ID, 0, "a1-b1"); client.Code(err) == "" {
		t.Fatalf("a move after the end: %v, want a refusal with a code", err)
	}
}

// TestResumeAfterADrop drops a player's connection mid-game while the
// other plays on, and checks that a Follower on a new connection gets
// exactly the missed updates, in order, and then live ones, on each
// WebSocket transport.
func TestResumeAfterADrop(t *testing.T) {
	servertest.EachTransport(t, func(t *testing.T, tr server.Transport) {
		srv := servertest.StartOn(t, tr)
		ctx := context.Background()
		annC, ann := guest(t, srv, "Ann")
		_, bob := guest(t, srv, "Bob")
		// No grace runs out during the test: a gone player's seat waits.
		tb, err := ann.CreateTable(ctx, client.CreateTable{Game: "dots", Options: map[string]int{"rows": 4, "cols": 4},
			Seats: []client.SeatRequest{{Kind: client.ChooseMe}, {Kind: client.ChooseOpen}}, Policy: &client.Policy{}})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := bob.Sit(ctx, tb.ID, 1); err != nil {
			t.Fatal(err)
		}
		if _, err := ann.Start(ctx, tb.ID); err != nil {
			t.Fatal(err)
		}
		fa := &client.Follower{Table: tb.ID}
		w, err := fa.Watch(ctx, ann)
		if err != nil {
			t.Fatal(err)
		}
		if w.Snapshot.Turn[0] != 0 {
			t.Fatalf("turn %v: seat 0 moves first", w.Snapshot.Turn)
		}
		if _, err := ann.Play(ctx, tb.ID, 0, "a1-b1"); err != nil {
			t.Fatal(err)
		}
		if ok, _ := fa.Accept(nextUpdate(t, ann, tb.ID)); !ok || fa.Seq != 1 {
			t.Fatalf("seq %d after the first move", fa.Seq)
		}
		ann.CloseNow()
		if _, err := ann.Play(ctx, tb.ID, 0, "a2-b2"); !errors.Is(err, client.ErrClosed) {
			t.Fatalf("a request on a dropped connection: %v, want ErrClosed", err)
		}
		if _, err := bob.Play(ctx, tb.ID, 1, "c1-d1"); err != nil {
			t.Fatal(err)
		}

		again, err := annC.Dial(ctx)
		if err != nil {
			t.Fatal(err)
		}
		defer again.CloseNow()
		w, err = fa.Watch(ctx, again)
		if err != nil || w.Snapshot != nil {
			t.Fatalf("resume: snapshot %v err %v, want none (pushes from seq 2)", w.Snapshot, err)
		}
		if w.Seq != 2 {
			t.Fatalf("the resume's reply says the match is at %d, want 2: the client would act before catching up", w.Seq)
		}
		u := nextUpdate(t, again, tb.ID)
		if ok, gap := fa.Accept(u); !ok || gap || u.Seq != 2 || u.Text != "drew the line c1 to d1" {
			t.Fatalf("first push after the resume: seq %d %q", u.Seq, u.Text)
		}
		if _, err := again.Play(ctx, tb.ID, 0, "a2-b2"); err != nil {
			t.Fatal(err)
		}
		if u := nextUpdate(t, again, tb.ID); u.Seq != 3 {
			t.Fatalf("live push after the resume: seq %d", u.Seq)
		}
		// A push that skips a seq is a gap, never applied.
		if ok, gap := fa.Accept(client.Update{Table: tb.ID, Seq: fa.Seq + 2}); ok || !gap {
			t.Fatal("a skipped seq was not reported as a gap")
		}
	})
}

// TestChatAndLobby: the lobby's pushes and a chat line reach another guest.
func TestChatAndLobby(t *testing.T) {
	srv := servertest.Start(t)
	ctx := context.Background()
	_, ann := guest(t, srv, "Ann")
	_, bob := guest(t, srv, "Bob")
	if err := bob.JoinLobby(ctx); err != nil {
		t.Fatal(err)
	}
	if err := ann.JoinLobby(ctx); err != nil {
		t.Fatal(err)
	}
	if err := ann.Say(ctx, client.LobbyChannel, "hello, Bob"); err != nil {
		t.Fatal(err)
	}
	if err := ann.Say(ctx, client.LobbyChannel, "   "); client.Code(err) != "bad-request" {
		t.Fatalf("a blank line: %v", err)
	}
	// Bob joined first: Ann comes to his lobby as a change of its online
	// list, which Lobby.Apply keeps.
	var lobby client.Lobby
	sawAnn, sawLine := false, false
	deadline := time.After(wait)
	for !sawAnn || !sawLine {
		select {
		case p := <-bob.Pushes():
			if isList, err := lobby.Apply(p); isList {
				if err != nil {
					t.Fatal(err)
				}
				for _, u := range lobby.Online {
					sawAnn = sawAnn || u.Name == "Ann"
				}
			}
			switch p.T {
			case "chat":
				c, _ := p.Chat()
				sawLine = sawLine || (c.From == "Ann" && c.Text == "hello, Bob")
			}
		case <-deadline:
			t.Fatalf("Bob saw Ann online %v, her line %v", sawAnn, sawLine)
		}
	}
	h, err := bob.ChatHistory(ctx, client.LobbyChannel)
	if err != nil || len(h) != 1 || h[0].Text != "hello, Bob" {
		t.Fatalf("history %+v %v", h, err)
	}
}

// TestLobbyFirstPage (since v6): a guest who joins the lobby with a page
// of one table holds, through Lobby.Apply, the first table and their own,
// not the other tables.
func TestLobbyFirstPage(t *testing.T) {
	srv := servertest.Start(t)
	ctx := context.Background()
	_, ann := guest(t, srv, "Ann")
	_, bob := guest(t, srv, "Bob")
	dots := client.CreateTable{Game: "dots", Options: map[string]int{"rows": 2, "cols": 2},
		Seats: []client.SeatRequest{{Kind: client.ChooseMe}, {Kind: client.ChooseOpen}}}
	var ids []string
	for _, c := range []*client.Conn{ann, ann, bob} {
		tb, err := c.CreateTable(ctx, dots)
		if err != nil {
			t.Fatal(err)
		}
		ids = append(ids, tb.ID)
	}
	if err := bob.JoinLobbyPage(ctx, 1); err != nil {
		t.Fatal(err)
	}
	var lobby client.Lobby
	deadline := time.After(wait)
	for lobby.Tables == nil {
		select {
		case p := <-bob.Pushes():
			if _, err := lobby.Apply(p); err != nil {
				t.Fatal(err)
			}
		case <-deadline:
			t.Fatal("no table list")
		}
	}
	var got []string
	for _, tb := range lobby.Tables {
		got = append(got, tb.ID)
	}
	if want := []string{ids[0], ids[2]}; !slices.Equal(got, want) {
		t.Fatalf("Bob's page %v, want the first table and his own %v", got, want)
	}
	if err := bob.JoinLobbyPage(ctx, 501); client.Code(err) != "bad-request" {
		t.Fatalf("a page of 501: %v", err)
	}

	// The second page of one table, and a page of one person from the
	// second: Lobby.Apply keeps where each page is and that the tables go
	// on past it, and Bob's own entry and table come with them.
	if err := bob.JoinLobbyPages(ctx, client.LobbyPages{Tables: client.PageAt{From: 1, N: 1}, Online: client.PageAt{From: 1, N: 1}}); err != nil {
		t.Fatal(err)
	}
	lobby = client.Lobby{}
	for lobby.Tables == nil || lobby.Online == nil {
		select {
		case p := <-bob.Pushes():
			if _, err := lobby.Apply(p); err != nil {
				t.Fatal(err)
			}
		case <-deadline:
			t.Fatal("no lists for the second pages")
		}
	}
	got = nil
	for _, tb := range lobby.Tables {
		got = append(got, tb.ID)
	}
	if want := []string{ids[1], ids[2]}; !slices.Equal(got, want) || lobby.TablesPage == nil || *lobby.TablesPage != (client.ListPage{From: 1, More: true}) {
		t.Fatalf("Bob's second page of tables %v at %+v, want %v from 1 with more", got, lobby.TablesPage, want)
	}
	// Online, by name: Ann, Bob; the second page is Bob, his own.
	if len(lobby.Online) != 1 || lobby.Online[0].Name != "Bob" || lobby.OnlinePage == nil || *lobby.OnlinePage != (client.ListPage{From: 1}) {
		t.Fatalf("Bob's second page of who is online %+v at %+v", lobby.Online, lobby.OnlinePage)
	}
}

// TestClearSentences: the errors a person meets before playing say what
// is wrong in words.
func TestClearSentences(t *testing.T) {
	ctx := context.Background()
	if _, err := client.New("ftp://x"); err == nil {
		t.Error("an ftp address was taken")
	}
	c, _ := client.New("127.0.0.1:1")
	_, err := c.Guest(ctx, "Ann")
	if err == nil || !client.Unreachable(err) || !strings.Contains(err.Error(), "cannot reach the server") {
		t.Errorf("unreachable server: %v", err)
	}

	srv := servertest.Start(t)
	c, _ = client.New(srv.URL)
	if _, err := c.Guest(ctx, "no/slashes"); client.Code(err) != "bad-request" || err.Error() == "" {
		t.Errorf("bad name: %v", err)
	}
	c2, _ := client.New(srv.URL)
	if _, err := c2.Guest(ctx, "Ann"); err != nil {
		t.Fatal(err)
	}
	if _, err := c.Guest(ctx, "ann"); client.Code(err) != "conflict" {
		t.Errorf("a taken name: %v", err)
	}
	if _, err := c.Dial(ctx); client.Code(err) != "unauthorized" {
		t.Errorf("dial without a session: %v", err)
	}

	// A server that names an older protocol version is refused.
	old := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		ws, err := websocket.Accept(w, r, nil)
		if err != nil {
			return
		}
		ws.Write(r.Context(), websocket.MessageText, []byte(`{"t":"hello","v":2,"user":{"id":1,"name":"x"}}`))
		ws.Close(websocket.StatusNormalClosure, "")
	}))
	defer old.Close()
	c3, _ := client.New(old.URL)
	if _, err := c3.Dial(ctx); err == nil || !strings.Contains(err.Error(), "protocol version 2") {
		t.Errorf("an old server: %v", err)
	}
}

// A lean connection (for load generators) speaks the same protocol as a
// Conn: the hello first, then a reply to each request by its id.
func TestLeanConnection(t *testing.T) {
	srv := servertest.Start(t)
	ctx, cancel := context.WithTimeout(context.Background(), wait)
	defer cancel()
	c, err := client.New(srv.URL)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := c.Guest(ctx, "Lean"); err != nil {
		t.Fatal(err)
	}
	u, _ := url.Parse(srv.URL)
	nc, err := net.Dial("tcp", u.Host)
	if err != nil {
		t.Fatal(err)
	}
	l, err := c.DialLean(ctx, nc)
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	hello, err := l.Read()
	if err != nil || !strings.Contains(string(hello), `"t":"hello"`) || !strings.Contains(string(hello), `"Lean"`) {
		t.Fatalf("first message %s (%v), want the hello naming the guest", hello, err)
	}
	if err := l.WriteText([]byte(`{"t":"lobby.join","id":7}`)); err != nil {
		t.Fatal(err)
	}
	for {
		m, err := l.Read()
		if err != nil {
			t.Fatal(err)
		}
		if strings.Contains(string(m), `"t":"reply"`) {
			if !strings.Contains(string(m), `"id":7`) || !strings.Contains(string(m), `"ok":true`) {
				t.Fatalf("reply %s", m)
			}
			return
		}
	}
}
