package game

import (
	"fmt"
	"regexp"
	"strconv"
)

// Describer is implemented by a game that tells its moves in words: the
// sentence a client's move log, a replay's caption and a screen reader
// say for a move, written once, in the game's own package, so that every
// client says the same thing (docs/game-contract.md, rule 7).
//
// Describe is called after m was applied by seat to st, with the events
// the move caused that everyone may see (To == nil). It returns what the
// mover did, as the rest of a sentence whose subject is the mover:
// "drew the line a1-b1 and closed the box at a1". Another seat is
// written "seat N" (numbered from 0, as in every sentence the server
// sends), for each client to put the person's name there, as it does in
// an outcome's reason. The sentence says only what every seat may know:
// in a game with secrets it is sent to everyone, so it never names a
// card shown to one seat, nor a ship that was not hit; what the move's
// own seat or its audience learns privately comes to them in events.
// It is never the move's notation, which is for logs and scripts.
type Describer interface {
	Describe(st State, seat Seat, m Move, public []Event) string
}

// Describe words seat's move m, just applied to st with events evs: the
// game's own sentence when it has one (Describer), else its notation.
func Describe(st State, seat Seat, m Move, evs []Event) string {
	d, ok := st.(Describer)
	if !ok {
		return m.String()
	}
	return d.Describe(st, seat, m, PublicEvents(evs))
}

// PublicEvents is the events of evs that everyone may see. It returns evs
// itself when all of them are public, as most moves' are.
func PublicEvents(evs []Event) []Event {
	n := 0
	for _, e := range evs {
		if e.To == nil {
			n++
		}
	}
	if n == len(evs) {
		return evs
	}
	out := make([]Event, 0, n)
	for _, e := range evs {
		if e.To == nil {
			out = append(out, e)
		}
	}
	return out
}

// SeatWord is how a sentence of the server names seat: "seat 2", which
// each client replaces by the seat's name.
func SeatWord(s Seat) string { return "seat " + strconv.Itoa(int(s)) }

// seatWords finds every seat named in a sentence.
var seatWords = regexp.MustCompile(`\bseat (-?\d+)\b`)

// CheckDescription reports what is wrong with a move's description, for
// the conformance suite: empty, the move's notation, a seat that is not
// at the table, or a bare number standing for a seat.
func CheckDescription(text string, m Move, seats int) error {
	if text == "" {
		return fmt.Errorf("the move %q is described by an empty sentence", m.String())
	}
	if text == m.String() {
		return fmt.Errorf("the move %q is described by its notation", text)
	}
	for _, w := range seatWords.FindAllStringSubmatch(text, -1) {
		n, err := strconv.Atoi(w[1])
		if err != nil || n < 0 || n >= seats {
			return fmt.Errorf("the description %q names %q, not a seat of the table's %d", text, w[0], seats)
		}
	}
	return nil
}
