//go:build linux

package server

// DefaultTransport is the transport a Config without one gets. On Linux
// it is the event loop: measured beside the goroutine transport it costs
// the same CPU per move, flat out and paced, and an idle connection
// takes about a fifth of the memory (6.4 KiB against 33.6), which is what
// sets how many players a node holds (docs/benchmarks.md, "WebSocket
// transports").
const DefaultTransport = TransportEpoll
