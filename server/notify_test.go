package server_test

import (
	"context"
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"github.com/parlor-games/parlor/match"
	"github.com/parlor-games/parlor/server"
	"github.com/parlor-games/parlor/webpush/webpushtest"
)

// pushed reads a push message's payload, as the service worker does.
func pushed(t *testing.T, b []byte) map[string]any {
	t.Helper()
	var m map[string]any
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatalf("a push payload is not JSON: %s", b)
	}
	return m
}

// TestNoticesReachPlayerNotLooking (issue 33): Bob subscribes his browser
// to push messages and closes his page during a game of Dots and Boxes
// with Ann. Ann's move makes it his turn: his push service receives,
// encrypted for his browser alone, "your move" naming the game, Ann and
// the table to open; the subscription of an old laptop, which its push
// service says is gone, is forgotten. Back at the table, he is not told by push of the
// turns he sees; with "your move" turned off he is not told either; and
// when Ann resigns while he is away, he is told the game ended.
func TestNoticesReachPlayerNotLooking(t *testing.T) {
	eachStore(t, func(t *testing.T) {
		ps := webpushtest.New(t, true)
		e := startEnvConfig(t, t.TempDir(), match.Options{}, func(c *server.Config) {
			c.Push, c.NoticeDelay = server.PushConfig{Client: ps.Client}, -1
		})
		ann, bob := e.guest("Ann"), e.guest("Bob")
		code, body := bob.do("GET", "/api/push/key", nil)
		var key struct{ Key string }
		if code != 200 || json.Unmarshal(body, &key) != nil || len(key.Key) != 87 {
			t.Fatalf("GET /api/push/key: %d %s", code, body)
		}
		// A subscription must name an https push service and real keys.
		bad := ps.Subscription("x")
		bad.Endpoint = strings.Replace(bad.Endpoint, "https:", "http:", 1)
		if code, body := bob.do("POST", "/api/push/subscribe", bad); code != 400 || !strings.Contains(string(body), "https") {
			t.Fatalf("an http endpoint: %d %s", code, body)
		}
		bad = ps.Subscription("x")
		bad.Keys.P256dh, bad.Keys.Auth = "AAAA", "AAAA"
		if code, _ := bob.do("POST", "/api/push/subscribe", bad); code != 400 {
			t.Fatalf("bad keys: %d", code)
		}
		if code, _ := e.newUser("nobody").do("POST", "/api/push/subscribe", ps.Subscription("bob-device")); code != 401 {
			t.Fatalf("a subscription without a session: %d", code)
		}
		bob.mustPost("/api/push/subscribe", ps.Subscription("bob-device"), 204)
		bob.mustPost("/api/push/subscribe", ps.GoneSubscription("old-laptop"), 204)
		var me struct{ User struct{ ID int64 } }
		_, body = bob.do("GET", "/api/me", nil)
		if err := json.Unmarshal(body, &me); err != nil || me.User.ID == 0 {
			t.Fatalf("/api/me: %s", body)
		}

		ca, cb := ann.dial(), bob.dial()
		id := dotsDuel(t, ca, cb, nil)
		closeSeat(ca, cb, 1, "Bob's seat offline")
		ca.ok("match.play", map[string]any{"table": id, "seat": 0, "move": line(0, 0, 1)})
		n := pushed(t, ps.Next("Bob's turn", wait))
		t.Logf("turn notice: %v", n)
		if n["kind"] != "turn" || n["url"] != "/t/"+id || !strings.Contains(n["title"].(string), "Your move") ||
			!strings.Contains(n["title"].(string), "Dots and Boxes") || !strings.HasPrefix(n["body"].(string), "Ann drew the line") {
			t.Fatalf("the turn notice: %v", n)
		}
		// The push service said the old laptop's subscription is gone:
		// the server forgot it, and kept the other.
		e.srv.WaitNotices()
		if subs, err := e.st.PushSubscriptions(context.Background(), me.User.ID); err != nil || len(subs) != 1 || subs[0].Endpoint != ps.URL+"/send/bob-device" {
			t.Fatalf("Bob's subscriptions after a 410: %v %v", subs, err)
		}

		// Bob is back and looking: the turns he sees are not pushed.
		cb = bob.dial()
		cb.ok("table.watch", map[string]any{"table": id})
		cb.ok("match.play", map[string]any{"table": id, "seat": 1, "move": line(1, 0, 1)})
		ca.ok("match.play", map[string]any{"table": id, "seat": 0, "move": line(2, 0, 1)})
		cb.ok("match.play", map[string]any{"table": id, "seat": 1, "move": line(0, 1, 2)})

		// "Your move" turned off: Bob away, his turn, no notice.
		if code, body := bob.do("PUT", "/api/notify/prefs", map[string]any{"prefs": []map[string]any{{"kind": "turn", "channel": "push", "enabled": false}}}); code != 200 ||
			!strings.Contains(string(body), `{"kind":"turn","channel":"push","enabled":false}`) || !strings.Contains(string(body), `{"kind":"ended","channel":"push","enabled":true}`) {
			t.Fatalf("PUT prefs: %d %s", code, body)
		}
		if code, body := bob.do("PUT", "/api/notify/prefs", map[string]any{"prefs": []map[string]any{{"kind": "weather", "channel": "push", "enabled": false}}}); code != 400 {
			t.Fatalf("a made-up kind: %d %s", code, body)
		}
		closeSeat(ca, cb, 1, "Bob's seat offline again")
		ca.ok("match.play", map[string]any{"table": id, "seat": 0, "move": line(1, 1, 2)})

		// The game ends while he is away: he is told.
		ca.ok("match.resign", map[string]any{"table": id, "seat": 0})
		n = pushed(t, ps.Next("the end", wait))
		t.Logf("end notice: %v", n)
		if n["kind"] != "ended" || n["url"] != "/t/"+id || !strings.HasPrefix(n["body"].(string), "You won: Ann resigned") {
			t.Fatalf("the ended notice: %v", n)
		}
		e.srv.WaitNotices()
		if got := ps.All(); len(got) != 2 {
			t.Fatalf("Bob's push service got %d messages, want 2 (his turn, the end): %v", len(got), got)
		}
	})
}

// TestNoticeAcrossNodes (issue 33, several nodes): the node that holds
// the table decides, and it knows who is looking on the other nodes. Bob
// browses node 1, Ann node 0, which holds their table. While Bob's page
// is shown on node 1 he gets no push for his turn; once he has left, a
// move of Ann's makes it his turn and his push service receives it once,
// though both nodes send notices.
func TestNoticeAcrossNodes(t *testing.T) {
	ps := webpushtest.New(t, true)
	nodes := startNodes(t, 2, func(i int, c *server.Config) {
		c.Push, c.NoticeDelay = server.PushConfig{Client: ps.Client}, -1
	})
	ann := nodes[0].guest("Ann")
	bob := nodes[0].guest("Bob").at(nodes[1])
	bob.mustPost("/api/push/subscribe", ps.Subscription("bob-device"), 204)
	ca, cb := ann.dial(), bob.dial()
	lobby := ann.dial()
	lobby.ok("lobby.join", nil)
	id := dotsBetween(ca, cb, []*client{ca, cb})
	lobby.waitFor("Bob online on node 1", func(m msg) bool {
		return m.t() == "lobby.online" && slices.Contains(onlineNames(m), "Bob")
	})
	ca.ok("match.play", map[string]any{"table": id, "seat": 0, "move": line(0, 0, 1)})
	waitSeq(cb, id, 1)
	cb.ok("match.play", map[string]any{"table": id, "seat": 1, "move": line(1, 0, 1)})
	waitSeq(ca, id, 2)
	mark := len(lobby.all())
	cb.close()
	waitAfter(lobby, mark, "Bob gone from node 1", func(m msg) bool {
		return m.t() == "lobby.online" && !slices.Contains(onlineNames(m), "Bob")
	})
	ca.ok("match.play", map[string]any{"table": id, "seat": 0, "move": line(2, 0, 1)})
	n := pushed(t, ps.Next("Bob's turn, from node 0", wait))
	if n["kind"] != "turn" || n["url"] != "/t/"+id {
		t.Fatalf("the notice: %v", n)
	}
	for _, e := range nodes {
		e.srv.WaitNotices()
	}
	if got := ps.All(); len(got) != 1 {
		t.Fatalf("Bob's push service got %d messages, want 1: %v", len(got), got)
	}
}

// TestNoticeEndpointsRefuseClearly: every refusal of the notification
// endpoints has the shape of every HTTP refusal, a code and a sentence,
// and changes nothing.
func TestNoticeEndpointsRefuseClearly(t *testing.T) {
	e := newEnv(t)
	ann, nobody := e.guest("Ann"), e.newUser("nobody")
	cases := []struct {
		what   string
		u      *user
		method string
		path   string
		body   any
		status int
		code   string
	}{
		{"subscribe without a session", nobody, "POST", "/api/push/subscribe", []byte(`{}`), 401, "unauthorized"},
		{"subscribe with bad JSON", ann, "POST", "/api/push/subscribe", []byte(`{"endpoint":`), 400, "bad-request"},
		{"subscribe with an unknown field", ann, "POST", "/api/push/subscribe", []byte(`{"endpoint":"https://x.example/1","nonsense":1}`), 400, "bad-request"},
		{"subscribe with a body too large", ann, "POST", "/api/push/subscribe", []byte(`{"endpoint":"` + strings.Repeat("x", 20<<10) + `"}`), 413, "too-large"},
		{"subscribe without keys", ann, "POST", "/api/push/subscribe", []byte(`{"endpoint":"https://x.example/1"}`), 400, "bad-request"},
		{"unsubscribe without an endpoint", ann, "POST", "/api/push/unsubscribe", []byte(`{}`), 400, "bad-request"},
		{"prefs without a session", nobody, "GET", "/api/notify/prefs", nil, 401, "unauthorized"},
		{"no prefs", ann, "PUT", "/api/notify/prefs", []byte(`{"prefs":[]}`), 400, "bad-request"},
		{"a pref of an unknown channel", ann, "PUT", "/api/notify/prefs", []byte(`{"prefs":[{"kind":"turn","channel":"pigeon","enabled":false}]}`), 400, "bad-request"},
		{"a pref of the wrong type", ann, "PUT", "/api/notify/prefs", []byte(`{"prefs":[{"kind":"turn","channel":"push","enabled":"no"}]}`), 400, "bad-request"},
	}
	for _, c := range cases {
		status, body := c.u.do(c.method, c.path, c.body)
		var r map[string]any
		if err := json.Unmarshal(body, &r); err != nil {
			t.Errorf("%s: %d %q is not JSON", c.what, status, body)
			continue
		}
		text, _ := r["error"].(string)
		if status != c.status || r["code"] != c.code || text == "" || len(r) != 2 {
			t.Errorf("%s: %d %s, want %d with code %q and a sentence", c.what, status, body, c.status, c.code)
		}
	}
	// A refused list changed nothing: a good choice with a bad one is
	// refused whole.
	if code, _ := ann.do("PUT", "/api/notify/prefs", []byte(`{"prefs":[{"kind":"turn","channel":"push","enabled":false},{"kind":"x","channel":"push","enabled":false}]}`)); code != 400 {
		t.Fatalf("a list with an unknown kind: %d", code)
	}
	_, body := ann.do("GET", "/api/notify/prefs", nil)
	if !strings.Contains(string(body), `{"kind":"turn","channel":"push","enabled":true}`) {
		t.Fatalf("after a refused change the prefs are %s", body)
	}
}
