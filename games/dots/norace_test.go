//go:build !race

package dots

const raceEnabled = false
