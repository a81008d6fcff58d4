//go:build !race

package battleship

const raceEnabled = false
