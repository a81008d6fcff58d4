package gametest

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/parlor-games/parlor/game"
)

// Play reads notation (or canonical JSON) with st's own parser, applies it
// for seat and returns the move's events. A move the test means to play
// must be played: if st cannot read it or refuses it, Play fails the test
// at once, naming the seat, the text, the refusal's code and sentence and
// the seats that owed a move, since every later line of the test would be
// about another position.
//
// Games' tests use Play and Refused instead of writing their own, so that
// every game's tests check a move the same way (the project keeps shared
// test helpers in one place rather than in copies).
func Play(t testing.TB, st game.State, seat game.Seat, notation string) []game.Event {
	t.Helper()
	if seat < 0 || int(seat) >= st.Seats() {
		t.Fatalf("seat %d plays %q: there is no seat %d at this table of %d", seat, notation, seat, st.Seats())
	}
	m, err := st.ParseMove(seat, []byte(notation))
	if err != nil {
		t.Fatalf("seat %d plays %q: it does not read: %s", seat, notation, refusal(err))
	}
	evs, err := st.Apply(seat, m)
	if err != nil {
		t.Fatalf("seat %d plays %q: refused: %s; Turn() is %v", seat, notation, refusal(err), st.Turn())
	}
	return evs
}

// Told plays notation for seat as Play does and returns the move's words
// (game.Describe): what every client's log says of it.
func Told(t testing.TB, st game.State, seat game.Seat, notation string) string {
	t.Helper()
	m, err := st.ParseMove(seat, []byte(notation))
	if err != nil {
		t.Fatalf("seat %d plays %q: it does not read: %s", seat, notation, refusal(err))
	}
	evs := Play(t, st, seat, notation)
	return game.Describe(st, seat, m, evs)
}

// Refused checks that the move notation, by seat, is refused with exactly
// code, whether st cannot read it (ParseMove) or will not play it (Apply),
// and that the refusal changes nothing anyone could notice.
//
// "Nothing" is checked the way a player would: every seat's view and the
// spectator's, Turn, Scores and Outcome, as JSON, are compared before and
// after. A game that keeps part of a refused move (a half-moved piece, a
// card taken out of a hand) shows it in some view, whoever's it is, so
// comparing only the mover's view would miss a change to another seat's
// secrets. Refused also checks that a move it could read is not among
// Legal(seat): a move the state lists but refuses would make a client or
// bot offer a move the game then rejects.
//
// Refused fails the test at once, as Play does, when the move is accepted
// or refused with another code, since the position is then not the one the
// rest of the test is about.
func Refused(t testing.TB, st game.State, seat game.Seat, notation, code string) {
	t.Helper()
	what := func() string { return fmt.Sprintf("%s's %q", seatName(seat), notation) }
	before, err := snapshotOf(st)
	if err != nil {
		t.Fatalf("before %s: %v", what(), err)
	}
	m, refused := st.ParseMove(seat, []byte(notation))
	read := refused == nil
	if read {
		_, refused = st.Apply(seat, m)
	}
	switch {
	case refused == nil:
		t.Fatalf("%s is accepted; it must be refused with code %q", what(), code)
	case game.ErrorCode(refused) != code:
		t.Fatalf("%s is refused with %s; want code %q", what(), refusal(refused), code)
	case strings.TrimSpace(refused.Error()) == "":
		t.Fatalf("%s is refused with code %q but no sentence a player could read", what(), code)
	}
	after, err := snapshotOf(st)
	if err != nil {
		t.Fatalf("after %s: %v", what(), err)
	}
	if d := before.diff(after); d != "" {
		t.Fatalf("%s is refused (%s) but changed the position: %s", what(), refusal(refused), d)
	}
	if read && seat >= 0 && int(seat) < st.Seats() {
		canon, jerr := json.Marshal(m)
		if jerr != nil {
			t.Fatalf("%s reads as %v, which does not marshal to JSON: %v", what(), m, jerr)
		}
		for _, l := range st.Legal(seat) {
			if j, _ := json.Marshal(l); string(j) == string(canon) {
				t.Fatalf("%s is refused (%s) but Legal(%d) lists it as %s", what(), refusal(refused), seat, l)
			}
		}
	}
}

// refusal is a refusal's code and sentence, for a failure message.
func refusal(err error) string {
	if c := game.ErrorCode(err); c != "" {
		return fmt.Sprintf("%q (%v)", c, err)
	}
	return fmt.Sprintf("no code (%v)", err)
}

// Difference says how what anyone could notice of position b (every seat's
// view and the spectator's, Turn, Scores and Outcome, as JSON) differs from
// that of position a, or returns "" when nobody could tell them apart: for
// a test that two matches reached the same position, the check Refused
// makes of one position before and after a refusal.
func Difference(a, b game.State) string {
	if a.Seats() != b.Seats() {
		return fmt.Sprintf("a table of %d seats and one of %d", a.Seats(), b.Seats())
	}
	sa, err := snapshotOf(a)
	if err != nil {
		return err.Error()
	}
	sb, err := snapshotOf(b)
	if err != nil {
		return err.Error()
	}
	return sa.diff(sb)
}
