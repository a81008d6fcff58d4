package server

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
