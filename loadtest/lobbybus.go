package loadtest

import (
	"sync/atomic"
	"time"

	"github.com/nats-io/nats.go"
)

// What a node tells the others of its part of the lobby, read off the
// bus by the lobby bench when it runs the server as two nodes: the
// messages on the nodes' lobby subject and the requests for a node's
// whole part (server/lobbybus.go).

// The subjects the nodes share their lobby on.
const (
	lobbyStateSubject = "parlor.lobby.state"
	lobbyWholeSubject = "parlor.lobby.whole.*"
)

// lobbyLease is the nodes' lease in the lobby bench: they beat every
// fifth of it. lobbyQuiet is how long the bench listens while nothing
// changes.
const (
	lobbyLease = 10 * time.Second
	lobbyQuiet = 10 * time.Second
)

// lobbyBus counts the lobby's traffic between the nodes.
type lobbyBus struct {
	nc                  *nats.Conn
	bytes, msgs, wholes atomic.Int64
}

// busCount is the lobby's traffic counted up to a moment.
type busCount struct{ bytes, msgs, wholes int64 }

func (c busCount) minus(d busCount) busCount {
	return busCount{c.bytes - d.bytes, c.msgs - d.msgs, c.wholes - d.wholes}
}

func listenLobbyBus(url string) (*lobbyBus, error) {
	nc, err := nats.Connect(url, nats.Name("parlor bench lobby"))
	if err != nil {
		return nil, err
	}
	b := &lobbyBus{nc: nc}
	if _, err := nc.Subscribe(lobbyStateSubject, func(m *nats.Msg) {
		b.bytes.Add(int64(len(m.Data)))
		b.msgs.Add(1)
	}); err != nil {
		nc.Close()
		return nil, err
	}
	if _, err := nc.Subscribe(lobbyWholeSubject, func(*nats.Msg) { b.wholes.Add(1) }); err != nil {
		nc.Close()
		return nil, err
	}
	return b, nc.Flush()
}

// count is the traffic so far; nothing for no bus.
func (b *lobbyBus) count() busCount {
	if b == nil {
		return busCount{}
	}
	return busCount{b.bytes.Load(), b.msgs.Load(), b.wholes.Load()}
}

// over is the traffic of the next d.
func (b *lobbyBus) over(d time.Duration) busCount {
	c0 := b.count()
	time.Sleep(d)
	return b.count().minus(c0)
}

func (b *lobbyBus) close() { b.nc.Close() }
