package engine_test

import (
	"runtime"
	"sync"
	"testing"

	"github.com/parlor-games/parlor/games"
)

// TestBotAnswersTheSameUnderLoad: the engine's promise, "the same request
// in the same match gets the same answer", holds on a busy machine too,
// for every game's strongest bot: it decides by a budget of work, not by
// the clock.
func TestBotAnswersTheSameUnderLoad(t *testing.T) {
	for _, c := range []struct{ game, options, level string }{
		{"dots", `{"rows":5,"cols":5}`, "expert"},
		{"clue", `{"players":3}`, "expert"},
		{"battleship", `{}`, "expert"},
		{"buccaneer", `{}`, "expert"},
		{"warfare", `{}`, "hard"},
	} {
		s := start(t, games.Registry())
		s.ok(`{"cmd":"new","game":"` + c.game + `","options":` + c.options + `,"seed":77}`)
		ask := func() string {
			a := s.ok(`{"cmd":"bot","seat":0,"level":"` + c.level + `","ms":50}`)
			if a["cut"] != nil {
				t.Fatalf("%s: the answer was cut short by the time limit: %v", c.game, a)
			}
			return toJSON(a["move"])
		}
		idle := ask()
		stop := make(chan struct{})
		var wg sync.WaitGroup
		for range runtime.GOMAXPROCS(0) * 2 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				x := uint64(1)
				for {
					select {
					case <-stop:
						_ = x
						return
					default:
					}
					for range 1 << 16 {
						x = x*6364136223846793005 + 1442695040888963407
					}
				}
			}()
		}
		busy := ask()
		close(stop)
		wg.Wait()
		if idle != busy {
			t.Errorf("%s %s: the same request answers %s on an idle machine and %s on a busy one", c.game, c.level, idle, busy)
		}
	}
}
