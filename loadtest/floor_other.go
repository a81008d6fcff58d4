//go:build !linux

package loadtest

import (
	"errors"
	"net"
)

// epollRelay exists only on Linux; elsewhere `bench floor -loop epoll`
// says so and the netpoller floor still runs.
type epollRelay struct{}

func newEpollRelay() (*epollRelay, error) {
	return nil, errors.New("-loop epoll needs Linux")
}

func (*epollRelay) add(*[2]net.Conn) error { return nil }

func (*epollRelay) run() {}
