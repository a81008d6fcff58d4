package e2e

import (
	"regexp"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/parlor-games/parlor/mail/mailtest"
)

// TestMailDigestFromSettings (issue 33, mail): Bob gives his address in
// Settings and opens the confirmation link from the mail he gets, which
// shows his address confirmed. Away from his game with Ann, he gets "your
// move" by mail, with the link to the table, which opens it. The
// unsubscribe link of the mail shows one button; pressed, it stops the
// mail, as Settings then says.
func TestMailDigestFromSettings(t *testing.T) {
	relay := mailtest.Start(t, mailtest.Options{})
	base := startMailServer(t, relay)
	ann := newPage(t, "ann", 1280, 800)
	bob := newPage(t, "bob", 390, 844)
	ann.base, bob.base = base, base
	bob.guest(uniqueName("Bob"))
	ann.guest(uniqueName("Ann"))

	bob.goTo("/settings")
	bob.waitFor("the mail settings", `document.querySelector("#set-mail-state")?.textContent === "No mail is sent to you."`)
	bob.typeInto("#set-mail", "bob@example.org")
	if !evalAs[bool](bob, `(() => { const s = document.querySelector("#set-mail-every"); s.value = "60"; return true; })()`) {
		t.Fatal("no interval")
	}
	bob.click("#set-mail-save")
	bob.waitFor("asked to confirm", `document.querySelector("#set-mail-state").textContent.includes("to confirm it")`)
	link := regexp.MustCompile(regexp.QuoteMeta(base) + `(/api/notify/mail/verify\?token=[0-9a-f]+)`)
	confirm := relay.Next(t)
	m := link.FindStringSubmatch(confirm.Text)
	if m == nil {
		t.Fatalf("no confirmation link in %q", confirm.Text)
	}
	bob.goTo(m[1])
	bob.waitFor("confirmed", `location.pathname === "/settings" && document.querySelector("#set-mail-state").textContent.startsWith("Your address is confirmed.")`)
	bob.snap("mail-confirmed")

	id := bobAwayOnHisTurn(ann, bob)

	dm := relay.Next(t)
	digest := dm.Text
	if !strings.HasPrefix(dm.Subject, "Your move, Bob") || !strings.Contains(digest, base+"/t/"+id) {
		t.Fatalf("the digest %q:\n%s", dm.Subject, digest)
	}
	bob.goTo("/t/" + id)
	bob.waitFor("Bob at the table from the mail's link", `document.querySelectorAll("g.slot").length > 0`)

	un := regexp.MustCompile(regexp.QuoteMeta(base) + `(/api/notify/mail/unsubscribe\?token=[0-9a-f]+)`).FindStringSubmatch(digest)
	if un == nil {
		t.Fatalf("no unsubscribe link in the digest:\n%s", digest)
	}
	bob.do("open the unsubscribe link", chromedp.Navigate(base+un[1]))
	bob.waitVisible("form button")
	bob.click("form button")
	bob.waitFor("the mail stopped", `document.body.textContent.includes("sends no more mail")`)
	bob.goTo("/settings")
	bob.waitFor("no mail any more", `document.querySelector("#set-mail-state")?.textContent === "No mail is sent to you."`)
}

// bobAwayOnHisTurn seats Ann and Bob at a new 3x3-dot Dots and Boxes
// table, starts it, sends Bob's page away (about:blank) and has Ann draw
// a line once she sees him gone: his turn comes while he is not looking,
// which is what a notice is for. It returns the table's id.
func bobAwayOnHisTurn(ann, bob *page) string {
	ann.t.Helper()
	id := evalAs[string](ann, "("+createTableJS("dots", map[string]any{"rows": 3, "cols": 3}, []map[string]string{{"kind": "me"}, {"kind": "open"}})+")")
	bob.goTo("/t/" + id)
	bob.click("li.seat-1 button")
	ann.goTo("/t/" + id)
	ann.click("#start-game")
	for _, p := range []*page{ann, bob} {
		p.waitFor("the board", `document.querySelectorAll("g.slot").length > 0`)
	}
	bob.do("leave", chromedp.Navigate("about:blank"))
	ann.waitFor("Bob away", `document.querySelector("li.seat-1 .conn")?.classList.contains("conn-offline")`)
	ann.drawLine(evalAs[string](ann, `document.querySelector("g.slot").dataset.line`))
	return id
}
