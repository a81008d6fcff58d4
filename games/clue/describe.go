package clue

import (
	"strings"

	"github.com/parlor-games/parlor/game"
)

// Describe words a move for every seat, from its public events: where a
// detective walked, what was suggested and who could not disprove it,
// that a card was shown (never which: only the two seats learn it, 3.7),
// and an accusation with its verdict.
func (s *State) Describe(_ game.State, seat game.Seat, gm game.Move, evs []game.Event) string {
	m, _ := gm.(Move)
	var parts []string
	for _, e := range evs {
		switch d := e.Data.(type) {
		case MovedData:
			if d.Passage {
				parts = append(parts, "took the secret passage from "+placeWords(d.From)+" to "+placeWords(d.To))
			} else {
				parts = append(parts, "walked from "+placeWords(d.From)+" to "+placeWords(d.To))
			}
		case SuggestionData:
			parts = append(parts, "suggested "+d.Suspect.String()+" with the "+d.Weapon.String()+" in the "+d.Room.String())
		case SummonedData:
			if d.From != d.To {
				parts = append(parts, d.Suspect.String()+" was called to the "+d.To.String())
			}
		case AskedData:
			switch e.Type {
			case "passed":
				parts = append(parts, game.SeatWord(d.Seat)+" could not disprove it")
			case "unanswered":
				parts = append(parts, "nobody could disprove it")
			}
		case ShownData:
			parts = append(parts, "showed "+game.SeatWord(d.To)+" a card")
		case AccusationData:
			a := "accused " + d.Suspect.String() + " with the " + d.Weapon.String() + " in the " + d.Room.String()
			if d.Correct {
				a += ", rightly: the case is solved"
			} else {
				a += ", wrongly, and may make no more moves (but still shows cards)"
			}
			parts = append(parts, a)
		}
	}
	if len(parts) == 0 {
		switch m.Kind {
		case VerbEnd:
			return "ended the turn"
		case VerbShow:
			return "showed a card"
		}
		return "played"
	}
	return strings.Join(parts, "; ")
}

// placeWords names a place in a sentence: "the Study", "the hallway
// between the Hall and the Lounge", "Miss Scarlet's starting square".
func placeWords(p Place) string {
	switch {
	case p.IsRoom():
		return "the " + p.String()
	case p.IsHallway():
		h := hallways[p-firstHallway]
		return "the hallway between the " + roomNames[h[0]] + " and the " + roomNames[h[1]]
	case p.IsHome():
		return suspectNames[p-firstHome] + "'s starting square"
	}
	return p.String()
}
