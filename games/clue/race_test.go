//go:build race

package clue

// raceEnabled trims the tests that repeat one check over many games (bot
// games, random notebooks) to a few games under the race detector, which
// slows them several times over and finds a data race in a few games as
// well as in many, and lets the statistical bot tests step aside there.
// scripts/test runs them all in full without it.
const raceEnabled = true
