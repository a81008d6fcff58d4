package server

import (
	"testing"

	"github.com/parlor-games/parlor/accounts"
)

// TestLobbyStatsNotStaleWhenAResultLandsDuringTheRead: a player connects,
// and while their lobby stats are being read from the database a match of
// theirs ends. The read may have begun before the result was stored; the
// lobby must still show the new count, not the one the read returned.
func TestLobbyStatsNotStaleWhenAResultLandsDuringTheRead(t *testing.T) {
	h := &hub{online: map[int64]*presence{}}
	p := &presence{}
	h.online[7] = p
	h.pushing = true // no presence push: there is no server behind this hub

	// The result arrives first...
	h.setStats("dots", map[int64]accounts.Stats{7: {Played: 4, Won: 3}})
	// ... then the read that began before it finishes with the old count.
	h.mu.Lock()
	h.loadedLocked(p, map[string]GameStats{"dots": {Played: 3, Won: 2}, "battleship": {Played: 1}})
	h.mu.Unlock()
	if got := p.stats["dots"]; got != (GameStats{Played: 4, Won: 3}) {
		t.Errorf("dots stats after a result during the read: %+v, want played 4 won 3", got)
	}
	if got := p.stats["battleship"]; got.Played != 1 {
		t.Errorf("a game the result did not touch lost its count: %+v", got)
	}

	// A reload that reads an older count than a result already shown (the
	// result was pushed while the query ran) keeps the newer one too.
	h.setStats("dots", map[int64]accounts.Stats{7: {Played: 5, Won: 3}})
	h.mu.Lock()
	h.loadedLocked(p, map[string]GameStats{"dots": {Played: 4, Won: 3}})
	h.mu.Unlock()
	if got := p.stats["dots"]; got.Played != 5 {
		t.Errorf("a reload with an older count replaced the newer: %+v", got)
	}
	// And a newer read wins over an older count.
	h.mu.Lock()
	h.loadedLocked(p, map[string]GameStats{"dots": {Played: 6, Won: 4}})
	h.mu.Unlock()
	if got := p.stats["dots"]; got != (GameStats{Played: 6, Won: 4}) {
		t.Errorf("a newer read was not taken: %+v", got)
	}
}
