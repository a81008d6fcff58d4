package client_test

import (
	"context"
	"slices"
	"testing"
	"time"

	"github.com/parlor-games/parlor/client"
	"github.com/parlor-games/parlor/server/servertest"
)

// TestSetAway (since v6): Ann, at her own open table, is away: Bob, in
// the lobby and watching her table, sees her leave the online list and
// her seat not connected; back, she is online and connected again.
func TestSetAway(t *testing.T) {
	srv := servertest.Start(t)
	ctx := context.Background()
	_, ann := guest(t, srv, "Ann")
	_, bob := guest(t, srv, "Bob")
	tb, err := ann.CreateTable(ctx, client.CreateTable{Game: "dots", Options: map[string]int{"rows": 2, "cols": 2},
		Seats: []client.SeatRequest{{Kind: client.ChooseMe}, {Kind: client.ChooseOpen}}})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []*client.Conn{ann, bob} {
		if _, err := c.Watch(ctx, client.Watch{Table: tb.ID}); err != nil {
			t.Fatal(err)
		}
	}
	if err := bob.JoinLobby(ctx); err != nil {
		t.Fatal(err)
	}
	var lobby client.Lobby
	// seen follows Bob's pushes until the lobby lists Ann as online says
	// and a table push shows her seat connected as connected says.
	seen := func(what string, online, connected bool) {
		t.Helper()
		lobbySays, seatSays := false, false
		deadline := time.After(wait)
		for !lobbySays || !seatSays {
			select {
			case p, ok := <-bob.Pushes():
				if !ok {
					t.Fatalf("Bob's connection ended: %v", bob.Err())
				}
				if isList, err := lobby.Apply(p); isList {
					if err != nil {
						t.Fatal(err)
					}
					lobbySays = slices.ContainsFunc(lobby.Online, func(u client.Online) bool { return u.Name == "Ann" }) == online
				}
				if p.T == "table" {
					got, err := p.Table()
					if err != nil {
						t.Fatal(err)
					}
					seatSays = got.ID == tb.ID && got.Seats[0].Connected == connected
				}
			case <-deadline:
				t.Fatalf("%s: Bob's lobby shows Ann as wanted %v, her seat %v", what, lobbySays, seatSays)
			}
		}
	}
	// Bob's lobby lists Ann before she goes away.
	deadline := time.After(wait)
	for !slices.ContainsFunc(lobby.Online, func(u client.Online) bool { return u.Name == "Ann" }) {
		select {
		case p := <-bob.Pushes():
			if _, err := lobby.Apply(p); err != nil {
				t.Fatal(err)
			}
		case <-deadline:
			t.Fatal("Ann never online in Bob's lobby")
		}
	}

	if err := ann.SetAway(ctx, true); err != nil {
		t.Fatal(err)
	}
	seen("away", false, false)
	if err := ann.SetAway(ctx, false); err != nil {
		t.Fatal(err)
	}
	seen("back", true, true)
}
