package e2e

import (
	"fmt"
	"strings"
	"testing"
)

// A player finds a finished game on their profile, on a phone: the
// "Recent games" table names the game, the opponent, the result and when,
// fits the screen, and its Replay link opens the match's replay. A game
// still being played is not listed; one played at one screen names its
// seats and the winner among them.
func TestRecentGamesOnProfile(t *testing.T) {
	p := newPage(t, "recent", 390, 844)
	p.guest(uniqueName("Ann"))

	p.createTable("dots", "bot", 3, "easy")
	p.waitFor("the board", `document.querySelectorAll("g.slot").length === 12`)
	playOutDots(t, p)
	match := evalAs[string](p, `document.querySelector('#result a[href^="/replay/"]').getAttribute("href").slice(8)`)
	result := p.text("#result h2")

	// A second game, left after the first move: not over, so not listed.
	p.goTo("/")
	p.createTable("dots", "bot", 3, "easy")
	p.waitFor("the board", `document.querySelectorAll("g.slot").length === 12`)

	p.goTo("/profile/" + p.whoami())
	p.waitFor("the recent games", `document.querySelector(".recent-table tbody tr") !== null`)
	rows := evalAs[[]string](p, `[...document.querySelectorAll(".recent-table tbody tr")].map(tr => tr.dataset.match ?? "")`)
	if len(rows) != 1 || rows[0] != match {
		t.Fatalf("recent games list matches %q, want the finished %s alone", rows, match)
	}
	row := fmt.Sprintf(`.recent-table tr[data-match=%q]`, match)
	cells := evalAs[[]string](p, `[...document.querySelector('`+row+`').children].map(c => c.textContent)`)
	want := "Lost"
	switch {
	case strings.Contains(result, "You won"):
		want = "Won"
	case strings.Contains(result, "draw") || strings.Contains(result, "tie") || strings.Contains(result, "Tie"):
		want = "Tied"
	}
	if len(cells) != 5 || !strings.HasPrefix(cells[0], "Dots and Boxes") || cells[1] != "Crayon (easy)" || !strings.HasPrefix(cells[2], want) ||
		!strings.Contains(cells[2], "All boxes taken") || cells[3] == "" || cells[4] != "Replay" {
		t.Fatalf("the row of the finished game: %q (the result screen said %q)", cells, result)
	}
	if !evalAs[bool](p, `document.documentElement.scrollWidth <= innerWidth`) {
		p.fail("the profile is %d px wide on a %d px screen", evalAs[int](p, `document.documentElement.scrollWidth`), evalAs[int](p, `innerWidth`))
	}
	p.checkAxe("the profile with recent games")
	p.snap("profile-recent")

	p.click(row + ` a[href^="/replay/"]`)
	p.waitFor("the replay", fmt.Sprintf(`location.pathname === "/replay/%s" && document.querySelector("#replay-caption")?.textContent.length > 0`, match))

	// A game played at one screen names its seats and the winning one:
	// the player neither won nor lost it.
	p.goTo("/")
	p.createTable("dots", "hotseat", 3, "")
	p.waitFor("the board", `document.querySelectorAll("g.slot").length === 12`)
	playOutDots(t, p)
	p.goTo("/profile/" + p.whoami())
	p.waitFor("two recent games", `document.querySelectorAll(".recent-table tbody tr").length === 2`)
	first := evalAs[[]string](p, `[...document.querySelector(".recent-table tbody tr").children].map(c => c.textContent)`)
	if first[1] != "Player 1, Player 2at one screen" || !(strings.HasSuffix(strings.Split(first[2], "All")[0], " won") || strings.HasPrefix(first[2], "Tied")) {
		t.Fatalf("the row of the game at one screen: %q", first)
	}
}
