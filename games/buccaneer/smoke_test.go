package buccaneer

import (
	"testing"

	"github.com/parlor-games/parlor/game"
)

// TestRandomGames plays whole games of random legal moves at 2, 3 and 4
// seats: every legal move is accepted, nothing is lost or doubled, and
// every game ends by the turn limit at the latest.
func TestRandomGames(t *testing.T) {
	for seed := range uint64(30) {
		seats := 2 + int(seed%3)
		s := start(t, `{"seats":`+string(rune('0'+seats))+`,"turns":200}`, seed)
		checkInvariants(t, s)
		rng := game.NewRand(seed)
		randomPlay(t, s, &rng, 100000)
		if s.Outcome() == nil {
			t.Fatalf("seed %d: game did not end", seed)
		}
	}
}
