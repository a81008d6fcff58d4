package warfare

// horizon is how many of its own turns ahead hard weighs a region's
// treasury against its wages: at most maxHorizon, and no more than the
// rounds a round cap leaves, since gold left at the end wins nothing.
func horizon(s *State) int {
	h := maxHorizon
	if s.rounds > 0 {
		h = min(h, s.rounds-s.round+1)
	}
	return max(h, 1)
}

// maxHorizon bounds horizon.
const maxHorizon = 20

// economy values a region's net income (income less wages) for hard,
// given its treasury. A region whose gold pays its wages for the whole
// horizon loses little by a villager's wage, so it values net income
// lightly and spends its surplus on villagers that take land; one that
// would run dry within the horizon values every gold of shortfall as
// medium values income, so that it never hires more than it can keep.
// The two parts meet where the treasury just lasts, so the value has no
// jump there.
func (b *bot) economy(s *State, gold, net int) float64 {
	h := horizon(s)
	left := float64(gold + net*h) // treasury at the horizon
	v := 0.3 * float64(net)
	if left < 0 {
		v += 3 * left / float64(h)
	}
	return v
}
