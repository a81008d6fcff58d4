//go:build !linux

package server

import (
	"fmt"
	"runtime"
)

// newEpollTransport refuses: the event loop runs on Linux's epoll.
func newEpollTransport(*Server) (transport, error) {
	return nil, fmt.Errorf("the %s transport runs on Linux only, not on %s: use -transport %s", TransportEpoll, runtime.GOOS, TransportGoroutine)
}
