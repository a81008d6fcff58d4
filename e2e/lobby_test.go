package e2e

import (
	"fmt"
	"testing"
)

// TestLobbyPutsJoinableTablesFirst: on a busy server the matches in play
// do not bury a table with a seat to take. Bob starts ten matches against
// the computer and opens one table for a second player; Ann's lobby lists
// the open table before the games and every match in play, which come
// below the games: eight of them, and the rest when she asks. The tables
// reach her lobby as changes of its list (protocol v5).
func TestLobbyPutsJoinableTablesFirst(t *testing.T) {
	// A lobby of its own: on the suite's server other tests' games
	// would fill the pages this test counts.
	base := startLobbyServer(t)
	ann := newPage(t, "ann", 1280, 900)
	bob := newPage(t, "bob", 1280, 900)
	ann.base, bob.base = base, base
	ann.guest(uniqueName("Ann"))
	bob.guest(uniqueName("Bob"))

	var ids []string
	for range 10 {
		ids = append(ids, evalAs[string](bob, createTableJS("dots", map[string]any{"rows": 8, "cols": 8}, []map[string]string{{"kind": "me"}, {"kind": "bot", "level": "easy"}})))
	}
	open := evalAs[string](bob, createTableJS("dots", map[string]any{"rows": 4, "cols": 4}, []map[string]string{{"kind": "me"}, {"kind": "open"}}))
	ann.waitFor("the open table and Bob's matches in Ann's lobby", fmt.Sprintf(
		`document.querySelector('button[data-table=%q]') !== null && `, open)+ann.visible(".watch-panel .more-tables"))

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
	if !evalAs[bool](ann, fmt.Sprintf(`(() => {
		const games = document.querySelector(".game-cards").getBoundingClientRect().top;
		const join = document.querySelector('button[data-table=%q]').getBoundingClientRect().bottom;
		const watch = document.querySelector(".watch-panel .table-item").getBoundingClientRect().top;
		return join <= games && games < watch;
	})()`, open)) {
		t.Fatal("the table to join should come above the games, the matches to watch below them")
	}
	more := ann.text(".watch-panel .more-tables")
	ann.snap("busy-lobby")
	ann.click(".watch-panel .more-tables")
	ann.waitFor("every match in play", "!"+ann.visible(".watch-panel .more-tables"))
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
	cy.base = base
	cyName := uniqueName("Cy")
	cy.guest(cyName)
	later := evalAs[string](bob, createTableJS("dots", map[string]any{"rows": 5, "cols": 5}, []map[string]string{{"kind": "me"}, {"kind": "open"}}))
	ann.goTo("/")
	ann.waitFor("Cy online and Bob's new table, back in the lobby", fmt.Sprintf(
		`[...document.querySelectorAll(".people .person")].some(a => a.textContent === %q) && document.querySelector('button[data-table=%q]') !== null`, cyName, later))
}

// startLobbyServer runs a server of the test's own, so that the many
// tables it makes crowd no other test's lobby; messages are not rate
// limited, so that one page may make them all at once.
func startLobbyServer(t *testing.T) string {
	t.Helper()
	base, _ := startOwnServer(t, "a lobby of its own", "-ws-rate", "0")
	return base
}

// makeTablesJS makes n open tables of Dots and Boxes over one WebSocket
// and resolves to their ids, in the order made.
func makeTablesJS(n int) string {
	return fmt.Sprintf(`new Promise((resolve, reject) => {
	const ws = new WebSocket((location.protocol === "https:" ? "wss:" : "ws:") + "//" + location.host + "/api/ws");
	const ids = [];
	const next = () => ws.send(JSON.stringify({t: "table.create", id: ids.length + 1, game: "dots", options: {rows: 3, cols: 3}, seats: [{kind: "me"}, {kind: "open"}]}));
	ws.onmessage = (e) => {
		const m = JSON.parse(e.data);
		if (m.t === "hello") next();
		else if (m.t === "reply") {
			if (!m.ok) { ws.close(); reject(new Error(m.error)); return; }
			ids.push(m.table.id);
			if (ids.length === %d) { ws.close(); resolve(ids); } else next();
		}
	};
	ws.onerror = () => reject(new Error("the WebSocket failed"));
})`, n)
}

// TestLobbyPagesOfTables (since v6): with more tables than a page holds,
// the lobby shows the first page, not every table, with the guest's own
// table (made last, so past the page) at the top, under Your tables; of
// the page's hundred tables to join, the five newest show until asked
// for the rest; Next
// shows the next page, Previous the first again. On a phone (390x844)
// too, without sideways scrolling and with no serious accessibility
// finding.
func TestLobbyPagesOfTables(t *testing.T) {
	base := startLobbyServer(t)
	const perPage = 100 // tablesPerPage in web/src/screens/lobby.ts
	bob := newPage(t, "bob", 1280, 900)
	bob.base = base
	bob.guest(uniqueName("Bob"))
	bobs := evalAs[[]string](bob, makeTablesJS(perPage+5))

	for i, size := range []struct {
		name string
		w, h int64
	}{{"ann", 1280, 900}, {"phone", 390, 844}} {
		p := newPage(t, size.name, size.w, size.h)
		p.base = base
		p.guest(uniqueName("Ann"))
		own := evalAs[string](p, createTableJS("dots", map[string]any{"rows": 4, "cols": 4}, []map[string]string{{"kind": "me"}, {"kind": "open"}}))
		// listed says whether a table is on the page shown: the lists of
		// tables to join and to watch show a few until asked for more,
		// so the condition first asks for all of them.
		listed := func(id string) string {
			return fmt.Sprintf(`(document.querySelectorAll(".more-tables:not([hidden])").forEach((b) => b.click()), document.querySelector('.table-item[data-table=%q]') !== null)`, id)
		}
		// A hundred open tables on the page: five to join show, the
		// newest first, above the games, and a button offers the rest.
		p.waitFor("five tables to join, the newest first", fmt.Sprintf(`(() => {
			const items = [...document.querySelectorAll(".join-panel .table-item")];
			const more = document.querySelector(".join-panel .more-tables");
			return items.length === 5 && items[0].dataset.table === %q && items[4].dataset.table === %q &&
				more && !more.hidden && more.textContent === "Show %d more tables to join";
		})()`, bobs[perPage-1], bobs[perPage-5], perPage-5))
		p.waitFor("the first page with one's own table", listed(bobs[0])+" && "+listed(own)+` && document.querySelector(".watch-panel .pager-next") !== null && !document.querySelector(".watch-panel .pager-next").disabled`)
		if n := evalAs[int](p, `new Set([...document.querySelectorAll(".table-item")].map(li => li.dataset.table)).size + [...document.querySelectorAll(".more-tables:not([hidden])")].reduce((sum, b) => sum + Number(b.textContent.match(/\d+/)[0]), 0)`); n != perPage+1 {
			t.Fatalf("%s: the first page holds %d tables, want %d and one's own", size.name, n, perPage)
		}
		if evalAs[bool](p, listed(bobs[perPage])) {
			t.Fatalf("%s: a table past the first page is listed on it", size.name)
		}
		if !evalAs[bool](p, fmt.Sprintf(`document.querySelector('.mine-panel .table-item[data-table=%q]') !== null`, own)) {
			t.Fatalf("%s: one's own table is not under Your tables", size.name)
		}
		if got := p.text(".watch-panel .pager-where"); got != fmt.Sprintf("1–%d", perPage) {
			t.Fatalf("%s: the first page says %q", size.name, got)
		}
		if !evalAs[bool](p, `document.querySelector(".watch-panel .pager-prev").disabled`) {
			t.Fatalf("%s: Previous is offered on the first page", size.name)
		}
		if sideways := evalAs[bool](p, `document.documentElement.scrollWidth > window.innerWidth`); sideways {
			t.Fatalf("%s: the lobby scrolls sideways at %dx%d", size.name, size.w, size.h)
		}
		p.snap("first-page")
		evalAs[bool](p, `(document.querySelector(".watch-panel .pager").scrollIntoView({block: "center"}), true)`)
		p.snap("pages")
		p.click(".watch-panel .pager-next")
		p.waitFor("the next page", listed(bobs[perPage])+" && "+listed(bobs[perPage+4])+" && !("+listed(bobs[0])+")")
		// The second page: Bob's last five, and the tables of each Ann so far.
		if got := p.text(".watch-panel .pager-where"); got != fmt.Sprintf("%d–%d", perPage+1, perPage+5+i+1) {
			t.Fatalf("%s: the second page says %q", size.name, got)
		}
		if !evalAs[bool](p, listed(own)+` && document.querySelector(".watch-panel .pager-next").disabled`) {
			t.Fatalf("%s: the last page lacks one's own table or offers a next page", size.name)
		}
		p.snap("next-page")
		p.checkAxe("the lobby's second page of tables")
		p.click(".watch-panel .pager-prev")
		p.waitFor("the first page again", listed(bobs[0])+" && !("+listed(bobs[perPage])+")")
	}
}
