package clue

import (
	"math/bits"

	"github.com/parlor-games/parlor/game"
)

// The notebook: what a detective can deduce from what it has seen, and
// nothing more. It is exact: a card is marked as possibly held by a
// holder (a player, or the case file) exactly when some deal consistent
// with everything the detective saw puts it there (the tests compare it
// with brute-force enumeration of every such deal). Its facts:
//
//   - its own hand, and the face-up cards, which nobody holds;
//   - how many cards each other player holds;
//   - every player who could not answer a suggestion holds none of the
//     three cards named;
//   - the player who answered (or is asked to answer) holds at least one
//     of them, and exactly the card shown if the detective made the
//     suggestion;
//   - a wrong accusation is not the case file; a detective who accused
//     wrongly has seen the case file itself.
//
// Deduction searches for one consistent deal per (card, holder) question
// not yet answered by an earlier deal, with propagation that keeps each
// search small; in practice a whole notebook takes well under a
// millisecond.

// holders is a set of holders as bits: bit p for player p, bit caseBit
// for the case file.
type holders uint8

const caseBit = 6 // players are 0..5

// knowledge is what one seat knows, gathered from the state.
type knowledge struct {
	n     int
	self  game.Seat
	size  []int
	own   []Card
	up    []Card
	known *[3]Card // the case file, for a wrong accuser
	// excl[c] are holders known not to hold c; has are known (card, holder)
	// facts; some are "holder holds one of these" facts.
	excl [numCards]holders
	has  []fact
	some []someFact
	// notCF are wrong accusations: the case file is not this triple.
	notCF [][3]Card
}

type fact struct {
	card   Card
	holder int
}

type someFact struct {
	holder int
	cards  [3]Card
}

// knowledgeOf gathers what seat has seen in s.
func (s *State) knowledgeOf(seat game.Seat) *knowledge {
	k := &knowledge{n: s.n, self: seat, own: s.hands[seat], up: s.faceUp}
	for i := range s.n {
		k.size = append(k.size, len(s.hands[i]))
	}
	if s.inactive[seat] || s.phase == phOver {
		cf := s.caseFile
		k.known = &cf
	}
	for _, sg := range s.suggestions {
		named := [3]Card{sg.Suspect, sg.Weapon, sg.Room}
		for _, q := range sg.Passed {
			for _, c := range named {
				k.excl[c] |= 1 << q
			}
		}
		if !sg.Answered && s.pending >= 0 && s.pending != seat {
			// Asked to answer: it holds one of them, whichever it shows.
			k.some = append(k.some, someFact{int(s.pending), named})
		}
		if !sg.Answered || sg.ShownBy < 0 {
			continue
		}
		switch seat {
		case sg.ShownBy:
			// Its own card: nothing new.
		case sg.Seat:
			k.has = append(k.has, fact{sg.Shown, int(sg.ShownBy)})
		default:
			k.some = append(k.some, someFact{int(sg.ShownBy), named})
		}
	}
	for _, a := range s.accusations {
		if !a.Correct {
			k.notCF = append(k.notCF, [3]Card{a.Suspect, a.Weapon, a.Room})
		}
	}
	return k
}

// Notebook is the outcome of deduction: for each card, the holders that
// may hold it (players by seat, and the case file).
type Notebook struct {
	n        int
	possible [numCards]holders
	faceUp   [numCards]bool
	// consistent is false when no deal fits what was seen (which cannot
	// happen in a real game).
	consistent bool
}

// deduce computes the notebook of k.
func deduce(k *knowledge) Notebook {
	nb := Notebook{n: k.n, consistent: true}
	sv := newSolver(k)
	for _, c := range k.up {
		nb.faceUp[c] = true
	}
	for _, c := range k.own {
		nb.possible[c] = 1 << k.self
	}
	if sv == nil {
		nb.consistent = false
		return nb
	}
	found := false
	for _, c := range sv.cards {
		for h := sv.dom[c]; h != 0; h &= h - 1 {
			b := holders(1) << bits.TrailingZeros8(uint8(h))
			if nb.possible[c]&b != 0 {
				continue
			}
			if a, ok := sv.solve(c, b); ok {
				found = true
				for _, d := range sv.cards {
					nb.possible[d] |= a[d]
				}
			}
		}
	}
	if !found && len(sv.cards) > 0 {
		nb.consistent = false
	}
	return nb
}

// Maybe reports whether holder (a seat, or -1 for the case file) may hold c.
func (nb *Notebook) Maybe(c Card, holder int) bool {
	return nb.possible[c]&bitOf(holder) != 0
}

// Sure reports whether holder certainly holds c.
func (nb *Notebook) Sure(c Card, holder int) bool {
	return nb.possible[c] == bitOf(holder)
}

func bitOf(holder int) holders {
	if holder < 0 {
		return 1 << caseBit
	}
	return 1 << holder
}

// Solution returns the case file when it is certain.
func (nb *Notebook) Solution() ([3]Card, bool) {
	var cf [3]Card
	for kd := range 3 {
		n := 0
		for c := Card(0); int(c) < numCards; c++ {
			if c.Kind() == Kind(kd) && nb.Maybe(c, -1) {
				cf[kd] = c
				n++
			}
		}
		if n != 1 || !nb.Sure(cf[kd], -1) {
			return cf, false
		}
	}
	return cf, true
}

// Mark is a notebook cell.
type Mark string

const (
	MarkYes   Mark = "yes"
	MarkNo    Mark = "no"
	MarkMaybe Mark = "maybe"
)

// NotebookView is the notebook as a seat's view shows it: for each card,
// a mark per seat and one for the case file.
type NotebookView struct {
	Cards  []NotebookRow `json:"cards"`
	Solved []Card        `json:"solved,omitempty"`
}

// NotebookRow is one card's line of the notebook.
type NotebookRow struct {
	Card     Card   `json:"card"`
	FaceUp   bool   `json:"faceUp,omitempty"`
	Seats    []Mark `json:"seats"`
	CaseFile Mark   `json:"caseFile"`
}

func (nb *Notebook) mark(c Card, holder int) Mark {
	switch {
	case nb.Sure(c, holder):
		return MarkYes
	case nb.Maybe(c, holder):
		return MarkMaybe
	}
	return MarkNo
}

func (s *State) notebookView(seat game.Seat) *NotebookView {
	nb := deduce(s.knowledgeOf(seat))
	v := &NotebookView{}
	for c := Card(0); int(c) < numCards; c++ {
		row := NotebookRow{Card: c, FaceUp: nb.faceUp[c], CaseFile: nb.mark(c, -1)}
		for p := range s.n {
			row.Seats = append(row.Seats, nb.mark(c, p))
		}
		v.Cards = append(v.Cards, row)
	}
	if cf, ok := nb.Solution(); ok {
		v.Solved = cf[:]
	}
	return v
}

// randomDeal returns a deal consistent with k, drawn by trying holders in
// a random order (not uniformly among all consistent deals, which nothing
// here needs), as each unknown card's holder: a seat, or caseBit.
func randomDeal(k *knowledge, rng *game.Rand) (map[Card]int, bool) {
	sv := newSolver(k)
	if sv == nil {
		return nil, false
	}
	rng.Shuffle(len(sv.cards), func(i, j int) { sv.cards[i], sv.cards[j] = sv.cards[j], sv.cards[i] })
	sv.shuffle = rng
	nd := node{dom: sv.dom, capl: sv.cap}
	if !sv.search(&nd) {
		return nil, false
	}
	a := nd.dom
	out := map[Card]int{}
	for _, c := range sv.cards {
		out[c] = bits.TrailingZeros8(uint8(a[c]))
	}
	return out, true
}
