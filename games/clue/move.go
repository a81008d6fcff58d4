package clue

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/parlor-games/parlor/game"
)

// Verb is what a move does.
type Verb string

const (
	// VerbMove walks to a neighbouring place or through a secret passage.
	VerbMove Verb = "move"
	// VerbSuggest names a suspect and a weapon in the room one stands in.
	VerbSuggest Verb = "suggest"
	// VerbShow is a disprover's answer: one of the named cards it holds.
	VerbShow Verb = "show"
	// VerbAccuse names the three cards of the case file.
	VerbAccuse Verb = "accuse"
	// VerbEnd ends one's turn.
	VerbEnd Verb = "end"
)

// Move is one decision. Its canonical JSON names the verb and only the
// fields that verb takes:
//
//	{"kind":"move","to":"hall-lounge"}
//	{"kind":"suggest","suspect":"plum","weapon":"rope"}
//	{"kind":"show","card":"rope"}
//	{"kind":"accuse","suspect":"plum","weapon":"rope","room":"study"}
//	{"kind":"end"}
//
// The notation says the same in words: "move hall-lounge", "suggest plum
// rope", "show rope", "accuse plum rope study", "end". A suggestion's
// canonical form names no room: it is always the room the suggester
// stands in (3.6). A client may still name it, {"kind":"suggest",...,
// "room":"lounge"} or "suggest plum rope lounge", and any other room is
// refused: "You must be in the Room that you mention in your Suggestion".
type Move struct {
	Kind    Verb
	To      Place // move
	Suspect Card  // suggest, accuse
	Weapon  Card  // suggest, accuse
	Room    Card  // accuse
	Card    Card  // show
}

type moveJSON struct {
	Kind    Verb   `json:"kind"`
	To      *Place `json:"to,omitempty"`
	Suspect *Card  `json:"suspect,omitempty"`
	Weapon  *Card  `json:"weapon,omitempty"`
	Room    *Card  `json:"room,omitempty"`
	Card    *Card  `json:"card,omitempty"`
}

// MarshalJSON writes the canonical form.
func (m Move) MarshalJSON() ([]byte, error) {
	j := moveJSON{Kind: m.Kind}
	switch m.Kind {
	case VerbMove:
		j.To = &m.To
	case VerbSuggest:
		j.Suspect, j.Weapon = &m.Suspect, &m.Weapon
	case VerbShow:
		j.Card = &m.Card
	case VerbAccuse:
		j.Suspect, j.Weapon, j.Room = &m.Suspect, &m.Weapon, &m.Room
	}
	return json.Marshal(j)
}

// String is the notation.
func (m Move) String() string {
	switch m.Kind {
	case VerbMove:
		return "move " + m.To.key()
	case VerbSuggest:
		return "suggest " + cardKeys[m.Suspect] + " " + cardKeys[m.Weapon]
	case VerbShow:
		return "show " + cardKeys[m.Card]
	case VerbAccuse:
		return "accuse " + cardKeys[m.Suspect] + " " + cardKeys[m.Weapon] + " " + cardKeys[m.Room]
	}
	return string(m.Kind)
}

// noRoom is parseMove's answer for a suggestion that names no room.
const noRoom Card = -1

// takes lists the JSON fields of each kind of move, besides "kind". A
// suggestion may name its room, which must be the one the suggester
// stands in (State.ParseMove checks it): its canonical form leaves the
// room out, since it can be no other.
var takes = map[Verb][]string{
	VerbMove:    {"kind", "to"},
	VerbSuggest: {"kind", "suspect", "weapon", "room"},
	VerbShow:    {"kind", "card"},
	VerbAccuse:  {"kind", "suspect", "weapon", "room"},
	VerbEnd:     {"kind"},
}

// parseMove reads canonical JSON or notation, checking form only: each
// field names a card of the right group or a place, and a move holds only
// the fields its kind takes. It also returns the room a suggestion names,
// or noRoom.
func parseMove(text []byte) (Move, Card, error) {
	t := strings.TrimSpace(string(text))
	if strings.HasPrefix(t, "{") {
		return parseJSON([]byte(t))
	}
	f := strings.Fields(strings.ReplaceAll(t, ",", " "))
	if len(f) == 0 {
		return Move{}, noRoom, fmt.Errorf("an empty move")
	}
	m := Move{Kind: Verb(strings.ToLower(f[0]))}
	args := f[1:]
	card := func(i int) (Card, error) {
		c, ok := parseCard(args[i])
		if !ok {
			return -1, fmt.Errorf("no card is called %q", args[i])
		}
		return c, nil
	}
	want := map[Verb]int{VerbMove: 1, VerbSuggest: 2, VerbShow: 1, VerbAccuse: 3, VerbEnd: 0}
	n, ok := want[m.Kind]
	if !ok {
		return m, noRoom, fmt.Errorf("unknown move %q: move, suggest, show, accuse or end", f[0])
	}
	room := noRoom
	if m.Kind == VerbSuggest && len(args) == 3 {
		// "suggest plum rope lounge": the room may be named, as in JSON.
		c, err := card(2)
		if err != nil {
			return m, noRoom, err
		}
		if c.Kind() != RoomCard {
			return m, noRoom, fmt.Errorf("%s is not a room", c)
		}
		room, args = c, args[:2]
	}
	if len(args) != n {
		return m, noRoom, fmt.Errorf("%q takes %d names, not %d (names with spaces are written with dashes: lead-pipe)", m.Kind, n, len(args))
	}
	var err error
	switch m.Kind {
	case VerbMove:
		p, ok := parsePlace(args[0])
		if !ok {
			return m, noRoom, fmt.Errorf("no place is called %q", args[0])
		}
		m.To = p
	case VerbSuggest:
		if m.Suspect, err = card(0); err == nil {
			m.Weapon, err = card(1)
		}
	case VerbShow:
		m.Card, err = card(0)
	case VerbAccuse:
		if m.Suspect, err = card(0); err == nil {
			if m.Weapon, err = card(1); err == nil {
				m.Room, err = card(2)
			}
		}
	}
	if err != nil {
		return m, noRoom, err
	}
	return m, room, m.checkForm()
}

// parseJSON reads a move's canonical JSON, refusing a field its kind does
// not take.
func parseJSON(t []byte) (Move, Card, error) {
	var j moveJSON
	if err := game.DecodeJSON(t, &j, "a Clue-Less move"); err != nil {
		return Move{}, noRoom, err
	}
	m := Move{Kind: j.Kind}
	fields, err := game.Fields(t, "a Clue-Less move")
	if err != nil {
		return m, noRoom, err
	}
	allowed, ok := takes[j.Kind]
	if !ok {
		return m, noRoom, fmt.Errorf("unknown kind of move %q: move, suggest, show, accuse or end", j.Kind)
	}
	if err := game.OnlyFields(string(j.Kind), fields, allowed...); err != nil {
		return m, noRoom, err
	}
	need := func(p *Card, what string) error {
		if p == nil {
			return fmt.Errorf("a %s move needs its %s", j.Kind, what)
		}
		return nil
	}
	room := noRoom
	switch j.Kind {
	case VerbMove:
		if j.To == nil {
			return m, noRoom, fmt.Errorf("a move needs \"to\"")
		}
		m.To = *j.To
	case VerbSuggest:
		if err = need(j.Suspect, "suspect"); err == nil {
			err = need(j.Weapon, "weapon")
		}
		if err == nil {
			m.Suspect, m.Weapon = *j.Suspect, *j.Weapon
		}
		if err == nil && j.Room != nil {
			if j.Room.Kind() != RoomCard {
				return m, noRoom, fmt.Errorf("%s is not a room", *j.Room)
			}
			room = *j.Room
		}
	case VerbShow:
		if err = need(j.Card, "card"); err == nil {
			m.Card = *j.Card
		}
	case VerbAccuse:
		if err = need(j.Suspect, "suspect"); err == nil {
			err = need(j.Weapon, "weapon")
		}
		if err == nil {
			err = need(j.Room, "room")
		}
		if err == nil {
			m.Suspect, m.Weapon, m.Room = *j.Suspect, *j.Weapon, *j.Room
		}
	}
	if err != nil {
		return m, noRoom, err
	}
	return m, room, m.checkForm()
}

// checkForm refuses a card of the wrong group in a field.
func (m Move) checkForm() error {
	kind := func(c Card, k Kind, what string) error {
		if !c.valid() || c.Kind() != k {
			return fmt.Errorf("%s is not a %s", c, what)
		}
		return nil
	}
	switch m.Kind {
	case VerbSuggest, VerbAccuse:
		if err := kind(m.Suspect, SuspectCard, "suspect"); err != nil {
			return err
		}
		if err := kind(m.Weapon, WeaponCard, "weapon"); err != nil {
			return err
		}
		if m.Kind == VerbAccuse {
			return kind(m.Room, RoomCard, "room")
		}
	case VerbShow:
		if !m.Card.valid() {
			return fmt.Errorf("no such card")
		}
	case VerbMove:
		if m.To < 0 || m.To >= numPlaces {
			return fmt.Errorf("no such place")
		}
	}
	return nil
}
