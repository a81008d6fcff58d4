package game

import (
	"fmt"
	"strconv"
)

// BotNamer is implemented by a game whose computer players carry names of
// its own: the characters they play, the ports they sail from. Three bots at one table called "Computer" could
// not be told apart in a result ("Computer and Computer share the win"),
// a chart or a replay; a name from the game itself says who is who and
// fits the table. The match asks once, when it starts, and keeps the
// name with the seat, so that the lobby, the table, the results and the
// replay all say the same.
//
// BotName is the name of a computer player at seat in this match, as
// people read it: short, a word or two, different for every seat of the
// table, and never a seat's number (the clients replace "seat N").
type BotNamer interface {
	BotName(seat Seat) string
}

// BotName names the computer player at seat of st: the game's own name
// (BotNamer), else "Computer N" with the seat numbered from 1, as people
// count seats.
func BotName(st State, seat Seat) string {
	if n, ok := st.(BotNamer); ok {
		if name := n.BotName(seat); name != "" {
			return name
		}
	}
	return "Computer " + strconv.Itoa(int(seat)+1)
}

// CheckBotNames reports what is wrong with the names of st's computer
// players, for the conformance suite: a seat without one, two seats with
// the same, or a name that a client would read as a seat ("seat 2").
func CheckBotNames(st State) error {
	if _, ok := st.(BotNamer); !ok {
		return fmt.Errorf("the game's state does not implement game.BotNamer: its computer players have no names of their own")
	}
	seen := map[string]Seat{}
	for i := range st.Seats() {
		s := Seat(i)
		name := st.(BotNamer).BotName(s)
		switch {
		case name == "":
			return fmt.Errorf("seat %d's computer player has no name", s)
		case len([]rune(name)) > 24:
			return fmt.Errorf("seat %d's computer player is named %q, longer than a player's name may be (24)", s, name)
		case seatWords.MatchString(name):
			return fmt.Errorf("seat %d's computer player is named %q, which a client would read as a seat", s, name)
		}
		if o, dup := seen[name]; dup {
			return fmt.Errorf("seats %d and %d's computer players are both named %q", o, s, name)
		}
		seen[name] = s
	}
	return nil
}
