package e2e

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"

	_ "github.com/ncruces/go-sqlite3/driver"

	"github.com/chromedp/chromedp"
	"github.com/parlor-games/parlor/game"
	"github.com/parlor-games/parlor/games"
)

type bsState struct {
	MyTurn  bool     `json:"myTurn"`
	Over    bool     `json:"over"`
	Unfired []string `json:"unfired"`
	Shots   int      `json:"shots"`
	Placing bool     `json:"placing"`
}

const bsStateJS = `(() => ({
	myTurn: !!document.querySelector("#status.my-turn") && !!document.querySelector("#target.armed"),
	over: !!document.querySelector("#result:not([hidden])"),
	unfired: [...document.querySelectorAll("#target .cell")].filter(c => !c.classList.contains("hit") && !c.classList.contains("miss")).map(c => c.dataset.sq),
	shots: document.querySelectorAll("#target .cell.hit, #target .cell.miss").length,
	placing: !!document.querySelector(".bs.placing"),
}))()`

func (p *page) bs() bsState {
	p.t.Helper()
	return evalAs[bsState](p, bsStateJS)
}

// fire clicks a target square on this player's turn and waits for the
// answer to show on the grid.
func (p *page) fire(sq string) {
	p.t.Helper()
	p.waitFor("my turn to fire", `!!document.querySelector("#status.my-turn") && !!document.querySelector("#target.armed") || !!document.querySelector("#result:not([hidden])")`)
	if p.bs().Over {
		return
	}
	before := p.bs().Shots
	p.click(fmt.Sprintf(`#target .cell[data-sq=%q]`, sq))
	p.waitFor("the answer to the shot at "+sq, fmt.Sprintf(`document.querySelectorAll("#target .cell.hit, #target .cell.miss").length > %d`, before))
}

func TestBattleshipTutorial(t *testing.T) {
	p := newPage(t, "cadet", 1280, 900)
	p.register(uniqueName("Cadet"))
	p.goTo("/battleship")
	p.waitVisible("#bs-tutorial")
	p.snap("menu")
	// The lobby's "Tutorial" starts the tutorial, where it opened the menu
	// (issue #32, point 10).
	p.goTo("/")
	p.click(`a[aria-label="Tutorial: Battleship"]`)
	p.waitVisible("#tutorial")
	p.snap("tutorial-welcome")
	p.click("#tutorial-next")
	p.waitFor("the placement step", `document.querySelector("#tutorial h2").textContent.includes("Place")`)
	p.waitVisible("#random-fleet")
	p.click("#random-fleet")
	p.snap("tutorial-placed")
	p.click("#start-battle")
	p.waitFor("the firing step", `document.querySelector("#tutorial h2").textContent.includes("Fire")`)
	p.snap("tutorial-fire")
	// The tutorial is practice: the expert's aid may be switched on there.
	p.waitVisible("#bs-aid")
	p.click("#bs-aid")
	p.waitFor("the expert's map", `!!document.querySelector("#target .cell[data-expert]") && document.querySelectorAll("#target .cell[data-heat]").length > 50`)
	p.snap("tutorial-aid")
	for i := 0; i < 20; i++ {
		if evalAs[bool](p, `document.querySelector("#tutorial-badge") !== null`) {
			break
		}
		s := p.bs()
		p.fire(s.Unfired[(i*37)%len(s.Unfired)])
		if i == 0 {
			p.waitFor("the enemy's answer step", `/answers|Hunt/.test(document.querySelector("#tutorial h2").textContent)`)
			p.snap("tutorial-answer")
		}
	}
	p.waitFor("the tutorial badge", `document.querySelector("#tutorial-badge")?.textContent.includes("Complete tutorial")`)
	p.snap("tutorial-complete")
	p.goTo("/battleship")
	p.click("#bs-achievements")
	p.waitFor("the achievement listed as earned", `[...document.querySelectorAll(".achievements li.earned")].some(li => li.textContent.includes("Complete tutorial"))`)
	p.snap("achievements")
}

// botFleet reads the bot's fleet the way only a test may: it opens the
// server's database read-only and replays the match log. The store writes
// recent moves to a journal first and folds them into match_moves once the
// server has been idle for a moment, so it retries until the bot's
// placement has been folded.
func botFleet(t *testing.T, matchID string, botSeat int) []string {
	t.Helper()
	deadline := time.Now().Add(wait)
	for {
		squares, err := readBotFleet(matchID, botSeat)
		if err == nil && len(squares) == 17 {
			return squares
		}
		if time.Now().After(deadline) {
			t.Fatalf("reading the bot's fleet: %d squares, err %v", len(squares), err)
		}
		time.Sleep(100 * time.Millisecond)
	}
}

func readBotFleet(matchID string, botSeat int) ([]string, error) {
	files, _ := filepath.Glob(filepath.Join(dataDir, "*.db"))
	if len(files) == 0 {
		return nil, fmt.Errorf("no database file in the server's data directory")
	}
	db, err := sql.Open("sqlite3", "file:"+files[0]+"?mode=ro")
	if err != nil {
		return nil, err
	}
	defer db.Close()
	ctx, cancel := context.WithTimeout(context.Background(), wait)
	defer cancel()
	var l game.Log
	var opts string
	var seed int64 // SQLite integers are signed; the store keeps the seed's bits
	if err := db.QueryRowContext(ctx, `SELECT game, options, seed FROM matches WHERE id = ?`, matchID).Scan(&l.Game, &opts, &seed); err != nil {
		return nil, fmt.Errorf("reading match %s: %v", matchID, err)
	}
	l.Seed = uint64(seed)
	l.Options = json.RawMessage(opts)
	rows, err := db.QueryContext(ctx, `SELECT seat, move FROM match_moves WHERE match_id = ? AND move IS NOT NULL ORDER BY idx`, matchID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	for rows.Next() {
		var e game.Entry
		var mv string
		if err := rows.Scan(&e.Seat, &mv); err != nil {
			return nil, err
		}
		e.Move = json.RawMessage(mv)
		l.Moves = append(l.Moves, e)
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	st, err := games.Registry().Replay(l)
	if err != nil {
		return nil, fmt.Errorf("replaying the match: %v", err)
	}
	b, _ := json.Marshal(st.View(game.Seat(botSeat)))
	var v struct {
		Fleets [2][]struct {
			Ship     string
			Row, Col int
			Dir      string
		} `json:"fleets"`
	}
	if err := json.Unmarshal(b, &v); err != nil {
		return nil, err
	}
	lens := map[string]int{"carrier": 5, "battleship": 4, "cruiser": 3, "submarine": 3, "destroyer": 2}
	var squares []string
	for _, p := range v.Fleets[botSeat] {
		for i := 0; i < lens[p.Ship]; i++ {
			r, c := p.Row, p.Col
			if p.Dir == "h" {
				c += i
			} else {
				r += i
			}
			squares = append(squares, fmt.Sprintf("%c%d", 'A'+c, r+1))
		}
	}
	return squares, nil
}

func TestBattleshipPlacementAndWin(t *testing.T) {
	p := newPage(t, "admiral", 1280, 900)
	p.register(uniqueName("Adm"))
	p.goTo("/battleship")
	p.click("#bs-new")
	p.choose("#bs-level", "easy")
	p.click("#bs-start")
	p.waitFor("placement", `!!document.querySelector(".bs.placing")`)
	p.snap("placement")

	// The carrier goes across from A1.
	p.click(`#ocean .cell[data-sq="A1"]`)
	p.waitFor("the carrier placed", `document.querySelector('.ship-btn[data-ship="carrier"]').classList.contains("done")`)
	// The battleship is next; on top of the carrier it is refused.
	p.click(`#ocean .cell[data-sq="C1"]`)
	p.waitFor("the overlap refused", `document.querySelector("#note").textContent.includes("overlap")`)
	if evalAs[bool](p, `document.querySelector('.ship-btn[data-ship="battleship"]').classList.contains("done")`) {
		t.Fatal("a battleship overlapping the carrier was placed")
	}
	// Off the grid is refused too, and shown in red while pointing at it.
	p.click(`#ocean .cell[data-sq="H5"]`)
	p.waitFor("off-grid refused", `document.querySelector("#note").textContent.includes("does not fit")`)
	p.waitFor("the bad position marked", `document.querySelectorAll("#ocean .cell.preview-bad").length > 0`)
	p.snap("invalid-position")
	// R turns the ship; down from A3 fits.
	p.do("press R", chromedp.KeyEvent("r"))
	p.waitFor("rotated", `document.querySelector("#rotate").textContent.includes("down")`)
	p.click(`#ocean .cell[data-sq="A3"]`)
	p.waitFor("the battleship placed down", `document.querySelector('.ship-btn[data-ship="battleship"]').classList.contains("done") && document.querySelector('#ocean .cell[data-sq="A6"]').classList.contains("ship-battleship")`)

	// Random placement fills (and may move) the whole fleet.
	p.click("#random-fleet")
	p.waitFor("a full fleet", `document.querySelectorAll("#ocean .cell.ship").length === 17 && !document.querySelector("#start-battle").disabled`)
	p.snap("random-fleet")
	p.click("#start-battle")
	p.waitFor("the battle", `document.querySelector(".bs").classList.contains("placing") === false && !!document.querySelector("#target.armed")`)
	p.snap("battle")

	matchID := evalAs[string](p, `document.querySelector(".table-screen").dataset.match`)
	targets := botFleet(t, matchID, 1)
	for i, sq := range targets {
		if p.bs().Over {
			break
		}
		p.fire(sq)
		if i == 3 {
			p.snap("battle-hits")
		}
		// The bot answers every shot on the ocean grid.
		if !p.bs().Over {
			p.waitFor("the bot's shot on my grid", fmt.Sprintf(`document.querySelectorAll("#ocean .cell.hit, #ocean .cell.miss").length >= %d`, i+1))
		}
	}
	p.waitFor("the result", `!!document.querySelector("#result:not([hidden])")`)
	if r := p.text("#result h2"); !strings.Contains(r, "You won") {
		t.Fatalf("result %q, want a win", r)
	}
	// The notice reads as the spec words it (issue #32, point 18).
	p.waitFor("the Rookie achievement", `[...document.querySelectorAll(".toast-achievement")].some(t => t.textContent.includes("You've unlocked: Rookie"))`)
	if got := p.text("#stat-foe .stat-value"); got != "0 / 5" {
		t.Fatalf("enemy ships afloat at the end: %q", got)
	}
	keptBoardIsServers(p)
	p.snap("won")
}
