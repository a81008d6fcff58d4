package dots

import (
	"testing"

	"github.com/parlor-games/parlor/game"
)

// BenchmarkMoveSteps times, per move of a random 8x8 game, the steps a
// server's match takes for every accepted move: parsing and applying it,
// the copy of the position kept to put back if the move cannot be stored
// (match.Match.playLocked), and the move in words every push carries
// (game.Describe). clone is the copy as a new allocation, copy the same
// into a position kept from an earlier move (game.Copier), which is what
// the match does since it pools them.
func BenchmarkMoveSteps(b *testing.B) {
	// One game's moves, in canonical JSON as a client sends them.
	var moves [][]byte
	st, err := New(8, 8)
	if err != nil {
		b.Fatal(err)
	}
	rng := game.NewRand(1)
	for st.Outcome() == nil {
		seat := st.Turn()[0]
		legal := st.Legal(seat)
		mv := legal[rng.IntN(len(legal))]
		moves = append(moves, game.Canonical(mv))
		if _, err := st.Apply(seat, mv); err != nil {
			b.Fatal(err)
		}
	}
	// play runs one step per move of the game, on a fresh position, and
	// reports the step's time per move.
	play := func(b *testing.B, step func(s *State, seat game.Seat, mv game.Move, evs []game.Event)) {
		b.ReportAllocs()
		n := 0
		for b.Loop() {
			s, _ := New(8, 8)
			for _, text := range moves {
				seat := s.Turn()[0]
				mv, err := s.ParseMove(seat, text)
				if err != nil {
					b.Fatal(err)
				}
				evs, err := s.Apply(seat, mv)
				if err != nil {
					b.Fatal(err)
				}
				step(s, seat, mv, evs)
				n++
			}
		}
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(n), "ns/move")
	}
	var sink game.State
	var words string
	b.Run("parse+apply", func(b *testing.B) {
		play(b, func(*State, game.Seat, game.Move, []game.Event) {})
	})
	b.Run("parse+apply+clone", func(b *testing.B) {
		play(b, func(s *State, _ game.Seat, _ game.Move, _ []game.Event) { sink = s.Clone() })
	})
	b.Run("parse+apply+copy", func(b *testing.B) {
		spare := &State{}
		play(b, func(s *State, _ game.Seat, _ game.Move, _ []game.Event) { spare.CopyFrom(s) })
	})
	b.Run("parse+apply+describe", func(b *testing.B) {
		play(b, func(s *State, seat game.Seat, mv game.Move, evs []game.Event) {
			words = game.Describe(s, seat, mv, evs)
		})
	})
	_, _ = sink, words
}
