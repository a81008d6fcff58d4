package tui

import (
	"encoding/json"
	"fmt"
	"sort"
	"strings"
	"testing"

	"github.com/parlor-games/parlor/game"
	"github.com/parlor-games/parlor/game/gametest"
	"github.com/parlor-games/parlor/games/warfare"
)

// TestWarfareBoardLightsWhatTheRulesAllow: on positions from bot games,
// the hexes the terminal lights for every piece of the seat to move are
// exactly the game's own LegalFor for that piece, so the client never
// offers a move the server would refuse nor hides one it would take.
func TestWarfareBoardLightsWhatTheRulesAllow(t *testing.T) {
	for _, seed := range []uint64{3, 11} {
		st, err := warfare.Definition.New(json.RawMessage(`{"players":2}`), game.NewRand(seed))
		if err != nil {
			t.Fatal(err)
		}
		bots := make([]game.Bot, 2)
		for i := range bots {
			bots[i], _ = warfare.Definition.NewBot("easy", game.NewRand(seed+uint64(i)))
		}
		// Some turns of play, to reach a position with villagers about.
		for i := 0; i < 60 && st.Outcome() == nil; i++ {
			seat := st.Turn()[0]
			gametest.BotPlays(t, bots[seat], st, seat)
		}
		seat := st.Turn()[0]
		view, _ := json.Marshal(st.View(seat))
		b := newWarfare(nil, newStyles(true)).(*warBoard)
		if err := b.set(view, int(seat), true); err != nil {
			t.Fatal(err)
		}
		ws := st.(interface {
			LegalFor(game.Seat, string) ([]game.Move, error)
		})
		checked := 0
		for _, h := range b.v.Hexes {
			if h.Owner != int(seat) || h.Thing == "" || h.Thing == "tree" || h.Thing == "tombstone" || h.Thing == "tower" {
				continue
			}
			b.x, b.y = h.X, h.Y
			b.clearSelection()
			b.selectAt()
			got := map[string]bool{}
			for _, m := range b.targets {
				got[m.String()] = true
			}
			for _, m := range b.actions {
				got[m.String()] = true
			}
			q := "unit:"
			if h.Thing == "village" {
				q = "village:"
			}
			ms, err := ws.LegalFor(seat, fmt.Sprint(q, h.ID))
			if err != nil {
				t.Fatal(err)
			}
			want := map[string]bool{}
			for _, m := range ms {
				want[m.String()] = true
			}
			if fmt.Sprint(sortedKeys(got)) != fmt.Sprint(sortedKeys(want)) {
				t.Fatalf("seed %d, hex %d (%s): the board offers %v, the rules %v", seed, h.ID, h.Thing, sortedKeys(got), sortedKeys(want))
			}
			checked++
		}
		if checked == 0 {
			t.Fatalf("seed %d: no piece to check", seed)
		}
		out := plain(b.render(80))
		if !strings.Contains(out, "Your villages") || !strings.Contains(out, "Round ") {
			t.Fatalf("the board lacks its village list:\n%s", out)
		}
		for _, l := range strings.Split(out, "\n") {
			if len([]rune(l)) > 80 {
				t.Fatalf("a line wider than 80 columns: %q", l)
			}
		}
	}
}

func sortedKeys(m map[string]bool) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}
