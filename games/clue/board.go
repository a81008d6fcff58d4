package clue

import (
	"fmt"
	"strings"
)

// Place is where a token can stand: one of the nine rooms, one of the
// twelve hallways, or one of the six home squares where the suspects
// start. Weapons stand only in rooms.
type Place int8

// The rooms, in the 3 x 3 grid of the decision page, row by row:
//
//	Study         Hall           Lounge
//	Library       Billiard Room  Dining Room
//	Conservatory  Ballroom       Kitchen
const (
	Study Place = iota
	Hall
	Lounge
	Library
	BilliardRoom
	DiningRoom
	Conservatory
	Ballroom
	Kitchen
	numRooms
)

// The twelve hallways join side-by-side rooms: six across (row by row)
// and six down (column by column within each row).
const (
	firstHallway = numRooms
	numHallways  = 12
	// firstHome is the home square of suspect 0; suspect s starts on
	// firstHome+s.
	firstHome = firstHallway + numHallways
	numPlaces = firstHome + numSuspects
	// nowhere marks the absence of a place.
	nowhere Place = -1
)

// hallways lists the two rooms each hallway joins, in hallway order.
var hallways = [numHallways][2]Place{
	{Study, Hall}, {Hall, Lounge},
	{Library, BilliardRoom}, {BilliardRoom, DiningRoom},
	{Conservatory, Ballroom}, {Ballroom, Kitchen},
	{Study, Library}, {Hall, BilliardRoom}, {Lounge, DiningRoom},
	{Library, Conservatory}, {BilliardRoom, Ballroom}, {DiningRoom, Kitchen},
}

// passages are the secret passages between opposite corners (3.4).
var passages = map[Place]Place{Study: Kitchen, Kitchen: Study, Lounge: Conservatory, Conservatory: Lounge}

// homeHallway is the hallway next to each suspect's home square, which
// is where that suspect's first move must go (3.3 and the decision page).
var homeHallway = [numSuspects]Place{
	Scarlet: hallwayOf(Hall, Lounge),
	Mustard: hallwayOf(Lounge, DiningRoom),
	White:   hallwayOf(Ballroom, Kitchen),
	Green:   hallwayOf(Conservatory, Ballroom),
	Peacock: hallwayOf(Library, Conservatory),
	Plum:    hallwayOf(Study, Library),
}

func hallwayOf(a, b Place) Place {
	for i, h := range hallways {
		if (h[0] == a && h[1] == b) || (h[0] == b && h[1] == a) {
			return firstHallway + Place(i)
		}
	}
	panic(fmt.Sprintf("no hallway between %v and %v", a, b))
}

// IsRoom, IsHallway and IsHome tell the kinds of place apart.
func (p Place) IsRoom() bool    { return p >= 0 && p < numRooms }
func (p Place) IsHallway() bool { return p >= firstHallway && p < firstHome }
func (p Place) IsHome() bool    { return p >= firstHome && p < numPlaces }

// exits lists the places one step from p: a room's hallways and its
// secret passage, a hallway's two rooms, a home square's hallway.
func exits(p Place) []Place {
	switch {
	case p.IsRoom():
		var out []Place
		for i, h := range hallways {
			if h[0] == p || h[1] == p {
				out = append(out, firstHallway+Place(i))
			}
		}
		if q, ok := passages[p]; ok {
			out = append(out, q)
		}
		return out
	case p.IsHallway():
		h := hallways[p-firstHallway]
		return []Place{h[0], h[1]}
	case p.IsHome():
		return []Place{homeHallway[p-firstHome]}
	}
	return nil
}

var roomNames = [numRooms]string{"Study", "Hall", "Lounge", "Library", "Billiard Room", "Dining Room", "Conservatory", "Ballroom", "Kitchen"}

// String names a place for people: "Study", "Hall-Lounge" (a hallway),
// "Scarlet's home".
func (p Place) String() string {
	switch {
	case p.IsRoom():
		return roomNames[p]
	case p.IsHallway():
		h := hallways[p-firstHallway]
		return roomNames[h[0]] + "-" + roomNames[h[1]]
	case p.IsHome():
		return suspectNames[p-firstHome] + "'s home"
	}
	return "nowhere"
}

// key is the place's name in JSON and notation: "study", "hall-lounge",
// "home-scarlet".
func (p Place) key() string {
	switch {
	case p.IsRoom():
		return cardKeys[roomCard(p)]
	case p.IsHallway():
		h := hallways[p-firstHallway]
		return cardKeys[roomCard(h[0])] + "-" + cardKeys[roomCard(h[1])]
	case p.IsHome():
		return "home-" + cardKeys[p-firstHome]
	}
	return "nowhere"
}

// MarshalText writes the place's key.
func (p Place) MarshalText() ([]byte, error) { return []byte(p.key()), nil }

// UnmarshalText reads a place's key or its name ("Billiard Room").
func (p *Place) UnmarshalText(b []byte) error {
	q, ok := parsePlace(string(b))
	if !ok {
		return fmt.Errorf("no place is called %q", b)
	}
	*p = q
	return nil
}

func parsePlace(s string) (Place, bool) {
	k := normal(s)
	for q := Place(0); q < numPlaces; q++ {
		if k == q.key() || k == normal(q.String()) {
			return q, true
		}
	}
	return nowhere, false
}

// nameJoiner is normal's replacer, built once: every card and place a
// move names is read through normal, once per name it is compared with,
// and building a replacer costs far more than using one (it is safe for
// concurrent use).
var nameJoiner = strings.NewReplacer(" ", "-", "_", "-", ".", "", "'s", "")

// normal lower-cases a name and joins its words with dashes, so that
// "Billiard Room", "billiard-room" and "billiard_room" read alike.
func normal(s string) string {
	s = strings.ToLower(strings.TrimSpace(s))
	s = nameJoiner.Replace(s)
	for strings.Contains(s, "--") {
		s = strings.ReplaceAll(s, "--", "-")
	}
	return s
}

// Places lists every place: the rooms, the hallways, the home squares.
func Places() []Place {
	out := make([]Place, numPlaces)
	for i := range out {
		out[i] = Place(i)
	}
	return out
}

// Joins returns the two rooms a hallway joins, or the hallway a home
// square opens onto (twice); ok is false for a room.
func (p Place) Joins() (a, b Place, ok bool) {
	switch {
	case p.IsHallway():
		h := hallways[p-firstHallway]
		return h[0], h[1], true
	case p.IsHome():
		h := homeHallway[p-firstHome]
		return h, h, true
	}
	return nowhere, nowhere, false
}

// RoomCard is the card of a room; -1 for a place that is not a room.
func (p Place) RoomCard() Card {
	if !p.IsRoom() {
		return -1
	}
	return roomCard(p)
}
