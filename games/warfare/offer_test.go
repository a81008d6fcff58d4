package warfare

import (
	"encoding/json"
	"testing"

	"github.com/parlor-games/parlor/game"
)

// offerMoves turns an Offer back into the moves it stands for, in
// notation.
func offerMoves(o *Offer) map[string]bool {
	out := map[string]bool{}
	add := func(m Move) { out[m.String()] = true }
	for from, tos := range o.Go {
		for _, to := range tos {
			add(Move{Kind: Go, From: from, To: to})
		}
	}
	for from, rs := range o.Train {
		for _, r := range rs {
			add(Move{Kind: Train, From: from, Unit: Rank(r)})
		}
	}
	for h, w := range o.Work {
		if w&WorkMeadow != 0 {
			add(Move{Kind: Cultivate, From: h})
		}
		if w&WorkRoad != 0 {
			add(Move{Kind: Road, From: h})
		}
	}
	for v, rc := range o.Buy {
		for r := 1; r <= rc.Top; r++ {
			for _, h := range rc.In {
				add(Move{Kind: Buy, From: v, To: h, Unit: Rank(r)})
			}
			if r <= len(rc.Out) {
				for _, h := range rc.Out[r-1] {
					add(Move{Kind: Buy, From: v, To: h, Unit: Rank(r)})
				}
			}
		}
	}
	for _, v := range o.Upgrade {
		add(Move{Kind: Upgrade, From: v})
	}
	for v, hs := range o.Tower {
		for _, h := range hs {
			add(Move{Kind: Tower, From: v, To: h})
		}
	}
	return out
}

// TestOfferIsLegal: through a played match, the view of the seat whose
// turn it is lists exactly the moves Legal allows but "end", so that its
// client lights what the rules allow without a copy of them.
func TestOfferIsLegal(t *testing.T) {
	opts, _ := json.Marshal(map[string]any{"players": 3, "island": "pebble"})
	st, err := Definition.New(opts, game.NewRand(5))
	if err != nil {
		t.Fatal(err)
	}
	rng := game.NewRand(9)
	checked := 0
	for step := 0; step < 400 && st.Outcome() == nil; step++ {
		mover := st.Turn()[0]
		o := st.View(mover).(View).Legal
		if o == nil {
			t.Fatalf("step %d: the mover's view has no offer", step)
		}
		want := map[string]bool{}
		legal := st.Legal(mover)
		for _, m := range legal {
			if m.(Move).Kind != End {
				want[m.String()] = true
			}
		}
		got := offerMoves(o)
		if len(got) != len(want) {
			t.Fatalf("step %d: the offer stands for %d moves, Legal for %d", step, len(got), len(want))
		}
		for m := range got {
			if !want[m] {
				t.Fatalf("step %d: the offer has %s, which Legal does not", step, m)
			}
		}
		checked += len(want)
		// Mostly moves within the turn, so that pieces act and regions grow.
		m := legal[rng.IntN(len(legal))]
		if _, err := st.Apply(mover, m); err != nil {
			t.Fatal(err)
		}
	}
	if checked < 1000 {
		t.Fatalf("only %d moves compared", checked)
	}
}
