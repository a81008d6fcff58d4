package client_test

import (
	"context"
	"testing"

	"github.com/parlor-games/parlor/client"
	"github.com/parlor-games/parlor/server/servertest"
)

// TestVoteThroughTheClient: three guests at a Clue-Less table; the
// snapshot offers both votes; a call, a refused second ballot and a
// carrying ballot come back as updates whose tally VoteOf reads.
func TestVoteThroughTheClient(t *testing.T) {
	srv := servertest.Start(t)
	ctx := context.Background()
	var conns []*client.Conn
	for _, n := range []string{"Ann", "Bob", "Cy"} {
		_, c := guest(t, srv, n)
		conns = append(conns, c)
	}
	tb, err := conns[0].CreateTable(ctx, client.CreateTable{Game: "clue", Options: map[string]int{"players": 3},
		Seats: []client.SeatRequest{{Kind: client.ChooseMe}, {Kind: client.ChooseOpen}, {Kind: client.ChooseOpen}}})
	if err != nil {
		t.Fatal(err)
	}
	for i := 1; i < 3; i++ {
		if _, err := conns[i].Sit(ctx, tb.ID, i); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := conns[0].Start(ctx, tb.ID); err != nil {
		t.Fatal(err)
	}
	for _, c := range conns {
		w, err := c.Watch(ctx, client.Watch{Table: tb.ID})
		if err != nil {
			t.Fatal(err)
		}
		if len(w.Snapshot.Votes) != 2 || w.Snapshot.Vote != nil {
			t.Fatalf("snapshot votes %v open %v", w.Snapshot.Votes, w.Snapshot.Vote)
		}
	}
	if _, err := conns[2].CallVote(ctx, tb.ID, 2, client.VotePass, 0); err != nil {
		t.Fatal(err)
	}
	u := nextUpdate(t, conns[1], tb.ID)
	v := client.VoteOf(u)
	if v == nil || u.Events[0].Type != client.EventVote || v.Kind != client.VotePass || !v.Voter(1) || v.Voter(0) || !v.Voted(2) || v.Voted(1) {
		t.Fatalf("the call as Bob sees it: %+v", v)
	}
	if _, err := conns[2].CastVote(ctx, tb.ID, 2, true); client.Code(err) != "voted-already" {
		t.Fatalf("voting twice: %v", err)
	}
	if _, err := conns[1].CastVote(ctx, tb.ID, 1, true); err != nil {
		t.Fatal(err)
	}
	nextUpdate(t, conns[1], tb.ID) // the ballot
	u = nextUpdate(t, conns[1], tb.ID)
	if v := client.VoteOf(u); v == nil || v.Result != client.VoteCarried || u.Turn[0] != 1 {
		t.Fatalf("the end: %+v turn %v", v, u.Turn)
	}
}
