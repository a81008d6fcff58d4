package dots

import (
	"strconv"

	"github.com/parlor-games/parlor/game"
)

// LineEvent is the data of a "line" event. At is where the line goes in
// View.Lines, which lists the drawn lines in board order rather than in
// the order they were drawn: a client keeping a view from events inserts
// it there, and so needs no copy of how the board numbers its lines.
type LineEvent struct {
	From [2]int    `json:"from"`
	To   [2]int    `json:"to"`
	By   game.Seat `json:"by"`
	At   int       `json:"at"`
}

// AppendJSON writes the event as json.Marshal does, without reflection:
// one is pushed with every move (see game.JSONAppender).
func (e LineEvent) AppendJSON(b []byte) []byte {
	b = append(b, `{"from":`...)
	b = game.AppendInts(b, e.From[:]...)
	b = append(b, `,"to":`...)
	b = game.AppendInts(b, e.To[:]...)
	b = append(b, `,"by":`...)
	b = strconv.AppendInt(b, int64(e.By), 10)
	b = append(b, `,"at":`...)
	return append(strconv.AppendInt(b, int64(e.At), 10), '}')
}

// BoxEvent is the data of a "box" event, one per closed box; Row and Col
// are those of the box's top-left dot.
type BoxEvent struct {
	Row   int       `json:"row"`
	Col   int       `json:"col"`
	Owner game.Seat `json:"owner"`
}

// AppendJSON writes the event as json.Marshal does (game.JSONAppender).
func (e BoxEvent) AppendJSON(b []byte) []byte {
	b = append(b, `{"row":`...)
	b = strconv.AppendInt(b, int64(e.Row), 10)
	b = append(b, `,"col":`...)
	b = strconv.AppendInt(b, int64(e.Col), 10)
	b = append(b, `,"owner":`...)
	return append(strconv.AppendInt(b, int64(e.Owner), 10), '}')
}

// EndEvent is the data of the "end" event.
type EndEvent struct {
	Outcome game.Outcome `json:"outcome"`
	Scores  []int        `json:"scores"`
}
