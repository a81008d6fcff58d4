package e2e

import (
	"strings"
	"testing"
)

// TestFiveGamesPresentedAlike (issue 22, point 12): the first page and
// the lobby show every game the same way (title, player counts, summary),
// the lobby with one button per game that starts a game against the
// computer at once, and the top menu names no single game.
func TestFiveGamesPresentedAlike(t *testing.T) {
	p := newPage(t, "newcomer", 1280, 800)
	p.goTo("/")
	p.waitVisible(".game-card")
	want := []string{"dots", "battleship", "clue", "buccaneer", "warfare"}
	cards := func() string {
		return evalAs[string](p, `[...document.querySelectorAll(".game-card")].map((c) => c.dataset.game + ":" + (c.querySelector(".gc-title")?.textContent ?? "") + ":" + (c.querySelector(".gc-players")?.textContent ?? "")).join("|")`)
	}
	check := func(where string) {
		got := cards()
		for _, g := range want {
			if !strings.Contains(got, g+":") {
				p.fail("%s: no card for %s in %q", where, g, got)
			}
		}
		for _, c := range strings.Split(got, "|") {
			if f := strings.Split(c, ":"); len(f) != 3 || f[1] == "" || !strings.HasSuffix(f[2], "players") {
				p.fail("%s: the card %q lacks a title or a player count", where, c)
			}
		}
	}
	check("the first page")
	p.snap("first-page")
	p.guest(uniqueName("New"))
	p.waitVisible(".game-card")
	check("the lobby")
	for _, g := range want {
		if !evalAs[bool](p, `!!document.querySelector('.game-card [data-play="`+g+`"]')`) {
			p.fail("the lobby offers no one-click game against the computer for %s", g)
		}
	}
	if menu := p.text("header.topbar nav"); strings.Contains(menu, "Battleship") {
		p.fail("the top menu names one game: %q", menu)
	}
	p.snap("lobby")
	p.click(`[data-play="clue"]`)
	p.waitFor("a Clue-Less game against the computer", `location.pathname.startsWith("/t/") && document.querySelectorAll(".clue-cell.room").length === 9`)
	if n := evalAs[int](p, `[...document.querySelectorAll(".seat .conn")].filter((e) => e.textContent.includes("computer")).length`); n < 2 {
		p.fail("%d computer players at the table, want the other seats", n)
	}
}
