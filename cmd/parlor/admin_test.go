package main

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/parlor-games/parlor/client"
	"github.com/parlor-games/parlor/store/storetest"
)

// admin runs parlor admin with args and returns what it printed, failing
// the test if it fails.
func adminOK(t *testing.T, args ...string) string {
	t.Helper()
	var out, errb bytes.Buffer
	if code := run(append([]string{"admin"}, args...), nil, &out, &errb); code != 0 {
		t.Fatalf("parlor admin %v: exit %d: %s", args, code, errb.String())
	}
	return out.String()
}

// adminFails runs parlor admin with args, which must fail, and returns
// its error.
func adminFails(t *testing.T, args ...string) string {
	t.Helper()
	var out, errb bytes.Buffer
	if code := run(append([]string{"admin"}, args...), nil, &out, &errb); code == 0 {
		t.Fatalf("parlor admin %v succeeded: %s", args, out.String())
	}
	return errb.String()
}

// closedWith waits until p's connection closes and returns why.
func closedWith(t *testing.T, p *wsPeer) string {
	t.Helper()
	deadline := time.After(serveWait)
	for {
		select {
		case _, ok := <-p.msgs:
			if !ok {
				return fmt.Sprint(p.conn.Err())
			}
		case <-deadline:
			t.Fatal("the connection stayed open")
		}
	}
}

// TestNodesAdminBanReachesOtherNode: two nodes share PostgreSQL and NATS.
// Ann, on node a, challenges Ben, on node b: he is told at once, accepts,
// and both are seated at the private table, which Ann, on the other
// node, is told of. Ben blocks Ann, and her lobby chat no longer reaches
// him across the nodes. Then an operator bans Ben with parlor admin on the
// same database: Ben, connected to node b, is told why and until when,
// and his connection closes; connecting again, to either node, is refused
// with the reason.
func TestNodesAdminBanReachesOtherNode(t *testing.T) {
	url := storetest.Postgres(t)
	_, bus := startNATS(t, 0)
	a, b := startNode(t, url, bus, "a"), startNode(t, url, bus, "b")
	hBen := b.guest("Ben")
	ann, ben := a.dial(a.guest("Ann")), b.dial(hBen)
	ben.ok(nil, "lobby.join", "")
	sent := ann.ok(nil, "challenge.send", `"to":"Ben","game":"dots","options":{"rows":2,"cols":2}`)
	id := sent["challenge"].(map[string]any)["id"].(string)
	isChallenge := func(state string) func(m map[string]any) bool {
		return func(m map[string]any) bool {
			c, _ := m["challenge"].(map[string]any)
			return m["t"] == "challenge" && c["id"] == id && c["state"] == state
		}
	}
	ben.next(isChallenge("open"))
	rep := ben.ok(nil, "challenge.accept", fmt.Sprintf(`"challenge":%q`, id))
	table := rep["table"].(map[string]any)["id"].(string)
	told := ann.next(isChallenge("accepted"))
	if told["challenge"].(map[string]any)["table"] != table {
		t.Fatalf("Ann, on node a, is told of %v, want table %s", told, table)
	}
	ann.ok(nil, "table.watch", fmt.Sprintf(`"table":%q,"views":false`, table))

	// Ben blocks Ann: her lobby chat, passed on by node a, does not reach
	// him at node b; his own does.
	// Cal, on node a too, writes after her: his line takes the same way,
	// after hers, so once it is at Ben's, hers would be.
	ben.ok(nil, "social.set", `"relation":"block","name":"Ann","on":true`)
	cal := a.dial(a.guest("Cal"))
	ann.ok(nil, "lobby.join", "")
	ann.ok(nil, "chat.send", `"channel":"lobby","text":"from Ann"`)
	cal.ok(nil, "chat.send", `"channel":"lobby","text":"from Cal"`)
	ben.next(func(m map[string]any) bool {
		if m["t"] == "chat" && m["text"] == "from Ann" {
			t.Fatalf("Ben, who blocked Ann, was shown her line from the other node")
		}
		return m["t"] == "chat" && m["text"] == "from Cal"
	})

	out := adminOK(t, "-db", url, "-nats", bus, "ban", "-user", "ben", "-for", "48h", "-reason", "cheating")
	if !strings.Contains(out, "banned Ben") {
		t.Fatalf("parlor admin ban said %q", out)
	}
	notice := ben.next(func(m map[string]any) bool { return m["t"] == "moderation" })
	n := notice["notice"].(map[string]any)
	if n["kind"] != "ban" || n["reason"] != "cheating" {
		t.Fatalf("Ben's notice: %v", notice)
	}
	until, err := time.Parse(time.RFC3339Nano, n["until"].(string))
	if err != nil || until.Before(time.Now().Add(47*time.Hour)) {
		t.Fatalf("the ban's end: %v (%v)", n["until"], err)
	}
	if why := closedWith(t, ben); !strings.Contains(why, "banned") || !strings.Contains(why, "cheating") {
		t.Fatalf("Ben's connection closed with %q", why)
	}
	for _, node := range []*serveProc{a, b} {
		if why := node.dialErr(hBen); !strings.Contains(why, "banned") {
			t.Fatalf("Ben connecting again: %q", why)
		}
	}
	list := adminOK(t, "-db", url, "sanctions")
	if !strings.Contains(list, "ban") || !strings.Contains(list, "Ben") || !strings.Contains(list, "cheating") {
		t.Fatalf("sanctions: %s", list)
	}
}

// dialErr connects with hc's session, which must be refused, and
// returns why.
func (p *serveProc) dialErr(hc *http.Client) string {
	p.t.Helper()
	pc, err := client.New(p.base)
	if err != nil {
		p.t.Fatal(err)
	}
	u, _ := url.Parse(p.base)
	for _, ck := range hc.Jar.Cookies(u) {
		if ck.Name == client.SessionCookie {
			pc.SetSession(ck.Value)
		}
	}
	ctx, cancel := context.WithTimeout(context.Background(), serveWait)
	defer cancel()
	conn, err := pc.Dial(ctx)
	if err != nil {
		return err.Error()
	}
	defer conn.CloseNow()
	select {
	case <-conn.Done():
		return fmt.Sprint(conn.Err())
	case <-ctx.Done():
		p.t.Fatal("a connection that should be refused stayed open")
	}
	return ""
}

// TestAdminOnSQLite: with one server on SQLite, parlor admin lists a
// report made in the lobby, mutes its subject (whose next line is
// refused within a second, with no bus), renames and deletes accounts,
// closes a table in play, and refuses bad input with a reason.
func TestAdminOnSQLite(t *testing.T) {
	dir := t.TempDir()
	p := startServe(t, dir)
	db := filepath.Join(dir, "parlor.db")
	ann, bob := p.dial(p.guest("Ann")), p.dial(p.guest("Bob"))
	ann.ok(nil, "lobby.join", "")
	bob.ok(nil, "lobby.join", "")
	ann.ok(nil, "chat.send", `"channel":"lobby","text":"rude words"`)
	line := bob.next(func(m map[string]any) bool { return m["t"] == "chat" && m["text"] == "rude words" })
	bob.ok(nil, "social.report", fmt.Sprintf(`"name":"Ann","reason":"rudeness","channel":"lobby","at":%q`, line["at"]))
	reports := adminOK(t, "-db", db, "reports")
	if !strings.Contains(reports, "Bob") || !strings.Contains(reports, "Ann") || !strings.Contains(reports, "rudeness") || !strings.Contains(reports, "rude words") {
		t.Fatalf("reports: %s", reports)
	}
	adminOK(t, "-data", dir, "mute", "-user", "Ann", "-for", "1h", "-reason", "rudeness")
	ann.next(func(m map[string]any) bool { return m["t"] == "moderation" })
	if r := ann.call(nil, "chat.send", `"channel":"lobby","text":"more"`); r["ok"] != false || !strings.Contains(r["error"].(string), "muted you") {
		t.Fatalf("Ann's line after her mute: %v", r)
	}
	adminOK(t, "-data", dir, "lift", "-user", "Ann", "-what", "mute")
	ann.next(func(m map[string]any) bool { return m["t"] == "moderation" })
	ann.ok(nil, "chat.send", `"channel":"lobby","text":"sorry"`)

	rep := ann.ok(nil, "table.create", `"game":"dots","seats":[{"kind":"me"},{"kind":"bot","level":"easy"}]`)
	table := rep["table"].(map[string]any)["id"].(string)
	ann.ok(nil, "table.watch", fmt.Sprintf(`"table":%q,"views":false`, table))
	adminOK(t, "-data", dir, "close", "-table", table, "-reason", "testing")
	end := ann.next(func(m map[string]any) bool { return m["t"] == "match" && m["outcome"] != nil })
	if reason := end["outcome"].(map[string]any)["reason"].(string); !strings.Contains(reason, "operator closed the table: testing") {
		t.Fatalf("the closed match's end: %v", end)
	}

	out := adminOK(t, "-data", dir, "rename", "-user", "bob", "-to", "Robert")
	if !strings.Contains(out, "renamed Bob to Robert") {
		t.Fatalf("rename: %q", out)
	}
	closedWith(t, bob)
	adminOK(t, "-data", dir, "delete", "-user", "Ann")
	closedWith(t, ann)

	for _, bad := range []struct {
		args []string
		want string
	}{
		{[]string{"-data", dir, "ban", "-user", "Robert", "-reason", "x"}, "-for"},
		{[]string{"-data", dir, "ban", "-user", "Robert", "-for", "1h"}, "-reason"},
		{[]string{"-data", dir, "ban", "-user", "Nobody", "-for", "1h", "-reason", "x"}, "nobody is called"},
		{[]string{"-data", dir, "ban", "-user", "Robert", "-addr", "10.0.0.1", "-for", "1h", "-reason", "x"}, "one of them"},
		{[]string{"-data", dir, "close", "-table", "nosuch"}, "no table"},
		{[]string{"-data", dir, "rename", "-user", "Robert", "-to", ""}, "-to"},
		{[]string{"-data", dir, "shout"}, "unknown action"},
		{[]string{"-data", t.TempDir(), "reports"}, "no database"},
	} {
		if msg := adminFails(t, bad.args...); !strings.Contains(msg, bad.want) {
			t.Errorf("parlor admin %v: %q, want it to say %q", bad.args, msg, bad.want)
		}
	}
}

// TestServeChallengeWaitFlag: -challenge-wait (also PARLOR_CHALLENGE_WAIT)
// sets how long a challenge waits, from a minute to two weeks, and a wait
// outside that is refused with the range.
func TestServeChallengeWaitFlag(t *testing.T) {
	if f, err := parseServeFlags(nil, io.Discard); err != nil || f.challengeWait != 30*time.Minute {
		t.Fatalf("the default: %v %v", f.challengeWait, err)
	}
	t.Setenv("PARLOR_CHALLENGE_WAIT", "72h")
	if f, err := parseServeFlags(nil, io.Discard); err != nil || f.challengeWait != 72*time.Hour {
		t.Fatalf("from the environment: %v %v", f.challengeWait, err)
	}
	for _, bad := range []string{"10s", "400h"} {
		if _, err := parseServeFlags([]string{"-challenge-wait", bad}, io.Discard); err == nil || !strings.Contains(err.Error(), "-challenge-wait must be between") {
			t.Errorf("-challenge-wait %s: %v", bad, err)
		}
	}
}
