package clue

import (
	"fmt"
	"slices"

	"github.com/parlor-games/parlor/game"
)

// phase is where a turn stands.
type phase int8

const (
	// phStart: the player has not moved this turn.
	phStart phase = iota
	// phMoved: the player moved into a hallway; it may accuse or end.
	phMoved
	// phEntered: the player entered a room by moving (or stays in the
	// room a suggestion moved it to) and owes a suggestion (3.6), or may
	// accuse instead.
	phEntered
	// phDisprove: a suggestion waits for the pending seat to show a card.
	phDisprove
	// phSuggested: the suggestion is answered; the player may accuse or end.
	phSuggested
	// phOver: someone accused rightly, or everyone wrongly.
	phOver
)

// Suggestion is one suggestion and how it was answered, as the log keeps
// it. Shown is the card shown, known to the suggester and the shower only.
type Suggestion struct {
	Seat    game.Seat   `json:"seat"`
	Suspect Card        `json:"suspect"`
	Weapon  Card        `json:"weapon"`
	Room    Card        `json:"room"`
	Passed  []game.Seat `json:"passed"`
	// ShownBy is the seat that showed a card; -1 when nobody could, or
	// while the answer is still owed.
	ShownBy game.Seat `json:"shownBy"`
	Shown   Card      `json:"-"`
	// Answered is false while a disprove is owed.
	Answered bool `json:"answered"`
}

// Accusation is one accusation and whether it was right.
type Accusation struct {
	Seat    game.Seat `json:"seat"`
	Suspect Card      `json:"suspect"`
	Weapon  Card      `json:"weapon"`
	Room    Card      `json:"room"`
	Correct bool      `json:"correct"`
}

// State is a Clue-Less match.
type State struct {
	opt Options
	n   int
	rng game.Rand

	caseFile    [3]Card
	hands       [][]Card
	faceUp      []Card
	suspectSeat [numSuspects]game.Seat // -1 for a suspect nobody plays
	order       []game.Seat            // turn order, by suspect
	pos         [numSuspects]Place     // every suspect token, played or not
	weapon      [numWeapons]Place

	turn     game.Seat
	phase    phase
	pending  game.Seat // the seat that owes a disprove
	inactive []bool
	// removed marks a seat the players removed by a vote (vote.go): it
	// has no more turns and the game shows its cards for it.
	removed []bool
	// movedIn marks a seat whose token a suggestion moved into a room
	// since its last turn: on its turn it may stay and suggest (3.5).
	movedIn []bool
	// suggestions and accusations are the public record, in order.
	suggestions []Suggestion
	accusations []Accusation
	winner      game.Seat
	// ended is the outcome of a match the match itself ended (a
	// resignation, a player who left, a vote): see Conclude.
	ended *game.Outcome
}

var _ game.State = (*State)(nil)

func (s *State) Seats() int { return s.n }

// suspectOf is the character seat plays.
func (s *State) suspectOf(seat game.Seat) Card { return s.opt.Suspects[seat] }

// Turn is the seat whose turn it is, or the seat that owes a disprove.
func (s *State) Turn() []game.Seat {
	switch s.phase {
	case phOver:
		return nil
	case phDisprove:
		return []game.Seat{s.pending}
	}
	return []game.Seat{s.turn}
}

func (s *State) Scores() []int { return nil }

// Outcome names the detective who solved the case, or nobody when every
// detective accused wrongly.
func (s *State) Outcome() *game.Outcome {
	if s.phase != phOver {
		return nil
	}
	if s.ended != nil {
		o := *s.ended
		o.Winners = slices.Clone(o.Winners)
		return &o
	}
	cf := fmt.Sprintf("%s with the %s in the %s", s.caseFile[0], s.caseFile[1], s.caseFile[2])
	if s.winner < 0 {
		return &game.Outcome{Winners: []game.Seat{}, Reason: "every detective accused wrongly: it was " + cf}
	}
	return &game.Outcome{Winners: []game.Seat{s.winner},
		Reason: fmt.Sprintf("%s solved the case: %s", s.suspectOf(s.winner), cf)}
}

// Conclude ends the match with out, decided by the match (a
// resignation, a player who left, a vote): the case file is laid out for
// everyone, as at an end by the rules (a right accusation, or every
// detective wrong), so that nobody leaves without knowing who did it.
// Hands stay with their holders, as they do at a rules end. The public
// event "over" carries the case file, as at a rules end, with winner -1:
// nobody solved the case.
func (s *State) Conclude(out game.Outcome) []game.Event {
	if s.phase == phOver {
		return nil
	}
	s.phase, s.pending, s.winner = phOver, -1, -1
	s.ended = &out
	return []game.Event{{Type: "over", Seat: game.Spectator, Data: OverData{Winner: -1, CaseFile: s.caseFile}}}
}

// Clone copies the state; slices that Apply changes are copied.
func (s *State) Clone() game.State {
	c := *s
	if s.ended != nil {
		c.ended = s.Outcome()
	}
	c.hands = make([][]Card, len(s.hands))
	for i, h := range s.hands {
		c.hands[i] = slices.Clone(h)
	}
	c.faceUp = slices.Clone(s.faceUp)
	c.order = slices.Clone(s.order)
	c.inactive = slices.Clone(s.inactive)
	c.removed = slices.Clone(s.removed)
	c.movedIn = slices.Clone(s.movedIn)
	c.suggestions = slices.Clone(s.suggestions)
	for i := range c.suggestions {
		c.suggestions[i].Passed = slices.Clone(s.suggestions[i].Passed)
	}
	c.accusations = slices.Clone(s.accusations)
	c.opt.Suspects = slices.Clone(s.opt.Suspects)
	return &c
}

// ParseMove reads a move for seat. It checks form, and the one rule that
// only the text shows: a suggestion that names a room names the room seat
// stands in (spec, "You must be in the Room that you mention in your
// Suggestion"), for the move read leaves the room out and would otherwise
// make the suggestion in another room than the player asked for.
func (s *State) ParseMove(seat game.Seat, text []byte) (game.Move, error) {
	m, room, err := parseMove(text)
	if err != nil {
		return nil, game.Illegal("bad-notation", "%v", err)
	}
	if room != noRoom && seat >= 0 && int(seat) < s.Seats() {
		if at := s.pos[s.suspectOf(seat)]; !at.IsRoom() || roomCard(at) != room {
			where := "in the " + at.String()
			switch {
			case at.IsHallway():
				where += " hallway"
			case at.IsHome():
				where = "at " + at.String()
			}
			return nil, game.Illegal("wrong-room", "you must be in the room that you mention in your suggestion: you are %s, not in the %s", where, room)
		}
	}
	return m, nil
}

// occupied reports whether a suspect token stands in hallway p.
func (s *State) occupied(p Place) bool {
	for _, q := range s.pos {
		if q == p {
			return true
		}
	}
	return false
}

// destinations lists where seat's token may walk now (3.3-3.5): from a
// home square only into its hallway; from a hallway into either room;
// from a room into a free hallway or through a secret passage. A hallway
// holds one token.
func (s *State) destinations(seat game.Seat) []Place {
	var out []Place
	for _, q := range exits(s.pos[s.suspectOf(seat)]) {
		if q.IsHallway() && s.occupied(q) {
			continue
		}
		out = append(out, q)
	}
	return out
}

// canStay reports whether seat may suggest where it stands without
// moving: a suggestion moved it into this room since its last turn (3.5).
func (s *State) canStay(seat game.Seat) bool {
	return s.phase == phStart && s.movedIn[seat] && s.pos[s.suspectOf(seat)].IsRoom()
}

// room is the room seat stands in, or nowhere.
func (s *State) room(seat game.Seat) Place {
	if p := s.pos[s.suspectOf(seat)]; p.IsRoom() {
		return p
	}
	return nowhere
}

// Legal lists every move seat may make now.
func (s *State) Legal(seat game.Seat) []game.Move {
	if !game.OwesMove(s, seat) {
		return nil
	}
	var out []game.Move
	if s.phase == phDisprove {
		sg := s.suggestions[len(s.suggestions)-1]
		for _, c := range []Card{sg.Suspect, sg.Weapon, sg.Room} {
			if slices.Contains(s.hands[seat], c) {
				out = append(out, Move{Kind: VerbShow, Card: c})
			}
		}
		return out
	}
	suggest := func() {
		for su := Card(0); su < numSuspects; su++ {
			for w := Card(numSuspects); w < firstRoom; w++ {
				out = append(out, Move{Kind: VerbSuggest, Suspect: su, Weapon: w})
			}
		}
	}
	switch s.phase {
	case phStart:
		dest := s.destinations(seat)
		for _, p := range dest {
			out = append(out, Move{Kind: VerbMove, To: p})
		}
		if s.canStay(seat) {
			suggest()
		}
		if len(dest) == 0 && !s.canStay(seat) {
			out = append(out, Move{Kind: VerbEnd})
		}
	case phEntered:
		suggest()
	case phMoved, phSuggested:
		out = append(out, Move{Kind: VerbEnd})
	}
	for su := Card(0); su < numSuspects; su++ {
		for w := Card(numSuspects); w < firstRoom; w++ {
			for r := Card(firstRoom); int(r) < numCards; r++ {
				out = append(out, Move{Kind: VerbAccuse, Suspect: su, Weapon: w, Room: r})
			}
		}
	}
	return out
}

// Event data.
type (
	// MovedData: a detective walked (Passage: through a secret passage).
	MovedData struct {
		Suspect Card  `json:"suspect"`
		From    Place `json:"from"`
		To      Place `json:"to"`
		Passage bool  `json:"passage"`
	}
	// SuggestionData: what was suggested (the room is where the suggester stands).
	SuggestionData struct {
		Suspect Card `json:"suspect"`
		Weapon  Card `json:"weapon"`
		Room    Card `json:"room"`
	}
	// SummonedData: a suspect's token brought into the room by a suggestion.
	SummonedData struct {
		Suspect Card  `json:"suspect"`
		From    Place `json:"from"`
		To      Place `json:"to"`
	}
	// WeaponData: a weapon brought into the room by a suggestion.
	WeaponData struct {
		Weapon Card  `json:"weapon"`
		From   Place `json:"from"`
		To     Place `json:"to"`
	}
	// AskedData names a seat: asked to disprove, passing, whose turn.
	AskedData struct {
		Seat game.Seat `json:"seat"`
	}
	// ShownData: By showed To a card (which one, only they learn).
	ShownData struct {
		By game.Seat `json:"by"`
		To game.Seat `json:"to"`
	}
	// CardData: the card shown, sent only to the suggester and the shower.
	CardData struct {
		By   game.Seat `json:"by"`
		To   game.Seat `json:"to"`
		Card Card      `json:"card"`
	}
	// AccusationData: an accusation and its verdict.
	AccusationData struct {
		Suspect Card `json:"suspect"`
		Weapon  Card `json:"weapon"`
		Room    Card `json:"room"`
		Correct bool `json:"correct"`
	}
	// CaseFileData: the envelope, shown to a wrong accuser only.
	CaseFileData struct {
		CaseFile [3]Card `json:"caseFile"`
	}
	// OverData: the end; the case file is laid out for everyone.
	OverData struct {
		Winner   game.Seat `json:"winner"`
		CaseFile [3]Card   `json:"caseFile"`
	}
)
