package e2e

import (
	"fmt"
	"testing"
)

// TestLobbyPutsJoinableTablesFirst: on a busy server the matches in play
// do not bury a table with a seat to take. Bob starts ten matches against
// the computer and opens one table for a second player; Ann's lobby lists
// the open table before every match in play, shows eight of those, and
// the rest when she asks. The tables reach her lobby as changes of its
// list (protocol v5).
func TestLobbyPutsJoinableTablesFirst(t *testing.T) {
	ann := newPage(t, "ann", 1280, 900)
	bob := newPage(t, "bob", 1280, 900)
	ann.guest(uniqueName("Ann"))
	bob.guest(uniqueName("Bob"))

	var ids []string
	for range 10 {
		ids = append(ids, evalAs[string](bob, createTableJS("dots", map[string]any{"rows": 8, "cols": 8}, []map[string]string{{"kind": "me"}, {"kind": "bot", "level": "easy"}})))
	}
	open := evalAs[string](bob, createTableJS("dots", map[string]any{"rows": 4, "cols": 4}, []map[string]string{{"kind": "me"}, {"kind": "open"}}))
	ann.waitFor("the open table and Bob's matches in Ann's lobby", fmt.Sprintf(
		`document.querySelector('button[data-table=%q]') !== null && document.querySelector(".more-tables") !== null`, open))

	order := func() (openAt, firstWatch, watches int) {
		return evalAs[int](ann, fmt.Sprintf(`[...document.querySelectorAll(".table-item")].findIndex(li => li.dataset.table === %q)`, open)),
			evalAs[int](ann, `[...document.querySelectorAll(".table-item")].findIndex(li => li.querySelector(".button")?.textContent === "Watch")`),
			evalAs[int](ann, `[...document.querySelectorAll(".table-item")].filter(li => li.querySelector(".button")?.textContent === "Watch").length`)
	}
	openAt, firstWatch, watches := order()
	if openAt < 0 || firstWatch < 0 || openAt > firstWatch {
		t.Fatalf("the open table is listed at %d, the first match to watch at %d: a table to join must come first", openAt, firstWatch)
	}
	if watches != 8 {
		t.Fatalf("%d matches in play listed before asking for more, want 8", watches)
	}
	more := ann.text(".more-tables")
	ann.snap("busy-lobby")
	ann.click(".more-tables")
	ann.waitFor("every match in play", `document.querySelector(".more-tables") === null`)
	_, _, watches = order()
	if watches < len(ids) || watches <= 8 {
		t.Fatalf("after %q, %d matches in play are listed; Bob alone has %d", more, watches, len(ids))
	}
	for _, id := range ids {
		if !evalAs[bool](ann, fmt.Sprintf(`document.querySelector('.table-item[data-table=%q]') !== null`, id)) {
			t.Fatalf("Bob's match %s is not listed after %q", id, more)
		}
	}

	// Away from the lobby the page leaves it (nothing there shows the
	// lobby's lists); back in it, the lists are whole and current: Cy, who
	// came meanwhile, and the table Bob opened meanwhile are there.
	ann.goTo("/profile/" + ann.whoami())
	ann.waitFor("the profile", `document.querySelector(".stats-table") !== null`)
	cy := newPage(t, "cy", 1280, 900)
	cyName := uniqueName("Cy")
	cy.guest(cyName)
	later := evalAs[string](bob, createTableJS("dots", map[string]any{"rows": 5, "cols": 5}, []map[string]string{{"kind": "me"}, {"kind": "open"}}))
	ann.goTo("/")
	ann.waitFor("Cy online and Bob's new table, back in the lobby", fmt.Sprintf(
		`[...document.querySelectorAll(".people .person")].some(a => a.textContent === %q) && document.querySelector('button[data-table=%q]') !== null`, cyName, later))
}
