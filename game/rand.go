package game

import "math/bits"

// Rand is the seeded generator a match hands to its game. It is a plain
// value (SplitMix64) so that cloning a state copies its generator, and so
// that replaying a log with the same seed repeats every draw exactly.
//
// Rand is for game rules and bots, not for secrets such as session tokens.
type Rand struct {
	state uint64
}

// NewRand returns a generator seeded with seed.
func NewRand(seed uint64) Rand { return Rand{state: seed} }

// Uint64 returns the next 64 random bits.
func (r *Rand) Uint64() uint64 {
	r.state += 0x9e3779b97f4a7c15
	z := r.state
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
	z = (z ^ (z >> 27)) * 0x94d049bb133111eb
	return z ^ (z >> 31)
}

// IntN returns a uniform integer in [0, n). It panics if n <= 0, which is a
// programming error, never a player's.
func (r *Rand) IntN(n int) int {
	if n <= 0 {
		panic("game: IntN with n <= 0")
	}
	// Lemire's multiply-and-reject: unbiased without division in the
	// common case.
	bound := uint64(n)
	hi, lo := bits.Mul64(r.Uint64(), bound)
	if lo < bound {
		thresh := -bound % bound
		for lo < thresh {
			hi, lo = bits.Mul64(r.Uint64(), bound)
		}
	}
	return int(hi)
}

// Float64 returns a uniform number in [0, 1).
func (r *Rand) Float64() float64 {
	return float64(r.Uint64()>>11) / (1 << 53)
}

// Shuffle permutes n elements with swap, uniformly (Fisher-Yates).
func (r *Rand) Shuffle(n int, swap func(i, j int)) {
	for i := n - 1; i > 0; i-- {
		swap(i, r.IntN(i+1))
	}
}

// Split returns a new generator whose sequence does not overlap this one's
// in practice, and advances this one. Bots and sub-systems take a split so
// their draws do not disturb the game's.
func (r *Rand) Split() Rand {
	return Rand{state: r.Uint64() ^ 0x6a09e667f3bcc909}
}
