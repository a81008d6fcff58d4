package dots_test

import (
	"encoding/json"
	"fmt"

	"github.com/parlor-games/parlor/game"
	"github.com/parlor-games/parlor/games/dots"
)

// A small board, played to its first box: the fourth side closes the box,
// the event says so, and the mover plays again. The line event says where
// the line goes in the view's list (at), which lists lines in board order.
func Example() {
	st, err := dots.Definition.New(json.RawMessage(`{"rows":2,"cols":3}`), game.NewRand(1))
	if err != nil {
		panic(err)
	}
	for _, text := range []string{"a1-b1", "b1-b2", "a2-b2", "a1-a2"} {
		seat := st.Turn()[0]
		m, err := st.ParseMove(seat, []byte(text))
		if err != nil {
			panic(err)
		}
		evs, err := st.Apply(seat, m)
		if err != nil {
			panic(err)
		}
		for _, e := range evs {
			d, _ := json.Marshal(e.Data)
			fmt.Println(e.Seat, e.Type, string(d))
		}
		fmt.Println(" ", game.SeatWord(seat), game.Describe(st, seat, m, evs))
	}
	fmt.Println("to move:", st.Turn(), "scores:", st.Scores())
	// Output:
	// 0 line {"from":[0,0],"to":[0,1],"by":0,"at":0}
	//   seat 0 drew the line a1 to b1
	// 1 line {"from":[0,1],"to":[1,1],"by":1,"at":1}
	//   seat 1 drew the line b1 to b2
	// 0 line {"from":[1,0],"to":[1,1],"by":0,"at":1}
	//   seat 0 drew the line a2 to b2
	// 1 line {"from":[0,0],"to":[1,0],"by":1,"at":2}
	// 1 box {"row":0,"col":0,"owner":1}
	//   seat 1 drew the line a1 to a2 and closed the box at a1: an extra turn
	// to move: [1] scores: [0 1]
}

// A refused line changes nothing and says why, with a code a script can
// test.
func ExampleState_Apply() {
	st, _ := dots.New(3, 3)
	m, _ := dots.ParseMove([]byte("a1-b1"))
	_, _ = st.Apply(0, m)
	_, err := st.Apply(1, m)
	fmt.Println(game.ErrorCode(err)+":", err)
	_, err = st.Apply(1, dots.Move{From: [2]int{0, 0}, To: [2]int{1, 1}})
	fmt.Println(game.ErrorCode(err)+":", err)
	// Output:
	// already-drawn: that line is already drawn
	// diagonal: lines cannot be diagonal: join dots in the same row or column
}
