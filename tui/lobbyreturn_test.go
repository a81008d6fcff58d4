package tui

import (
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/parlor-games/parlor/client"
)

// tablesPush is a lobby.tables push of tables, as the server sends it.
func tablesPush(t *testing.T, tables ...client.Table) pushMsg {
	t.Helper()
	raw, err := json.Marshal(map[string]any{"t": "lobby.tables", "tables": tables})
	if err != nil {
		t.Fatal(err)
	}
	return pushMsg{p: client.Push{T: "lobby.tables", Raw: raw}}
}

// TestLobbyLeadsBackToYourTable: Ann, back in the lobby after leaving a
// game in play, finds it first in a busy list and selected, with the
// wait of her seat counted down under it and Enter named for taking her
// back; a table of others selected says the table's policy and Enter
// joins; a paused table of hers says it waits for her. Whole at 80x24.
func TestLobbyLeadsBackToYourTable(t *testing.T) {
	m := busyLobby(80, 24)
	m.status = ""
	m.user = client.User{Name: "Ann"}
	m.lobby.sel = 0
	until := time.Now().Add(48 * time.Second)
	var tables []client.Table
	for i := range 6 {
		tables = append(tables, client.Table{ID: "o" + string(rune('a'+i)), Game: "dots", Status: client.StatusOpen,
			Seats: []client.Seat{human("Bob"), {Kind: client.SeatOpen}}, Policy: client.Policy{Grace: 60, OnGone: client.Forfeit}})
	}
	mine := client.Table{ID: "mine", Game: "dots", Status: client.StatusPlaying, Policy: client.Policy{Grace: 60, OnGone: client.Forfeit},
		Seats: []client.Seat{{Kind: client.SeatHuman, Name: "Ann", GoneUntil: &until, Then: client.Forfeit}, {Kind: client.SeatHuman, Name: "Cy", Connected: true}}}
	m.Update(tablesPush(t, append(tables, mine)...))
	if len(m.lobby.tables) != 7 || m.lobby.tables[0].ID != "mine" {
		t.Fatalf("Ann's table is not first in the lobby: %+v", m.lobby.tables)
	}
	out := checkWhole(t, "lobby with Ann's table", m, []string{"Enter return"}, "Your seat waits for you: it forfeits in 0:4")
	if !strings.Contains(out, "Enter takes you back to it.") {
		t.Fatalf("the line under Ann's table does not say Enter takes her back:\n%s", out)
	}
	if cmd := m.startTicking(); cmd == nil && !m.ticking {
		t.Fatal("the lobby does not redraw every second while Ann's seat counts down")
	}

	m.Update(press("down"))
	out = checkWhole(t, "lobby on Bob's table", m, []string{"Enter join"}, "If a player leaves: waits 1 min, then their seat forfeits")
	if strings.Contains(out, "Your seat waits") {
		t.Fatalf("the countdown of Ann's seat shows under another table:\n%s", out)
	}

	mine.Paused, mine.Seats[0].GoneUntil = true, nil
	m.Update(tablesPush(t, append(tables, mine)...))
	m.lobby.sel = 0
	checkWhole(t, "lobby with Ann's paused table", m, []string{"Enter return"}, "The game is paused until you return. Enter takes you back to it.")
}
