package server

import (
	"encoding/json"

	"github.com/parlor-games/parlor/game"
	"github.com/parlor-games/parlor/match"
)

// historyEntry is one past update as a watch may see it: the move log a
// client shows after a page reload, without replaying the match.
type historyEntry struct {
	Seq    int64           `json:"seq"`
	Seat   game.Seat       `json:"seat"`
	Move   json.RawMessage `json:"move"`
	Text   string          `json:"text"`
	Events []game.Event    `json:"events"`
}

// historyLocked returns the updates up to seq as the watch's audience may
// see them, by the same rules as pushes: events filtered to the audience,
// and in a game with secrets the move itself only for the mover's seats.
// Callers hold w.mu.
func (w *watch) historyLocked(ups []match.Update) []historyEntry {
	seats := w.audienceLocked()
	out := make([]historyEntry, 0, len(ups))
	for _, u := range ups {
		e := historyEntry{Seq: u.Seq, Seat: u.Seat, Move: u.Move, Text: u.Text, Events: filterEvents(u.Events, seats)}
		if w.t.def.Hidden && u.Move != nil && !containsSeat(seats, u.Seat) {
			e.Move = nil // its words (Text) are for everyone
		}
		out = append(out, e)
	}
	return out
}
