package battleship

// target is a hidden fleet that answers shots as the rules do (a miss, a
// hit, or the ship's name when its last square is hit), for the tests
// and benchmarks that let a hunter play against it.
type target struct {
	owner [numSquares]int8
	hits  [numShips]int
}

// newTarget is the fleet whose squares owner maps to its ships, as
// ValidateFleet gives it.
func newTarget(owner [numSquares]int8) *target { return &target{owner: owner} }

// answer tells the hunter's observation what its shot at square s hit.
func (tg *target) answer(o *observation, s int) {
	k := int(tg.owner[s])
	switch {
	case k < 0:
		o.record(s, "miss", -1)
	case tg.hits[k]+1 == Fleet[k].Len:
		tg.hits[k]++
		o.record(s, "sunk", k)
	default:
		tg.hits[k]++
		o.record(s, "hit", -1)
	}
}
