//go:build race

package warfare

// raceEnabled trims the longest bot games under the race detector, which
// slows them several times over; the normal run plays them all.
const raceEnabled = true
