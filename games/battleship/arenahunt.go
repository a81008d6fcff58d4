package battleship

import "context"

// fleetHunter measures the bots for `parlor arena --shots`.
type fleetHunter struct{}

// HuntShots is the package's HuntShots.
func (fleetHunter) HuntShots(ctx context.Context, level, placer string, n int, seed uint64) ([]int, error) {
	return HuntShots(ctx, level, placer, n, seed)
}
