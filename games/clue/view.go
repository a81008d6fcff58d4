package clue

import (
	"slices"

	"github.com/parlor-games/parlor/game"
)

// View is what one seat (or a spectator) may know: its own hand, the
// face-up cards, where every token and weapon stands, and the public
// record of suggestions and accusations. The card shown to answer a
// suggestion appears only in the suggester's and the shower's views. The
// case file appears only after the end, and to a detective who accused
// wrongly (who looked into the envelope, 3.9).
type View struct {
	Seat    game.Seat        `json:"seat"`
	Players []PlayerView     `json:"players"`
	Order   []game.Seat      `json:"order"`
	Turn    game.Seat        `json:"turn"`
	Phase   string           `json:"phase"`
	Owes    []game.Seat      `json:"owes"`
	Tokens  map[string]Place `json:"tokens"`
	Weapons map[string]Place `json:"weapons"`
	Hand    []Card           `json:"hand"`
	FaceUp  []Card           `json:"faceUp"`
	// Suggestions is the log, oldest first.
	Suggestions []SuggestionView `json:"suggestions"`
	Accusations []Accusation     `json:"accusations"`
	// Moves lists where this seat may walk now (its turn, before moving);
	// CanStay says it may suggest without moving; MustSuggest that it has
	// entered a room and owes a suggestion there.
	Moves       []Place `json:"moves"`
	CanStay     bool    `json:"canStay"`
	MustSuggest bool    `json:"mustSuggest"`
	// CanEnd says this seat may end its turn now: after moving or
	// suggesting, or at the start when it is blocked in (3.3, 3.8).
	CanEnd bool `json:"canEnd"`
	// Room is the room this seat's detective stands in, if any.
	Room     *Card      `json:"room,omitempty"`
	CaseFile []Card     `json:"caseFile,omitempty"`
	Winner   *game.Seat `json:"winner,omitempty"`
	// Notebook is this seat's deductions (see Notebook); absent for a
	// spectator.
	Notebook *NotebookView `json:"notebook,omitempty"`
}

// PlayerView is one detective as everyone sees it.
type PlayerView struct {
	Seat     game.Seat `json:"seat"`
	Suspect  Card      `json:"suspect"`
	Cards    int       `json:"cards"`
	Inactive bool      `json:"inactive"`
	// Removed says the players removed this detective by a vote; its
	// cards still disprove, the game showing them for it.
	Removed bool `json:"removed,omitempty"`
}

// SuggestionView is a suggestion in the log; Card only for the suggester
// and the shower.
type SuggestionView struct {
	Suggestion
	Card *Card `json:"card,omitempty"`
}

var phaseNames = map[phase]string{phStart: "start", phMoved: "moved", phEntered: "entered", phDisprove: "disprove", phSuggested: "suggested", phOver: "over"}

// View returns what seat may know now.
func (s *State) View(seat game.Seat) any {
	if seat < 0 || int(seat) >= s.n {
		seat = game.Spectator
	}
	v := &View{Seat: seat, Order: slices.Clone(s.order), Turn: s.turn, Phase: phaseNames[s.phase],
		Owes: s.Turn(), Tokens: map[string]Place{}, Weapons: map[string]Place{},
		Hand: []Card{}, FaceUp: slices.Clone(s.faceUp), Suggestions: []SuggestionView{},
		Accusations: slices.Clone(s.accusations), Moves: []Place{}}
	if v.Owes == nil {
		v.Owes = []game.Seat{}
	}
	if v.FaceUp == nil {
		v.FaceUp = []Card{}
	}
	if v.Accusations == nil {
		v.Accusations = []Accusation{}
	}
	for i := range s.n {
		v.Players = append(v.Players, PlayerView{Seat: game.Seat(i), Suspect: s.suspectOf(game.Seat(i)),
			Cards: len(s.hands[i]), Inactive: s.inactive[i], Removed: s.removed[i]})
	}
	for c := range numSuspects {
		v.Tokens[cardKeys[c]] = s.pos[c]
	}
	for w := range numWeapons {
		v.Weapons[cardKeys[numSuspects+w]] = s.weapon[w]
	}
	for _, sg := range s.suggestions {
		sv := SuggestionView{Suggestion: sg}
		sv.Passed = slices.Clone(sg.Passed)
		if sg.Answered && sg.ShownBy >= 0 && seat >= 0 && (seat == sg.Seat || seat == sg.ShownBy) {
			c := sg.Shown
			sv.Card = &c
		}
		v.Suggestions = append(v.Suggestions, sv)
	}
	if s.phase == phOver {
		v.CaseFile = slices.Clone(s.caseFile[:])
		// A match ended by the match's own decision has no solver: the
		// outcome beside the view names its winners.
		if s.ended == nil {
			w := s.winner
			v.Winner = &w
		}
	}
	if seat >= 0 {
		v.Hand = slices.Clone(s.hands[seat])
		if s.inactive[seat] {
			v.CaseFile = slices.Clone(s.caseFile[:])
		}
		if r := s.room(seat); r != nowhere {
			c := roomCard(r)
			v.Room = &c
		}
		if s.phase == phStart && s.turn == seat {
			v.Moves = s.destinations(seat)
			if v.Moves == nil {
				v.Moves = []Place{}
			}
			v.CanStay = s.canStay(seat)
		}
		v.MustSuggest = s.phase == phEntered && s.turn == seat
		v.CanEnd = s.turn == seat && !s.inactive[seat] && !s.removed[seat] && (s.phase == phMoved || s.phase == phSuggested ||
			(s.phase == phStart && len(v.Moves) == 0 && !v.CanStay))
		v.Notebook = s.notebookView(seat)
	}
	return v
}
