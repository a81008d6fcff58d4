package tui

import (
	"slices"
	"testing"

	"github.com/parlor-games/parlor/client"
)

// A paused table reads "paused" in the lobby; any other, its status.
func TestTableStatusShowsAPause(t *testing.T) {
	if got := tableStatus(client.Table{Status: client.StatusPlaying, Paused: true}); got != "paused" {
		t.Errorf("a paused table reads %q", got)
	}
	if got := tableStatus(client.Table{Status: client.StatusPlaying}); got != "playing" {
		t.Errorf("a table in play reads %q", got)
	}
}

// The new-table form offers a bot for a gone player only in a game with
// bots, and goes round the waits from the game's default.
func TestCreateFormLeavingChoices(t *testing.T) {
	games := []client.Game{
		{Name: "dots", Title: "Dots and Boxes", Bots: []string{"easy", "hard"}, Policy: client.Policy{Grace: 60, OnGone: client.Forfeit}},
		{Name: "nobots", Title: "No bots", Policy: client.Policy{Grace: 60, OnGone: client.End}},
	}
	f := newCreateForm(games, "Ann")
	if f.policy.OnGone != client.Forfeit || f.policy.Grace != 60 {
		t.Fatalf("the form starts from %+v, not the game's default", f.policy)
	}
	f.changeLeave("leave:wait", +1)
	if f.policy.Grace != 120 {
		t.Errorf("one wait up from 1 min is %v s", f.policy.Grace)
	}
	f.change("game", +1)
	if f.policy.OnGone != client.End || f.policy.Grace != 60 {
		t.Errorf("another game keeps %+v, not its own default", f.policy)
	}
	var seen []client.Action
	for range 4 {
		f.changeLeave("leave:then", +1)
		seen = append(seen, f.policy.OnGone)
	}
	if slices.Contains(seen, client.BotTakes) {
		t.Errorf("a game without bots offers a bot: %v", seen)
	}
}
