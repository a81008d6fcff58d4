package arena_test

import (
	"context"
	"encoding/json"
	"reflect"
	"runtime"
	"sync"
	"testing"
	"time"

	"github.com/parlor-games/parlor/arena"
	"github.com/parlor-games/parlor/games"
)

// burn keeps every core busy until stop is closed: the "load" of a busy
// machine, under which a bot that watched the clock would think less and
// play otherwise.
func burn(stop <-chan struct{}) *sync.WaitGroup {
	var wg sync.WaitGroup
	for range runtime.GOMAXPROCS(0) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			x := uint64(1)
			for {
				select {
				case <-stop:
					return
				default:
				}
				for range 1 << 16 {
					x = x*6364136223846793005 + 1442695040888963407
				}
				_ = x
			}
		}()
	}
	return &wg
}

// TestArenaRepeatsUnderLoad: every game's strongest bot against its next
// strongest, run twice with the same seed, once on an idle machine and
// once beside goroutines burning every core, plays the same games move for
// move: bots decide by a budget of work, never by the clock (the arena's
// promise, "a run repeats exactly"). No move may be cut short by the
// runaway limit, or the comparison would prove nothing.
func TestArenaRepeatsUnderLoad(t *testing.T) {
	if testing.Short() || raceEnabled {
		t.Skip("plays every game's strongest bots twice")
	}
	options := map[string]string{
		"dots":    `{"rows":4,"cols":4}`,
		"clue":    `{"players":3}`,
		"warfare": `{"players":2,"rounds":12}`,
	}
	reg := games.Registry()
	for _, def := range reg.List() {
		if len(def.BotLevels) < 2 {
			continue
		}
		t.Run(def.Name, func(t *testing.T) {
			n := len(def.BotLevels)
			cfg := arena.Config{Game: def, A: def.BotLevels[n-1], B: def.BotLevels[n-2], Games: 2, Parallel: 1,
				Budget: 10 * time.Millisecond, Seed: 5151}
			if o, ok := options[def.Name]; ok {
				cfg.Options = json.RawMessage(o)
			}
			if def.Name == "warfare" {
				cfg.Games = 1 // hundreds of steps a game, each weighed
			}
			idle, err := arena.Run(context.Background(), cfg)
			if err != nil {
				t.Fatal(err)
			}
			stop := make(chan struct{})
			wg := burn(stop)
			busy, err := arena.Run(context.Background(), cfg)
			close(stop)
			wg.Wait()
			if err != nil {
				t.Fatal(err)
			}
			if idle.Cut != [2]int{} || busy.Cut != [2]int{} {
				t.Fatalf("moves cut short by the runaway limit: idle %v, busy %v", idle.Cut, busy.Cut)
			}
			for i := range idle.PerGame {
				a, b := idle.PerGame[i], busy.PerGame[i]
				a.Time, b.Time = [2]time.Duration{}, [2]time.Duration{}
				if !reflect.DeepEqual(a, b) {
					t.Errorf("game %d differs between the idle run and the busy one:\nidle %+v\nbusy %+v", i+1, a, b)
				}
			}
		})
	}
}
