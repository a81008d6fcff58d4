package e2e

import (
	"fmt"
	"slices"
	"testing"
)

// headings is the text of the screen's visible second-level headings, in
// order: the lobby's outline.
func (p *page) headings() []string {
	p.t.Helper()
	return evalAs[[]string](p, `[...document.querySelectorAll("main h2")].filter((e) => e.checkVisibility()).map((e) => e.textContent)`)
}

// wantHeadings fails the test unless the screen's headings are want.
func (p *page) wantHeadings(where string, want ...string) {
	p.t.Helper()
	if got := p.headings(); !slices.Equal(got, want) {
		p.fail("%s: the headings read %q, want %q", where, got, want)
	}
}

// wantAbove fails the test unless the element of sel ends above the top
// of the element of below, on the page as laid out.
func (p *page) wantAbove(what, sel, below string) {
	p.t.Helper()
	a, b := p.inView(sel), p.inView(below)
	if a[3] > b[1] {
		p.fail("%s: %s ends at %.0f px, below the top of %s at %.0f px", what, sel, a[3], below, b[1])
	}
}

// wantOnFirstScreen fails the test unless the element of sel lies wholly
// in the window with the page scrolled to its top: seen without scrolling.
func (p *page) wantOnFirstScreen(what, sel string) {
	p.t.Helper()
	if y := evalAs[float64](p, `scrollY`); y != 0 {
		p.fail("%s: the page is scrolled %.0f px down", what, y)
	}
	box, h := p.inView(sel), evalAs[float64](p, `innerHeight`)
	if box[1] < 0 || box[3] > h {
		p.fail("%s: %s lies from %.0f to %.0f px, the window is %.0f px high", what, sel, box[1], box[3], h)
	}
}

// TestLobbyPutsOnesOwnTablesFirst: a player coming back to the lobby finds
// their table at once. On a phone (390x844) Ann's table in play, left for
// the lobby, is under "Your tables" at the top, its Return button on the
// first screen, above the games; the table Bob opened for a second player
// comes next, above the games too, for her and for Cy; the matches in play
// to watch come below the games. An empty lobby shows the games and says
// there is no table yet. At 1280x800 the order is the same.
func TestLobbyPutsOnesOwnTablesFirst(t *testing.T) {
	base := startLobbyServer(t)
	bob := newPage(t, "bob", 1280, 800)
	cy := newPage(t, "cy", 390, 844)
	for _, p := range []*page{bob, cy} {
		p.base = base
		p.guest(uniqueName(p.name))
	}
	for _, p := range []*page{bob, cy} {
		p.waitVisible(".no-tables")
		p.wantHeadings("an empty lobby", "Games", "Friends", "Online", "Lobby chat")
		p.fitsWidth("an empty lobby")
		p.snap("empty-lobby")
	}

	// Bob plays two matches against the computer, then opens a table.
	dots := map[string]any{"rows": 4, "cols": 4}
	me, bot, open := map[string]string{"kind": "me"}, map[string]string{"kind": "bot", "level": "easy"}, map[string]string{"kind": "open"}
	var bobs []string
	for range 2 {
		bobs = append(bobs, evalAs[string](bob, createTableJS("dots", dots, []map[string]string{me, bot})))
	}
	friendly := evalAs[string](bob, createTableJS("dots", dots, []map[string]string{me, open}))
	join := fmt.Sprintf(`button[data-table=%q]`, friendly)
	watch := fmt.Sprintf(`.watch-panel li.table-item[data-table=%q] a.button`, bobs[0])

	ann := newPage(t, "ann", 390, 844)
	ann.base = base
	annName := uniqueName("Ann")
	ann.register(annName)
	mine := evalAs[string](ann, createTableJS("dots", dots, []map[string]string{me, bot}))
	ann.goTo("/t/" + mine)
	ann.waitFor("Ann's board", `document.querySelectorAll("g.slot").length === 24`)
	ann.goTo("/")
	ret := fmt.Sprintf(`.mine-panel li.table-item[data-table=%q] a.button`, mine)
	ann.waitFor("Ann's table and Bob's in her lobby", ann.visible(ret)+" && "+ann.visible(join)+" && "+ann.visible(watch))
	if got := ann.text(ret); got != "Return" {
		ann.fail("Ann's table offers %q, want Return", got)
	}
	ann.wantOnFirstScreen("Ann back in the lobby on a phone", ret)
	ann.wantAbove("Ann back in the lobby on a phone", ret, ".game-cards")
	ann.wantAbove("Ann's lobby", join, ".game-cards")
	ann.wantAbove("Ann's lobby", ".game-cards", watch)
	ann.wantHeadings("Ann's lobby", "Your tables", "Tables to join", "Games", "Tables to watch", "Friends", "Online", "Lobby chat")
	ann.fitsWidth("Ann's lobby")
	ann.checkAxe("the lobby with one's own table first")
	ann.snap("own-table-first")

	cy.waitFor("Bob's open table in Cy's lobby", cy.visible(join)+" && "+cy.visible(watch))
	cy.wantOnFirstScreen("Cy's lobby on a phone", join)
	cy.wantAbove("Cy's lobby", join, ".game-cards")
	cy.wantAbove("Cy's lobby", ".game-cards", watch)
	cy.wantHeadings("Cy's lobby", "Tables to join", "Games", "Tables to watch", "Friends", "Online", "Lobby chat")
	cy.snap("table-to-join-first")
	evalAs[bool](cy, `(document.querySelector(".watch-panel").scrollIntoView(), true)`)
	cy.snap("tables-to-watch")

	// Bob's own tables, the open one too, are his to return to; Ann's is
	// one to watch.
	bob.waitFor("Bob's tables and Ann's", fmt.Sprintf(`document.querySelectorAll(".mine-panel li.table-item").length === 3 && %s && %s`,
		bob.visible(fmt.Sprintf(`.mine-panel li.table-item[data-table=%q]`, friendly)),
		bob.visible(fmt.Sprintf(`.watch-panel li.table-item[data-table=%q]`, mine))))
	bob.wantHeadings("Bob's lobby", "Your tables", "Games", "Tables to watch", "Friends", "Online", "Lobby chat")
	bob.snap("own-tables")

	desk := newPage(t, "ann-desk", 1280, 800)
	desk.base = base
	desk.login(annName)
	desk.waitFor("Ann's table on her desk", desk.visible(ret)+" && "+desk.visible(join))
	desk.wantOnFirstScreen("Ann's lobby at 1280x800", ret)
	desk.wantAbove("Ann's lobby at 1280x800", join, ".game-cards")
	desk.snap("own-table-first")

	ann.click(ret)
	ann.waitFor("Ann back at her table", fmt.Sprintf(`location.pathname === "/t/%s" && document.querySelectorAll("g.slot").length === 24`, mine))
}
