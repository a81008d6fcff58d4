package tui

import (
	"strings"
	"testing"
	"time"

	"github.com/parlor-games/parlor/client"
)

// TestMyGamesInTheLobbyAndTheirList: at 80x24, a lobby with games in play
// says how many wait on the player, with the keys to them; g opens the
// next one waiting; l lists the games, the one waiting first with how
// long it waited and its deadline as a date and a countdown, and the
// vacation to take, which + makes longer (v takes it: the terminal test
// in cmd/parlor does).
func TestMyGamesInTheLobbyAndTheirList(t *testing.T) {
	m := busyLobby(80, 24)
	m.status = ""
	m.user = client.User{Name: "Ann"}
	now := time.Now()
	since, due := now.Add(-25*time.Hour), now.Add(23*time.Hour+30*time.Minute)
	otherSince := now.Add(-3 * time.Hour)
	m.mine.list = &client.MyGames{Now: now, Waiting: 1, Vacation: client.Vacation{Left: 3, PerYear: 3, MaxDays: 14},
		Games: []client.MyGame{
			{Table: "t1", Game: "dots", Kind: client.KindCorrespondence, Players: []string{"Bob", "Ann"}, Mine: []int{1}, MyTurn: true, Turn: []int{1}, Since: &since, Deadline: &due},
			{Table: "t2", Game: "dots", Kind: client.KindLive, Players: []string{"Ann", "Cy"}, Mine: []int{0}, Turn: []int{1}, Since: &otherSince},
		}}
	checkWhole(t, "lobby with games in play", m, nil, "My games: 1 game waits on you (2 in play) g next l list")

	m.Update(press("g"))
	if !strings.Contains(m.status, "open the table") {
		t.Fatalf("g in the lobby did not go to the game waiting: status %q", m.status)
	}
	m.status = ""

	m.Update(press("l"))
	if m.screen != screenMyGames {
		t.Fatalf("l shows screen %v, want the list of games", m.screen)
	}
	out := checkWhole(t, "my games", m, []string{"Enter open", "g next waiting", "q back"},
		"* Dots and Boxes with Bob: your move for 1 d 1 h, due "+due.Local().Format("Mon 2 Jan 15:04")+", 23 h 29 min left",
		"Dots and Boxes with Cy: waiting for Cy for 3 h 0 min",
		"Vacation: v stops your correspondence clocks for < 7 days > (+/- change); 3 of 3 left this year.")
	if strings.Index(out, "with Bob") > strings.Index(out, "with Cy") {
		t.Fatalf("the game waiting on Ann is not first:\n%s", out)
	}
	m.Update(press("+"))
	checkWhole(t, "my games, a longer vacation", m, nil, "< 10 days >")
	m.Update(press("q"))
	if m.screen != screenLobby {
		t.Fatalf("q from the list shows screen %v, want the lobby", m.screen)
	}
}
