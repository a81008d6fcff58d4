//go:build !race

package clue

const raceEnabled = false
