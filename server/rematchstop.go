package server

import "time"

// An offer lives in the memory of its table's node, and a node that
// stops (a graceful stop or a restart) takes it along: the offer is not
// kept in the store and restored, nor handed to another node. Its table
// is over, and a finished table is read back by no node after a stop
// (only tables not yet over are, and one whose end was not yet written),
// so a restored offer would mostly have no table to open the rematch
// from. A stop also closes every connection: the people come back by a
// reload, or through another node, seconds later, to a question whose
// countdown ran on while nobody could answer, and some of them may have
// gone meanwhile without any server seeing them leave
// (rematchleave.go). What must not happen is an offer that silently
// vanishes from the screens, or one still shown with Accept that no
// server holds. So a stopping node tells every person of each of its
// open offers that it lapsed because the server stopped: on this node
// before their connections close, and on the others through the bus,
// whose nodes then forget it too. Whoever wants to play again opens a
// new table.

// busFlushWait bounds how long a stopping node waits for the bus to take
// its last news.
const busFlushWait = 2 * time.Second

// lapseOffersForStop ends every open offer on this node, telling its
// people why. Shutdown calls it before it closes the connections, whose
// queued pushes are written before their close frames.
func (s *Server) lapseOffersForStop() {
	told := false
	for _, t := range s.offers.list() {
		t.rematchMu.Lock()
		o := t.offer
		t.rematchMu.Unlock()
		if o != nil && t.lapseRematch(o, LapseStopped, 0) {
			told = true
		}
	}
	if told && s.relay != nil {
		_ = s.relay.c.Bus.FlushTimeout(busFlushWait)
	}
}
