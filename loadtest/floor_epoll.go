//go:build linux

package loadtest

import (
	"fmt"
	"net"
	"runtime"
	"sync"
	"syscall"
)

// epollRelay is the floor server without Go's netpoller: one locked OS
// thread waits on a level-triggered epoll set and, for every whole move a
// connection has sent, writes one message to each connection of its pair.
// What it costs per move is what the kernel alone charges for one read and
// two loopback writes, the least any server in any language pays with one
// TCP connection per player.
type epollRelay struct {
	epfd int
	mu   sync.Mutex
	conn map[int]*epollConn
}

type epollConn struct {
	fd, peer int
	buf      []byte // bytes of a move read so far
}

func newEpollRelay() (*epollRelay, error) {
	fd, err := syscall.EpollCreate1(syscall.EPOLL_CLOEXEC)
	if err != nil {
		return nil, fmt.Errorf("epoll_create1: %w", err)
	}
	return &epollRelay{epfd: fd, conn: map[int]*epollConn{}}, nil
}

// add takes both connections of a pair away from the runtime: it
// duplicates their descriptors, closes the net.Conns, and registers the
// copies, non-blocking, in the epoll set.
func (r *epollRelay) add(p *[2]net.Conn) error {
	var fds [2]int
	for s, c := range p {
		f, err := c.(*net.TCPConn).File()
		if err != nil {
			return err
		}
		fd, err := syscall.Dup(int(f.Fd()))
		f.Close()
		c.Close()
		if err != nil {
			return err
		}
		if err := syscall.SetNonblock(fd, true); err != nil {
			return err
		}
		fds[s] = fd
	}
	r.mu.Lock()
	r.conn[fds[0]] = &epollConn{fd: fds[0], peer: fds[1], buf: make([]byte, 0, floorMoveSize)}
	r.conn[fds[1]] = &epollConn{fd: fds[1], peer: fds[0], buf: make([]byte, 0, floorMoveSize)}
	r.mu.Unlock()
	for _, fd := range fds {
		ev := syscall.EpollEvent{Events: syscall.EPOLLIN, Fd: int32(fd)}
		if err := syscall.EpollCtl(r.epfd, syscall.EPOLL_CTL_ADD, fd, &ev); err != nil {
			return fmt.Errorf("epoll_ctl: %w", err)
		}
	}
	return nil
}

func (r *epollRelay) run() {
	runtime.LockOSThread()
	events := make([]syscall.EpollEvent, 256)
	ack := make([]byte, floorUpdateSize)
	upd := make([]byte, floorUpdateSize)
	ack[0], upd[0] = 1, 2
	for {
		n, err := syscall.EpollWait(r.epfd, events, -1)
		if err == syscall.EINTR {
			continue
		}
		if err != nil {
			return
		}
		for _, ev := range events[:n] {
			r.mu.Lock()
			c := r.conn[int(ev.Fd)]
			r.mu.Unlock()
			if c == nil {
				continue
			}
			k, err := syscall.Read(c.fd, c.buf[len(c.buf):cap(c.buf)])
			if err == syscall.EAGAIN {
				continue
			}
			if err != nil || k == 0 {
				syscall.EpollCtl(r.epfd, syscall.EPOLL_CTL_DEL, c.fd, nil)
				syscall.Close(c.fd)
				continue
			}
			c.buf = c.buf[:len(c.buf)+k]
			if len(c.buf) < floorMoveSize {
				continue
			}
			c.buf = c.buf[:0]
			// Loopback buffers are far larger than what is in flight, so
			// these writes complete whole or the peer is gone.
			syscall.Write(c.fd, ack)
			syscall.Write(c.peer, upd)
		}
	}
}
