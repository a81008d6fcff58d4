package server

import (
	"testing"

	"github.com/parlor-games/parlor/game"
	"github.com/parlor-games/parlor/match"
	"github.com/parlor-games/parlor/protocol"
	"github.com/parlor-games/parlor/protocol/protocoltest"
)

// TestWireShapes: what the server writes has the shape package protocol
// declares, which the Go client speaks and the web client's types are
// generated from. A member added, dropped or made optional on one side
// only fails here rather than in a player's game. Listed are the values
// still declared twice: game's own (an option, the characters, an
// outcome, an event), which every game's package writes and package game
// does not import the protocol to declare, and the values made of them
// (a watch's snapshot, the match push, a vote, whose seats are
// game.Seat). A table, a seat, a policy, a game of the list and a chat
// line are the protocol's types themselves. (recentGame is not listed:
// its seats write kind, name and level only, where protocol.RecentGame
// reuses Seat, whose Go callers the terminal client shares;
// docs/protocol.md, Types.)
func TestWireShapes(t *testing.T) {
	for _, c := range []struct{ server, wire any }{
		{game.OptionSpec{}, protocol.OptionSpec{}},
		{game.RoleSpec{}, protocol.Roles{}},
		{game.Outcome{}, protocol.Outcome{}},
		{game.Event{}, protocol.Event{}},
		{Snapshot{}, protocol.Snapshot{}},
		{matchPush{}, struct {
			T string `json:"t"`
			protocol.Update
		}{}},
		{match.Vote{}, protocol.Vote{}},
	} {
		protocoltest.SameShape(t, c.server, c.wire)
	}
}
