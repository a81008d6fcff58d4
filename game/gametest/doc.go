// Package gametest helps test Parlor games: Conformance checks that a game
// keeps the game contract, and Nim is a small game that keeps it in full,
// so that the engine protocol, the arena and package game can be tested
// without depending on a real game's rules or speed.
//
// # The conformance suite
//
// Conformance is to a game what testing/fstest.TestFS is to a file
// system: one call that every implementation makes from its own tests.
// A new game adopts it with a test such as
//
//	func TestConformance(t *testing.T) {
//		gametest.Conformance(t, Definition, gametest.Config{
//			Options: []json.RawMessage{nil, json.RawMessage(`{"rows":3,"cols":4}`)},
//			Hidden:  sampleUnseen, // only a game with secrets
//		})
//	}
//
// It plays random matches from several seeds and checks, at every
// position, what the contract in docs/game-contract.md promises: that
// Turn, Legal and Outcome agree; that every listed move is accepted on a
// clone and reads back from its notation and its canonical JSON; that
// moves out of turn, moves already played, garbage text and a foreign move
// type are refused with a coded, readable error that changes nothing; that
// a clone is independent of its original, random generator included; that
// views and events marshal and events go to real seats; that replaying the
// match's log rebuilds the same position; that a view hides what its seat
// may not know (see Sampler); that a match ended by a decision of the
// match (game.Conclude) is over in every respect, is required of a game
// with secrets, and shows what the game's own end shows; that every bot
// level answers with a legal move before its deadline, never panics and
// leaves the state it is shown alone; and that the solver's best move, if
// it finds one, is legal. The package's own tests run each check against a
// game broken on purpose, to show that it can fail.
//
// A failure names the options, the seed and the log of the match, so it
// can be replayed with game.Registry.Replay.
//
// # Moves in tests
//
// Play and Refused are the two steps of a rules test, for every game:
// Play plays a move written in notation and fails the test if it is
// refused; Refused checks that a move is refused with one code and changes
// nothing any seat or spectator could see. Games' tests call them rather
// than keep copies of their own.
//
// # Nim
//
// Nim here is one pile of stones; the two seats take turns removing 1 to 3
// stones, and whoever takes the last stone wins. With {"setup":true} the
// match opens with a simultaneous, secret step: both seats owe a "pick" (a
// number from 1 to 9) at once, and each pick is told only to its picker,
// which exercises multi-seat turns and hidden events. The move "boom" parses
// but makes Apply panic, so tests can check that callers survive a game bug.
//
// Package gametest imports no game under games/, whose tests import it.
package gametest
