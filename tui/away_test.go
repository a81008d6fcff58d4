package tui

import (
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/parlor-games/parlor/server/servertest"
)

// waitGone handles messages until the screen no longer shows gone.
func (d *driver) waitGone(gone string) string {
	d.t.Helper()
	deadline := time.After(20 * time.Second)
	for {
		if s := d.screen(); !strings.Contains(s, gone) {
			return s
		}
		select {
		case msg := <-d.msgs:
			d.handle(msg)
		case <-deadline:
			d.t.Fatalf("the screen still shows %q:\n%s", gone, d.screen())
		}
	}
}

// blur gives the model a BlurMsg and returns the message of the wait it
// starts, without waiting: the test's model waits no time.
func (d *driver) blur() tea.Msg {
	d.t.Helper()
	_, cmd := d.m.Update(tea.BlurMsg{})
	if cmd == nil {
		d.t.Fatal("a blur starts no wait")
	}
	return cmd()
}

// sent runs the command an Update returned and gives the model the
// answer: it must be a presence.set saying away.
func (d *driver) sent(cmd tea.Cmd, away bool) {
	d.t.Helper()
	if cmd == nil {
		d.t.Fatalf("nothing sent; want away %v", away)
	}
	msg, ok := cmd().(awaySentMsg)
	if !ok || msg.away != away {
		d.t.Fatalf("sent %#v; want presence.set away %v", msg, away)
	}
	d.handle(msg)
}

// TestModelAwayAfterBlur (protocol v6, Presence): the terminal asks for
// focus reports. A blur that focus follows before the wait sends
// nothing; one that lasts the wait tells the server Ann is away, and Bob
// sees her leave the lobby's online list; focus brings her back at once.
// Away when her connection drops, she is away on the next one too: Cy,
// who comes after, never finds her online until her focus is back.
func TestModelAwayAfterBlur(t *testing.T) {
	srv := servertest.Start(t)
	ann := drive(t, srv, "Ann")
	ann.m.presence.after = 0
	bob := drive(t, srv, "Bob")
	ann.waitFor("Bob*")
	bob.waitFor("Ann*")
	if !ann.m.View().ReportFocus {
		t.Fatal("the view does not ask the terminal for focus reports")
	}

	// A quick look at another window.
	wait := ann.blur()
	if _, cmd := ann.m.Update(tea.FocusMsg{}); cmd != nil {
		t.Fatal("focus back before the wait sends something")
	}
	if _, cmd := ann.m.Update(wait); cmd != nil || ann.m.presence.away {
		t.Fatal("the wait of a blur that focus cancelled marks Ann away")
	}

	// The wait runs out: away; Bob's lobby drops her. Focus: back.
	_, cmd := ann.m.Update(ann.blur())
	ann.sent(cmd, true)
	bob.waitGone("Ann*")
	_, cmd = ann.m.Update(tea.FocusMsg{})
	ann.sent(cmd, false)
	bob.waitFor("Ann*")

	// Away, then the connection drops: the new one is told again.
	_, cmd = ann.m.Update(ann.blur())
	ann.sent(cmd, true)
	bob.waitGone("Ann*")
	ann.m.conn.CloseNow()
	ann.waitFor("reconnected")
	// The answer to the presence.set the new connection got.
	deadline := time.After(20 * time.Second)
	for ann.m.presence.sending || !ann.m.presence.told {
		select {
		case msg := <-ann.msgs:
			ann.handle(msg)
		case <-deadline:
			t.Fatal("the new connection is never told Ann is away")
		}
	}
	cy := drive(t, srv, "Cy")
	cy.waitFor("Cy*")
	cy.waitGone("Ann*")
	_, cmd = ann.m.Update(tea.FocusMsg{})
	ann.sent(cmd, false)
	cy.waitFor("Ann*")
	bob.waitFor("Ann*")
}
