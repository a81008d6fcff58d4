package tui

import (
	"sync"

	"github.com/parlor-games/parlor/client"
)

// lifeline holds the client's connection of the moment so that whatever
// ends a session closes it: a quit key, the end of the program's input,
// or an SSH connection that dropped. A connection left open keeps its
// person online and their seats waiting on nobody (issue 31, point 7).
type lifeline struct {
	mu     sync.Mutex
	conn   *client.Conn
	closed bool
}

// hold makes c the connection to close at the end. Once the session has
// ended it closes c at once and says false: a dial that finished after
// the end must not leave its person online.
func (l *lifeline) hold(c *client.Conn) bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.closed {
		go c.Close()
		return false
	}
	l.conn = c
	return true
}

// close closes the connection held, and every one held later.
func (l *lifeline) close() {
	l.mu.Lock()
	c := l.conn
	l.conn, l.closed = nil, true
	l.mu.Unlock()
	if c != nil {
		c.Close()
	}
}

// Close ends the session's connection, whatever ended the program: call
// it once the program has returned. The server then sees its person gone
// at once, as it does when a local client's process ends, and counts
// down their seats' waits.
func (m *Model) Close() { m.line.close() }
