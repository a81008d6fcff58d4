package battleship

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"

	"github.com/parlor-games/parlor/game"
)

// The analysis of a finished match (Definition.Analyze) shows, at each
// shot, what the expert bot would have made of the shooter's knowledge at
// that moment: its map of the enemy grid and its shot. The JSON form, which
// the web client's replay draws as a heat map:
//
//	{"shots":[{"step","seat","shot":[row,col],"expert":[row,col],
//	  "planned":bool,"exact":bool,"within":int,"heat":[100 ints]}]}
//
// step is the replay step of the shot, seat the shooter, shot where it
// fired and expert where the expert would have. heat is, row by row, each
// square's chance in thousandths that a ship lies there, over every fleet
// consistent with the shooter's own shots and answers (0 on squares
// already fired at). exact says the chances count every consistent
// fleet; when it is false they are estimated from drawn fleets, and within
// is the largest error, in thousandths and counting the rounding, the
// estimate states for any square: 5 or less (half a percentage point),
// unless the map's draws (reviewDraws) or its time ran out first. The
// expert fires at the hottest square, except when
// planned: with one or two ships afloat it lists every consistent fleet
// and fires where finishing takes fewest shots on average, which may be
// another square.

// Heat is the expert's map of one moment.
type Heat struct {
	Expert  [2]int `json:"expert"`
	Planned bool   `json:"planned"`
	// Exact says Heat counts every fleet consistent with the shooter's
	// knowledge; otherwise it is an estimate off by at most Within
	// thousandths on any square.
	Exact  bool `json:"exact"`
	Within int  `json:"within,omitempty"`
	// Heat is each square's chance of a ship, in thousandths, row by row.
	Heat []int `json:"heat"`
}

// ShotReview is the map at one shot of a replay.
type ShotReview struct {
	Step int    `json:"step"`
	Seat int    `json:"seat"`
	Shot [2]int `json:"shot"`
	Heat
}

// Analysis is a match's analysis.
type Analysis struct {
	Shots []ShotReview `json:"shots"`
}

// Analyze maps every shot of a finished match (game.Analyze). Each map is
// made from the shooter's view of the position before the shot, so it
// uses only what the shooter knew.
func Analyze(ctx context.Context, steps []game.ReplayStep, _ game.State) (any, error) {
	out := Analysis{Shots: []ShotReview{}}
	for i, st := range steps {
		m, ok := st.Move.(Move)
		if !ok || m.Shot == nil {
			continue
		}
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		h, err := expertHeat(ctx, st.Before, st.Seat)
		if err != nil {
			return nil, err
		}
		out.Shots = append(out.Shots, ShotReview{Step: i, Seat: int(st.Seat), Shot: *m.Shot, Heat: h})
	}
	return out, nil
}

// Aid answers a seat's "where would the expert fire?" from that seat's
// view alone (game.Definition.Aid): the same map a replay shows.
func Aid(ctx context.Context, view json.RawMessage) (any, error) {
	var v View
	if err := json.Unmarshal(view, &v); err != nil {
		return nil, fmt.Errorf("battleship: not a Battleship view: %w", err)
	}
	if v.Phase != "battle" || v.Seat < 0 {
		return nil, errors.New("the expert's map is there once the battle has started, for a seat that fires")
	}
	return heatOf(ctx, &v), nil
}

// expertHeat is the expert's map for seat from st, read through the seat's
// own view.
func expertHeat(ctx context.Context, st game.State, seat game.Seat) (Heat, error) {
	v, ok := st.View(seat).(*View)
	if !ok {
		return Heat{}, errors.New("battleship: not a Battleship state")
	}
	return heatOf(ctx, v), nil
}

// heatOf maps v's enemy grid. The sampler's generator is seeded by the
// number of shots the seat has fired, a function of what it knows, so
// the same knowledge gets the same map at the table and in the replay.
func heatOf(ctx context.Context, v *View) Heat {
	rng := game.NewRand(uint64(len(v.Shots[v.Seat])))
	o := observe(v, v.Seat)
	hm := expertHunter{bound: reviewBound, maxDraws: reviewDraws}.heat(ctx, &o, &rng)
	h := Heat{Expert: [2]int{hm.shot / Size, hm.shot % Size}, Planned: hm.planned, Exact: hm.exact, Heat: make([]int, numSquares)}
	if !hm.exact {
		// The estimate's bound, plus up to half a thousandth of rounding
		// (less a hair, so that a bound of exactly 0.0045 reads 5).
		h.Within = int(math.Ceil(hm.bound*1000 + 0.5 - 1e-9))
	}
	for s, c := range hm.chance {
		h.Heat[s] = int(math.Round(c * 1000))
	}
	return h
}
