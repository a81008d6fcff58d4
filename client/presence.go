package client

import "context"

// SetAway (since v6) marks the connection away or back (docs/protocol.md,
// Presence). A user whose every connection is away shows offline: out of
// the lobby's online list, their seats not connected; nothing else
// changes, and no grace period starts. A new connection is not away, so
// a program that was away when its connection dropped says so again on
// the next one.
func (c *Conn) SetAway(ctx context.Context, away bool) error {
	return c.Call(ctx, "presence.set", map[string]bool{"away": away}, nil)
}
