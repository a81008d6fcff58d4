package client_test

import (
	"context"
	"encoding/json"
	"testing"
	"time"

	"github.com/parlor-games/parlor/client"
	"github.com/parlor-games/parlor/game"
	"github.com/parlor-games/parlor/games"
	"github.com/parlor-games/parlor/server/servertest"
)

// TestPlayOnAndAidThroughTheClient: a finished Dots game at one screen
// opens at a step of its replay as a new unrated table (PlayOn), and a
// Battleship player at an unrated table against a bot gets the expert's
// map of its own knowledge (Aid), refused for a seat it does not hold.
func TestPlayOnAndAidThroughTheClient(t *testing.T) {
	srv := servertest.Start(t)
	ctx := context.Background()
	c, ann := guest(t, srv, "Ann")
	no := false

	tb, err := ann.CreateTable(ctx, client.CreateTable{Game: "dots", Options: map[string]int{"rows": 3, "cols": 3},
		Seats: []client.SeatRequest{{Kind: client.ChooseMe}, {Kind: client.ChooseMe}}})
	if err != nil {
		t.Fatal(err)
	}
	_, st, err := games.Registry().Start(game.Log{Game: "dots", Options: json.RawMessage(`{"rows":3,"cols":3}`)})
	if err != nil {
		t.Fatal(err)
	}
	for len(st.Turn()) > 0 {
		seat := st.Turn()[0]
		m := st.Legal(seat)[0]
		if _, err := ann.Play(ctx, tb.ID, int(seat), m.String()); err != nil {
			t.Fatal(err)
		}
		if _, err := st.Apply(seat, m); err != nil {
			t.Fatal(err)
		}
	}
	info, err := c.Replay(ctx, tb.Match)
	if err != nil || info.Game != "dots" || len(info.Seats) != 2 || info.Seats[0].Name != "Ann" {
		t.Fatalf("the replay's game and seats: %+v %v", info, err)
	}
	raw, err := c.Analysis(ctx, tb.Match)
	var review struct {
		Moves []json.RawMessage `json:"moves"`
	}
	if err != nil || json.Unmarshal(raw, &review) != nil || len(review.Moves) != 12 {
		t.Fatalf("the analysis: %s %v, want 12 moves", raw, err)
	}
	nt, err := ann.PlayOn(ctx, tb.Match, 4, "medium")
	if err != nil {
		t.Fatal(err)
	}
	if nt.Status != client.StatusPlaying || nt.Rated || nt.Match == tb.Match {
		t.Fatalf("the new table: %+v", nt)
	}
	bots := 0
	for _, s := range nt.Seats {
		if s.Kind == client.SeatBot && s.Level == "medium" {
			bots++
		}
	}
	if bots != 1 {
		t.Fatalf("the new table's seats: %+v, want one medium bot", nt.Seats)
	}

	bt, err := ann.CreateTable(ctx, client.CreateTable{Game: "battleship", Rated: &no,
		Seats: []client.SeatRequest{{Kind: client.ChooseMe}, {Kind: client.ChooseBot, Level: "easy"}}})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := ann.Play(ctx, bt.ID, 0, "random"); err != nil {
		t.Fatal(err)
	}
	var aid json.RawMessage
	for range 400 { // until the bot has placed its fleet (20 s at most)
		if aid, err = ann.Aid(ctx, bt.ID, 0); client.Code(err) != "conflict" {
			break
		}
		time.Sleep(50 * time.Millisecond)
	}
	if err != nil {
		t.Fatal(err)
	}
	var h struct {
		Expert [2]int `json:"expert"`
		Heat   []int  `json:"heat"`
	}
	if err := json.Unmarshal(aid, &h); err != nil || len(h.Heat) != 100 || h.Heat[h.Expert[0]*10+h.Expert[1]] == 0 {
		t.Fatalf("the aid: %s (%v)", aid, err)
	}
	if _, err := ann.Aid(ctx, bt.ID, 1); client.Code(err) != "forbidden" {
		t.Fatalf("the aid for the bot's seat: %v, want forbidden", err)
	}
}
