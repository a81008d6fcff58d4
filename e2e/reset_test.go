package e2e

import (
	"fmt"
	"net/url"
	"testing"

	"github.com/parlor-games/parlor/mail/mailtest"
)

// startMailServer runs a server of the test's own that mails through
// relay, with links on its own address.
func startMailServer(t *testing.T, relay *mailtest.Relay) string {
	t.Helper()
	base, _ := startOwnServer(t, "a mail relay", "-guest-limit", "0",
		"-smtp-addr", relay.Addr, "-smtp-from", "Parlor <games@parlor.test>", "-smtp-security", "none", "-site-url", "{base}")
	return base
}

// pathOf is a mailed link's path, checked to be on the server.
func pathOf(t *testing.T, link, base string) string {
	t.Helper()
	u, err := url.Parse(link)
	if err != nil || "http://"+u.Host != base {
		t.Fatalf("the mailed link %q is not on %s", link, base)
	}
	return u.Path
}

// TestResetPasswordByMail: Ann gives her account an e-mail address in the
// settings and confirms it by the mailed link; later, signed out, she
// asks for a reset by her name, opens the mailed link, chooses a new
// password and is signed in with it; the old password no longer works.
// The settings and the reset page are looked at on a desktop, a small
// window and a phone, and axe-core finds nothing serious on them.
func TestResetPasswordByMail(t *testing.T) {
	relay := mailtest.Start(t, mailtest.Options{})
	base := startMailServer(t, relay)
	name := uniqueName("Ann")
	ann := newPage(t, "ann", 1280, 800)
	ann.base = base
	ann.register(name)

	ann.goTo("/settings")
	ann.typeInto("#email-address", "ann@example.org")
	ann.typeInto("#email-pass", "not her password")
	ann.click("#email-form button[type=submit]")
	ann.waitFor("the wrong password refused", `document.querySelector("#email-status")?.className === "form-error"`)
	ann.typeInto("#email-pass", password)
	ann.click("#email-form button[type=submit]")
	ann.waitFor("the address waiting for its link", `document.querySelector("#email-pending") !== null`)
	m := relay.Next(t)
	if m.To != "ann@example.org" {
		t.Fatalf("the verification went to %s", m.To)
	}
	ann.snap("settings")
	ann.checkAxe("the account settings")
	for _, size := range []struct {
		name string
		w, h int64
	}{{"small", 800, 600}, {"phone", 390, 844}} {
		p := newPage(t, size.name, size.w, size.h)
		p.base = base
		p.login(name)
		p.goTo("/settings")
		p.waitVisible("#email-pending")
		p.snap("settings")
		evalAs[bool](p, `(window.scrollTo(0, document.body.scrollHeight), true)`)
		p.snap("settings-end")
	}

	ann.goTo(pathOf(t, m.Link(t), base))
	ann.waitFor("the address confirmed", `(document.querySelector("#verify-status")?.textContent || "").includes("is now the e-mail address")`)
	ann.goTo("/settings")
	ann.waitFor("the verified address in the settings", `(document.querySelector("#email-current")?.textContent || "").includes("ann@example.org")`)

	ann.click(".who button.link")
	ann.waitVisible("#tab-login")
	ann.click("#tab-login")
	ann.click("#auth-forgot")
	ann.typeInto("#forgot-who", name)
	ann.click("#forgot-submit")
	ann.waitFor("the answer to the request", `(document.querySelector("#forgot-status")?.textContent || "").includes("on its way")`)
	ann.snap("forgot")
	ann.checkAxe("the forgotten password form")
	reset := relay.Next(t)
	if reset.To != "ann@example.org" {
		t.Fatalf("the reset link went to %s", reset.To)
	}
	resetPath := pathOf(t, reset.Link(t), base)

	for _, size := range []struct {
		name string
		w, h int64
	}{{"reset-desk", 1280, 800}, {"reset-small", 800, 600}, {"reset-phone", 390, 844}} {
		p := newPage(t, size.name, size.w, size.h)
		p.base = base
		p.goTo(resetPath)
		p.waitVisible("#reset-pass")
		p.snap("reset")
		p.checkAxe("the reset page")
	}

	const newPassword = "a brand new password"
	ann.goTo(resetPath)
	ann.typeInto("#reset-pass", newPassword)
	ann.click("#reset-submit")
	ann.waitFor("signed in after the reset", fmt.Sprintf(`document.querySelector(".who-name")?.textContent.startsWith(%q) && location.pathname === "/"`, name))

	// The link worked once; the old password is gone, the new one works.
	ann.goTo(resetPath)
	ann.typeInto("#reset-pass", "yet another password")
	ann.click("#reset-submit")
	ann.waitFor("the used link refused", `(document.querySelector("#reset-error")?.textContent || "").includes("does not work any more")`)
	again := newPage(t, "again", 1280, 800)
	again.base = base
	again.goTo("/")
	again.click("#tab-login")
	again.typeInto("#auth-name", name)
	again.typeInto("#auth-pass", password)
	again.click("#auth-submit")
	again.waitFor("the old password refused", `(document.querySelector("#auth-error")?.textContent || "").includes("wrong name or password")`)
	again.typeInto("#auth-pass", newPassword)
	again.click("#auth-submit")
	again.waitFor("signed in with the new password", `document.querySelector(".who-name") !== null`)
}
