package server

import (
	"context"
	"encoding/json"
	"slices"
	"testing"

	"github.com/parlor-games/parlor/game"
	"github.com/parlor-games/parlor/games"
)

// withoutOffer is a view's JSON less its game.LegalMember: the view as it
// was before views carried the mover's legal moves.
func withoutOffer(tb testing.TB, v []byte) []byte {
	var top map[string]json.RawMessage
	if err := json.Unmarshal(v, &top); err != nil {
		tb.Fatal(err)
	}
	delete(top, game.LegalMember)
	out, err := json.Marshal(top)
	if err != nil {
		tb.Fatal(err)
	}
	return out
}

// BenchmarkOfferBytes measures what the mover's legal moves add to the
// bytes a seat receives: a match between easy bots is played, and seat
// 0's view after every move is sent as a patch to the one before, with
// the legal member and without it. It reports, per move, the patch bytes
// both ways, and the median whole view at seat 0's own turns both ways
// (a view goes whole on joining a table or after a reconnect).
func BenchmarkOfferBytes(b *testing.B) {
	for _, c := range []struct {
		game  string
		opts  string
		moves int
	}{
		{"buccaneer", `{"seats":4}`, 400},
		{"warfare", `{"players":2}`, 400},
	} {
		b.Run(c.game, func(b *testing.B) {
			def, err := games.Registry().Lookup(c.game)
			if err != nil {
				b.Fatal(err)
			}
			var patchWith, patchWithout, moves int
			var wholeWith, wholeWithout []int
			for b.Loop() {
				patchWith, patchWithout, moves = 0, 0, 0
				wholeWith, wholeWithout = nil, nil
				st, err := def.New(json.RawMessage(c.opts), game.NewRand(7))
				if err != nil {
					b.Fatal(err)
				}
				bots := map[game.Seat]game.Bot{}
				prev, _ := json.Marshal(st.View(0))
				prevBare := withoutOffer(b, prev)
				for ; moves < c.moves && st.Outcome() == nil; moves++ {
					seat := st.Turn()[0]
					if bots[seat] == nil {
						if bots[seat], err = def.Bot("easy", game.NewRand(uint64(seat)+1)); err != nil {
							b.Fatal(err)
						}
					}
					m, err := bots[seat].Choose(context.Background(), st.Clone(), seat)
					if err != nil {
						b.Fatal(err)
					}
					if _, err := st.Apply(seat, m); err != nil {
						b.Fatal(err)
					}
					cur, _ := json.Marshal(st.View(0))
					bare := withoutOffer(b, cur)
					patchWith += len(encodePatch(prev, cur))
					patchWithout += len(encodePatch(prevBare, bare))
					if slices.Contains(st.Turn(), 0) {
						wholeWith = append(wholeWith, len(cur))
						wholeWithout = append(wholeWithout, len(bare))
					}
					prev, prevBare = cur, bare
				}
			}
			median := func(xs []int) float64 {
				if len(xs) == 0 {
					return 0
				}
				xs = slices.Clone(xs)
				slices.Sort(xs)
				return float64(xs[len(xs)/2])
			}
			b.ReportMetric(float64(moves), "moves")
			b.ReportMetric(float64(patchWithout)/float64(moves), "patch-B/move-before")
			b.ReportMetric(float64(patchWith)/float64(moves), "patch-B/move-after")
			b.ReportMetric(median(wholeWithout), "view-B-before")
			b.ReportMetric(median(wholeWith), "view-B-after")
		})
	}
}
