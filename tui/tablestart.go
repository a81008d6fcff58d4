package tui

import (
	"strings"

	"github.com/parlor-games/parlor/client"
)

// Before the start a table offers only what works for this player: s to
// sit while they hold no seat and one is open, g to start for the
// table's creator once every seat is taken (the server refuses a start
// with a seat open, or by anyone else), and the hint says who starts it.

// openSeat is the first open seat, -1 when every seat is taken.
func (ts *tableState) openSeat() int {
	for i, s := range ts.t.Seats {
		if s.Kind == client.SeatOpen {
			return i
		}
	}
	return -1
}

// seated reports whether the player holds a seat at the table.
func (ts *tableState) seated(m *Model) bool {
	if len(ts.mine) > 0 {
		return true
	}
	for _, s := range ts.t.Seats {
		if s.Kind == client.SeatHuman && strings.EqualFold(holderName(s), m.user.Name) {
			return true
		}
	}
	return false
}

// creator reports whether the player made the table.
func (ts *tableState) creator(m *Model) bool {
	return ts.t.Creator != "" && strings.EqualFold(ts.t.Creator, m.user.Name)
}

// maySit and mayStart say whether s and g would do something now.
func (ts *tableState) maySit(m *Model) bool {
	return ts.t.Status == client.StatusOpen && !ts.seated(m) && ts.openSeat() >= 0
}

func (ts *tableState) mayStart(m *Model) bool {
	return ts.t.Status == client.StatusOpen && ts.creator(m) && ts.openSeat() < 0
}

// whyNotSit and whyNotStart say why s or g does nothing now.
func (ts *tableState) whyNotSit(m *Model) string {
	if ts.seated(m) {
		return "you already have a seat at this table"
	}
	return "no open seat"
}

func (ts *tableState) whyNotStart(m *Model) string {
	if !ts.creator(m) {
		return "only " + ts.creatorName() + ", who made the table, can start it"
	}
	return "every seat must be taken before the start"
}

// creatorName names the table's creator in a sentence.
func (ts *tableState) creatorName() string {
	if ts.t.Creator == "" {
		return "the player"
	}
	return ts.t.Creator
}

// waitingHint is the hint before the start.
func (ts *tableState) waitingHint(m *Model) string {
	var what string
	switch {
	case ts.maySit(m):
		what = "s sits you in an open seat"
	case ts.openSeat() >= 0 && ts.creator(m):
		what = "the open seats are still to take; g starts the game once they are"
	case ts.openSeat() >= 0:
		what = "the open seats are still to take"
	case ts.creator(m):
		what = "every seat is taken; g starts the game"
	default:
		what = "every seat is taken; " + ts.creatorName() + ", who made the table, starts the game"
	}
	if m.roles(ts.t.Game) != nil && ts.seated(m) {
		what += "; r chooses your character"
	}
	return "Waiting for players: " + what
}
