//go:build race

package arena_test

// raceEnabled lets the test that plays every game's strongest bots twice
// step aside under the race detector, which slows them many times over.
const raceEnabled = true
