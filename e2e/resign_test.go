package e2e

import (
	"strings"
	"testing"

	"github.com/chromedp/chromedp/kb"
)

// TestResignByKeyboard resigns a Dots game against a bot with the keyboard
// alone: the Resign button opens a confirmation whose default keeps
// playing (Escape changes nothing), and confirming ends the game as a loss
// that the result panel and the move log show, with the focus on the
// result.
func TestResignByKeyboard(t *testing.T) {
	p := newPage(t, "quitter", 1280, 860)
	p.guest(uniqueName("Quit"))
	p.createTable("dots", "bot", 4, "easy")
	p.waitFor("the board", `document.querySelectorAll("g.slot").length === 24`)
	p.waitVisible("#resign")

	focusResign := func() {
		t.Helper()
		_ = evalAs[bool](p, `(() => { document.querySelector("#resign").focus(); return true; })()`)
	}
	focusResign()
	p.do("Enter on Resign", keys(kb.Enter))
	p.waitVisible("#resign-dialog")
	p.waitFor("focus on Keep playing", `document.activeElement?.id === "resign-cancel"`)
	if got := p.text("#resign-text"); !strings.Contains(got, "You lose") {
		t.Fatalf("the confirmation says %q", got)
	}
	p.snap("confirm")
	p.do("Escape", keys(kb.Escape))
	p.waitFor("the dialog to close", `document.querySelector("#resign-dialog") === null`)
	if evalAs[bool](p, `!!document.querySelector("#result:not([hidden])")`) {
		t.Fatal("Escape resigned the game")
	}

	focusResign()
	p.do("Enter on Resign", keys(kb.Enter))
	p.waitFor("focus on Keep playing", `document.activeElement?.id === "resign-cancel"`)
	p.do("Tab to Resign and Enter", keys(kb.Tab), keys(kb.Enter))
	p.waitVisible("#result")
	// The focus is not dropped with the dialog and Resign: it is on the
	// result, from which Tab goes on to Rematch (issue #32, point 12).
	p.waitFor("the focus on the result", `document.activeElement === document.querySelector("#result h2")`)
	p.snap("resigned")
	if r := p.text("#result h2"); !strings.Contains(r, "won") || strings.Contains(r, "You won") || !strings.Contains(r, "resigned") {
		t.Fatalf("result after resigning: %q", r)
	}
	p.waitFor("the move log to show the resignation", `[...document.querySelectorAll(".move-log li")].some(li => li.textContent.includes("resigned"))`)
	if evalAs[bool](p, p.visible("#resign")) {
		t.Fatal("Resign is still offered after the end")
	}
}
