package buccaneer

import (
	"fmt"
	"slices"

	"github.com/parlor-games/parlor/game"
)

// Event data. Every event is public unless its To says otherwise.
type (
	// SailData: a ship sailed (or was blown) from one square to another.
	SailData struct {
		Seat game.Seat `json:"seat"`
		From Point     `json:"from"`
		To   Point     `json:"to"`
	}
	// FaceData: a ship turned.
	FaceData struct {
		Seat   game.Seat `json:"seat"`
		Facing string    `json:"facing"`
	}
	// AskData: the ship of Seat was passed by Mover at At, and may attack.
	AskData struct {
		Seat  game.Seat `json:"seat"`
		Mover game.Seat `json:"mover"`
		At    Point     `json:"at"`
	}
	// AnswerData: the passed ship's answer.
	AnswerData struct {
		Seat   game.Seat `json:"seat"`
		Attack bool      `json:"attack"`
	}
	// FightData: a fight's result, the only thing told of it (FR6).
	// Winner is -1 for a tie.
	FightData struct {
		Attacker game.Seat `json:"attacker"`
		Defender game.Seat `json:"defender"`
		Winner   game.Seat `json:"winner"`
	}
	// TreasureData: treasure moved between two places.
	TreasureData struct {
		From  string   `json:"from"`
		To    string   `json:"to"`
		Items []string `json:"items"`
	}
	// CrewData: crew cards moved. Everyone learns how many and their total;
	// Cards is given only when everyone may see them (to or from a port or
	// Flat Island), and in a second event to the captains who held them.
	// In card 20's exchange the public events leave Total out (it is 0
	// only then, a crew card being worth at least 1): the totals each way
	// would tell more than the two hands' new totals, which are all the
	// rules show of them.
	CrewData struct {
		From  string `json:"from"`
		To    string `json:"to"`
		Count int    `json:"count"`
		Total int    `json:"total,omitempty"`
		Cards []Card `json:"cards,omitempty"`
	}
	// ChanceData: a chance card drawn, shown to everyone.
	ChanceData struct {
		Seat   game.Seat `json:"seat"`
		Number int       `json:"number"`
		Title  string    `json:"title"`
		Text   string    `json:"text"`
	}
	// CardData: a kept chance card moved (kept, played, left in a port).
	CardData struct {
		Seat   game.Seat `json:"seat"`
		Number int       `json:"number"`
		To     string    `json:"to"`
	}
	// NoteData: something the rules decided, in words.
	NoteData struct {
		Seat game.Seat `json:"seat"`
		Text string    `json:"text"`
	}
	// EndData: the match is over.
	EndData struct {
		Winners []game.Seat `json:"winners"`
		Reason  string      `json:"reason"`
	}
)

func (s *State) emit(typ string, seat game.Seat, data any) {
	s.ev = append(s.ev, game.Event{Type: typ, Seat: seat, Data: data})
}

func (s *State) note(seat game.Seat, format string, args ...any) {
	s.emit("note", seat, NoteData{Seat: seat, Text: fmt.Sprintf(format, args...)})
}

func seatPlace(seat game.Seat) string { return fmt.Sprintf("seat %d", seat) }

const (
	placeIsland = "Treasure Island"
	placePirate = "Pirate Island"
	placeFlat   = "Flat Island"
)

// crewMoved tells of crew cards moving. Between hands and the pack the
// cards themselves are told only to the captains who held them.
func (s *State) crewMoved(cards []Card, from, to string, fromSeat, toSeat game.Seat, public bool) {
	s.crewTold(cards, from, to, fromSeat, toSeat, public, true)
}

// crewSwapped tells of card 20's exchange between seat and other: mine
// went to other and theirs to seat. Everyone else learns how many cards
// went each way but not their totals (see CrewData).
func (s *State) crewSwapped(mine, theirs []Card, seat, other game.Seat) {
	s.crewTold(mine, seatPlace(seat), seatPlace(other), seat, other, false, false)
	s.crewTold(theirs, seatPlace(other), seatPlace(seat), other, seat, false, false)
}

// crewTold is crewMoved; total says whether the public event tells the
// cards' total.
func (s *State) crewTold(cards []Card, from, to string, fromSeat, toSeat game.Seat, public, total bool) {
	if len(cards) == 0 {
		return
	}
	cards = slices.Clone(cards)
	sortHand(cards)
	d := CrewData{From: from, To: to, Count: len(cards), Total: crewTotal(cards)}
	if public {
		d.Cards = cards
		s.emit("crew", game.Spectator, d)
		return
	}
	told := d
	if !total {
		told.Total = 0
	}
	s.emit("crew", game.Spectator, told)
	var to2 []game.Seat
	for _, x := range []game.Seat{fromSeat, toSeat} {
		if x >= 0 && !slices.Contains(to2, x) {
			to2 = append(to2, x)
		}
	}
	if len(to2) > 0 {
		d.Cards = cards
		s.ev = append(s.ev, game.Event{Type: "crew-cards", Seat: game.Spectator, Data: d, To: to2})
	}
}

func (s *State) treasureMoved(items []Kind, from, to string) {
	if len(items) == 0 {
		return
	}
	var t Treasure
	for _, k := range items {
		t[k]++
	}
	s.emit("treasure", game.Spectator, TreasureData{From: from, To: to, Items: t.names()})
}
