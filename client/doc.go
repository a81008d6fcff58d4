// Package client speaks Parlor's HTTP and WebSocket protocol
// (docs/protocol.md) in Go: sessions over HTTP, then one WebSocket
// connection carrying requests with typed replies and refusals, and the
// server's pushes.
//
// It is the one place where Go code talks to a Parlor server as a client
// does: the terminal client (package tui), `parlor play`, `parlor bench
// server` and tests of the server use it, so a change of the protocol is
// made here once. The bench plays its moves over a Lean connection, the
// bare WebSocket framing, because its clients share the machine with the
// server they measure; it signs up, and builds its table requests, with
// the rest of the package.
//
// A Client holds the session (a cookie) and makes connections:
//
//	c, _ := client.New("http://127.0.0.1:8080")
//	user, err := c.Guest(ctx, "Ann")
//	conn, err := c.Dial(ctx)
//	t, err := conn.CreateTable(ctx, client.CreateTable{Game: name, Seats: ...})
//
// A request that the server refuses returns a *Refusal, whose Code is the
// protocol's stable code (or a game's rule code such as "already-drawn")
// and whose Message is the sentence to show a person.
package client
