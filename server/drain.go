package server

import "sync"

// A graceful stop hands every table over without refusing a move.
//
// Stopping, a node first lets every message it is handling finish and
// queue its reply (a move is stored and answered), and from then on
// handles no message: one that still arrives on a player's connection
// here is left unread, and the connection closes with "going away", so
// the client reconnects to another node and sends its move again (tagged,
// so a move the node had played is answered as the first time: match
// PlayOnce); one forwarded from another node is answered "draining", and
// that node waits for the table's new owner and forwards it there
// (relay.forward). Only then does the node close its connections, stop
// its matches and give up its lease, so that the others take its tables
// at once.

// drain is the gate between a node's handlers and its stop; each table
// has one too, between the table's handlers and its hand-over to another
// node (handover.go).
type drain struct {
	mu      sync.RWMutex // held for reading while a message is handled
	stopped bool         // under mu: no message is handled any more
}

// enter is called before a message is handled; it reports false once the
// node drains, and then the message must be left unhandled. Otherwise the
// caller must call leave when the reply is queued.
func (d *drain) enter() bool {
	d.mu.RLock()
	if d.stopped {
		d.mu.RUnlock()
		return false
	}
	return true
}

func (d *drain) leave() { d.mu.RUnlock() }

// stop waits for the messages being handled and refuses the rest.
func (d *drain) stop() {
	d.mu.Lock()
	d.stopped = true
	d.mu.Unlock()
}

// reopen lets messages be handled again, after a table's hand-over
// (handover.go) was called off.
func (d *drain) reopen() {
	d.mu.Lock()
	d.stopped = false
	d.mu.Unlock()
}

// isStopped reports whether stop was called.
func (d *drain) isStopped() bool {
	d.mu.RLock()
	defer d.mu.RUnlock()
	return d.stopped
}
