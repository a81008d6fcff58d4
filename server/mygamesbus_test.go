package server_test

import (
	"testing"
)

// TestMyGamesFromAnotherNode (issue 33, point 2, on PostgreSQL and
// NATS): Bob, connected to node 1, plays Ann at a table node 0 holds;
// his list of games, asked of node 1, has that game, waiting on him once
// Ann has moved, and Ann's, asked of node 0, has it waiting on Bob.
func TestMyGamesFromAnotherNode(t *testing.T) {
	nodes := startNodes(t, 2, nil)
	ann := nodes[0].guest("Ann")
	bob := nodes[0].guest("Bob").at(nodes[1])
	ca, cb := ann.dial(), bob.dial()
	id := dotsBetween(ca, cb, []*client{ca, cb})
	ca.ok("match.play", map[string]any{"table": id, "seat": 0, "move": line(0, 0, 1)})
	waitSeq(cb, id, 1)
	mine := myGames(t, bob)
	if len(mine.Games) != 1 || mine.Games[0].Table != id || !mine.Games[0].MyTurn || mine.Waiting != 1 {
		t.Fatalf("Bob's games, from node 1: %+v", mine)
	}
	theirs := myGames(t, ann)
	if len(theirs.Games) != 1 || theirs.Games[0].Table != id || theirs.Games[0].MyTurn || theirs.Waiting != 0 {
		t.Fatalf("Ann's games, from node 0: %+v", theirs)
	}
}
