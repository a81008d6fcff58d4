package gametest

import (
	"fmt"
	"slices"
	"strings"

	"github.com/parlor-games/parlor/game"
)

// alien is a move of no game, which Apply must refuse.
type alien struct{}

func (alien) String() string { return "alien" }

// garbage is text that reads as no game's move, or that a parser might
// choke on.
var garbage = []string{
	"", "   ", "\x00", "\xff\xfe\xfd", "{", "}", "[]", "null", `"move"`,
	`{"gametest":"not a move"}`, "-1", "99999999999999999999999",
	"🂡🂢", strings.Repeat("x", 4096),
}

func randomText(rng *game.Rand) string {
	const alphabet = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJ0123456789 -,;:{}[]\"\x00\xff"
	b := make([]byte, 1+rng.IntN(12))
	for i := range b {
		b[i] = alphabet[rng.IntN(len(alphabet))]
	}
	return string(b)
}

// refusals tries moves that must be refused, or that are legal only by
// chance, and checks that each refusal has a code, a message, and changes
// nothing.
func (m *match) refusals(turn []game.Seat, legal map[game.Seat]map[string]bool) {
	mover := turn[m.rng.IntN(len(turn))]
	moves := m.st.Legal(mover)
	someone := moves[m.rng.IntN(len(moves))]
	for _, seat := range m.allSeats() {
		if !slices.Contains(turn, seat) {
			m.refuse(seat, someone, "not-your-turn", fmt.Sprintf("%s playing %s out of turn (a legal move of seat %d)", seatName(seat), someone, mover))
		}
	}
	try := func(seat game.Seat, mv game.Move, what string) {
		if _, err := m.st.Clone().Apply(seat, mv); err == nil {
			canon, ok := m.canonical(mv)
			if back, err := m.st.ParseMove(seat, []byte(canon)); ok && err == nil {
				canon, ok = m.canonical(back) // the form Legal lists
			}
			if ok && !m.cfg.SampledLegal && !legal[seat][canon] {
				m.fail("%s is accepted (%s), but Legal(%d) does not list it", what, canon, seat)
			}
			return
		}
		m.refuse(seat, mv, "", what)
	}
	parse := func(seat game.Seat, text []byte, what string) {
		mv, err := m.st.ParseMove(seat, text)
		if err != nil {
			m.coded(err, fmt.Sprintf("ParseMove(%d, %q)", seat, clip(string(text))))
			return
		}
		try(seat, mv, what)
	}
	for range min(3, len(m.log.Moves)) {
		e := m.log.Moves[m.rng.IntN(len(m.log.Moves))]
		parse(mover, e.Move, fmt.Sprintf("seat %d playing the earlier move %s again", mover, e.Move))
	}
	texts := append(slices.Clone(garbage), randomText(&m.rng), randomText(&m.rng))
	for _, text := range texts {
		parse(mover, []byte(text), fmt.Sprintf("seat %d playing the move read from %q", mover, clip(text)))
	}
	m.strictFields(mover, moves)
	m.refuse(mover, alien{}, "", fmt.Sprintf("seat %d playing a move of a type the game does not know", mover))
	if m.cfg.Candidates != nil {
		for _, mv := range m.cfg.Candidates(m.st.Clone(), mover, &m.rng) {
			try(mover, mv, fmt.Sprintf("seat %d playing the candidate %s", mover, mv))
		}
	}
}

// attempt is a move that was refused.
type attempt struct {
	seat game.Seat
	mv   game.Move
	what string
}

// unchanged checks that the moves refused since m.tried was emptied, and
// the legal moves played on clones, changed nothing. To keep it cheap it
// compares the position once, and only when it has changed does it refuse
// the moves again, one by one, on pristine, a copy of the position before
// them, to find the culprit.
func (m *match) unchanged(before snapshot, pristine game.State) {
	if m.failed || before.diff(m.snap(m.st)) == "" {
		return
	}
	for _, a := range m.tried {
		_, err := pristine.Apply(a.seat, a.mv)
		if d := before.diff(m.snap(pristine)); d != "" {
			m.fail("%s is refused%s but changed the position: %s", a.what, errText(err), d)
			return
		}
	}
	m.fail("playing legal moves on clones, or reading and refusing moves, changed the position: %s", before.diff(m.snap(m.st)))
}

// coded checks that err is a refusal a player can read.
func (m *match) coded(err error, what string) bool {
	if game.ErrorCode(err) == "" {
		m.fail("%s is refused without a code: %v\nReturn a *game.MoveError (game.Illegal).", what, err)
		return false
	}
	if msg := strings.TrimSpace(err.Error()); msg == "" || strings.Contains(msg, "%!") {
		m.fail("%s is refused with the unreadable message %q", what, err.Error())
		return false
	}
	if word := game.GoWords(err.Error()); word != "" {
		m.fail("%s is refused with %q, which speaks of Go (%q): a player reads this sentence", what, err.Error(), word)
		return false
	}
	return true
}

// refuse applies mv for seat to the match itself and checks that it is
// refused, with code if code is not empty; unchanged then checks that it
// changed nothing. It plays on the match rather than a clone so that the
// replay at the end also catches a refusal that touched something no view
// shows, such as the random generator.
func (m *match) refuse(seat game.Seat, mv game.Move, code, what string) {
	m.tried = append(m.tried, attempt{seat, mv, what})
	_, err := m.st.Apply(seat, mv)
	if err == nil {
		m.fail("%s is accepted; it must be refused", what)
		return
	}
	if !m.coded(err, what) {
		return
	}
	if code != "" && game.ErrorCode(err) != code {
		m.fail("%s is refused with code %q (%v), not %q", what, game.ErrorCode(err), err, code)
	}
}

// afterEnd checks that an ended match refuses every move.
func (m *match) afterEnd() {
	if m.st.Outcome() == nil || len(m.log.Moves) == 0 {
		return
	}
	before, pristine := m.snap(m.st), m.st.Clone()
	m.tried = m.tried[:0]
	e := m.log.Moves[len(m.log.Moves)-1]
	for _, seat := range m.allSeats() {
		mv, err := m.st.ParseMove(seat, e.Move)
		if err != nil {
			m.fail("the last move %s does not read back for seat %d: %v", e.Move, seat, err)
			return
		}
		m.refuse(seat, mv, "", fmt.Sprintf("%s playing the last move %s again after the end", seatName(seat), e.Move))
	}
	m.unchanged(before, pristine)
}
