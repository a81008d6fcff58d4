package client_test

import (
	"context"
	"testing"
	"time"

	"github.com/parlor-games/parlor/client"
	"github.com/parlor-games/parlor/server/servertest"
)

// TestReplayThroughTheClient: a replay is refused while the match is
// played (409); once Ann resigns against the bot, Replay reads the game,
// the seats, the outcome and every step from the start position, each
// with every seat's view and the spectator's, the last one the
// resignation.
func TestReplayThroughTheClient(t *testing.T) {
	srv := servertest.Start(t)
	ctx, cancel := context.WithTimeout(context.Background(), wait)
	defer cancel()
	cl, ann := guest(t, srv, "Ann")
	tb, err := ann.CreateTable(ctx, client.CreateTable{Game: "dots", Options: map[string]int{"rows": 3, "cols": 3},
		Seats: []client.SeatRequest{{Kind: client.ChooseMe}, {Kind: client.ChooseBot, Level: "easy"}}})
	if err != nil {
		t.Fatal(err)
	}
	if tb.Status == client.StatusOpen {
		if tb, err = ann.Start(ctx, tb.ID); err != nil {
			t.Fatal(err)
		}
	}
	if tb.Match == "" {
		t.Fatalf("a table in play names no match: %+v", tb)
	}
	if _, err := cl.Replay(ctx, tb.Match); client.Code(err) == "" {
		t.Fatalf("the replay of a match in play: %v, want a refusal", err)
	}
	if _, err := ann.Resign(ctx, tb.ID, 0); err != nil {
		t.Fatal(err)
	}
	var r *client.Replay
	for deadline := time.Now().Add(wait); ; time.Sleep(50 * time.Millisecond) {
		if r, err = cl.Replay(ctx, tb.Match); err == nil || time.Now().After(deadline) {
			break
		}
	}
	if err != nil {
		t.Fatal(err)
	}
	if r.Game != "dots" || len(r.Seats) != 2 || r.Seats[0].Name != "Ann" || r.Seats[1].Kind != client.SeatBot || r.Seats[1].Level != "easy" {
		t.Fatalf("replay of %q, seats %+v", r.Game, r.Seats)
	}
	if r.Outcome == nil || len(r.Outcome.Winners) != 1 || r.Outcome.Winners[0] != 1 {
		t.Fatalf("outcome %+v, want the bot's win", r.Outcome)
	}
	if len(r.Steps) < 2 || r.Steps[0].Seat != -1 || r.Steps[0].Text != "" {
		t.Fatalf("steps %+v, want the start position then the moves", r.Steps)
	}
	for i, s := range r.Steps {
		for _, k := range []string{"-1", "0", "1"} {
			if len(s.Views[k]) == 0 {
				t.Fatalf("step %d has no view for %s", i, k)
			}
		}
	}
	last := r.Steps[len(r.Steps)-1].Update()
	if last.Seat != 0 || len(last.Events) != 1 || last.Events[0].Type != "resign" {
		t.Fatalf("the last step %+v, want Ann's resignation", last)
	}
}
