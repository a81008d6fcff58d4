//go:build race

package battleship

// raceEnabled lets slow statistical tests hunt fewer fleets under the race
// detector, which slows the expert's sampling many times over.
const raceEnabled = true
