//go:build race

package gametest

// raceDetector is true when the race detector, which slows everything
// several times over, is on: the bots then get more slack, and each entry
// of Config.Options is played once rather than Config.Playouts times.
const raceDetector = true
