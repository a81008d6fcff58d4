package dots

import (
	"encoding/json"
	"testing"

	"github.com/parlor-games/parlor/game"
)

// BenchmarkMoveJSON compares what a move's canonical form and its push's
// events cost through encoding/json and through their own AppendJSON
// (game.JSONAppender): the work the server does for every Dots move.
func BenchmarkMoveJSON(b *testing.B) {
	mv := Move{From: [2]int{3, 4}, To: [2]int{3, 5}}
	evs := []game.Event{
		{Type: "line", Seat: 1, Data: LineEvent{From: mv.From, To: mv.To, By: 1}},
		{Type: "box", Seat: 1, Data: BoxEvent{Row: 3, Col: 4, Owner: 1}},
	}
	b.Run("marshal", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if _, err := json.Marshal(mv); err != nil {
				b.Fatal(err)
			}
			if _, err := json.Marshal(evs); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("append", func(b *testing.B) {
		b.ReportAllocs()
		buf := make([]byte, 0, 256)
		for b.Loop() {
			_ = game.Canonical(mv)
			var ok bool
			if buf, ok = game.AppendEvents(buf[:0], evs); !ok {
				b.Fatal("the events did not append")
			}
		}
	})
}
