package warfare

import (
	"slices"

	"github.com/parlor-games/parlor/game"
)

// Offer is what the seat whose turn it is may do now, grouped by piece as
// a client needs it to light hexes and enable buttons: the game's own
// Legal, so that no client keeps a copy of the rules. Pieces are named by
// their hex; a piece with nothing to do is left out; lists of hexes are
// in increasing order. It rides in that seat's view alone, and travels in
// the view patches the server already sends. Its shape keeps those small:
// each piece is a member of its own, so a move that changes what a few
// pieces may do changes only their members.
type Offer struct {
	// Go lists, for each villager, the hexes it may move to: to walk, to
	// act in its region (gather, clear, combine) or to take.
	Go map[int][]int `json:"go,omitempty"`
	// Train lists, for each villager, the ranks (2 infantry to 4 knight)
	// it may be trained to.
	Train map[int][]int `json:"train,omitempty"`
	// Work says, for each peasant that may start one, what: WorkMeadow,
	// WorkRoad, or both added together.
	Work map[int]int `json:"work,omitempty"`
	// Buy lists, for each village, where it may put a recruit.
	Buy map[int]Recruits `json:"buy,omitempty"`
	// Upgrade lists the villages that may be upgraded.
	Upgrade []int `json:"upgrade,omitempty"`
	// Tower lists, for each village, the hexes a watchtower may go on.
	Tower map[int][]int `json:"tower,omitempty"`
}

// What a peasant may start, in Offer.Work.
const (
	WorkMeadow = 1
	WorkRoad   = 2
)

// Recruits is where one village may put a recruit: a recruit of any rank
// from peasant to Top on the hexes of In, and one of rank r also on the
// hexes of Out[r-1] (land it would take). Out may be shorter than Top.
type Recruits struct {
	Top int     `json:"top"`
	In  []int   `json:"in,omitempty"`
	Out [][]int `json:"out,omitempty"`
}

// legalOffer returns seat's Offer, nil when it is not seat's turn.
func (s *State) legalOffer(seat game.Seat) *Offer {
	if s.over || seat < 0 || int(seat) != int(s.turn) {
		return nil
	}
	o := &Offer{}
	add := func(m *map[int][]int, k, v int) {
		if *m == nil {
			*m = map[int][]int{}
		}
		(*m)[k] = append((*m)[k], v)
	}
	// byRank[v][r-1] lists where village v may put a recruit of rank r.
	byRank := map[int][][]int{}
	for _, gm := range s.Legal(seat) {
		m := gm.(Move)
		switch m.Kind {
		case Go:
			add(&o.Go, m.From, m.To)
		case Train:
			add(&o.Train, m.From, int(m.Unit))
		case Cultivate, Road:
			if o.Work == nil {
				o.Work = map[int]int{}
			}
			o.Work[m.From] |= map[Kind]int{Cultivate: WorkMeadow, Road: WorkRoad}[m.Kind]
		case Buy:
			by := byRank[m.From]
			for len(by) < int(m.Unit) {
				by = append(by, nil)
			}
			by[m.Unit-1] = append(by[m.Unit-1], m.To)
			byRank[m.From] = by
		case Upgrade:
			o.Upgrade = append(o.Upgrade, m.From)
		case Tower:
			add(&o.Tower, m.From, m.To)
		}
	}
	for _, m := range []map[int][]int{o.Go, o.Tower} {
		for _, l := range m {
			slices.Sort(l)
		}
	}
	slices.Sort(o.Upgrade)
	for v, by := range byRank {
		if o.Buy == nil {
			o.Buy = map[int]Recruits{}
		}
		o.Buy[v] = recruits(by)
	}
	return o
}

// recruits groups a village's recruit hexes by rank (by[r-1] for rank r)
// into those every rank may use and those of each rank alone.
func recruits(by [][]int) Recruits {
	rc := Recruits{Top: len(by)}
	ranks := map[int]int{} // hex -> how many ranks may use it
	for _, l := range by {
		for _, h := range l {
			ranks[h]++
		}
	}
	for h, n := range ranks {
		if n == len(by) {
			rc.In = append(rc.In, h)
		}
	}
	slices.Sort(rc.In)
	for _, l := range by {
		out := []int{}
		for _, h := range l {
			if ranks[h] < len(by) {
				out = append(out, h)
			}
		}
		slices.Sort(out)
		rc.Out = append(rc.Out, out)
	}
	for len(rc.Out) > 0 && len(rc.Out[len(rc.Out)-1]) == 0 {
		rc.Out = rc.Out[:len(rc.Out)-1]
	}
	return rc
}
