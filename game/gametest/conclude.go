package gametest

import (
	"fmt"

	"github.com/parlor-games/parlor/game"
)

// The match's own end: a match may end by a decision of the match (a
// resignation, a forfeit, a timeout, a game ended for all, a vote), and
// game.Conclude then tells the game. These checks hold a game to what
// game.Concluder promises: the state is over in every respect, shows what
// an end by the rules shows, and shows nothing of it before.

// concludeReason marks the outcomes the suite decides, so a failure
// shows where they came from.
const concludeReason = "gametest: ended by the match"

// concluded ends a copy of a position of the match, drawn before its end,
// by a decision of the match, and checks the state that follows.
func (m *match) concluded() {
	if len(m.log.Moves) == 0 {
		return
	}
	m.rulesEndSecrets()
	cut := m.rng.IntN(len(m.log.Moves))
	l := deepCopy(m.log)
	l.Moves = l.Moves[:cut]
	st, err := m.reg.Replay(l)
	if err != nil {
		m.fail("the log does not replay: %v", err)
		return
	}
	if st.Outcome() != nil {
		return
	}
	c, ok := st.(game.Concluder)
	if !ok {
		m.unconcluded++
		return
	}
	m.concluders++
	bad := func(format string, args ...any) {
		m.fail("after game.Conclude at move %d: %s", cut, fmt.Sprintf(format, args...))
	}
	// The seats that owed a move, and one of their moves, to try after.
	turn := st.Turn()
	var owed []attempt
	for _, seat := range turn {
		if legal := st.Legal(seat); len(legal) > 0 {
			owed = append(owed, attempt{seat: seat, mv: legal[m.rng.IntN(len(legal))]})
		}
	}
	original := st.Clone()
	before := m.snap(original)
	out := m.decided()
	evs := c.Conclude(out)
	m.events(evs, game.Spectator, concluding{})
	if d := before.diff(m.snap(original)); d != "" {
		bad("Conclude on a state changed a clone made before it: %s", d)
		return
	}
	got := st.Outcome()
	if got == nil {
		bad("Outcome() is nil; it must be the outcome the match decided, %s", jsonText(out))
		return
	}
	if jsonText(got) != jsonText(out) {
		bad("Outcome() is %s, not the outcome the match decided, %s", jsonText(got), jsonText(out))
	}
	m.overForGood(st, c, owed, bad)
	if m.failed {
		return
	}
	m.concludedSecrets(l, out)
}

// overForGood checks that st, concluded by c, is over in every respect:
// no turn, no legal move, the moves owed before the end refused, a
// second Conclude doing nothing, a clone the same. bad reports a
// failure.
func (m *match) overForGood(st game.State, c game.Concluder, owed []attempt, bad func(string, ...any)) {
	if t := st.Turn(); len(t) != 0 {
		bad("Turn() is %v; it must be empty once the match is over", t)
	}
	for _, seat := range m.allSeats() {
		if n := len(st.Legal(seat)); n > 0 {
			bad("Legal(%d) lists %d moves after the end", seat, n)
		}
	}
	if sc := st.Scores(); sc != nil && len(sc) != m.seats {
		bad("Scores() %v has %d entries for %d seats", sc, len(sc), m.seats)
	}
	after := m.snap(st)
	for _, a := range owed {
		_, err := st.Apply(a.seat, a.mv)
		switch {
		case err == nil:
			bad("seat %d's move %s, owed before the end, is accepted after it", a.seat, a.mv)
		case game.ErrorCode(err) == "":
			bad("seat %d's move %s after the end is refused without a code: %v", a.seat, a.mv, err)
		}
	}
	if d := after.diff(m.snap(st)); d != "" {
		bad("moves refused after the end changed the position: %s", d)
	}
	again := m.decided()
	again.Reason += " again"
	if evs := c.Conclude(again); len(evs) > 0 {
		bad("a second Conclude returned events %s; a match ends once", eventsText(evs))
	}
	if d := after.diff(m.snap(st)); d != "" {
		bad("a second Conclude changed the position; a match ends once: %s", d)
	}
	if d := after.diff(m.snap(st.Clone())); d != "" {
		bad("a clone of the concluded state differs from it: %s", d)
	}
}

// concluding names the match's decision in the messages of events.
type concluding struct{}

func (concluding) String() string { return "(the match's decision, through Conclude)" }

// decided is an outcome a match could decide: one seat wins (the others
// resigned or forfeited), or nobody (the game ended for all).
func (m *match) decided() game.Outcome {
	if m.rng.IntN(3) == 0 {
		return game.Outcome{Winners: []game.Seat{}, Reason: concludeReason}
	}
	return game.Outcome{Winners: []game.Seat{game.Seat(m.rng.IntN(m.seats))}, Reason: concludeReason}
}

// concludedSecrets compares what a match-level end shows with what an
// end by the rules shows, through the sampler: a seat that could not tell
// two matches apart before the end may tell them apart after it only if
// the game reveals something at its end. The suite counts, over all its
// matches, the pairs told apart after a rules end (twoWorlds) and after a
// match-level end (here), and a game that reveals at its rules end must
// reveal at the other end too.
func (m *match) concludedSecrets(l game.Log, out game.Outcome) {
	if m.cfg.Hidden == nil {
		return
	}
	seat := game.Seat(m.rng.IntN(m.seats))
	// Late in a match the sampler may find nothing left to redraw (every
	// ship of a fleet touched by a shot): earlier prefixes are tried.
	var alt game.Log
	for cut := len(l.Moves); ; cut /= 2 {
		l.Moves = l.Moves[:cut]
		var ok bool
		alt, ok = m.cfg.Hidden(deepCopy(l), seat, &m.rng)
		if ok && len(alt.Moves) == len(l.Moves) {
			break
		}
		if cut == 0 {
			return
		}
	}
	a, err := m.reg.Replay(l)
	if err != nil || a.Outcome() != nil {
		return
	}
	b, err := m.reg.Replay(alt)
	if err != nil || b.Outcome() != nil {
		return
	}
	// Before the end the two are the same to seat: twoWorlds checks it
	// move by move; here only the end is new.
	if seenBy(a, seat).diff(seenBy(b, seat)) != "" {
		return
	}
	game.Conclude(a, out)
	game.Conclude(b, out)
	m.concludedPairs++
	for _, who := range []game.Seat{seat, game.Spectator} {
		if jsonText(a.View(who)) != jsonText(b.View(who)) {
			m.concludedShown++
			return
		}
	}
}

// concludeReport reports, once the matches are played, a game that does
// not meet game.Concluder where it must.
func (s *suite) concludeReport() {
	s.t.Logf("match-level ends: %d positions concluded; pairs told apart after the rules' end %d of %d, after game.Conclude %d of %d",
		s.concluders, s.endShown, s.endPairs, s.concludedShown, s.concludedPairs)
	switch {
	case s.def.Hidden && s.unconcluded > 0 && s.concluders == 0:
		s.report("the game has secrets (Definition.Hidden) but its State does not implement game.Concluder, so a match ended by the match (a resignation, a forfeit) keeps them hidden for ever, in the result and in the replay")
	case s.endShown > 0 && s.concludedPairs > 0 && s.concludedShown == 0:
		s.report("at an end by the rules the game shows what it hid (in %d of %d matches compared), but after game.Conclude it never does (in %d compared): a match ended by a resignation or a forfeit must show what the game's own end shows", s.endShown, s.endPairs, s.concludedPairs)
	}
}

// rulesEndSecrets compares, for a match that ended by its rules, its end
// with the end of a match the sampler says one seat could not tell from
// it (twoWorlds has checked the moves before; it reaches the end only
// when it draws the whole log).
func (m *match) rulesEndSecrets() {
	if m.cfg.Hidden == nil || m.st.Outcome() == nil {
		return
	}
	seat := game.Seat(m.rng.IntN(m.seats))
	alt, ok := m.cfg.Hidden(deepCopy(m.log), seat, &m.rng)
	if !ok {
		return
	}
	b, err := m.reg.Replay(alt)
	if err != nil || b.Outcome() == nil {
		return
	}
	m.endsShown(m.st, b, seat)
}

// endsShown is twoWorlds' part of the comparison: after both matches
// ended by the rules, whether seat or the spectator sees them differ.
func (m *match) endsShown(a, b game.State, seat game.Seat) {
	m.endPairs++
	for _, who := range []game.Seat{seat, game.Spectator} {
		if jsonText(a.View(who)) != jsonText(b.View(who)) {
			m.endShown++
			return
		}
	}
}
