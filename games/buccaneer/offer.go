package buccaneer

import "github.com/parlor-games/parlor/game"

// Offer is what the captain who owes the step may do now, grouped as a
// client needs it to light squares and offer buttons: the game's own
// Legal, so that no client keeps a copy of the rules. It rides in that
// captain's view alone (a spectator and the other seats get none), and
// it travels in the view patches the server already sends.
//
// A trade in port is not listed: the trades of a well-stocked port run to
// thousands, so the trading screen sends what the captain picks and the
// game says why it refuses one.
type Offer struct {
	// Sail lists the squares the ship may sail to ("move", "escape").
	Sail []Point `json:"sail,omitempty"`
	// Attack lists those of Sail where the ship would attack another.
	Attack []Point `json:"attack,omitempty"`
	// Face lists the directions the ship may turn to ("move", "face").
	Face []string `json:"face,omitempty"`
	// Take lists the sets of treasure a chance card lets it take.
	Take [][]string `json:"take,omitempty"`
	// Crew is true when the card's crew cards may be taken instead.
	Crew bool `json:"crew,omitempty"`
	// Keep lists the sets of the loser's treasure the winner may keep.
	Keep [][]string `json:"keep,omitempty"`
	// Seats lists the captains a card lets it name.
	Seats []game.Seat `json:"seats,omitempty"`
}

// legalOffer returns seat's Offer, or nil when seat owes nothing now or its
// step is trading (see Offer).
func (s *State) legalOffer(seat game.Seat) *Offer {
	if s.phase == phOver || s.phase == phPort || seat < 0 || seat != s.who {
		return nil
	}
	o := &Offer{}
	for _, gm := range s.Legal(seat) {
		m := gm.(Move)
		switch {
		case m.Sail != nil:
			o.Sail = append(o.Sail, *m.Sail)
			if s.attacks(seat, *m.Sail) {
				o.Attack = append(o.Attack, *m.Sail)
			}
		case m.Face != "":
			o.Face = append(o.Face, m.Face)
		case m.Take != nil:
			o.Take = append(o.Take, m.Take)
		case m.Crew:
			o.Crew = true
		case m.Keep != nil:
			o.Keep = append(o.Keep, m.Keep)
		case m.Seat != nil:
			o.Seats = append(o.Seats, game.Seat(*m.Seat))
		}
	}
	return o
}

// attacks says whether seat's ship ending its sail on q attacks a ship
// there: any other ship outside a port.
func (s *State) attacks(seat game.Seat, q Point) bool {
	if portAt(q) >= 0 {
		return false
	}
	for _, o := range s.shipsAt(q) {
		if o != seat {
			return true
		}
	}
	return false
}
