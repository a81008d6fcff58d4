package e2e

import (
	"strings"
	"testing"
)

// TestInviteJoinerSitsAndStaleNotesGo (issue 22, points 2 and 3): Bob
// opens Ann's invite link. He is not shown the creator's "share the
// invite link" banner and its link box, but a clear call to sit down,
// which seats him. In the game, Bob's try to draw on Ann's turn is
// refused with a red note; when Ann has moved and it is Bob's turn, that
// note is gone, so the screen never says both "your turn" and "not your
// turn".
func TestInviteJoinerSitsAndStaleNotesGo(t *testing.T) {
	ann := newPage(t, "ann", 1280, 800)
	ann.guest(uniqueName("Ann"))
	id := evalAs[string](ann, createTableJS("dots", map[string]any{"rows": 3, "cols": 3}, []map[string]string{{"kind": "me"}, {"kind": "open"}}))
	ann.goTo("/t/" + id)
	ann.waitVisible("#invite-link")

	bob := newPage(t, "bob", 390, 844)
	bob.guest(uniqueName("Bob"))
	bob.goTo("/t/" + id)
	bob.waitVisible("#sit-cta")
	bob.snap("invited")
	if evalAs[bool](bob, bob.visible("#invite-link")) {
		bob.fail("the invited player is shown the invite link box")
	}
	if s := bob.text("#status"); s == "" || strings.Contains(s, "Share the invite link") {
		bob.fail("the invited player reads %q", s)
	}
	bob.click("#sit-cta")
	bob.waitFor("Bob seated", `!!document.querySelector("#status")?.textContent.includes("Everyone is seated")`)
	if evalAs[bool](bob, bob.visible("#sit-cta")) {
		bob.fail("the call to sit down stays after sitting")
	}
	ann.waitVisible("#start-game")
	ann.click("#start-game")

	bob.waitFor("the board", `document.querySelectorAll("g.slot").length > 0 && !!document.querySelector("#status")?.textContent.includes("Waiting for")`)
	bob.click(`g.slot[data-line="a1-b1"]`)
	bob.waitFor("the refusal", `document.querySelector("#note").textContent.includes("not your turn")`)
	ann.waitFor("Ann's turn", `!!document.querySelector("#status.my-turn")`)
	ann.drawLine("b2-b3")
	bob.waitFor("Bob's turn", `!!document.querySelector("#status.my-turn")`)
	bob.snap("my-turn")
	if n := bob.text("#note"); n != "" {
		bob.fail("after Ann's move, on Bob's turn, the note still says %q", n)
	}
}
