//go:build !race

package warfare

const raceEnabled = false
