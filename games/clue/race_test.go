//go:build race

package clue

// raceEnabled lets the statistical bot tests step aside under the race
// detector, which slows the expert's sampling several times over; the
// other bot tests still play expert games there.
const raceEnabled = true
