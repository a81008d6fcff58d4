package battleship

import (
	"testing"

	"github.com/parlor-games/parlor/game"
)

// The start and shot events say how many shots the seat to fire has left
// (with salvo, one per ship afloat), so a client keeping its view from
// events shows the server's count without the salvo rule.
func TestEventsCarryTheShotsLeft(t *testing.T) {
	for _, salvo := range []bool{false, true} {
		opt := DefaultOptions()
		opt.Salvo = salvo
		s := New(opt, game.NewRand(9))
		rng := game.NewRand(10)
		var evs []game.Event
		for seat := range 2 {
			var err error
			evs, err = s.Apply(game.Seat(seat), Move{Random: true})
			if err != nil {
				t.Fatal(err)
			}
		}
		start := evs[len(evs)-1].Data.(StartData)
		if v := s.View(0).(*View); start.Shots != v.ShotsLeft {
			t.Fatalf("salvo %v: start says %d shots, the view %d", salvo, start.Shots, v.ShotsLeft)
		}
		changed := false
		for !s.over() {
			seat := s.Turn()[0]
			legal := s.Legal(seat)
			evs, err := s.Apply(seat, legal[rng.IntN(len(legal))])
			if err != nil {
				t.Fatal(err)
			}
			d := evs[0].Data.(ShotData)
			if v := s.View(0).(*View); d.Left != v.ShotsLeft {
				t.Fatalf("salvo %v: a shot says %d left, the view %d", salvo, d.Left, v.ShotsLeft)
			}
			if d.Left != 1 && d.Left != 0 {
				changed = true
			}
		}
		if salvo != changed {
			t.Fatalf("salvo %v: a count other than one left seen: %v", salvo, changed)
		}
	}
}
