//go:build !linux

package server

// DefaultTransport is the transport a Config without one gets. Off Linux
// it is the goroutine transport, the only one there: the event loop
// runs on Linux's epoll.
const DefaultTransport = TransportGoroutine
