package game_test

import (
	"encoding/json"
	"fmt"

	"github.com/parlor-games/parlor/game"
	"github.com/parlor-games/parlor/game/gametest"
)

// A match as the server runs one: a game is started from its options and
// a seed, a seat's move is read from what it sent, applied, told in
// words, and each seat is sent its own view. The game here is the test
// suite's Nim (take one to three stones; whoever takes the last wins).
func Example() {
	reg := gametest.Registry()
	def, err := reg.Lookup("nim")
	if err != nil {
		panic(err)
	}
	st, err := def.New(json.RawMessage(`{"stones":5}`), game.NewRand(1))
	if err != nil {
		panic(err)
	}
	seat := st.Turn()[0]
	m, err := st.ParseMove(seat, []byte(`{"take":2}`))
	if err != nil {
		panic(err)
	}
	evs, err := st.Apply(seat, m)
	if err != nil {
		panic(err)
	}
	fmt.Println(game.SeatWord(seat), game.Describe(st, seat, m, evs))
	v, _ := json.Marshal(st.View(1))
	fmt.Println(string(v), st.Turn())
	// A refused move says why, with a code, and changes nothing.
	_, err = st.Apply(1, gametest.Move{Take: 4})
	fmt.Println(game.ErrorCode(err), st.(*gametest.State).Pile())
	// Output:
	// seat 0 took 2 stones
	// {"pile":3,"mover":1} [1]
	// bad-take 3
}

// A match is its log: replaying the moves from the same options and seed
// rebuilds the position, and the first move that does not replay is
// named.
func ExampleRegistry_Replay() {
	reg := gametest.Registry()
	log := game.Log{Game: "nim", Options: json.RawMessage(`{"stones":7}`), Seed: 9, Moves: []game.Entry{
		{Seat: 0, Move: json.RawMessage(`{"take":3}`)},
		{Seat: 1, Move: json.RawMessage(`{"take":1}`)},
	}}
	st, err := reg.Replay(log)
	fmt.Println(st.(*gametest.State).Pile(), err)
	log.Moves = append(log.Moves, game.Entry{Seat: 1, Move: json.RawMessage(`{"take":1}`)})
	_, err = reg.Replay(log)
	fmt.Println(err)
	// Output:
	// 3 <nil>
	// move 3 (seat 1, {"take":1}) does not replay: it is not seat 1's turn
}
