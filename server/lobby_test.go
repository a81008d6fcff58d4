package server_test

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"

	pclient "github.com/parlor-games/parlor/client"
)

func onlineNames(m msg) []string {
	var out []string
	for _, u := range m.m["users"].([]any) {
		out = append(out, u.(map[string]any)["name"].(string))
	}
	return out
}

// TestLobbyPresenceAndChat: the lobby lists who is online as they come
// and go, and lobby chat reaches everyone in the lobby with its limits.
func TestLobbyPresenceAndChat(t *testing.T) {
	e := newEnv(t)
	ann := e.guest("Ann").dial()
	ann.ok("lobby.join", nil)
	ann.waitFor("Ann online", func(m msg) bool {
		return m.t() == "lobby.online" && strings.Join(onlineNames(m), ",") == "Ann"
	})
	bob := e.account("Bob", "correct horse").dial()
	bob.ok("lobby.join", nil)
	ann.waitFor("Bob online", func(m msg) bool {
		return m.t() == "lobby.online" && strings.Join(onlineNames(m), ",") == "Ann,Bob"
	})

	bob.ok("chat.send", map[string]any{"channel": "lobby", "text": "hello all"})
	got := ann.waitFor("chat", func(m msg) bool { return m.t() == "chat" })
	if got.m["from"] != "Bob" || got.m["text"] != "hello all" || got.m["channel"] != "lobby" {
		t.Fatalf("chat push %s", got.raw)
	}
	if e := bob.fail("chat.send", map[string]any{"channel": "lobby", "text": strings.Repeat("x", 501)}); !strings.Contains(e, "500") {
		t.Fatalf("long message error %q", e)
	}
	bob.fail("chat.send", map[string]any{"channel": "lobby", "text": "   "})
	bob.fail("chat.send", map[string]any{"channel": "nowhere", "text": "hi"})
	for i := range 4 {
		bob.ok("chat.send", map[string]any{"channel": "lobby", "text": "spam " + string(rune('a'+i))})
	}
	if e := bob.fail("chat.send", map[string]any{"channel": "lobby", "text": "one too many"}); !strings.Contains(e, "at most 5") {
		t.Fatalf("rate limit error %q", e)
	}
	h := ann.ok("chat.history", map[string]any{"channel": "lobby"})
	msgs := h["messages"].([]any)
	if len(msgs) != 5 || msgs[0].(map[string]any)["text"] != "hello all" {
		t.Fatalf("history %v", msgs)
	}

	bob.close()
	ann.waitFor("Bob gone", func(m msg) bool {
		return m.t() == "lobby.online" && strings.Join(onlineNames(m), ",") == "Ann"
	})
}

// TestStrictMessages: malformed requests get an error reply and change
// nothing; the connection keeps working.
func TestStrictMessages(t *testing.T) {
	e := newEnv(t)
	c := e.guest("Strict").dial()
	cases := []struct {
		raw  string
		want string
	}{
		{`not json`, "not a JSON object"},
		{`{"t":"lobby.join"}`, "no id"},
		{`{"t":"nope","id":1001}`, "unknown message type"},
		{`{"t":"chat.send","id":1002,"channel":"lobby"}`, "needs channel and text"},
		{`{"t":"chat.send","id":1003,"channel":5,"text":"x"}`, "must be a string"},
		{`{"t":"table.create","id":1004,"game":"dots","seats":[{"kind":"me"}]}`, "2 seats"},
		{`{"t":"table.create","id":1005,"game":"chess","seats":[]}`, "unknown game"},
		{`{"t":"table.create","id":1006,"game":"dots","options":{"rows":99},"seats":[]}`, "rows"},
		{`{"t":"table.create","id":1007,"game":"dots","seats":[{"kind":"me"},{"kind":"bot","level":"godlike"}]}`, "no bot level"},
		{`{"t":"table.watch","id":1008,"table":"missing"}`, "no table"},
		{`{"t":"match.play","id":1009,"table":"missing","seat":0,"move":"a1-b1"}`, "no table"},
		{`{"t":"table.sit","id":1010,"table":"missing","seat":"x"}`, `field "seat" must be an integer`},
		{`{"t":"table.create","id":1011,"game":"dots","spectatorChat":"yes","seats":[]}`, `field "spectatorChat" must be true or false`},
	}
	for _, tc := range cases {
		c.send([]byte(tc.raw))
		r := c.waitFor("error for "+tc.raw, func(m msg) bool {
			return m.t() == "reply" && m.m["ok"] == false && strings.Contains(m.m["error"].(string), tc.want)
		})
		_ = r
	}
	c.ok("lobby.join", nil)
	// Nothing was created by the refused requests.
	tables := c.waitFor("tables", func(m msg) bool { return m.t() == "lobby.tables" })
	if n := len(tables.m["tables"].([]any)); n != 0 {
		t.Fatalf("%d tables after refused creates", n)
	}
}

// TestConnectionLimits: a flood is cut off, a huge message is refused, a
// foreign origin is refused, and a request without a session is refused.
func TestConnectionLimits(t *testing.T) {
	eachTransport(t, func(t *testing.T) {
		e := newEnv(t)
		u := e.guest("Flood")
		if _, err := u.tryDial("http://evil.example"); err == nil {
			t.Fatal("a foreign origin opened a WebSocket")
		}
		if _, err := e.newUser("nobody").tryDial(""); err == nil {
			t.Fatal("a WebSocket opened without a session")
		}

		big := u.dial()
		big.send([]byte(`{"t":"chat.send","id":1001,"channel":"lobby","text":"` + strings.Repeat("x", 70<<10) + `"}`))
		<-big.done
		if websocket.CloseStatus(big.err) != websocket.StatusMessageTooBig {
			t.Fatalf("oversized message closed with %v", big.err)
		}

		c := u.dial()
		for i := range 200 {
			msg := mustMarshal(map[string]any{"t": "chat.history", "id": i + 1, "channel": "lobby"})
			if err := c.conn.Send(t.Context(), msg); err != nil {
				break
			}
		}
		<-c.done
		if websocket.CloseStatus(c.err) != websocket.StatusPolicyViolation {
			t.Fatalf("flood closed with %v", c.err)
		}
		found := false
		for _, m := range c.all() {
			if m.t() == "reply" && m.m["ok"] == false && m.m["code"] == "rate-limited" && strings.Contains(m.m["error"].(string), "too many") {
				found = true
			}
		}
		if !found {
			t.Fatal("no error reply before the flood was cut off")
		}
	})
}

// TestHTTPOperations: health, metrics and the games list.
func TestHTTPOperations(t *testing.T) {
	e := newEnv(t)
	u := e.guest("Ops")
	c := u.dial()
	c.ok("lobby.join", nil)
	code, body := u.do("GET", "/healthz", nil)
	if code != 200 || strings.TrimSpace(string(body)) != "ok\nstore: writes ok" {
		t.Fatalf("healthz %d %q", code, body)
	}
	code, body = u.do("GET", "/metrics", nil)
	for _, want := range []string{"parlor_connections 1", "parlor_live_matches", "parlor_moves_total", "parlor_move_seconds_bucket"} {
		if code != 200 || !strings.Contains(string(body), want) {
			t.Fatalf("metrics lack %q: %d", want, code)
		}
	}
	code, body = u.do("GET", "/api/games", nil)
	var g struct {
		Games []struct {
			Name   string   `json:"name"`
			Hidden bool     `json:"hidden"`
			Bots   []string `json:"bots"`
		} `json:"games"`
	}
	if err := json.Unmarshal(body, &g); code != 200 || err != nil || len(g.Games) < 2 {
		t.Fatalf("games %d %s", code, body)
	}
	code, _ = u.do("GET", "/api/nothing", nil)
	if code != 404 {
		t.Fatalf("unknown API path: %d", code)
	}
}

// lobbyOf is the lobby as c's pushes so far tell it, kept by the Go
// client's Lobby from whole lists and changes alike; it also returns how
// many whole lists and changes c got.
func lobbyOf(t *testing.T, c *client) (l pclient.Lobby, whole, changes int) {
	t.Helper()
	for _, m := range c.all() {
		isList, err := l.Apply(pclient.Push{T: m.t(), Raw: m.raw})
		if err != nil {
			t.Fatalf("%s: push %s: %v", c.u.name, m.raw, err)
		}
		if isList && strings.HasSuffix(m.t(), ".diff") {
			changes++
		} else if isList {
			whole++
		}
	}
	return l, whole, changes
}

// TestLobbyChanges (protocol v5): a member that joins the lobby with
// "changes" gets each list whole once, then only what changed, and keeps
// the same lobby as a member that gets the lists whole every time:
// players coming and going, a table made, taken, played and ended, the
// winner's counts. A change names only the player or table that changed.
func TestLobbyChanges(t *testing.T) {
	e := newEnv(t)
	ann := e.guest("Ann").dial()
	ann.ok("lobby.join", map[string]any{"changes": true})
	carl := e.guest("Carl").dial()
	carl.ok("lobby.join", nil)
	if e := ann.fail("lobby.join", map[string]any{"changes": "yes"}); !strings.Contains(e, "changes") {
		t.Fatalf("a mistyped changes: %q", e)
	}

	same := func(when string) {
		t.Helper()
		deadline := time.Now().Add(wait)
		for {
			a, _, _ := lobbyOf(t, ann)
			c, _, _ := lobbyOf(t, carl)
			if reflect.DeepEqual(a, c) {
				return
			}
			if time.Now().After(deadline) {
				t.Fatalf("%s: Ann's lobby from changes\n%+v\nCarl's whole lobby\n%+v", when, a, c)
			}
			time.Sleep(20 * time.Millisecond)
		}
	}
	carl.waitFor("Carl sees Ann", func(m msg) bool {
		return m.t() == "lobby.online" && strings.Contains(string(m.raw), `"Ann"`)
	})
	same("Carl came")

	bob := e.account("Bob", "correct horse").dial()
	bob.ok("lobby.join", nil)
	d := ann.waitFor("Bob as a change", func(m msg) bool { return m.t() == "lobby.online.diff" && strings.Contains(string(m.raw), `"Bob"`) })
	if strings.Contains(string(d.raw), `"Ann"`) || strings.Contains(string(d.raw), `"Carl"`) {
		t.Fatalf("Bob's arrival named others who did not change: %s", d.raw)
	}
	same("Bob came")

	tb := bob.ok("table.create", map[string]any{"game": "dots", "options": map[string]any{"rows": 2, "cols": 2}, "seats": []any{map[string]any{"kind": "me"}, map[string]any{"kind": "open"}}})
	id := tableID(tb)
	ann.waitFor("the table as a change", func(m msg) bool { return m.t() == "lobby.tables.diff" && strings.Contains(string(m.raw), id) })
	same("Bob made a table")

	ann.ok("table.sit", map[string]any{"table": id, "seat": 1})
	ann.ok("table.watch", map[string]any{"table": id})
	bob.ok("table.watch", map[string]any{"table": id})
	same("Ann sat")
	bob.ok("table.start", map[string]any{"table": id})
	bob.ok("match.resign", map[string]any{"table": id, "seat": 0})
	ann.waitFor("Ann's win counted", func(m msg) bool {
		return m.t() == "lobby.online.diff" && strings.Contains(string(m.raw), `"won":1`)
	})
	same("the match ended")

	bob.close()
	ann.waitFor("Bob gone", func(m msg) bool {
		return m.t() == "lobby.online.diff" && strings.Contains(string(m.raw), `"gone":["Bob"]`)
	})
	same("Bob left")

	l, whole, changes := lobbyOf(t, ann)
	if whole != 2 || changes < 4 {
		t.Fatalf("Ann got %d whole lists and %d changes, want 2 whole lists (one of each) and then changes", whole, changes)
	}
	if len(l.Online) != 2 || len(l.Tables) != 1 || l.Tables[0].Status != pclient.StatusOver {
		t.Fatalf("Ann's lobby at the end: %+v", l)
	}
	_, whole, changes = lobbyOf(t, carl)
	if changes != 0 || whole < 4 {
		t.Fatalf("Carl, who did not ask for changes, got %d changes and %d whole lists", changes, whole)
	}
}
