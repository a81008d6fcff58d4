package e2e

import (
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// activeJS describes the element with the keyboard's focus: where a
// keyboard user is after a screen changed.
const activeJS = `(() => {
	const a = document.activeElement;
	if (!a || a === document.body) return "body";
	if (a.closest(".board-wrap")) return "board";
	if (a.closest("#screen")) return "screen:" + a.tagName.toLowerCase() + ":" + (a.textContent || "").trim().slice(0, 40);
	return "outside:" + a.tagName.toLowerCase() + ":" + (a.className || "");
})()`

func (p *page) active() string {
	p.t.Helper()
	return evalAs[string](p, activeJS)
}

// waitTitle waits for the page's title to match re.
func (p *page) waitTitle(re *regexp.Regexp) {
	p.t.Helper()
	p.waitFor("the title to match "+re.String(), fmt.Sprintf(`%s.test(document.title)`, jsRegexp(re)))
}

// jsRegexp writes re as a JavaScript regular expression literal.
func jsRegexp(re *regexp.Regexp) string {
	return "new RegExp(" + jsonString(re.String()) + ")"
}

// TestFocusFollowsTheScreen is issue #32's points 12 and 13: after every
// change of screen the focus is in the new screen (never dropped on the
// page's body), a skip link leads past the header to the screen's main
// control (the board at a table), the empty move log is no Tab stop, and
// the page's title names the screen, the table and whose move it is.
func TestFocusFollowsTheScreen(t *testing.T) {
	for _, size := range [][2]int64{{1280, 800}, {800, 600}, {390, 844}} {
		t.Run(fmt.Sprintf("%dx%d", size[0], size[1]), func(t *testing.T) {
			ann := newPage(t, "ann", size[0], size[1])
			ann.goTo("/")
			ann.waitTitle(regexp.MustCompile(`^Welcome - Parlor$`))
			if d := evalAs[string](ann, `document.querySelector('meta[name="description"]')?.content ?? ""`); !strings.Contains(d, "Dots and Boxes") {
				t.Errorf("the page's description is %q, want one that names the games", d)
			}
			ann.typeInto("#auth-name", uniqueName("Ann"))
			ann.click("#auth-submit")
			ann.waitFor("the lobby after signing in", `document.querySelector(".who-name") !== null`)
			ann.waitTitle(regexp.MustCompile(`^Lobby - Parlor$`))
			if a := ann.active(); !strings.HasPrefix(a, "screen:") {
				t.Errorf("after signing in the focus is on %s, want the lobby", a)
			}

			// On a page just loaded, the skip link is the first Tab
			// stop, shown when reached, and leads into the screen.
			ann.goTo("/")
			ann.waitTitle(regexp.MustCompile(`^Lobby - Parlor$`))
			ann.do("tab to the skip link", keys(kb.Tab))
			if got := evalAs[string](ann, `document.activeElement.className + "|" + document.activeElement.textContent`); got != "skip-link|Skip to the main content" {
				t.Fatalf("the first Tab reaches %q, want the skip link", got)
			}
			if top := evalAs[float64](ann, `document.activeElement.getBoundingClientRect().top`); top < 0 {
				t.Errorf("the skip link with the focus is off screen (top %v)", top)
			}
			ann.do("follow the skip link", keys(kb.Enter))
			if a := ann.active(); !strings.HasPrefix(a, "screen:") {
				t.Errorf("the skip link left the focus on %s, want the lobby", a)
			}

			// A table against the computer opens on Ann's move: the
			// focus is on the board, and the title says so.
			ann.createTable("dots", "bot", 3, "easy")
			ann.waitTitle(regexp.MustCompile(`^Your move · Dots and Boxes vs Crayon - Parlor$`))
			ann.waitFor("the focus on the board", `document.activeElement?.closest(".board-wrap") != null`)
			if tab := evalAs[bool](ann, `document.querySelector(".move-log").hasAttribute("tabindex")`); tab {
				t.Error("the empty move log is a Tab stop")
			}
			// The skip link leads to the board, on a table opened
			// afresh too.
			table := evalAs[string](ann, `location.pathname`)
			ann.goTo(table)
			ann.waitFor("the focus on the board of a table loaded afresh", `document.activeElement?.closest(".board-wrap") != null`)
			ann.do("focus the skip link", chromedp.Focus(chromedp.CSS(".skip-link")))
			if got := evalAs[string](ann, `document.activeElement.textContent`); got != "Skip to the board" {
				t.Fatalf("at the table the skip link says %q, want the skip link to the board", got)
			}
			ann.do("follow the skip link", keys(kb.Enter))
			if a := ann.active(); a != "board" {
				t.Errorf("the skip link left the focus on %s, want the board", a)
			}
			ann.drawLine(ann.dots().Free[0])
			ann.waitFor("the move log to be a Tab stop once it has a move", `document.querySelector(".move-log").tabIndex === 0`)
			ann.snap("table")
		})
	}
}

// TestLobbyWatchLinksNameTheirTable is issue #32's point 13: a link to
// watch a match says which match, where a screen reader's list of links
// read "Watch" for every one.
func TestLobbyWatchLinksNameTheirTable(t *testing.T) {
	bob := newPage(t, "bob", 1280, 800)
	bobName := uniqueName("Bob")
	bob.guest(bobName)
	bob.createTable("dots", "bot", 3, "easy")
	ann := newPage(t, "ann", 1280, 800)
	ann.guest(uniqueName("Ann"))
	// Bob's match may be past the first few listed: the test shows all.
	ann.waitFor("a link to watch Bob's match", fmt.Sprintf(`(() => {
		document.querySelectorAll("button.more-tables:not([hidden])").forEach(b => b.click());
		return [...document.querySelectorAll(".table-item a")].some(a => (a.getAttribute("aria-label") ?? "").includes(%q));
	})()`, bobName))
	// The suite's server holds other tests' tables too: every Watch link
	// names its game and players, and Bob's names his.
	labels := evalAs[[]string](ann, `[...document.querySelectorAll(".table-item a")].filter(a => a.textContent === "Watch").map(a => a.getAttribute("aria-label") ?? "")`)
	bobs := ""
	for _, l := range labels {
		if !strings.HasPrefix(l, "Watch ") || !strings.Contains(l, ": ") || !strings.Contains(l, " vs ") {
			t.Errorf("a Watch link is named %q, want the game and its players", l)
		}
		if strings.Contains(l, bobName) {
			bobs = l
		}
	}
	if !strings.HasPrefix(bobs, "Watch Dots and Boxes: "+bobName+" vs ") {
		t.Fatalf("Bob's table has no Watch link named for it among %q", labels)
	}
	ann.click(fmt.Sprintf(`.table-item a[aria-label=%q]`, bobs))
	ann.waitTitle(regexp.MustCompile(`^Dots and Boxes: .+ vs .+ - Parlor$`))

	// A spectator at a table whose players chat among themselves gets no
	// box to write in, whose every line the server refused (issue #32,
	// point 10), but a line that says why; Bob, who plays, has his box.
	ann.waitVisible(".chat-readonly")
	if evalAs[bool](ann, ann.visible(".chat-form")) {
		t.Error("a spectator is offered a chat box the server refuses")
	}
	if !evalAs[bool](bob, bob.visible(".chat-form")) || evalAs[bool](bob, bob.visible(".chat-readonly")) {
		t.Error("Bob, at his own table, cannot write in its chat")
	}
}
