package client

import (
	"testing"
	"time"
)

func TestLeavingWords(t *testing.T) {
	for _, c := range []struct {
		p    Policy
		want string
	}{
		{Policy{Grace: 120, OnGone: BotTakes}, "If a player leaves: waits 2 min, then a bot plays for them"},
		{Policy{Grace: 60, OnGone: End}, "If a player leaves: waits 1 min, then the game ends for everyone"},
		{Policy{Grace: 90, OnGone: Forfeit}, "If a player leaves: waits 1 min 30 s, then their seat forfeits"},
		{Policy{Grace: 3600, OnGone: Pause}, "If a player leaves: waits 1 h, then the game pauses until they return"},
		{Policy{}, "If a player leaves: the game waits for them"},
	} {
		if got := c.p.LeavingWords(); got != c.want {
			t.Errorf("%+v: %q, want %q", c.p, got, c.want)
		}
	}
}

func TestCountdown(t *testing.T) {
	now := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	until := now.Add(105 * time.Second)
	s := Seat{Kind: SeatHuman, Name: "Bob", GoneUntil: &until, Then: BotTakes}
	if got := s.Countdown(now); got != "Bob is away: a bot plays for them in 1:45" {
		t.Errorf("countdown %q", got)
	}
	s.Then = Pause
	if got := s.Countdown(now.Add(time.Hour)); got != "Bob is away: the game is paused until they return" {
		t.Errorf("after a pause %q", got)
	}
	s.Connected = true
	if got := s.Countdown(now); got != "" {
		t.Errorf("a player who is here: %q", got)
	}
}

// Alone with bots, leaving pauses the game whatever the table chose to do
// with a leaver among people (match/pause.go).
func TestLeaveWarning(t *testing.T) {
	mine := func(i int) bool { return i == 0 }
	t2 := Table{Policy: Policy{Grace: 60, OnGone: Forfeit}, Seats: []Seat{{Kind: SeatHuman, Connected: true}, {Kind: SeatHuman, Connected: true}}}
	if got := t2.LeaveWarning(mine); got != "If you leave, your seat waits 1 min for you; then your seat forfeits and the others win." {
		t.Errorf("between two people: %q", got)
	}
	t2.Seats[1] = Seat{Kind: SeatBot, Connected: true}
	if got := t2.LeaveWarning(mine); got != "If you leave, your seat waits 1 min for you; then the game pauses until you come back (it is closed after 7 days)." {
		t.Errorf("against a bot: %q", got)
	}
}

// At a table of one person against bots the policy reads as the pause it
// is (issue 21: games against bots only wait).
func TestTableLeavingWordsAgainstBots(t *testing.T) {
	tb := Table{Policy: Policy{Grace: 60, OnGone: Forfeit}, Seats: []Seat{{Kind: SeatHuman, Name: "Ann"}, {Kind: SeatBot}}}
	if got := tb.LeavingWords(); got != "If a player leaves: waits 1 min, then the game pauses until they return" {
		t.Errorf("against a bot: %q", got)
	}
	tb.Seats[1] = Seat{Kind: SeatOpen}
	if got := tb.LeavingWords(); got != "If a player leaves: waits 1 min, then their seat forfeits" {
		t.Errorf("with a seat open for someone: %q", got)
	}
}

// TestResignWarning: a resignation at two seats names the winner; at
// three or more it says the game ends for everyone and who shares the
// win.
func TestResignWarning(t *testing.T) {
	if got, want := ResignWarning(0, []string{"Ann", "Bob"}), "If you resign, you lose and Bob wins. This cannot be undone."; got != want {
		t.Errorf("two seats: %q, want %q", got, want)
	}
	got := ResignWarning(1, []string{"Ann", "Bob", "Bot easy", "Cy"})
	if want := "If you resign, the game ends for everyone: you lose and Ann, Bot easy and Cy share the win. This cannot be undone."; got != want {
		t.Errorf("four seats: %q, want %q", got, want)
	}
}
