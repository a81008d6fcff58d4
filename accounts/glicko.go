package accounts

import "math"

// Glicko-2, implemented from Mark Glickman's description "Example of the
// Glicko-2 system". Ratings are shown on the Glicko scale (1500 centred)
// and computed on the Glicko-2 scale (divide by glickoScale).
//
// Parlor treats every finished match as one rating period for its players,
// so a rating moves as soon as a match ends. Players who do not play are
// not touched: their deviation does not grow with idle time. That keeps
// the stored numbers exactly what the last match made them, at the cost of
// a returning player's rating moving a little less than true Glicko-2
// would let it.

const (
	initialRating     = 1500.0
	initialRD         = 350.0
	initialVolatility = 0.06
	// tau constrains how fast volatility changes. Glickman suggests 0.3 to
	// 1.2; 0.5 is the middle ground his example uses.
	tau         = 0.5
	glickoScale = 173.7178
	// convergence tolerance of the volatility iteration, from the paper.
	volEpsilon = 0.000001
)

// Rating is one player's Glicko-2 state on the Glicko scale.
type Rating struct {
	R, RD, Vol float64
}

// defaultRating is where every player starts in every game.
var defaultRating = Rating{R: initialRating, RD: initialRD, Vol: initialVolatility}

// Game is one result in a rating period: the opponent's rating before the
// period and the score (1 win, 0.5 draw, 0 loss).
type Game struct {
	Opponent Rating
	Score    float64
}

func gFactor(phi float64) float64 {
	return 1 / math.Sqrt(1+3*phi*phi/(math.Pi*math.Pi))
}

func expected(mu, muJ, phiJ float64) float64 {
	return 1 / (1 + math.Exp(-gFactor(phiJ)*(mu-muJ)))
}

// Update returns the player's rating after a rating period with games.
// With no games only the deviation grows (step 6 of the algorithm).
func Update(p Rating, games []Game) Rating {
	mu := (p.R - initialRating) / glickoScale
	phi := p.RD / glickoScale
	sigma := p.Vol
	if len(games) == 0 {
		phiStar := math.Sqrt(phi*phi + sigma*sigma)
		return Rating{R: p.R, RD: phiStar * glickoScale, Vol: sigma}
	}

	// Steps 3 and 4: estimated variance v and improvement delta.
	var vInv, sum float64
	for _, g := range games {
		muJ := (g.Opponent.R - initialRating) / glickoScale
		phiJ := g.Opponent.RD / glickoScale
		gj := gFactor(phiJ)
		e := expected(mu, muJ, phiJ)
		vInv += gj * gj * e * (1 - e)
		sum += gj * (g.Score - e)
	}
	v := 1 / vInv
	delta := v * sum

	// Step 5: new volatility by the Illinois variant of regula falsi.
	sigma = newVolatility(phi, sigma, v, delta)

	// Steps 6 and 7: new deviation and rating.
	phiStar := math.Sqrt(phi*phi + sigma*sigma)
	phiNew := 1 / math.Sqrt(1/(phiStar*phiStar)+1/v)
	muNew := mu + phiNew*phiNew*sum

	// Step 8: back to the Glicko scale.
	return Rating{R: glickoScale*muNew + initialRating, RD: glickoScale * phiNew, Vol: sigma}
}

func newVolatility(phi, sigma, v, delta float64) float64 {
	a := math.Log(sigma * sigma)
	phi2, delta2 := phi*phi, delta*delta
	f := func(x float64) float64 {
		ex := math.Exp(x)
		d := phi2 + v + ex
		return ex*(delta2-phi2-v-ex)/(2*d*d) - (x-a)/(tau*tau)
	}
	A := a
	var B float64
	if delta2 > phi2+v {
		B = math.Log(delta2 - phi2 - v)
	} else {
		k := 1.0
		for f(a-k*tau) < 0 {
			k++
		}
		B = a - k*tau
	}
	fA, fB := f(A), f(B)
	// The bracket shrinks every round; the cap only guards against a
	// floating-point stall.
	for i := 0; math.Abs(B-A) > volEpsilon && i < 200; i++ {
		C := A + (A-B)*fA/(fB-fA)
		fC := f(C)
		if fC*fB <= 0 {
			A, fA = B, fB
		} else {
			fA /= 2
		}
		B, fB = C, fC
	}
	return math.Exp(A / 2)
}
