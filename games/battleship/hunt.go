package battleship

import (
	"context"
	"fmt"
	"runtime"
	"sync"

	"github.com/parlor-games/parlor/game"
)

// fleetSeed derives the seed of hunt i from the run's seed, so that a run
// gives the same numbers however its hunts are spread over goroutines.
func fleetSeed(seed uint64, i int) uint64 {
	r := game.NewRand(seed ^ (uint64(i)+1)*0x9e3779b97f4a7c15)
	return r.Uint64()
}

// HuntShots has a bot of level hunt n fleets and returns the number of
// shots each hunt took. placer "uniform" draws fleets uniformly over all
// legal fleets, "sequential" places them ship by ship (SequentialFleet);
// any other value is a bot level whose own placement is used.
// Hunts run on every core; hunt i depends only on seed and i.
func HuntShots(ctx context.Context, level, placer string, n int, seed uint64) ([]int, error) {
	_, h, err := levelParts(level)
	if err != nil {
		return nil, err
	}
	var pl placerFunc
	switch placer {
	case "uniform":
		pl = uniformPlacer{}.place
	case "sequential":
		pl = SequentialFleet
	default:
		p, _, err := levelParts(placer)
		if err != nil {
			return nil, fmt.Errorf("placer must be \"uniform\", \"sequential\" or a bot level: %w", err)
		}
		pl = p.place
	}
	if n < 0 {
		return nil, fmt.Errorf("cannot hunt %d fleets", n)
	}
	out := make([]int, n)
	next := make(chan int)
	var wg sync.WaitGroup
	for range runtime.GOMAXPROCS(0) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				out[i] = huntOne(ctx, h, pl, fleetSeed(seed, i))
			}
		}()
	}
	var cerr error
feed:
	for i := range n {
		select {
		case next <- i:
		case <-ctx.Done():
			cerr = ctx.Err()
			break feed
		}
	}
	close(next)
	wg.Wait()
	if cerr != nil {
		return nil, cerr
	}
	return out, nil
}

type placerFunc func(rng *game.Rand, touch bool) []Placement

// huntOne places a fleet with pl and counts the shots h needs to sink it.
func huntOne(ctx context.Context, h hunter, pl placerFunc, seed uint64) int {
	rng := game.NewRand(seed)
	prng := rng.Split()
	fleet := pl(&prng, true)
	owner, err := ValidateFleet(fleet, true)
	if err != nil {
		panic("battleship: a placer made an illegal fleet: " + err.Error())
	}
	var hits [numShips]int
	o := newObservation(true)
	for !o.allSunk() {
		sq := h.shoot(ctx, &o, &rng)
		if o.fired.has(sq) {
			panic(fmt.Sprintf("battleship: hunter fired twice at %s", Square(sq/Size, sq%Size)))
		}
		k := int(owner[sq])
		switch {
		case k < 0:
			o.record(sq, "miss", -1)
		case hits[k]+1 == Fleet[k].Len:
			hits[k]++
			o.record(sq, "sunk", k)
		default:
			hits[k]++
			o.record(sq, "hit", -1)
		}
	}
	return o.nshots
}
