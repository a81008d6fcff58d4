package clue

import "fmt"

// Card is one of the 21 cards: six suspects, six weapons, nine rooms
// (3.1). Its number orders the cards as the notebook lists them.
type Card int8

// The suspects, in turn order (the decision page): Scarlet first.
const (
	Scarlet Card = iota
	Mustard
	White
	Green
	Peacock
	Plum
	numSuspects = 6
)

// The weapons.
const (
	Candlestick Card = numSuspects + iota
	Knife
	LeadPipe
	Revolver
	Rope
	Wrench
	numWeapons = 6
	firstRoom  = numSuspects + numWeapons
	numCards   = firstRoom + int(numRooms)
)

var suspectNames = [numSuspects]string{"Miss Scarlet", "Colonel Mustard", "Mrs. White", "Mr. Green", "Mrs. Peacock", "Professor Plum"}

var weaponNames = [numWeapons]string{"Candlestick", "Knife", "Lead Pipe", "Revolver", "Rope", "Wrench"}

// cardKeys are the cards' names in JSON and notation.
var cardKeys = [numCards]string{
	"scarlet", "mustard", "white", "green", "peacock", "plum",
	"candlestick", "knife", "lead-pipe", "revolver", "rope", "wrench",
	"study", "hall", "lounge", "library", "billiard-room", "dining-room", "conservatory", "ballroom", "kitchen",
}

// Kind is a card's group.
type Kind int8

const (
	SuspectCard Kind = iota
	WeaponCard
	RoomCard
)

// Kind tells which group the card belongs to.
func (c Card) Kind() Kind {
	switch {
	case c < numSuspects:
		return SuspectCard
	case c < firstRoom:
		return WeaponCard
	}
	return RoomCard
}

// String names the card for people.
func (c Card) String() string {
	if !c.valid() {
		return fmt.Sprintf("card %d", int(c))
	}
	switch c.Kind() {
	case SuspectCard:
		return suspectNames[c]
	case WeaponCard:
		return weaponNames[c-numSuspects]
	}
	return roomNames[c-firstRoom]
}

func (c Card) valid() bool { return c >= 0 && int(c) < numCards }

// roomCard is the card of a room; cardRoom the room of a room card.
func roomCard(p Place) Card { return firstRoom + Card(p) }
func cardRoom(c Card) Place { return Place(c - firstRoom) }

// MarshalText writes the card's key ("lead-pipe").
func (c Card) MarshalText() ([]byte, error) {
	if !c.valid() {
		return nil, fmt.Errorf("no card %d", c)
	}
	return []byte(cardKeys[c]), nil
}

// UnmarshalText reads a card's key, its name ("Lead Pipe", "Miss
// Scarlet") or a suspect's surname ("Scarlet").
func (c *Card) UnmarshalText(b []byte) error {
	d, ok := parseCard(string(b))
	if !ok {
		return fmt.Errorf("no card is called %q", b)
	}
	*c = d
	return nil
}

func parseCard(s string) (Card, bool) {
	k := normal(s)
	for d := Card(0); int(d) < numCards; d++ {
		if k == cardKeys[d] || k == normal(d.String()) {
			return d, true
		}
	}
	return -1, false
}

// faceUp is the spec's table of face-up cards (3.2.5), by players (3-6)
// and difficulty.
var faceUp = map[int][3]int{3: {6, 0, 0}, 4: {6, 2, 0}, 5: {3, 3, 0}, 6: {6, 0, 0}}

// Cards lists every card, suspects first, then weapons, then rooms: the
// order of a notebook. Clients use it to offer choices.
func Cards() []Card {
	out := make([]Card, numCards)
	for i := range out {
		out[i] = Card(i)
	}
	return out
}

// Key is the card's name in JSON and notation ("lead-pipe").
func (c Card) Key() string {
	if !c.valid() {
		return ""
	}
	return cardKeys[c]
}
