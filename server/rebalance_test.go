package server

import (
	"testing"

	"github.com/parlor-games/parlor/store"
)

// A node hands a table to the node holding fewest, and only while it
// holds at least two more: moving one table across a difference of one
// would only swap the two nodes' places, and the loads would never
// settle.
func TestFairTargetEvensWithinOne(t *testing.T) {
	nodes := func(tables ...int) []store.NodeInfo {
		var out []store.NodeInfo
		for i, n := range tables {
			out = append(out, store.NodeInfo{Fence: int64(i + 1), Tables: n})
		}
		return out
	}
	for _, tc := range []struct {
		name  string
		nodes []store.NodeInfo
		me    int64
		to    int64
		ok    bool
	}{
		{"a node joins with none", nodes(6, 5, 0), 1, 3, true},
		{"the second node too", nodes(6, 5, 0), 2, 3, true},
		{"within one", nodes(3, 2, 2), 1, 0, false},
		{"the fewest, lowest fence among equals", nodes(5, 3, 3), 1, 2, true},
		{"this node holds fewest", nodes(0, 5, 6), 1, 0, false},
		{"alone", nodes(9), 1, 0, false},
		{"not among the nodes (its lease ended)", nodes(4, 0), 7, 0, false},
	} {
		to, ok := fairTarget(tc.nodes, tc.me)
		if to != tc.to || ok != tc.ok {
			t.Errorf("%s: node %d of %v hands to %d (%v), want %d (%v)", tc.name, tc.me, tc.nodes, to, ok, tc.to, tc.ok)
		}
	}
	// Every node following the rule, one table at a time, brings any
	// loads within one of each other.
	loads := nodes(17, 0, 4)
	for moved := 0; ; moved++ {
		moves := false
		for i := range loads {
			if to, ok := fairTarget(loads, loads[i].Fence); ok {
				loads[i].Tables--
				loads[to-1].Tables++
				moves = true
			}
		}
		if !moves {
			break
		}
		if moved > 100 {
			t.Fatalf("the loads never settle: %v", loads)
		}
	}
	lo, hi, sum := loads[0].Tables, loads[0].Tables, 0
	for _, n := range loads {
		lo, hi, sum = min(lo, n.Tables), max(hi, n.Tables), sum+n.Tables
	}
	if hi-lo > 1 || sum != 21 {
		t.Fatalf("loads settled at %v (%d tables), want 21 within one of each other", loads, sum)
	}
}
