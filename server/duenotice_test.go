package server_test

import (
	"strings"
	"testing"
	"time"

	"github.com/parlor-games/parlor/clock/clocktest"
	"github.com/parlor-games/parlor/match"
	"github.com/parlor-games/parlor/server"
	"github.com/parlor-games/parlor/webpush/webpushtest"
)

// TestDueNoticeOfACorrespondenceMove (issue 33, notices): at a table of
// a day a move, Bob, away with his browser subscribed, is told by push
// that it is his move, and again, six hours before the deadline, that it
// is due soon, with the deadline and the table to open; the hour before
// that warning, nothing more.
func TestDueNoticeOfACorrespondenceMove(t *testing.T) {
	ps := webpushtest.New(t, true)
	clk := clocktest.New(corrStart)
	e := startCorr(t, t.TempDir(), clk, func(c *server.Config) {
		c.Push, c.NoticeDelay = server.PushConfig{Client: ps.Client}, -1
	})
	ann, bob := e.guest("Ann"), e.guest("Bob")
	bob.mustPost("/api/push/subscribe", ps.Subscription("bob-device"), 204)
	ca, cb := ann.dial(), bob.dial()
	id := dotsDuel(t, ca, cb, map[string]any{"moveClock": 86400})
	closeSeat(ca, cb, 1, "Bob's seat offline")
	ca.ok("match.play", map[string]any{"table": id, "seat": 0, "move": line(0, 0, 1)})
	if n := pushed(t, ps.Next("Bob's turn", wait)); !strings.HasPrefix(n["title"].(string), "Your move") {
		t.Fatalf("the turn notice: %v", n)
	}
	clk.Advance(17 * time.Hour)
	e.srv.WaitNotices()
	if got := len(ps.All()); got != 1 {
		t.Fatalf("%d messages 7 hours before the deadline, want only the turn", got)
	}
	clk.Advance(time.Hour)
	n := pushed(t, ps.Next("the deadline near", wait))
	if n["kind"] != "turn" || n["url"] != "/t/"+id || n["title"] != "Your move is due soon: Dots and Boxes" ||
		!strings.Contains(n["body"].(string), "due in about 6 hours") {
		t.Fatalf("the notice of the deadline: %v", n)
	}
	e.srv.WaitNotices()
	if got := len(ps.All()); got != 2 {
		t.Fatalf("%d messages reached Bob's push service, want the turn and the deadline", got)
	}
}

// TestChallengeNoticeByPush (issue 33, point 5): with no notifier of
// its own, the server tells a challenged player who is not looking by
// push, once, naming the challenger and the game, and opening the lobby
// where the challenge waits for the answer.
func TestChallengeNoticeByPush(t *testing.T) {
	ps := webpushtest.New(t, true)
	e := startEnvConfig(t, t.TempDir(), match.Options{}, func(c *server.Config) {
		c.Push, c.NoticeDelay = server.PushConfig{Client: ps.Client}, -1
	})
	ann, bob := e.guest("Ann"), e.guest("Bob")
	bob.mustPost("/api/push/subscribe", ps.Subscription("bob-device"), 204)
	ca := ann.dial()
	ca.ok("challenge.send", map[string]any{"to": "Bob", "game": "dots"})
	n := pushed(t, ps.Next("Bob's challenge", wait))
	if n["kind"] != "challenge" || n["title"] != "Ann challenges you to Dots and Boxes" || n["url"] != "/" {
		t.Fatalf("the challenge's notice: %v", n)
	}
	e.srv.WaitNotices()
	if got := len(ps.All()); got != 1 {
		t.Fatalf("%d messages for one challenge", got)
	}
}

// TestFriendOnlineNotice (issue 33, point 3): Ann and Cid follow Bob and
// are not looking. An hour after Bob last came, he comes online again:
// Ann is told by push, once for the hour though he connects twice; Cid,
// whom Bob has blocked meanwhile, is not told.
func TestFriendOnlineNotice(t *testing.T) {
	ps := webpushtest.New(t, true)
	clk := clocktest.New(corrStart)
	e := startCorr(t, t.TempDir(), clk, func(c *server.Config) {
		c.Push, c.NoticeDelay = server.PushConfig{Client: ps.Client}, -1
	})
	ann, bob, cid := e.guest("Ann"), e.guest("Bob"), e.guest("Cid")
	for _, u := range []*user{ann, cid} {
		c := u.dial()
		c.ok("social.set", map[string]any{"relation": "follow", "name": "Bob", "on": true})
		u.mustPost("/api/push/subscribe", ps.Subscription(u.name), 204)
		c.close()
	}
	cb := bob.dial()
	cb.ok("social.set", map[string]any{"relation": "block", "name": "Cid", "on": true})
	cb.close()
	e.srv.WaitNotices()
	clk.Advance(time.Hour)
	before, cidBefore := len(ps.To("Ann")), len(ps.To("Cid"))
	bob.dial().close()
	bob.dial().close()
	e.srv.WaitNotices()
	toAnn := ps.To("Ann")[before:]
	if len(toAnn) != 1 {
		t.Fatalf("%d notices to Ann as Bob came online twice within the hour, want 1", len(toAnn))
	}
	if n := pushed(t, toAnn[0]); n["kind"] != "friendOnline" || n["title"] != "Bob is online" || n["url"] != "/" {
		t.Fatalf("the notice of a friend online: %v", n)
	}
	if got := len(ps.To("Cid")) - cidBefore; got != 0 {
		t.Fatalf("Cid, whom Bob blocked, was told %d times that Bob is online", got)
	}
}
