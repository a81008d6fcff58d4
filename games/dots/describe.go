package dots

import (
	"strconv"
	"strings"

	"github.com/parlor-games/parlor/game"
)

// Describe words a line for the move log, the replay and a screen reader:
// "drew the line a1 to b1", and the boxes it closed, named by their top
// left dot, with the extra turn a box earns (rule 3: a player who
// completes a box moves again) unless the game is over.
func (s *State) Describe(_ game.State, _ game.Seat, gm game.Move, evs []game.Event) string {
	m, _ := gm.(Move)
	var b strings.Builder
	b.WriteString("drew the line ")
	b.WriteString(dotName(m.From))
	b.WriteString(" to ")
	b.WriteString(dotName(m.To))
	var boxes []string
	over := false
	for _, e := range evs {
		switch d := e.Data.(type) {
		case BoxEvent:
			boxes = append(boxes, dotName([2]int{d.Row, d.Col}))
		case EndEvent:
			over = true
		}
	}
	switch len(boxes) {
	case 0:
		return b.String()
	case 1:
		b.WriteString(" and closed the box at ")
		b.WriteString(boxes[0])
	default:
		b.WriteString(" and closed " + strconv.Itoa(len(boxes)) + " boxes, at ")
		b.WriteString(strings.Join(boxes, " and "))
	}
	if !over {
		b.WriteString(": an extra turn")
	}
	return b.String()
}
