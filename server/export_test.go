package server

import "context"

// HoldTable stops table id's gate, as a hand-over to another node does
// first (handover.go), and returns the function that calls the hand-over
// off: the gate opens again and the messages held back are handled here.
func (s *Server) HoldTable(id string) (callOff func()) {
	t := s.tables.get(id)
	moved := make(chan struct{})
	t.mu.Lock()
	t.moved = moved
	t.mu.Unlock()
	t.gate.stop()
	return func() {
		t.mu.Lock()
		t.moved = nil
		t.mu.Unlock()
		t.gate.reopen()
		close(moved)
	}
}

// HandOver hands table id to the node whose lease is to, as rebalancing
// does (handover.go).
func (s *Server) HandOver(id string, to int64) error {
	return s.handOver(context.Background(), id, to)
}

// Holds reports whether this node holds table id in memory.
func (s *Server) Holds(id string) bool { return s.tables.get(id) != nil }

// HoldForHandOver stops table id's gate, as a hand-over does first, and
// returns the function that hands the table, with the messages held
// meanwhile, to the node whose lease is to.
func (s *Server) HoldForHandOver(id string) (handOver func(to int64) error) {
	t := s.tables.get(id)
	moved := make(chan struct{})
	t.mu.Lock()
	t.moved = moved
	t.mu.Unlock()
	t.gate.stop()
	return func(to int64) error {
		ctx, cancel := context.WithTimeout(context.Background(), 4*takeTimeout)
		defer cancel()
		return s.moveHeld(ctx, t, to, moved)
	}
}

// MaxUnsent is how many bytes a connection may have unsent before it is
// closed for falling behind (behind.go).
const MaxUnsent = maxUnsent

// PeakUnsent is the most bytes any connection of s has had unsent.
func PeakUnsent(s *Server) int64 { return s.peakUnsent.Load() }
