package dots

import (
	"github.com/parlor-games/parlor/game"
)

// View is what everyone sees: the game has no secrets, so every seat and a
// spectator get the same view.
type View struct {
	Rows int `json:"rows"`
	Cols int `json:"cols"`
	// Lines are the drawn lines in board order (the lines across, row by
	// row, then the lines down), so that a view depends on the position
	// only; each line event says where its line goes (LineEvent.At).
	Lines []LineView `json:"lines"`
	// Boxes holds each box's owner, row by row (rows-1 x cols-1), -1 while
	// open.
	Boxes   [][]int       `json:"boxes"`
	Scores  []int         `json:"scores"`
	Turn    game.Seat     `json:"turn"` // -1 once the game is over
	Last    *LineView     `json:"last,omitempty"`
	Outcome *game.Outcome `json:"outcome,omitempty"`
}

// LineView is a drawn line and who drew it.
type LineView struct {
	From [2]int    `json:"from"`
	To   [2]int    `json:"to"`
	By   game.Seat `json:"by"`
}

// View returns the same picture for every seat.
func (s *State) View(seat game.Seat) any {
	g := s.b.g
	v := View{Rows: g.rows, Cols: g.cols, Lines: []LineView{}, Scores: s.Scores(), Turn: s.turn, Outcome: s.Outcome()}
	if v.Outcome != nil {
		v.Turn = -1
	}
	for l := 0; l < g.nLines; l++ {
		if s.by[l] >= 0 {
			m := s.lineMove(l)
			v.Lines = append(v.Lines, LineView{From: m.From, To: m.To, By: game.Seat(s.by[l])})
		}
	}
	v.Boxes = make([][]int, g.rows-1)
	for r := range v.Boxes {
		v.Boxes[r] = make([]int, g.cols-1)
		for c := range v.Boxes[r] {
			v.Boxes[r][c] = int(s.owner[g.box(r, c)])
		}
	}
	if s.last >= 0 {
		m := s.lineMove(s.last)
		v.Last = &LineView{From: m.From, To: m.To, By: game.Seat(s.by[s.last])}
	}
	return v
}
