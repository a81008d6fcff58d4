package loadtest

import (
	"encoding/json"
	"maps"
	"sync"
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

	mu     sync.Mutex
	byNode map[int64]int64 // bytes of lobby.state by the node that sent them
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
	b := &lobbyBus{nc: nc, byNode: map[int64]int64{}}
	if _, err := nc.Subscribe(lobbyStateSubject, func(m *nats.Msg) {
		b.bytes.Add(int64(len(m.Data)))
		b.msgs.Add(1)
		var head struct {
			Node int64 `json:"node"`
		}
		if json.Unmarshal(m.Data, &head) == nil {
			b.mu.Lock()
			b.byNode[head.Node] += int64(len(m.Data))
			b.mu.Unlock()
		}
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

// over is the traffic of the next d, and the bytes the busiest node
// sent in it.
func (b *lobbyBus) over(d time.Duration) (busCount, int64) {
	c0, n0 := b.count(), b.nodeBytes()
	time.Sleep(d)
	busiest := int64(0)
	for node, n := range b.nodeBytes() {
		busiest = max(busiest, n-n0[node])
	}
	return b.count().minus(c0), busiest
}

func (b *lobbyBus) nodeBytes() map[int64]int64 {
	b.mu.Lock()
	defer b.mu.Unlock()
	return maps.Clone(b.byNode)
}

func (b *lobbyBus) close() { b.nc.Close() }
