package e2e

import (
	"bytes"
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// startClockServer runs a server of the test's own whose clocks stand
// still until the test moves them (parlor serve -test-clock), so that a
// game played over days takes seconds; advance moves them on.
func startClockServer(t *testing.T) (base string, advance func(d string)) {
	t.Helper()
	base, _ = startOwnServer(t, "-test-clock", "-test-clock", "-bot-ms", "60")
	return base, func(d string) {
		t.Helper()
		res, err := http.Post(base+"/api/test/clock", "application/json", bytes.NewReader([]byte(`{"advance":"`+d+`"}`)))
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		if res.StatusCode != 200 {
			t.Fatalf("moving the clock on by %s: %s", d, res.Status)
		}
	}
}

// myTurnIn waits until the page's list of games (refreshed by going to
// the lobby) counts n games waiting on the player, in the list, in the
// page's title and on the tab's icon.
func (p *page) myGamesWaiting(n int) {
	p.t.Helper()
	p.goTo("/")
	if n == 0 {
		p.waitFor("no game waiting", `!document.title.startsWith("(") && document.querySelector("#my-games-next")?.hidden !== false &&
			!decodeURIComponent(document.querySelector('link[rel="icon"]').href).includes("</text>")`)
		return
	}
	p.waitFor(fmt.Sprintf("%d games waiting", n), fmt.Sprintf(`document.title.startsWith("(%d) ") && document.querySelectorAll(".mine-panel li.my-turn").length === %d`, n, n))
	// The tab's icon counts them too: a badge with the number.
	p.waitFor(fmt.Sprintf("the icon's badge of %d", n), fmt.Sprintf(`(() => {
		const l = document.querySelector('link[rel="icon"]');
		return l.dataset.count === "%d" && decodeURIComponent(l.href).includes(">%d</text>");
	})()`, n, n))
}

// TestCorrespondenceDotsAcrossDays: Ann and Bob, each in a browser of
// their own, play Dots and Boxes with two days a move on a server whose
// clock the test moves by days. The lobby tells the table's kind; the
// seat's clock shows the deadline as a date and a countdown; each finds
// the game waiting on them first in "My games", counted in the title,
// and gets to it with one click; Ann's vacation keeps her move past its
// two days; when Bob lets his two days run out he loses on time.
func TestCorrespondenceDotsAcrossDays(t *testing.T) {
	base, advance := startClockServer(t)
	ann := newPage(t, "ann", 1280, 800)
	bob := newPage(t, "bob", 1280, 800)
	ann.base, bob.base = base, base
	ann.guest(uniqueName("Ann"))
	bob.guest(uniqueName("Bob"))

	id := ann.createTableWithClock("dots", "online", 4, "", "m172800")
	bob.waitFor("the table to join", fmt.Sprintf(`document.querySelector('button[data-table=%q]') !== null`, id))
	if k := bob.text(fmt.Sprintf(`li[data-table=%q] .kind-correspondence`, id)); k != "correspondence · 2 days a move" {
		t.Fatalf("the lobby says the table is %q", k)
	}
	bob.snap("lobby-correspondence-table")
	bob.click(fmt.Sprintf(`button[data-table=%q]`, id))
	// Bob's page has the table before it starts, so that the start
	// reaches it as a change.
	bob.waitFor("Bob at the table", `location.pathname.startsWith("/t/") && /Everyone is seated/.test(document.querySelector("#status")?.textContent ?? "")`)
	ann.click("#start-game")
	for _, p := range []*page{ann, bob} {
		p.waitFor("the board", `document.querySelectorAll("g.slot").length === 24`)
	}
	ann.waitFor("Ann's move", `!!document.querySelector("#status.my-turn")`)
	ann.waitFor("the deadline as a date and a countdown", `/^due .+ · (2 d 0 h|1 d 23 h) left$/.test(document.querySelector(".seat-0 .clock-due")?.textContent ?? "")`)
	ann.snap("table-deadline")
	for _, size := range [][2]int64{{800, 600}, {390, 844}} {
		ann.do("resize", chromedp.EmulateViewport(size[0], size[1]))
		ann.snap(fmt.Sprintf("table-deadline-%dx%d", size[0], size[1]))
	}
	ann.do("resize", chromedp.EmulateViewport(1280, 800))
	ann.drawLine(ann.dots().Free[0])

	// A day later Bob, in the lobby, finds the game waiting on him.
	advance("24h")
	bob.myGamesWaiting(1)
	if got := bob.text(".mine-panel li.my-turn .wait-line"); !strings.HasPrefix(got, "Your move · for 1 d 0 h · due ") || !strings.HasSuffix(got, " left") {
		t.Fatalf("Bob's game in his list: %q", got)
	}
	bob.snap("my-games")
	for _, size := range [][2]int64{{800, 600}, {390, 844}} {
		bob.do("resize", chromedp.EmulateViewport(size[0], size[1]))
		bob.snap(fmt.Sprintf("my-games-%dx%d", size[0], size[1]))
	}
	bob.do("resize", chromedp.EmulateViewport(1280, 800))
	bob.click("#my-games-next")
	bob.waitFor("Bob back at the table on his move", fmt.Sprintf(`location.pathname === "/t/%s" && !!document.querySelector("#status.my-turn")`, id))
	// At the table the title says it is his move; no other game waits.
	bob.waitFor("the title at the table", `document.title.startsWith("Your move · ")`)
	bob.drawLine(bob.dots().Free[0])
	bob.myGamesWaiting(0)
	if n := bob.unloadAsked.Load(); n != 0 {
		t.Errorf("leaving a correspondence game asked %d times: nothing happens to the seat", n)
	}

	// Ann is away; on her second day she takes a three-day vacation.
	advance("36h")
	ann.myGamesWaiting(1)
	ann.choose("#vacation-days", "3")
	ann.click("#vacation-take")
	ann.waitVisible("#vacation-end")
	ann.snap("vacation")
	// Two days on, past her two days a move, the game still waits on her.
	advance("48h")
	ann.myGamesWaiting(1)
	ann.click("#vacation-end")
	ann.waitVisible("#vacation-take")
	ann.click("#my-games-next")
	ann.waitFor("Ann at the table on her move", fmt.Sprintf(`location.pathname === "/t/%s" && !!document.querySelector("#status.my-turn")`, id))
	ann.drawLine(ann.dots().Free[0])

	// Bob lets his two days run out, and loses on time.
	bob.goTo("/t/" + id)
	bob.waitFor("Bob's move", `!!document.querySelector("#status.my-turn")`)
	advance("48h")
	for _, p := range []*page{ann, bob} {
		p.waitFor("the end on time", `!!document.querySelector("#result:not([hidden])") && /ran out of time/.test(document.querySelector(".table-screen")?.textContent ?? "")`)
	}
	ann.snap("won-on-time")
	bob.snap("lost-on-time")
	ann.myGamesWaiting(0)
}
