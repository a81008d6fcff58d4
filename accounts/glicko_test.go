package accounts

import (
	"math"
	"testing"
)

// The worked example from Glickman's "Example of the Glicko-2 system": a
// 1500/200 player beats a 1400/30 player and loses to 1550/100 and
// 1700/300 players, ending at about 1464.06 / 151.52 / 0.05999. The paper
// rounds its intermediate values (mu' = -0.2069); carried at full
// precision the rating is 1464.05, hence the tolerance of 0.015.
func TestGlickmanExample(t *testing.T) {
	got := Update(Rating{R: 1500, RD: 200, Vol: 0.06}, []Game{
		{Opponent: Rating{R: 1400, RD: 30, Vol: 0.06}, Score: 1},
		{Opponent: Rating{R: 1550, RD: 100, Vol: 0.06}, Score: 0},
		{Opponent: Rating{R: 1700, RD: 300, Vol: 0.06}, Score: 0},
	})
	if math.Abs(got.R-1464.06) > 0.015 || math.Abs(got.RD-151.52) > 0.01 || math.Abs(got.Vol-0.05999) > 0.00001 {
		t.Fatalf("got %.4f / %.4f / %.6f, want 1464.06 / 151.52 / 0.05999", got.R, got.RD, got.Vol)
	}
}

func TestIdlePeriodOnlyWidensDeviation(t *testing.T) {
	p := Rating{R: 1600, RD: 100, Vol: 0.06}
	got := Update(p, nil)
	if got.R != p.R || got.Vol != p.Vol || got.RD <= p.RD {
		t.Fatalf("idle period: %+v -> %+v", p, got)
	}
}

// A big upset (a weak player beating a strong one) moves both a lot, and
// symmetric results between equals stay symmetric.
func TestRatingDirections(t *testing.T) {
	a, b := defaultRating, defaultRating
	aw := Update(a, []Game{{Opponent: b, Score: 1}})
	bl := Update(b, []Game{{Opponent: a, Score: 0}})
	if aw.R <= 1500 || bl.R >= 1500 || math.Abs((aw.R-1500)-(1500-bl.R)) > 1e-9 {
		t.Fatalf("winner %.3f, loser %.3f: not symmetric around 1500", aw.R, bl.R)
	}
	d := Update(a, []Game{{Opponent: b, Score: 0.5}})
	if math.Abs(d.R-1500) > 1e-9 || d.RD >= 350 {
		t.Fatalf("draw between equals: %+v", d)
	}
}
