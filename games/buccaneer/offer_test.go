package buccaneer

import (
	"reflect"
	"slices"
	"testing"

	"github.com/parlor-games/parlor/game"
	"pgregory.net/rapid"
)

// offerMoves turns an Offer back into the moves it stands for, in
// notation.
func offerMoves(o *Offer) map[string]bool {
	out := map[string]bool{}
	for _, q := range o.Sail {
		out[SailTo(q.X, q.Y).String()] = true
	}
	for _, f := range o.Face {
		out[Move{Face: f}.String()] = true
	}
	for _, t := range o.Take {
		out[Move{Take: t}.String()] = true
	}
	if o.Crew {
		out[Move{Crew: true}.String()] = true
	}
	for _, k := range o.Keep {
		out[Move{Keep: k}.String()] = true
	}
	for _, s := range o.Seats {
		out[SeatMove(int(s)).String()] = true
	}
	return out
}

// TestOfferIsLegal: the seat that owes the step finds in its own view
// exactly the moves Legal allows (but for trades and the passed ship's
// yes or no, which its screen offers as they are), attack squares among
// them where another ship lies outside a port; no other seat and no
// spectator finds any, so what one captain may do, which its secret hand
// shapes, is told to that captain alone.
func TestOfferIsLegal(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		s := drawPlayed(t)
		for seat := game.Seat(-1); int(seat) < s.n; seat++ {
			full := s.View(seat).(View)
			o := full.Legal
			full.Legal = nil
			if !reflect.DeepEqual(s.PlainView(seat), full) {
				t.Fatalf("seat %d: the plain view is not the view without its offer", seat)
			}
			owes := seat == s.who && s.phase != phPort
			if (o != nil) != owes {
				t.Fatalf("seat %d at step %s (owed by %d): offer %+v", seat, phaseNames[s.phase], s.who, o)
			}
			if o == nil {
				continue
			}
			want := legalStrings(s, seat)
			delete(want, AttackMove(true).String())
			delete(want, AttackMove(false).String())
			got := offerMoves(o)
			if len(got) != len(want) {
				t.Fatalf("step %s: the offer stands for %v, Legal is %v", phaseNames[s.phase], got, want)
			}
			for m := range got {
				if !want[m] {
					t.Fatalf("step %s: the offer has %s, which Legal does not", phaseNames[s.phase], m)
				}
			}
			for _, q := range o.Attack {
				if !slices.Contains(o.Sail, q) || portAt(q) >= 0 || len(s.shipsAt(q)) == 0 {
					t.Fatalf("attack square %v: sail %v, port %d, ships %v", q, o.Sail, portAt(q), s.shipsAt(q))
				}
			}
		}
	})
}

// TestOfferAttackSquare: London may sail onto the Cadiz ship and attack
// it; Cadiz's view and the spectator's say nothing of it.
func TestOfferAttackSquare(t *testing.T) {
	s := scenario(t, `{"ships":[{"home":"London","at":[3,5],"facing":"E","hand":["R3","B3"]},{"home":"Cadiz","at":[5,5],"hand":["R2"]}]}`)
	o := s.View(0).(View).Legal
	if o == nil || !slices.Contains(o.Sail, Point{5, 5}) || !slices.Equal(o.Attack, []Point{{5, 5}}) {
		t.Fatalf("London's offer: %+v", o)
	}
	if s.View(1).(View).Legal != nil || s.View(game.Spectator).(View).Legal != nil {
		t.Fatal("another captain or a spectator is told what London may do")
	}
}
