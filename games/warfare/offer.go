package warfare

import "github.com/parlor-games/parlor/game"

// Offer is what the seat whose turn it is may do now, grouped by piece as
// a client needs it to light hexes and enable buttons: the game's own
// Legal, so that no client keeps a copy of the rules. Pieces are named by
// their hex; a piece with nothing to do is left out. It rides in that
// seat's view alone, and travels in the view patches the server already
// sends: a move changes a few pieces' entries, so a patch carries only
// those.
type Offer struct {
	// Go lists, for each villager, the hexes it may move to: to walk, to
	// act in its region (gather, clear, combine) or to take.
	Go map[int][]int `json:"go,omitempty"`
	// Train lists, for each villager, the ranks (2 infantry to 4 knight)
	// it may be trained to.
	Train map[int][]int `json:"train,omitempty"`
	// Meadow and Road list the peasants that may start one.
	Meadow []int `json:"meadow,omitempty"`
	Road   []int `json:"road,omitempty"`
	// Buy lists, for each village, the hexes a recruit may be put on, by
	// rank: item 0 for a peasant, 1 for an infantry, and so on, up to the
	// highest rank the village can pay for and keep.
	Buy map[int][][]int `json:"buy,omitempty"`
	// Upgrade lists the villages that may be upgraded.
	Upgrade []int `json:"upgrade,omitempty"`
	// Tower lists, for each village, the hexes a watchtower may go on.
	Tower map[int][]int `json:"tower,omitempty"`
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
	for _, gm := range s.Legal(seat) {
		m := gm.(Move)
		switch m.Kind {
		case Go:
			add(&o.Go, m.From, m.To)
		case Train:
			add(&o.Train, m.From, int(m.Unit))
		case Cultivate:
			o.Meadow = append(o.Meadow, m.From)
		case Road:
			o.Road = append(o.Road, m.From)
		case Buy:
			if o.Buy == nil {
				o.Buy = map[int][][]int{}
			}
			by := o.Buy[m.From]
			for len(by) < int(m.Unit) {
				by = append(by, []int{})
			}
			by[m.Unit-1] = append(by[m.Unit-1], m.To)
			o.Buy[m.From] = by
		case Upgrade:
			o.Upgrade = append(o.Upgrade, m.From)
		case Tower:
			add(&o.Tower, m.From, m.To)
		}
	}
	return o
}
