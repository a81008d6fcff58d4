package clue

import (
	"context"
	"fmt"
	"slices"

	"github.com/parlor-games/parlor/game"
)

// The replay's analysis (game.Definition.Analyze): each seat's notebook as
// it stood after every step, and the first step from which the seat could
// have accused with certainty. A notebook uses only what its seat saw, as
// the live notebook does (knowledgeOf): its hand, the face-up cards, the
// cards shown to it, the passes and showings everyone saw, wrong
// accusations, and the case file once a wrong accusation showed it to
// that seat. The case file laid out at the end is left out, so that the
// last step shows what each detective had worked out, not what it was
// told.
//
// The JSON form:
//
//	{"cards": ["scarlet", ...],            // the rows, in the notebook's order
//	 "seats": [{"seat": 0, "suspect": "scarlet",
//	   "notebooks": [{"from": 0, "marks": ["ox?..", ...]}, ...],
//	   "certainAt": 42, "solution": ["plum","rope","study"],
//	   "accusedAt": 57, "accusedRight": true}, ...]}
//
// A seat's notebooks list only the steps where its notebook changed: the
// one shown at step i is the last whose "from" is at most i. Each marks
// string is one card's row, one letter per seat and then one for the case
// file (see the mark letters below). certainAt and accusedAt are -1 when
// the seat never could, or never did; certainty is counted only while
// the seat could still accuse (before a wrong accusation or a removal).

// Mark letters of an analysis notebook cell.
const (
	cellOwn     = 'o' // the seat's own card
	cellShown   = 's' // shown to the seat (or the case file it looked into)
	cellDeduced = 'd' // certainly there, by deduction
	cellNo      = 'x' // certainly not there
	cellMaybe   = '?' // some deal the seat cannot rule out puts it there
	cellFaceUp  = '-' // a face-up card: nobody holds it
)

// Analysis is a finished match's analysis, as the replay draws it.
type Analysis struct {
	Cards []Card         `json:"cards"`
	Seats []SeatAnalysis `json:"seats"`
}

// SeatAnalysis is what one seat knew over the match.
type SeatAnalysis struct {
	Seat         game.Seat      `json:"seat"`
	Suspect      Card           `json:"suspect"`
	Notebooks    []NotebookStep `json:"notebooks"`
	CertainAt    int            `json:"certainAt"`
	Solution     []Card         `json:"solution,omitempty"`
	AccusedAt    int            `json:"accusedAt"`
	AccusedRight bool           `json:"accusedRight,omitempty"`
}

// NotebookStep is a seat's notebook from step From on.
type NotebookStep struct {
	From  int      `json:"from"`
	Marks []string `json:"marks"`
}

// record is the part of a position that a notebook depends on. The
// public record only grows, so equal records mean equal knowledge.
type record struct {
	suggestions, accusations int
	answered                 bool
	pending                  game.Seat
	inactive                 bool
}

func (s *State) recordOf(seat game.Seat) record {
	r := record{suggestions: len(s.suggestions), accusations: len(s.accusations), pending: s.pending, inactive: s.inactive[seat]}
	if n := len(s.suggestions); n > 0 {
		r.answered = s.suggestions[n-1].Answered
	}
	return r
}

// Analyze is Clue-Less's game.Analyze.
func Analyze(ctx context.Context, steps []game.ReplayStep, final game.State) (any, error) {
	after := make([]*State, len(steps))
	for i := range steps {
		var st game.State = final
		if i+1 < len(steps) {
			st = steps[i+1].Before
		}
		s, ok := st.(*State)
		if !ok {
			return nil, fmt.Errorf("clue: step %d holds a %T, not a Clue-Less position", i, st)
		}
		after[i] = s
	}
	if len(after) == 0 {
		return nil, fmt.Errorf("clue: a replay has at least its start step")
	}
	a := &Analysis{}
	for c := Card(0); int(c) < numCards; c++ {
		a.Cards = append(a.Cards, c)
	}
	n := after[0].n
	for seat := range game.Seat(n) {
		sa := SeatAnalysis{Seat: seat, Suspect: after[0].suspectOf(seat), CertainAt: -1, AccusedAt: -1}
		var last record
		var lastMarks []string
		for i, s := range after {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
			if steps[i].Seat == seat && sa.AccusedAt < 0 {
				if m, ok := steps[i].Move.(Move); ok && m.Kind == VerbAccuse {
					sa.AccusedAt = i
					sa.AccusedRight = len(s.accusations) > 0 && s.accusations[len(s.accusations)-1].Correct
				}
			}
			r := s.recordOf(seat)
			if i > 0 && r == last {
				continue
			}
			last = r
			k := s.knowledgeOf(seat)
			if !s.inactive[seat] {
				k.known = nil // the end's laid-out case file was told, not found
			}
			nb := deduce(k)
			if sa.CertainAt < 0 && !s.inactive[seat] && !s.removed[seat] {
				if cf, ok := nb.Solution(); ok {
					sa.CertainAt, sa.Solution = i, cf[:]
				}
			}
			marks := s.analysisMarks(seat, k, &nb)
			if !slices.Equal(marks, lastMarks) {
				sa.Notebooks = append(sa.Notebooks, NotebookStep{From: i, Marks: marks})
				lastMarks = marks
			}
		}
		a.Seats = append(a.Seats, sa)
	}
	return a, nil
}

// analysisMarks writes nb as mark letters, one string per card, telling
// apart how the seat knows a holder: its own card, a card shown to it (or
// the case file it looked into), or a deduction.
func (s *State) analysisMarks(seat game.Seat, k *knowledge, nb *Notebook) []string {
	shown := map[Card]int{}
	for _, f := range k.has {
		shown[f.card] = f.holder
	}
	out := make([]string, numCards)
	row := make([]byte, s.n+1)
	for c := Card(0); int(c) < numCards; c++ {
		for h := range s.n + 1 {
			holder := h
			if h == s.n {
				holder = -1
			}
			switch {
			case nb.faceUp[c]:
				row[h] = cellFaceUp
			case holder == int(seat) && nb.Sure(c, holder):
				row[h] = cellOwn
			case nb.Sure(c, holder):
				row[h] = cellDeduced
				if p, ok := shown[c]; ok && p == holder {
					row[h] = cellShown
				}
				if holder < 0 && k.known != nil {
					row[h] = cellShown
				}
			case nb.Maybe(c, holder):
				row[h] = cellMaybe
			default:
				row[h] = cellNo
			}
		}
		out[c] = string(row)
	}
	return out
}
