// Package protocol declares the values Parlor's HTTP and WebSocket API
// carries (docs/protocol.md), once: the Go client (package client) speaks
// them, the server writes a table, a seat, a policy, the games list and a
// chat line as them (its seat kinds, actions, statuses and vote kinds are
// their constants), and the web client's TypeScript types are generated
// from them (web/src/protocol.gen.ts, by ./tsgen), so that a change on
// one side that the other misses fails the build rather than a player's
// game.
//
// The package holds types and what their values mean in words, and
// imports nothing of Parlor's: a program that only talks to a server needs
// none of the server's packages.
package protocol

//go:generate go run ./tsgen -o ../web/src/protocol.gen.ts

// Version is the protocol version the Go client speaks: the oldest
// server version whose replies carry every field it relies on (the codes
// of refusals, since v3; the lobby's changes, since v5). The server's own
// version (server/routes.go) may be newer: fields it adds since are
// optional here.
const Version = 5
