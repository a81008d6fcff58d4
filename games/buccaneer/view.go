package buccaneer

import (
	"slices"

	"github.com/parlor-games/parlor/game"
)

// View is what one seat (or a spectator) may know: everything on the
// board, every captain's treasure and kept chance cards, and of crew cards
// only the seat's own hand in full; of other hands, the number of cards and
// their total, which is the move distance FR9 displays. Deck orders and
// fighting strengths are never in it (FR6). After the end every hand is
// shown.
type View struct {
	Seat     game.Seat     `json:"seat"`
	Board    BoardView     `json:"board"`
	Players  []PlayerView  `json:"players"`
	Ports    []PortView    `json:"ports"`
	Flat     PileView      `json:"flatIsland"`
	Island   []string      `json:"treasureIsland"`
	CrewPack int           `json:"crewPack"`
	Chance   int           `json:"chancePack"`
	Step     StepView      `json:"step"`
	Last     *LastChance   `json:"lastChance,omitempty"`
	Turns    int           `json:"turns"`
	MaxTurns int           `json:"maxTurns"`
	Scores   []int         `json:"scores"`
	Outcome  *game.Outcome `json:"outcome,omitempty"`
	// Legal is what the seat may do now, in its own view only, while it
	// owes the step (see Offer).
	Legal *Offer `json:"legal,omitempty"`
}

// BoardView is the fixed board of FR9, so a client need not know it.
type BoardView struct {
	Size    int              `json:"size"`
	Islands map[string]Rect  `json:"islands"`
	Bays    map[string]Point `json:"bays"`
}

// PlayerView is one captain as seat may see them.
type PlayerView struct {
	Seat     game.Seat `json:"seat"`
	Home     string    `json:"home"`
	At       Point     `json:"at"`
	Facing   string    `json:"facing"`
	Cards    int       `json:"cards"`
	Crew     int       `json:"crewTotal"`
	Distance int       `json:"distance"`
	// Hand is the seat's own hand (everyone's once the match is over).
	Hand     []Card   `json:"hand,omitempty"`
	Treasure []string `json:"treasure"`
	Kept     []int    `json:"kept"`
	AtHome   int      `json:"atHome"`
}

// PortView is one port: public stock, value and colour of each card.
type PortView struct {
	Name     string    `json:"name"`
	At       Point     `json:"at"`
	Owner    game.Seat `json:"owner"` // -1 for none
	Cards    []Card    `json:"cards"`
	Treasure []string  `json:"treasure"`
	Safe     []string  `json:"safe"`
	John     bool      `json:"longJohn"`
}

// PileView is Flat Island.
type PileView struct {
	Cards    []Card   `json:"cards"`
	Treasure []string `json:"treasure"`
}

// StepView says where in the turn the match is and who owes the step.
type StepView struct {
	Name  string    `json:"name"` // move, attack?, face, port, choose, captain, spoils, escape, over
	Mover game.Seat `json:"mover"`
	Owes  game.Seat `json:"owes"` // -1 when over
	// For "attack?": the square where the mover passes.
	At *Point `json:"at,omitempty"`
	// For "choose" and "captain": the card and what it offers.
	Card  int         `json:"card,omitempty"`
	Limit int         `json:"limit,omitempty"`
	CrewN int         `json:"crew,omitempty"`
	Seats []game.Seat `json:"seats,omitempty"`
	// For "spoils": the loser's treasure and how many pieces fit.
	Spoils []string `json:"spoils,omitempty"`
	Room   int      `json:"room,omitempty"`
}

// LastChance is the last chance card drawn, public.
type LastChance struct {
	Seat   game.Seat `json:"seat"`
	Number int       `json:"number"`
	Title  string    `json:"title"`
	Text   string    `json:"text"`
}

// View returns what seat may know now, with what it may do if it owes
// the step.
func (s *State) View(seat game.Seat) any {
	v := s.plainView(seat)
	v.Legal = s.legalOffer(seat)
	return v
}

// PlainView is View without Legal (game.PlainViewer).
func (s *State) PlainView(seat game.Seat) any { return s.plainView(seat) }

func (s *State) plainView(seat game.Seat) View {
	v := View{
		Seat: seat,
		Board: BoardView{Size: Size,
			Islands: map[string]Rect{"Treasure Island": TreasureIsland, "Flat Island": FlatIsland, "Pirate Island": PirateIsland},
			Bays:    map[string]Point{"Mud Bay": MudBay, "Anchor Bay": AnchorBay, "Cliff Creek": CliffCreek}},
		Island:   s.island.names(),
		CrewPack: len(s.crew),
		Chance:   len(s.chance),
		Turns:    s.turns,
		MaxTurns: s.maxTurns,
		Scores:   s.Scores(),
		Outcome:  s.Outcome(),
	}
	for i, p := range s.players {
		pv := PlayerView{Seat: game.Seat(i), Home: Ports[p.home].Name, At: p.at, Facing: p.facing.String(),
			Cards: len(p.hand), Crew: crewTotal(p.hand), Distance: distance(p.hand),
			Treasure: holdTreasure(p.hold).names(), Kept: append([]int{}, p.kept...), AtHome: s.homeWorth(game.Seat(i))}
		if game.Seat(i) == seat || s.phase == phOver {
			pv.Hand = append([]Card{}, p.hand...)
		}
		v.Players = append(v.Players, pv)
	}
	for i, st := range s.ports {
		v.Ports = append(v.Ports, PortView{Name: Ports[i].Name, At: Ports[i].At, Owner: s.owner(i),
			Cards: append([]Card{}, st.cards...), Treasure: st.treasure.names(), Safe: st.safe.names(), John: st.john})
	}
	v.Flat = PileView{Cards: append([]Card{}, s.flat.cards...), Treasure: s.flat.treasure.names()}
	v.Step = StepView{Name: phaseNames[s.phase], Mover: s.mover(), Owes: s.who}
	switch s.phase {
	case phOver:
		v.Step.Owes = -1
	case phAsk:
		at := s.asks[0].at
		v.Step.At = &at
	case phPick:
		v.Step.Card, v.Step.Limit, v.Step.CrewN = s.card, s.limit, s.crewN
	case phSeat:
		v.Step.Card, v.Step.Seats = s.card, slices.Clone(s.seats)
	case phSpoils:
		v.Step.Spoils, v.Step.Room = s.spoils.names(), s.room
	}
	if s.last != nil {
		c := Chance[s.last.card-1]
		v.Last = &LastChance{Seat: s.last.seat, Number: c.Number, Title: c.Title, Text: c.Text}
	}
	return v
}

// String is a short public summary, with no secrets in it.
func (s *State) String() string {
	v := s.View(game.Spectator).(View)
	out := "buccaneer: " + v.Step.Name
	for _, p := range v.Players {
		out += " | " + p.Home + " " + p.At.String() + " " + p.Facing
	}
	return out
}
