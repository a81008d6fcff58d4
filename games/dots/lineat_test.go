package dots

import (
	"slices"
	"testing"

	"github.com/parlor-games/parlor/game"
)

// A client keeping a Dots view from events puts each line where its event
// says (LineEvent.At); over a whole game in a shuffled order its list of
// lines stays the server's, line for line.
func TestLineEventSaysWhereTheLineGoesInTheView(t *testing.T) {
	for _, size := range [][2]int{{2, 2}, {3, 5}, {8, 8}, {16, 16}} {
		s := mustNew(t, size[0], size[1])
		rng := game.NewRand(uint64(size[0]*100 + size[1]))
		var kept []LineView
		for s.Outcome() == nil {
			legal := s.Legal(s.turn)
			evs, err := s.Apply(s.turn, legal[rng.IntN(len(legal))])
			if err != nil {
				t.Fatal(err)
			}
			e := evs[0].Data.(LineEvent)
			if e.At < 0 || e.At > len(kept) {
				t.Fatalf("%dx%d: line %v at %d, past the %d lines drawn", size[0], size[1], e, e.At, len(kept))
			}
			kept = slices.Insert(kept, e.At, LineView{From: e.From, To: e.To, By: e.By})
			if want := view(s, 0).Lines; !slices.Equal(kept, want) {
				t.Fatalf("%dx%d: lines kept from events %v, the view's %v", size[0], size[1], kept, want)
			}
		}
	}
}
