//go:build race

package dots

// raceEnabled lets the exhaustive checks try fewer random positions under
// the race detector, which slows the searches several times over; the
// normal run still checks them all.
const raceEnabled = true
