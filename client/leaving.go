package client

import (
	"github.com/parlor-games/parlor/protocol"
	"time"
)

// LeaveActions are the actions a table's creator may choose for a gone
// player, in the order the create forms offer them.
var LeaveActions = []Action{BotTakes, Forfeit, End, Pause}

// OutNote comes before the leave warning of a player out of the running
// after a wrong accusation, in a game whose view marks them inactive: they still hold cards that
// answer suggestions, which is why their leaving matters to the others.
const OutNote = "You accused wrongly and are out of the running, but your cards still answer suggestions. "

// ResignWarning says what resigning seat does to everyone, for the
// question before a resignation: the seat loses and every other seat wins
// (docs/protocol.md, match.resign). With two seats that is the opponent's
// win; at a table of three or more it ends the game for all of them at
// once, which a player could not guess from a two-player game, so the
// sentence names the others who share the win. names are the seats' names.
func ResignWarning(seat int, names []string) string {
	var others []string
	for i, n := range names {
		if i != seat {
			others = append(others, n)
		}
	}
	if len(others) == 1 {
		return "If you resign, you lose and " + others[0] + " wins. This cannot be undone."
	}
	return "If you resign, the game ends for everyone: you lose and " + AndList(others) + " share the win. This cannot be undone."
}

// AndList joins names as a sentence does: "Ann, Bob and Cy".
func AndList(names []string) string {
	switch len(names) {
	case 0:
		return ""
	case 1:
		return names[0]
	}
	out := names[0]
	for _, n := range names[1 : len(names)-1] {
		out += ", " + n
	}
	return out + " and " + names[len(names)-1]
}

// Span says a number of seconds as a person reads a wait: "45 s", "2 min".
func Span(secs float64) string { return protocol.Span(secs) }

// Clock writes a wait as m:ss, or h:mm:ss from an hour, rounded up.
func Clock(d time.Duration) string { return protocol.Clock(d) }
