package warfare

import "github.com/parlor-games/parlor/game"

// Event data. Hexes are land hex ids; villages are named by their hex.

// MoveEvent is the data of a "move" event: the move as played.
type MoveEvent struct {
	Move string `json:"move"`
	Kind string `json:"kind"`
	From int    `json:"from"`
	To   int    `json:"to"`
	Unit string `json:"unit,omitempty"`
}

// HexEvent names one hex and its owner ("village": a new hovel).
type HexEvent struct {
	Hex   int `json:"hex"`
	Owner int `json:"owner"`
}

// HexesEvent lists hexes ("neutral", "trampled", "tombstones").
type HexesEvent struct {
	Hexes []int `json:"hexes"`
}

// MergeEvent is a village absorbed into another when regions joined.
type MergeEvent struct {
	Into int `json:"into"`
	From int `json:"from"`
	Gold int `json:"gold"`
	Wood int `json:"wood"`
}

// CaptureEvent is an enemy village taken, with the loot.
type CaptureEvent struct {
	Hex   int `json:"hex"`
	Owner int `json:"owner"`
	Gold  int `json:"gold"`
	Wood  int `json:"wood"`
}

// TakeEvent is a hex that changed hands; From is its previous owner.
type TakeEvent struct {
	Hex  int `json:"hex"`
	From int `json:"from"`
}

// SeatEvent names a seat ("eliminated").
type SeatEvent struct {
	Seat int `json:"seat"`
}

// OverEvent ends the game.
type OverEvent struct {
	Winners []game.Seat `json:"winners"`
	Reason  string      `json:"reason"`
}

// RoundEvent is a tree growth phase: the round it opens and the new trees.
type RoundEvent struct {
	Round int   `json:"round"`
	Hexes []int `json:"hexes"`
}

// TurnEvent opens a seat's turn.
type TurnEvent struct {
	Seat  int `json:"seat"`
	Round int `json:"round"`
}

// BuiltEvent lists meadows and roads finished at the start of a turn.
type BuiltEvent struct {
	Meadows []int `json:"meadows,omitempty"`
	Roads   []int `json:"roads,omitempty"`
}

// IncomeEvent is one village's income and payment phase.
type IncomeEvent struct {
	Village int   `json:"village"`
	Income  int   `json:"income"`
	Upkeep  int   `json:"upkeep"`
	Gold    int   `json:"gold"`              // treasury afterwards
	Starved []int `json:"starved,omitempty"` // villagers turned to tombstones
}

// View is what every seat and spectator sees: Medieval Warfare has no
// hidden information (the spec gives no player a secret: the island,
// treasuries and units are all on the table), so View returns the same
// value for every seat, but for Legal: the seat whose turn it is also
// gets what it may do (see Offer), which is no secret but of use to no
// one else.
type View struct {
	Island   string        `json:"island"`
	Width    int           `json:"width"`
	Height   int           `json:"height"`
	Players  int           `json:"players"`
	Turn     int           `json:"turn"` // -1 once the game is over
	Round    int           `json:"round"`
	Rounds   int           `json:"rounds"` // the round cap, 0 for none
	Out      []bool        `json:"out"`    // eliminated seats
	Land     []int         `json:"land"`   // hexes held by each seat
	Hexes    []HexView     `json:"hexes"`
	Villages []VillageView `json:"villages"`
	Outcome  *game.Outcome `json:"outcome,omitempty"`
	Legal    *Offer        `json:"legal,omitempty"`
	// Prices are the costs, wages and ranks (prices.go), the same in
	// every view.
	Prices *Prices `json:"prices"`
}

// HexView is one land hex. X and Y place it in the odd-r grid (odd rows
// shifted half a hex right). Owner is -1 for neutral land. Thing is "",
// "tree", "tombstone", "village", "tower" or a villager's rank; Meadow and
// Road lie under it. Done marks a villager that cannot move again this
// turn; Work ("meadow" or "road") and Left say what a busy peasant is
// doing and for how many more of its turns. Region is the hex id naming
// the region (its lowest hex), -1 for neutral land.
type HexView struct {
	ID     int    `json:"id"`
	X      int    `json:"x"`
	Y      int    `json:"y"`
	Owner  int    `json:"owner"`
	Thing  string `json:"thing,omitempty"`
	Meadow bool   `json:"meadow,omitempty"`
	Road   bool   `json:"road,omitempty"`
	Done   bool   `json:"done,omitempty"`
	Work   string `json:"work,omitempty"`
	Left   int    `json:"left,omitempty"`
	Region int    `json:"region"`
}

// VillageView is one village and its region, the list of spec item 1:
// its treasury, the income and wages its next payment phase would bring
// as the region stands now, and Short, true when that income and the gold
// in the treasury cannot pay the wages, so its villagers would perish.
// Locked counts the owner's turns, this one included, in which an
// upgraded village can still do nothing.
type VillageView struct {
	Hex    int    `json:"hex"`
	Owner  int    `json:"owner"`
	Level  string `json:"level"`
	Gold   int    `json:"gold"`
	Wood   int    `json:"wood"`
	Region int    `json:"region"`
	Size   int    `json:"size"`
	Income int    `json:"income"`
	Upkeep int    `json:"upkeep"`
	Short  bool   `json:"short"`
	Units  int    `json:"units"`
	Locked int    `json:"locked,omitempty"`
}

// View returns the same picture for every seat, with the mover's Offer.
func (s *State) View(seat game.Seat) any {
	v := s.plainView()
	v.Legal = s.legalOffer(seat)
	return v
}

// PlainView is View without Legal (game.PlainViewer), the same for every
// seat.
func (s *State) PlainView(game.Seat) any { return s.plainView() }

func (s *State) plainView() View {
	v := View{
		Island: s.isl.Name, Width: s.isl.W, Height: s.isl.H, Players: s.players,
		Turn: int(s.turn), Round: s.round, Rounds: s.rounds,
		Out: append([]bool(nil), s.out...), Land: s.Scores(), Outcome: s.Outcome(),
		Hexes: make([]HexView, len(s.cells)), Villages: make([]VillageView, 0, len(s.vils)),
		Prices: prices,
	}
	if s.over {
		v.Turn = -1
	}
	for h := range s.cells {
		c := &s.cells[h]
		hv := HexView{ID: h, X: int(s.isl.X[h]), Y: int(s.isl.Y[h]), Owner: int(c.owner),
			Meadow: c.ground&meadow != 0, Road: c.ground&road != 0, Region: -1}
		if c.thing != none {
			hv.Thing = s.thingWord(h)
		}
		if c.thing.isUnit() {
			hv.Done = c.done
			if c.left > 0 {
				hv.Work, hv.Left = [...]string{"", "meadow", "road"}[c.work], int(c.left)
			}
		}
		if r := s.regOf[h]; r >= 0 {
			hv.Region = int(s.regs[r].first)
		}
		v.Hexes[h] = hv
	}
	st := s.stats()
	for r := range s.regs {
		rg := s.regs[r]
		if rg.vil < 0 {
			continue
		}
		vl := s.vils[rg.vil]
		inc, up, units := st[r].income, st[r].upkeep, st[r].units
		v.Villages = append(v.Villages, VillageView{Hex: int(vl.hex), Owner: int(rg.owner), Level: vl.level.String(),
			Gold: int(vl.gold), Wood: int(vl.wood), Region: int(rg.first), Size: int(rg.size),
			Income: inc, Upkeep: up, Short: int(vl.gold)+inc < up, Units: units, Locked: int(vl.lock)})
	}
	return v
}

// thingWord names what stands on hex h, as views and scenarios spell it.
func (s *State) thingWord(h int) string {
	switch c := &s.cells[h]; c.thing {
	case tree:
		return "tree"
	case tomb:
		return "tombstone"
	case village:
		return "village"
	case tower:
		return "tower"
	default:
		if c.thing.isUnit() {
			return Rank(c.thing).String()
		}
	}
	return ""
}
