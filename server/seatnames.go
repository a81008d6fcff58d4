package server

import (
	"errors"
	"strconv"

	"github.com/parlor-games/parlor/accounts"
	"github.com/parlor-games/parlor/match"
)

// Names at one screen (since v6): at a table where the creator holds two
// or more seats (hot-seat, "pass and play"), each of those seats may be
// given the name of the person who plays it, so that the table can say
// whom it addresses ("Anna, your turn", the hand-over curtain, the
// result) and the replay keeps who played what (a game's spec may ask
// each player's name at the start). The seat's name is what every client
// shows; its holder's own name stays in the seat as its player.

// nameSeats gives seats the names asked for them. A name is checked as a
// user name is (1-24 letters, digits, spaces, _ or -), and refused, not
// cut, with the reason; two seats may not share a name, ignoring case,
// since the table could not then say whom it means. A name is refused
// for a table that is not played at one screen: online, each player is
// known by their own name.
func nameSeats(seats []seat, reqs []seatReq) error {
	mine := 0
	for _, r := range reqs {
		if r.Kind == choiceMe {
			mine++
		}
	}
	taken := make(map[string]int)
	for i, r := range reqs {
		if r.Name == "" {
			continue
		}
		if r.Kind != choiceMe {
			return badRequest("Player %d: only a seat of yours takes a name (a bot is named by the game, an open seat by who sits down)", i+1)
		}
		if mine < 2 {
			return badRequest("Player %d: seats are named only at a table played at one screen (two or more seats of yours); online everyone is known by their own name", i+1)
		}
		display, key, err := accounts.NormalizeName(r.Name)
		if err != nil {
			if errors.Is(err, accounts.ErrInvalid) {
				return badRequest("Player %d's name: %v", i+1, err)
			}
			return err
		}
		if j, dup := taken[key]; dup {
			return badRequest("Players %d and %d are both called %s: give each player a name of their own", j+1, i+1, display)
		}
		taken[key] = i
		if display != seats[i].Name {
			seats[i].Player = seats[i].Name
			seats[i].Name = display
		}
	}
	return nil
}

// nameBotsBeforeStart names the bots of a table that has not started:
// "Computer" when there is one, "Computer 2", "Computer 3" (by seat, as
// the lobby numbers them) when there are several. A bot's own name comes
// from the game's start position, which the match draws when it starts
// (a home port, or a character given to a seat that did not choose
// one), and replaces this one then (match.Create).
func nameBotsBeforeStart(seats []seat) {
	bots := 0
	for _, s := range seats {
		if s.Kind == match.Bot {
			bots++
		}
	}
	for i := range seats {
		switch {
		case seats[i].Kind != match.Bot:
		case bots == 1:
			seats[i].Name = "Computer"
		default:
			seats[i].Name = "Computer " + strconv.Itoa(i+1)
		}
	}
}
