package server_test

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/parlor-games/parlor/match"
	"github.com/parlor-games/parlor/server"
	"github.com/parlor-games/parlor/store"
)

// historyTexts returns the texts of a channel's chat history as c reads it.
func historyTexts(t *testing.T, c *client, channel string) []string {
	t.Helper()
	var texts []string
	for _, m := range c.ok("chat.history", map[string]any{"channel": channel})["messages"].([]any) {
		texts = append(texts, m.(map[string]any)["text"].(string))
	}
	return texts
}

// TestChatHistorySurvivesRestart: table and lobby chat lines are still in
// their channels' histories after the server restarts, for the players and
// for a spectator, while lines refused by the length and rate limits are
// in none.
func TestChatHistorySurvivesRestart(t *testing.T) {
	eachStore(t, func(t *testing.T) {
		e := newEnv(t)
		host, fan := e.guest("Host"), e.guest("Fan")
		ch, cf := host.dial(), fan.dial()
		id := tableID(ch.ok("table.create", map[string]any{"game": "dots",
			"seats": []any{map[string]any{"kind": "me"}, map[string]any{"kind": "open"}}}))
		table := "table:" + id
		ch.ok("table.watch", map[string]any{"table": id})
		cf.ok("table.watch", map[string]any{"table": id})
		for i := 1; i <= 4; i++ {
			ch.ok("chat.send", map[string]any{"channel": table, "text": fmt.Sprintf("table line %d", i)})
		}
		ch.ok("chat.send", map[string]any{"channel": "lobby", "text": "lobby line"})
		if got := ch.fail("chat.send", map[string]any{"channel": table, "text": "over the rate"}); !strings.Contains(got, "at most 5") {
			t.Fatalf("sixth line in 10 s: %q", got)
		}
		if got := ch.fail("chat.send", map[string]any{"channel": table, "text": strings.Repeat("y", 501)}); !strings.Contains(got, "500") {
			t.Fatalf("a 501-character line: %q", got)
		}
		if got := cf.fail("chat.send", map[string]any{"channel": table, "text": "spectator"}); !strings.Contains(got, "spectators") {
			t.Fatalf("a spectator's line: %q", got)
		}
		want := "[table line 1 table line 2 table line 3 table line 4]"
		if got := fmt.Sprint(historyTexts(t, cf, table)); got != want {
			t.Fatalf("table history before the restart: %s", got)
		}

		e.stop()
		e2 := startEnv(t, e.dir)
		host.e, fan.e = e2, e2
		ch2, cf2 := host.dial(), fan.dial()
		for _, c := range []*client{ch2, cf2} {
			if got := fmt.Sprint(historyTexts(t, c, table)); got != want {
				t.Errorf("%s: table history after the restart: %s, want %s", c.u.name, got, want)
			}
			if got := fmt.Sprint(historyTexts(t, c, "lobby")); got != "[lobby line]" {
				t.Errorf("%s: lobby history after the restart: %s", c.u.name, got)
			}
		}
		// The table goes on: a new line joins the old ones.
		ch2.ok("table.watch", map[string]any{"table": id})
		ch2.ok("chat.send", map[string]any{"channel": table, "text": "after"})
		if got := historyTexts(t, cf2, table); len(got) != 5 || got[4] != "after" {
			t.Errorf("history after a new line: %v", got)
		}
	})
}

// failingChat is a store whose AddChat fails while fail is set, as a full
// disk or a broken database would make it fail.
type failingChat struct {
	*store.Store
	fail atomic.Bool
}

func (f *failingChat) AddChat(ctx context.Context, l store.ChatLine) error {
	if f.fail.Load() {
		return errors.New("disk I/O error")
	}
	return f.Store.AddChat(ctx, l)
}

// TestChatStoreFailureNotCounted: a line the store could not take is
// refused with a reason the sender can act on, reaches no one, is in no
// history, and does not count toward the sender's rate limit: after more
// refused lines than the limit allows, the sender still sends a full
// burst.
func TestChatStoreFailureNotCounted(t *testing.T) {
	fs := &failingChat{}
	e := startEnvConfig(t, t.TempDir(), match.Options{}, func(cfg *server.Config) {
		fs.Store = cfg.Store.(*store.Store)
		cfg.Store = fs
	})
	ann, bob := e.guest("Ann"), e.guest("Bob")
	ca, cb := ann.dial(), bob.dial()
	ca.ok("lobby.join", nil)
	cb.ok("lobby.join", nil)

	fs.fail.Store(true)
	for i := 1; i <= 7; i++ {
		got := ca.fail("chat.send", map[string]any{"channel": "lobby", "text": fmt.Sprintf("lost %d", i)})
		if got != "the message could not be saved; try again" {
			t.Fatalf("line %d while the store fails: %q", i, got)
		}
	}
	fs.fail.Store(false)
	for i := 1; i <= 5; i++ {
		ca.ok("chat.send", map[string]any{"channel": "lobby", "text": fmt.Sprintf("kept %d", i)})
	}
	// Bob got the pushes of the stored lines only: the five, in order.
	cb.waitFor("the last line's push", func(m msg) bool { return m.t() == "chat" && m.m["text"] == "kept 5" })
	var pushed []string
	for _, m := range cb.all() {
		if m.t() == "chat" {
			pushed = append(pushed, m.m["text"].(string))
		}
	}
	want := "[kept 1 kept 2 kept 3 kept 4 kept 5]"
	if got := fmt.Sprint(pushed); got != want {
		t.Errorf("Bob's chat pushes: %s, want %s", got, want)
	}
	if got := fmt.Sprint(historyTexts(t, cb, "lobby")); got != want {
		t.Errorf("lobby history: %s, want %s", got, want)
	}
}

// TestChatKeepsNewestLines: with ChatKeep n, a channel's oldest lines are
// deleted from the store, whether they were written before a start-up
// with a smaller limit or since; chat.history returns the newest n, in
// order. A negative ChatKeep keeps every line.
func TestChatKeepsNewestLines(t *testing.T) {
	keep := func(n int) func(*server.Config) {
		return func(cfg *server.Config) { cfg.ChatKeep = n }
	}
	stored := func(e *env) int {
		t.Helper()
		lines, err := e.st.ChatLines(context.Background(), "lobby", 1_000_000)
		if err != nil {
			t.Fatal(err)
		}
		return len(lines)
	}
	send := func(c *client, from, to int) {
		t.Helper()
		for i := from; i <= to; i++ {
			c.ok("chat.send", map[string]any{"channel": "lobby", "text": fmt.Sprintf("line %d", i)})
		}
	}
	dir := t.TempDir()
	e := startEnvConfig(t, dir, match.Options{}, keep(-1))
	ann := e.guest("Ann")
	send(ann.dial(), 1, 5)
	if got := fmt.Sprint(historyTexts(t, ann.dial(), "lobby")); got != "[line 1 line 2 line 3 line 4 line 5]" || stored(e) != 5 {
		t.Fatalf("keeping every line: history %s, %d stored", got, stored(e))
	}

	// A restart with a limit of 3 prunes the lobby at once.
	e.stop()
	e = startEnvConfig(t, dir, match.Options{}, keep(3))
	ann.e = e
	ca := ann.dial()
	if got := fmt.Sprint(historyTexts(t, ca, "lobby")); got != "[line 3 line 4 line 5]" || stored(e) != 3 {
		t.Fatalf("after a start-up with ChatKeep 3: history %s, %d stored", got, stored(e))
	}
	// New lines push the oldest out.
	send(ca, 6, 9)
	if got := fmt.Sprint(historyTexts(t, ca, "lobby")); got != "[line 7 line 8 line 9]" || stored(e) != 3 {
		t.Fatalf("after four more lines: history %s, %d stored", got, stored(e))
	}
}
