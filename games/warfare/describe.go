package warfare

import (
	"strconv"
	"strings"

	"github.com/parlor-games/parlor/game"
)

// HexName names a land hex by its place on the island's grid, column
// letter and row number as on a map ("F7", and "AB12" past the 26th
// column), so that a sentence can say where a move happened.
func (is *Island) HexName(h int) string {
	if h < 0 || h >= len(is.X) {
		return "?"
	}
	x := int(is.X[h])
	col := ""
	for {
		col = string(rune('A'+x%26)) + col
		x = x/26 - 1
		if x < 0 {
			break
		}
	}
	return col + strconv.Itoa(int(is.Y[h])+1)
}

// article is "a" or "an" before a villager's or a village's name.
func article(word string) string {
	if word != "" && strings.ContainsRune("aeiou", rune(word[0])) {
		return "an " + word
	}
	return "a " + word
}

// Describe words one step of a turn for everyone (every fact of Medieval
// Warfare is public): what the villager or village did and where, then
// the land it took and the village it captured, from the step's events.
func (s *State) Describe(_ game.State, seat game.Seat, gm game.Move, evs []game.Event) string {
	m, _ := gm.(Move)
	at := s.isl.HexName
	var b strings.Builder
	switch m.Kind {
	case End:
		b.WriteString("ended the turn")
	case Go:
		b.WriteString("moved " + article(s.rankAt(m.To)) + " from " + at(m.From) + " to " + at(m.To))
	case Buy:
		b.WriteString("recruited " + article(m.Unit.String()) + " at the village in " + at(m.From) + " and placed it at " + at(m.To))
	case Train:
		b.WriteString("trained the villager at " + at(m.From) + " up to " + article(m.Unit.String()))
	case Cultivate:
		b.WriteString("set the peasant at " + at(m.From) + " to make a meadow")
	case Road:
		b.WriteString("set the peasant at " + at(m.From) + " to build a road")
	case Upgrade:
		b.WriteString("upgraded the village at " + at(m.From) + " to " + article(s.levelAt(m.From)))
	case Tower:
		b.WriteString("built a watchtower at " + at(m.To) + ", paid by the village in " + at(m.From))
	}
	for _, e := range evs {
		switch d := e.Data.(type) {
		case TakeEvent:
			if d.From >= 0 {
				b.WriteString(", taking it from " + game.SeatWord(game.Seat(d.From)))
			} else {
				b.WriteString(", claiming it")
			}
		case CaptureEvent:
			b.WriteString(", and captured " + game.SeatWord(game.Seat(d.Owner)) + "'s village there")
			if d.Gold > 0 {
				b.WriteString(" with its " + strconv.Itoa(d.Gold) + " gold")
			}
		case SeatEvent:
			if e.Type == "eliminated" && game.Seat(d.Seat) != seat {
				b.WriteString("; " + game.SeatWord(game.Seat(d.Seat)) + " is out of the game")
			}
		}
	}
	return b.String()
}

// rankAt names the villager on hex h, "villager" if none is there.
func (s *State) rankAt(h int) string {
	if h >= 0 && h < len(s.cells) {
		if t := s.cells[h].thing; t >= peasant && t <= knight {
			return Rank(t).String()
		}
	}
	return "villager"
}

// levelAt names the level of the village on hex h.
func (s *State) levelAt(h int) string {
	if h >= 0 && h < len(s.cells) && s.cells[h].thing == village {
		return s.vils[s.cells[h].vil].level.String()
	}
	return "village"
}
