package server

import (
	"net/http"
	"sync"

	"github.com/parlor-games/parlor/realip"
)

// The default caps on open WebSockets. A person opens one per tab or
// window, a household or an office shares an address, and a load test
// opens hundreds from one address (parlor bench turns the address cap off
// for its own server): the caps stop one account or one machine from
// holding hundreds of sockets, each with its goroutines and buffers, while
// leaving room for every honest use.
const (
	DefaultConnsPerAccount = 16
	DefaultConnsPerAddress = 256
)

// connLimits counts the open WebSockets of each account and each address.
type connLimits struct {
	perAccount, perAddress int // 0: no cap
	mu                     sync.Mutex
	accounts               map[int64]int
	addresses              map[string]int
}

// capOf turns a Config value into a cap: 0 takes the default, a negative
// value turns the cap off (0 here).
func capOf(v, def int) int {
	switch {
	case v == 0:
		return def
	case v < 0:
		return 0
	}
	return v
}

func newConnLimits(cfg Config) *connLimits {
	return &connLimits{
		perAccount: capOf(cfg.ConnsPerAccount, DefaultConnsPerAccount),
		perAddress: capOf(cfg.ConnsPerAddress, DefaultConnsPerAddress),
		accounts:   map[int64]int{},
		addresses:  map[string]int{},
	}
}

// acquire counts one more connection of account from addr, or refuses it
// with the sentence the client is told. A counted connection is released
// exactly once.
func (l *connLimits) acquire(account int64, addr string) error {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.perAccount > 0 && l.accounts[account] >= l.perAccount {
		return refuse(codeRateLimited, "too many connections for this account (%d open); close a Parlor tab or window and reconnect", l.accounts[account])
	}
	if l.perAddress > 0 && l.addresses[addr] >= l.perAddress {
		return refuse(codeRateLimited, "too many connections from your address (%d open); close some and reconnect", l.addresses[addr])
	}
	l.accounts[account]++
	l.addresses[addr]++
	return nil
}

func (l *connLimits) release(account int64, addr string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.accounts[account]--; l.accounts[account] <= 0 {
		delete(l.accounts, account)
	}
	if l.addresses[addr]--; l.addresses[addr] <= 0 {
		delete(l.addresses, addr)
	}
}

// addressOf is the address a WebSocket comes from: the connection's
// peer, or the client a trusted proxy names (parlor serve -trust-proxy;
// package realip). Forwarded headers from anyone else are not believed:
// anyone can write them, and believing them would let one machine claim a
// fresh address per connection.
func addressOf(r *http.Request) string {
	return realip.Client(r)
}
