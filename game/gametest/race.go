//go:build race

package gametest

// raceDetector is true when the race detector, which slows everything
// several times over, is on; the bots then get more slack.
const raceDetector = true
