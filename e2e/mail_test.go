package e2e

import (
	"os/exec"
	"regexp"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/parlor-games/parlor/smtptest"
)

// startMailServer runs a server of the test's own that sends its mail to
// the test's mail server.
func startMailServer(t *testing.T, smtp string) string {
	t.Helper()
	if parlorBin == "" {
		t.Fatal("this test starts a server of its own and needs the suite's build of parlor (unset PARLOR_E2E_URL)")
	}
	addr, err := freeAddr()
	if err != nil {
		t.Fatal(err)
	}
	base := "http://" + addr
	cmd := exec.Command(parlorBin, "serve", "-addr", addr, "-data", t.TempDir(), "-bot-ms", "60", "-guest-limit", "0",
		"-smtp", smtp, "-smtp-from", "Parlor <parlor@example.org>", "-public-url", base)
	done := make(chan struct{})
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	go func() { _ = cmd.Wait(); close(done) }()
	t.Cleanup(func() {
		_ = cmd.Process.Kill()
		<-done
	})
	if err := waitHealthy(base, done); err != nil {
		t.Fatal(err)
	}
	return base
}

// TestMailDigestFromSettings (issue 33, mail): Bob gives his address in
// Settings and opens the confirmation link from the mail he gets, which
// shows his address confirmed. Away from his game with Ann, he gets "your
// move" by mail, with the link to the table, which opens it. The
// unsubscribe link of the mail shows one button; pressed, it stops the
// mail, as Settings then says.
func TestMailDigestFromSettings(t *testing.T) {
	mail := smtptest.New(t)
	base := startMailServer(t, mail.Addr)
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
	m := link.FindStringSubmatch(mail.Next("the confirmation", wait))
	if m == nil {
		t.Fatalf("no confirmation link in %q", mail.All())
	}
	bob.goTo(m[1])
	bob.waitFor("confirmed", `location.pathname === "/settings" && document.querySelector("#set-mail-state").textContent.startsWith("Your address is confirmed.")`)
	bob.snap("mail-confirmed")

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

	digest := mail.Next("the digest", wait)
	if !strings.Contains(digest, "Subject: Your move, Bob") || !strings.Contains(digest, base+"/t/"+id) {
		t.Fatalf("the digest:\n%s", digest)
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
