package e2e

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp/kb"
)

// dotsState is what a player can see of a Dots and Boxes table.
type dotsState struct {
	MyTurn bool     `json:"myTurn"`
	Over   bool     `json:"over"`
	Free   []string `json:"free"`
	Drawn  int      `json:"drawn"`
	Status string   `json:"status"`
}

const dotsStateJS = `(() => ({
	myTurn: !!document.querySelector("#status.my-turn"),
	over: !!document.querySelector("#result:not([hidden])"),
	free: [...document.querySelectorAll("g.slot")].filter(g => g.querySelector(".ln.free")).map(g => g.dataset.line),
	drawn: document.querySelectorAll(".ln.drawn").length,
	status: document.querySelector("#status")?.textContent ?? "",
}))()`

func (p *page) dots() dotsState {
	p.t.Helper()
	return evalAs[dotsState](p, dotsStateJS)
}

// drawLine clicks a free line and waits until the board shows it drawn.
func (p *page) drawLine(line string) {
	p.t.Helper()
	before := p.dots().Drawn
	p.click(fmt.Sprintf(`g.slot[data-line=%q]`, line))
	p.waitFor("line "+line+" drawn", fmt.Sprintf(`document.querySelectorAll(".ln.drawn").length > %d`, before))
}

// playOutDots plays free lines whenever it is this page's turn, until the
// result shows. others are the other people at the table, if any.
func playOutDots(t *testing.T, me *page, others ...*page) {
	t.Helper()
	all := append([]*page{me}, others...)
	deadline := time.Now().Add(3 * wait)
	for time.Now().Before(deadline) {
		over := true
		for _, p := range all {
			if !p.dots().Over {
				over = false
			}
		}
		if over {
			return
		}
		moved := false
		for _, p := range all {
			s := p.dots()
			if s.MyTurn && !s.Over && len(s.Free) > 0 {
				p.drawLine(s.Free[0])
				moved = true
			}
		}
		if !moved {
			time.Sleep(50 * time.Millisecond)
		}
	}
	for _, p := range all {
		p.fail("the game did not finish")
	}
}

func TestOnlineDotsWithLobbyChat(t *testing.T) {
	ann := newPage(t, "ann", 1280, 860)
	bob := newPage(t, "bob", 1280, 860)
	annName, bobName := uniqueName("Ann"), uniqueName("Bob")
	ann.guest(annName)
	bob.guest(bobName)
	ann.snap("lobby")

	// Each sees the other online, then they chat.
	ann.waitFor("Bob online", fmt.Sprintf(`[...document.querySelectorAll(".people .person")].some(a => a.textContent === %q)`, bobName))
	ann.typeInto(".chat-input", "Fancy a game of dots?")
	ann.click(".chat-form button")
	bob.waitFor("Ann's message", `[...document.querySelectorAll(".chat-log li")].some(li => li.textContent.includes("Fancy a game of dots?"))`)
	bob.typeInto(".chat-input", "Sure, open a table")
	bob.click(".chat-form button")
	ann.waitFor("Bob's answer", `[...document.querySelectorAll(".chat-log li")].some(li => li.textContent.includes("Sure, open a table"))`)
	bob.snap("lobby-chat")

	for _, p := range []*page{ann, bob} {
		p.goTo("/profile/" + p.whoami())
		p.waitFor("profile", `document.querySelector(".stats-table") !== null`)
		if got := p.text(".stats-table tbody"); !strings.Contains(got, "No finished games") {
			t.Fatalf("%s has a record before playing: %q", p.name, got)
		}
	}
	ann.snap("profile-before")
	ann.goTo("/")
	bob.goTo("/")

	id := ann.createTable("dots", "online", 4, "")
	ann.waitVisible("#invite-link")
	ann.snap("table-waiting")
	bob.waitFor("the new table in the lobby", fmt.Sprintf(`document.querySelector('button[data-table=%q]') !== null`, id))
	bob.click(fmt.Sprintf(`button[data-table=%q]`, id))
	bob.waitFor("Bob at the table", `location.pathname.startsWith("/t/")`)
	ann.click("#start-game")
	for _, p := range []*page{ann, bob} {
		p.waitFor("the board", `document.querySelectorAll("g.slot").length === 24`)
		p.waitFor("a status line naming whose turn it is", `/turn|Waiting/.test(document.querySelector("#status").textContent)`)
	}
	ann.snap("online-start")
	playOutDots(t, ann, bob)
	ann.snap("online-result")
	bob.snap("online-result")
	oneWinner(t, ann, bob)
	if !strings.Contains(ann.text("#status"), "Game over") {
		t.Fatalf("status after the end: %q", ann.text("#status"))
	}

	// Ann asks for a rematch; Bob is offered it, accepts, and both go to
	// the new table (protocol v8: nobody is seated before accepting).
	ann.click("#rematch")
	bob.waitFor("Ann's offer", offerShown(id))
	bob.click(".rematch-offer .rematch-accept")
	ann.waitFor("the rematch table", fmt.Sprintf(`location.pathname !== "/t/%s" && document.querySelectorAll("g.slot").length === 24`, id))
	bob.waitFor("Bob at the rematch", fmt.Sprintf(`location.pathname !== "/t/%s" && document.querySelectorAll("g.slot").length === 24`, id))
	if a, b := evalAs[string](ann, `location.pathname`), evalAs[string](bob, `location.pathname`); a != b {
		t.Fatalf("Ann is at %s and Bob at %s after the rematch", a, b)
	}
	bob.snap("rematch")

	for _, p := range []*page{ann, bob} {
		p.goTo("/profile/" + p.whoami())
		p.waitFor("a Dots and Boxes record", `document.querySelector('.stats-table tr[data-game="dots"]') !== null`)
		row := p.text(`.stats-table tr[data-game="dots"]`)
		if !strings.HasPrefix(row, "Dots and Boxes1") {
			t.Fatalf("%s's record after one game: %q, want 1 played", p.name, row)
		}
	}
	bob.snap("profile-after")
}

// oneWinner checks that the result screens of a 4x4-dot game (9 boxes,
// so no draw) name exactly one of the players the winner.
func oneWinner(t *testing.T, pages ...*page) {
	t.Helper()
	var results []string
	won := 0
	for _, p := range pages {
		r := p.text("#result h2")
		results = append(results, r)
		if strings.Contains(r, "You won") {
			won++
		}
	}
	if won != 1 {
		t.Fatalf("with 9 boxes exactly one player wins; results say %q", results)
	}
}

func (p *page) whoami() string {
	p.t.Helper()
	return evalAs[string](p, `document.querySelector(".who-name").firstChild.textContent`)
}

func TestHotSeatDotsRefusesDrawnLine(t *testing.T) {
	p := newPage(t, "solo", 1280, 860)
	p.guest(uniqueName("Hot"))
	p.createTable("dots", "hotseat", 4, "")
	p.waitFor("the board", `document.querySelectorAll("g.slot").length === 24`)
	p.waitFor("Player 1 to move", `/Player 1.*your turn/.test(document.querySelector("#status").textContent)`)

	p.drawLine("a1-b1")
	p.waitFor("Player 2 to move", `/Player 2.*your turn/.test(document.querySelector("#status").textContent)`)
	p.click(`g.slot[data-line="a1-b1"]`)
	p.waitFor("the server's refusal", `document.querySelector("#note").textContent.includes("already drawn")`)
	if s := p.text("#status"); !strings.Contains(s, "Player 2") {
		t.Fatalf("after a refused move the turn should stay with Player 2; status %q", s)
	}
	p.snap("already-drawn")

	// Two dots in turn: far apart is refused by the server with its reason.
	p.click(`circle[data-dot="a2"]`)
	p.click(`circle[data-dot="c2"]`)
	p.waitFor("the too-far refusal", `document.querySelector("#note").textContent.includes("too far")`)
	p.click(`circle[data-dot="a2"]`)
	p.click(`circle[data-dot="b3"]`)
	p.waitFor("the diagonal refusal", `document.querySelector("#note").textContent.includes("diagonal")`)
	p.snap("diagonal")

	// The keyboard alone: focus the board's line, move right, draw.
	_ = evalAs[bool](p, `(document.querySelector('g.slot[tabindex="0"]').focus(), true)`)
	p.do("arrow right and Enter", keys(kb.ArrowRight), keys(kb.Enter))
	p.waitFor("a second line drawn from the keyboard", `document.querySelectorAll(".ln.drawn").length === 2`)
	if s := p.text("#status"); !strings.Contains(s, "Player 1") {
		t.Fatalf("after Player 2's line it is Player 1's turn; status %q", s)
	}

	// Help opens beside the board (7.3.1.5), play goes on while it is
	// open (7.3.1.6), and it has a control that closes it (7.3.1.7).
	p.click("#help")
	p.waitVisible(".rules-panel")
	p.snap("help-open")
	s := p.dots()
	p.drawLine(s.Free[len(s.Free)-1])
	p.click(".rules-panel .close")
	p.waitFor("help closed", `document.querySelector(".rules-panel") === null`)

	// 7.3.1.8: Restart at any time during play, once confirmed, starts a
	// new game of the same size on an empty board, and Player 1 moves
	// first again (rules decision).
	before := evalAs[string](p, `location.pathname`)
	p.click("#restart")
	p.waitFor("a new game", fmt.Sprintf(`location.pathname !== %q && document.querySelectorAll("g.slot").length === 24 && document.querySelectorAll(".ln.drawn").length === 0`, before))
	p.waitFor("Player 1 to move in the new game", `/Player 1.*your turn/.test(document.querySelector("#status").textContent)`)
	p.snap("restarted")

	// 7.1.2.1: Quit, at any time during play, takes the board off the
	// screen and goes back to the lobby.
	p.click("#quit")
	p.waitFor("the lobby, with no board", `location.pathname === "/" && document.querySelector(".games-panel") !== null && document.querySelector("g.slot") === null`)
}

func TestDotsAgainstEasyBot(t *testing.T) {
	p := newPage(t, "solo", 1280, 860)
	p.guest(uniqueName("Bot"))
	id := p.createTableWithClock("dots", "bot", 4, "easy", "m60")
	p.waitFor("the board", `document.querySelectorAll("g.slot").length === 24`)
	// The clock is added to the game's default policy, not instead of it:
	// a player who leaves still has a minute to come back, then forfeits.
	var tbl struct {
		Table struct {
			Policy map[string]any `json:"policy"`
		} `json:"table"`
	}
	if err := getJSON("/api/tables/"+id, &tbl); err != nil {
		t.Fatal(err)
	}
	if pol := tbl.Table.Policy; pol["moveClock"] != float64(60) || pol["grace"] != float64(60) || pol["onGone"] != "forfeit" {
		t.Fatalf("the table's policy %v: want a 60 s move clock and the default grace and forfeit", pol)
	}
	p.waitFor("my move clock running", `/^[01]:\d\d$/.test(document.querySelector(".seat-0 .clock")?.lastChild?.textContent ?? "")`)
	p.snap("start")
	playOutDots(t, p)
	p.snap("result")
	r := p.text("#result h2")
	if !strings.Contains(r, "won") && !strings.Contains(r, "You won") {
		t.Fatalf("result: %q", r)
	}
	if got := evalAs[int](p, `document.querySelectorAll(".box").length`); got != 9 {
		t.Fatalf("%d boxes owned at the end, want 9", got)
	}
	keptBoardIsServers(p)
}

// TestReconnectAfterServerRestart restarts the server mid-game: the page
// says it lost the connection, reconnects by itself, resumes the table
// from the last move it saw, and play goes on.
func TestReconnectAfterServerRestart(t *testing.T) {
	if restartServer == nil {
		t.Skip("the suite is using a server it did not start (PARLOR_E2E_URL)")
	}
	p := newPage(t, "solo", 1280, 860)
	p.guest(uniqueName("Re"))
	p.createTable("dots", "hotseat", 4, "")
	p.waitFor("the board", `document.querySelectorAll("g.slot").length === 24`)
	p.drawLine("a1-b1")
	p.drawLine("a2-b2")
	if err := restartServer(); err != nil {
		t.Fatal(err)
	}
	p.waitFor("reconnected", `document.querySelector(".banner") === null && /Player 1.*your turn/.test(document.querySelector("#status").textContent)`)
	p.drawLine("a3-b3")
	p.waitFor("three moves in the log", `document.querySelectorAll(".move-log li").length === 3`)
	if got := p.dots().Drawn; got != 3 {
		t.Fatalf("%d lines on the board after the restart and one more move, want 3", got)
	}
	p.snap("after-restart")
}
