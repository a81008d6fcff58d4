package clue

import (
	"slices"

	"github.com/parlor-games/parlor/game"
)

// Apply plays m for seat.
func (s *State) Apply(seat game.Seat, gm game.Move) ([]game.Event, error) {
	m, ok := gm.(Move)
	if !ok {
		return nil, game.Illegal("not-a-move", "that is not a Clue-Less move")
	}
	if err := m.checkForm(); err != nil {
		return nil, game.Illegal("bad-move", "%v", err)
	}
	if s.phase == phOver {
		return nil, game.Illegal("game-over", "the game is over")
	}
	if !game.OwesMove(s, seat) {
		if s.phase == phDisprove && seat == s.turn {
			return nil, game.Illegal("not-your-turn", "wait: %s must first answer your suggestion", s.suspectOf(s.pending))
		}
		return nil, game.NotYourTurn(seat)
	}
	if s.phase == phDisprove {
		if m.Kind != VerbShow {
			return nil, game.Illegal("show-owed", "you must show one of the cards named in the suggestion")
		}
		return s.show(seat, m)
	}
	switch m.Kind {
	case VerbMove:
		return s.move(seat, m.To)
	case VerbSuggest:
		return s.suggest(seat, m)
	case VerbAccuse:
		return s.accuse(seat, m)
	case VerbEnd:
		return s.end(seat)
	case VerbShow:
		return nil, game.Illegal("nothing-to-show", "nobody asked you to show a card")
	}
	return nil, game.Illegal("bad-move", "unknown kind of move %q", m.Kind)
}

func (s *State) move(seat game.Seat, to Place) ([]game.Event, error) {
	if s.phase != phStart {
		return nil, game.Illegal("already-moved", "you have already moved this turn")
	}
	from := s.pos[s.suspectOf(seat)]
	if !slices.Contains(exits(from), to) {
		if from.IsHome() {
			return nil, game.Illegal("first-move", "your first move must be into the %s hallway", homeHallway[s.suspectOf(seat)])
		}
		return nil, game.Illegal("not-adjacent", "the %s is not next to the %s", to, from)
	}
	if to.IsHallway() && s.occupied(to) {
		return nil, game.Illegal("hallway-occupied", "the %s hallway is occupied; a hallway holds one person", to)
	}
	s.pos[s.suspectOf(seat)] = to
	s.movedIn[seat] = false
	ev := []game.Event{{Type: "moved", Seat: seat, Data: MovedData{Suspect: s.suspectOf(seat), From: from, To: to,
		Passage: from.IsRoom() && to.IsRoom()}}}
	if to.IsRoom() {
		s.phase = phEntered
	} else {
		s.phase = phMoved
	}
	return ev, nil
}

func (s *State) suggest(seat game.Seat, m Move) ([]game.Event, error) {
	if s.phase != phEntered && !s.canStay(seat) {
		switch {
		case s.phase == phSuggested:
			return nil, game.Illegal("already-suggested", "you may make only one suggestion after entering a room")
		case s.room(seat) == nowhere:
			return nil, game.Illegal("not-in-room", "you can suggest only in a room, and you are in the %s", s.pos[s.suspectOf(seat)])
		default:
			return nil, game.Illegal("move-first", "you must move into a room before suggesting (you may stay only where a suggestion moved you)")
		}
	}
	room := s.room(seat)
	s.movedIn[seat] = false
	sg := Suggestion{Seat: seat, Suspect: m.Suspect, Weapon: m.Weapon, Room: roomCard(room), ShownBy: -1, Passed: []game.Seat{}}
	ev := []game.Event{{Type: "suggestion", Seat: seat, Data: SuggestionData{Suspect: m.Suspect, Weapon: m.Weapon, Room: roomCard(room)}}}
	// The named suspect and weapon come into the room (3.6).
	if from := s.pos[m.Suspect]; from != room {
		s.pos[m.Suspect] = room
		if other := s.suspectSeat[m.Suspect]; other >= 0 && other != seat {
			s.movedIn[other] = true
		}
		ev = append(ev, game.Event{Type: "summoned", Seat: seat, Data: SummonedData{Suspect: m.Suspect, From: from, To: room}})
	}
	if from := s.weapon[m.Weapon-numSuspects]; from != room {
		s.weapon[m.Weapon-numSuspects] = room
		ev = append(ev, game.Event{Type: "weapon", Seat: seat, Data: WeaponData{Weapon: m.Weapon, From: from, To: room}})
	}
	// Disproving goes to the left in turn order (3.7): the first seat that
	// holds a named card owes an answer; those before it pass.
	i := slices.Index(s.order, seat)
	for k := 1; k < s.n; k++ {
		q := s.order[(i+k)%s.n]
		if s.holdsAny(q, m.Suspect, m.Weapon, roomCard(room)) {
			s.pending = q
			s.phase = phDisprove
			s.suggestions = append(s.suggestions, sg)
			ev = append(ev, game.Event{Type: "asked", Seat: q, Data: AskedData{Seat: q}})
			if s.removed[q] {
				// A removed player's cards still disprove: the game
				// shows one for it (vote.go).
				ev = append(ev, s.showFor(q)...)
			}
			return ev, nil
		}
		sg.Passed = append(sg.Passed, q)
		ev = append(ev, game.Event{Type: "passed", Seat: q, Data: AskedData{Seat: q}})
	}
	sg.Answered = true
	s.suggestions = append(s.suggestions, sg)
	s.phase = phSuggested
	return append(ev, game.Event{Type: "unanswered", Seat: seat, Data: AskedData{Seat: seat}}), nil
}

func (s *State) holdsAny(seat game.Seat, cards ...Card) bool {
	for _, c := range cards {
		if slices.Contains(s.hands[seat], c) {
			return true
		}
	}
	return false
}

func (s *State) show(seat game.Seat, m Move) ([]game.Event, error) {
	sg := &s.suggestions[len(s.suggestions)-1]
	if m.Card != sg.Suspect && m.Card != sg.Weapon && m.Card != sg.Room {
		return nil, game.Illegal("not-named", "the %s was not named in the suggestion", m.Card)
	}
	if !slices.Contains(s.hands[seat], m.Card) {
		return nil, game.Illegal("not-held", "you do not hold the %s", m.Card)
	}
	sg.ShownBy, sg.Shown, sg.Answered = seat, m.Card, true
	s.pending = -1
	s.phase = phSuggested
	ev := []game.Event{
		{Type: "shown", Seat: seat, Data: ShownData{By: seat, To: sg.Seat}},
		{Type: "card", Seat: seat, Data: CardData{By: seat, To: sg.Seat, Card: m.Card}, To: []game.Seat{sg.Seat, seat}},
	}
	if s.removed[s.turn] {
		// The suggester was removed while waiting for this answer: its
		// turn is over now that the question is settled.
		ev = append(ev, s.nextTurn()...)
	}
	return ev, nil
}

func (s *State) accuse(seat game.Seat, m Move) ([]game.Event, error) {
	right := m.Suspect == s.caseFile[0] && m.Weapon == s.caseFile[1] && m.Room == s.caseFile[2]
	s.accusations = append(s.accusations, Accusation{Seat: seat, Suspect: m.Suspect, Weapon: m.Weapon, Room: m.Room, Correct: right})
	ev := []game.Event{{Type: "accusation", Seat: seat, Data: AccusationData{Suspect: m.Suspect, Weapon: m.Weapon, Room: m.Room, Correct: right}}}
	if right {
		s.winner = seat
		s.phase = phOver
		return append(ev, game.Event{Type: "over", Seat: game.Spectator, Data: OverData{Winner: seat, CaseFile: s.caseFile}}), nil
	}
	// A wrong accuser has looked into the envelope (3.9), sits out the
	// rest of the game (req. 8), and still disproves.
	s.inactive[seat] = true
	ev = append(ev, game.Event{Type: "casefile", Seat: seat, Data: CaseFileData{CaseFile: s.caseFile}, To: []game.Seat{seat}})
	return append(ev, s.nextTurn()...), nil
}

func (s *State) end(seat game.Seat) ([]game.Event, error) {
	switch s.phase {
	case phEntered:
		return nil, game.Illegal("suggestion-owed", "you entered a room: make a suggestion there (or an accusation)")
	case phStart:
		if len(s.destinations(seat)) > 0 {
			return nil, game.Illegal("must-move", "you may not stay where you are: move (or accuse)")
		}
		if s.canStay(seat) {
			return nil, game.Illegal("must-move", "you were moved here by a suggestion: suggest here, or move on")
		}
	}
	ev := []game.Event{}
	if s.phase == phStart {
		ev = append(ev, game.Event{Type: "blocked", Seat: seat, Data: AskedData{Seat: seat}})
	}
	return append(ev, s.nextTurn()...), nil
}

// nextTurn passes the turn to the next active player in turn order, or
// ends the game when none is left.
func (s *State) nextTurn() []game.Event {
	i := slices.Index(s.order, s.turn)
	for k := 1; k <= s.n; k++ {
		q := s.order[(i+k)%s.n]
		if !s.inactive[q] && !s.removed[q] {
			s.turn = q
			s.phase = phStart
			return []game.Event{{Type: "turn", Seat: q, Data: AskedData{Seat: q}}}
		}
	}
	s.phase = phOver
	s.winner = -1
	return []game.Event{{Type: "over", Seat: game.Spectator, Data: OverData{Winner: -1, CaseFile: s.caseFile}}}
}
