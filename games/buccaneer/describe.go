package buccaneer

import (
	"strconv"
	"strings"

	"github.com/parlor-games/parlor/game"
)

// compass names a facing in words ("SW" is "south-west").
var compass = map[string]string{
	"N": "north", "NE": "north-east", "E": "east", "SE": "south-east",
	"S": "south", "SW": "south-west", "W": "west", "NW": "north-west",
}

// Describe words a step of a captain's turn for every captain, from the
// step's public events: the voyage, the facing, the fight (only its
// result is told, FR6), treasure and crew that changed hands (a crew
// card's value only where everyone sees it), chance cards, and what the
// rules decided. Places that are a seat's ("seat 2") are left for each
// client to name.
func (s *State) Describe(_ game.State, seat game.Seat, gm game.Move, evs []game.Event) string {
	m, _ := gm.(Move)
	var parts []string
	for _, e := range evs {
		switch d := e.Data.(type) {
		case SailData:
			parts = append(parts, "sailed from "+d.From.String()+" to "+d.To.String())
		case FaceData:
			parts = append(parts, "turned the ship to face "+compass[d.Facing])
		case AskData:
			parts = append(parts, game.SeatWord(d.Mover)+" passed "+game.SeatWord(d.Seat)+"'s ship, which may attack")
		case AnswerData:
			if d.Attack {
				parts = append(parts, "chose to attack")
			} else {
				parts = append(parts, "let the ship pass")
			}
		case FightData:
			fight := game.SeatWord(d.Attacker) + " attacked " + game.SeatWord(d.Defender)
			if d.Winner < 0 {
				fight += ": neither side won"
			} else {
				fight += " and " + game.SeatWord(d.Winner) + " won"
			}
			parts = append(parts, fight)
		case TreasureData:
			parts = append(parts, strings.Join(d.Items, ", ")+" went from "+d.From+" to "+d.To)
		case CrewData:
			n := strconv.Itoa(d.Count) + " crew cards"
			if d.Count == 1 {
				n = "a crew card"
			}
			parts = append(parts, n+" went from "+d.From+" to "+d.To)
		case ChanceData:
			parts = append(parts, "drew chance card "+strconv.Itoa(d.Number)+", "+d.Title)
		case NoteData:
			parts = append(parts, d.Text)
		}
	}
	if len(parts) == 0 {
		switch {
		case m.Done:
			return "finished trading"
		case m.Keep != nil:
			return "chose what to keep"
		}
		return "made a choice"
	}
	return strings.Join(parts, "; ")
}
