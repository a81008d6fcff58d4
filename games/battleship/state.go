package battleship

import (
	"bytes"
	"fmt"
	"slices"
	"strings"

	"github.com/parlor-games/parlor/game"
)

// Move is a fleet placement, a request for a random fleet, or a shot.
// Exactly one field is set; its JSON is the canonical form.
type Move struct {
	Fleet  []Placement `json:"fleet,omitempty"`
	Random bool        `json:"random,omitempty"`
	Shot   *[2]int     `json:"shot,omitempty"`
}

// ShotAt is the move firing at row, col.
func ShotAt(row, col int) Move { return Move{Shot: &[2]int{row, col}} }

func (m Move) String() string {
	switch {
	case m.Shot != nil:
		r, c := m.Shot[0], m.Shot[1]
		if r < 0 || r >= Size || c < 0 || c >= Size {
			return fmt.Sprintf("(%d,%d)", r, c)
		}
		return Square(r, c)
	case m.Random:
		return "random"
	default:
		parts := make([]string, len(m.Fleet))
		for i, p := range m.Fleet {
			parts[i] = p.String()
		}
		return strings.Join(parts, ", ")
	}
}

// ShotRecord is one shot and its answer. Ship is set only when the shot
// sank a ship, because only then is the ship named.
type ShotRecord struct {
	Row    int    `json:"row"`
	Col    int    `json:"col"`
	Square string `json:"square"`
	Result string `json:"result"` // "miss", "hit" or "sunk"
	Ship   string `json:"ship,omitempty"`
}

// State is a Battleship match.
type State struct {
	opt    Options
	rng    game.Rand
	placed [2]bool
	fleet  [2][]Placement
	owner  [2][numSquares]int8 // owner[s]: ship index on seat s's grid, -1 water
	fired  [2][numSquares]bool // fired[s]: squares seat s has fired at
	shots  [2][]ShotRecord     // shots[s]: shots fired by seat s, in order
	hits   [2][numShips]int    // hits taken by each ship of seat s
	afloat [2]int
	turn   game.Seat
	left   int // shots the seat to move still owes this turn
	winner game.Seat
	// ended is the outcome of a match the match itself ended (a
	// resignation, a forfeit): see Conclude.
	ended *game.Outcome
}

// New starts a match with opt; rng is used only for "random" fleets.
func New(opt Options, rng game.Rand) *State {
	return &State{opt: opt, rng: rng, turn: game.Seat(opt.First), winner: -1,
		afloat: [2]int{numShips, numShips}}
}

func (s *State) started() bool { return s.placed[0] && s.placed[1] }

// over reports whether the match has ended, by a sunk fleet or by the
// match's own decision.
func (s *State) over() bool { return s.winner >= 0 || s.ended != nil }

// Conclude ends the match with out, decided by the match (a resignation,
// a forfeit, a timeout): from then on both fleets are shown to everyone,
// as at the end by the rules ("at the end the enemy's fleet is revealed"),
// and the public event "over" carries them, as after a fleet is sunk; its
// winner is -1 when the outcome names none.
func (s *State) Conclude(out game.Outcome) []game.Event {
	if s.over() {
		return nil
	}
	s.ended = &out
	return []game.Event{{Type: "over", Seat: game.Spectator,
		Data: OverData{Winner: s.winnerSeat(), Fleets: [2][]Placement{slices.Clone(s.fleet[0]), slices.Clone(s.fleet[1])}}}}
}

// Seats is always 2.
func (s *State) Seats() int { return 2 }

// Turn lists the seats still to place during placement, then the shooter.
func (s *State) Turn() []game.Seat {
	if s.over() {
		return nil
	}
	if !s.started() {
		var t []game.Seat
		for i, p := range s.placed {
			if !p {
				t = append(t, game.Seat(i))
			}
		}
		return t
	}
	return []game.Seat{s.turn}
}

// Legal lists the squares seat may fire at. During placement there are
// about 3*10^10 legal fleets, far too many to list; Legal then returns a
// fixed sample of legal fleets plus the "random" move, which is enough for
// a client or a bot that picks from the list.
func (s *State) Legal(seat game.Seat) []game.Move {
	if !game.OwesMove(s, seat) {
		return nil
	}
	if !s.started() {
		rng := game.NewRand(uint64(seat) + 1)
		out := []game.Move{Move{Random: true}}
		for range 8 {
			out = append(out, Move{Fleet: RandomFleet(&rng, s.opt.Touch)})
		}
		return out
	}
	var out []game.Move
	for sq := range numSquares {
		if !s.fired[seat][sq] {
			out = append(out, ShotAt(sq/Size, sq%Size))
		}
	}
	return out
}

// ParseMove reads canonical JSON or notation. It checks form only.
func (s *State) ParseMove(seat game.Seat, text []byte) (game.Move, error) {
	return ParseMove(text)
}

// ParseMove reads a move in canonical JSON or notation (see the package
// doc). It checks form only: syntax, ship names, directions.
func ParseMove(text []byte) (Move, error) {
	t := bytes.TrimSpace(text)
	if len(t) == 0 {
		return Move{}, game.Illegal("bad-move", "empty move")
	}
	if t[0] == '{' {
		return parseJSON(t)
	}
	str := string(t)
	if strings.EqualFold(str, "random") {
		return Move{Random: true}, nil
	}
	if !strings.ContainsAny(str, " ,;") {
		r, c, err := parseSquare(str)
		if err != nil {
			return Move{}, err
		}
		return ShotAt(r, c), nil
	}
	return parseFleetNotation(str)
}

func parseJSON(t []byte) (Move, error) {
	var raw struct {
		Fleet  *[]Placement `json:"fleet"`
		Random *bool        `json:"random"`
		Shot   []int        `json:"shot"`
	}
	if err := game.DecodeJSON(t, &raw, "the move"); err != nil {
		return Move{}, game.Illegal("bad-move", "%v", err)
	}
	// One form per move, even when another form's field is sent as null.
	if sent, err := game.Fields(t, "the move"); err != nil || len(sent) != 1 {
		return Move{}, game.Illegal("bad-move", `a move has exactly one of "fleet", "random" or "shot"`)
	}
	n := 0
	var m Move
	if raw.Fleet != nil {
		n++
		m.Fleet = *raw.Fleet
		if err := checkFleetForm(m.Fleet); err != nil {
			return Move{}, err
		}
		for i := range m.Fleet {
			m.Fleet[i].Ship = Fleet[shipIndex(m.Fleet[i].Ship)].Name
		}
	}
	if raw.Random != nil {
		if !*raw.Random {
			return Move{}, game.Illegal("bad-move", `"random" must be true`)
		}
		n++
		m.Random = true
	}
	if raw.Shot != nil {
		n++
		if len(raw.Shot) != 2 {
			return Move{}, game.Illegal("bad-move", `a shot is [row, col], like {"shot":[6,1]}`)
		}
		r, c := raw.Shot[0], raw.Shot[1]
		if r < 0 || r >= Size || c < 0 || c >= Size {
			return Move{}, game.Illegal("off-grid", "shot [%d,%d] is off the grid (rows and columns are 0-9)", r, c)
		}
		m.Shot = &[2]int{r, c}
	}
	if n != 1 {
		return Move{}, game.Illegal("bad-move", `a move has exactly one of "fleet", "random" or "shot"`)
	}
	return m, nil
}

// checkFleetForm refuses unknown ship names and bad directions; the rest of
// a fleet's checks need the table's options and happen in Apply.
func checkFleetForm(f []Placement) error {
	if len(f) == 0 {
		return game.Illegal("missing-ship", "the fleet is empty")
	}
	for _, p := range f {
		k := shipIndex(p.Ship)
		if k < 0 {
			return game.Illegal("unknown-ship", "there is no ship called %q (the fleet is carrier, battleship, cruiser, submarine, destroyer)", p.Ship)
		}
		if p.Dir != "h" && p.Dir != "v" {
			return game.Illegal("bad-direction", "the %s's direction must be h or v, not %q", Fleet[k].Name, p.Dir)
		}
	}
	return nil
}

// parseFleetNotation reads "carrier A1 h, battleship A3 v, ...".
func parseFleetNotation(str string) (Move, error) {
	var fleet []Placement
	for part := range strings.FieldsFuncSeq(str, func(r rune) bool { return r == ',' || r == ';' }) {
		f := strings.Fields(part)
		if len(f) == 0 {
			continue
		}
		if len(f) != 3 {
			return Move{}, game.Illegal("bad-move", "%q: write each ship as name, square, direction, like \"carrier A1 h\"", strings.TrimSpace(part))
		}
		k := shipIndex(f[0])
		if k < 0 {
			return Move{}, game.Illegal("unknown-ship", "there is no ship called %q (the fleet is carrier, battleship, cruiser, submarine, destroyer)", f[0])
		}
		r, c, err := parseSquare(f[1])
		if err != nil {
			return Move{}, err
		}
		dir := strings.ToLower(f[2])
		if dir != "h" && dir != "v" {
			return Move{}, game.Illegal("bad-direction", "the %s's direction must be h or v, not %q", Fleet[k].Name, f[2])
		}
		fleet = append(fleet, Placement{Ship: Fleet[k].Name, Row: r, Col: c, Dir: dir})
	}
	if len(fleet) == 0 {
		return Move{}, game.Illegal("bad-move", "empty move")
	}
	return Move{Fleet: fleet}, nil
}

// Event data.
type (
	// PlacedData tells everyone that a seat has placed (not where).
	PlacedData struct {
		Seat game.Seat `json:"seat"`
	}
	// FleetData tells the placing seat, and only it, its fleet.
	FleetData struct {
		Fleet []Placement `json:"fleet"`
	}
	// StartData opens the battle. Shots is how many shots First fires in
	// its turn (View.ShotsLeft), so that a client keeping a view from
	// events needs no copy of the salvo rule.
	StartData struct {
		First game.Seat `json:"first"`
		Shots int       `json:"shots"`
	}
	// ShotData answers a shot. Left is View.ShotsLeft after it: the shots
	// the seat to fire next still has in its turn, 0 once the game is over.
	ShotData struct {
		ShotRecord
		Left int `json:"left"`
	}
	// OverData ends the match and reveals both fleets. Winner is -1 for
	// a match ended for all with no winner (Conclude).
	OverData struct {
		Winner game.Seat      `json:"winner"`
		Fleets [2][]Placement `json:"fleets"`
	}
)

// Apply validates m for seat and plays it.
func (s *State) Apply(seat game.Seat, gm game.Move) ([]game.Event, error) {
	if seat < 0 || seat > 1 || !game.OwesMove(s, seat) {
		return nil, game.NotYourTurn(seat)
	}
	m, ok := gm.(Move)
	if !ok {
		if p, isPtr := gm.(*Move); isPtr && p != nil {
			m = *p
		} else {
			return nil, game.Illegal("bad-move", "not a Battleship move")
		}
	}
	if !s.started() {
		return s.place(seat, m)
	}
	return s.fire(seat, m)
}

func (s *State) place(seat game.Seat, m Move) ([]game.Event, error) {
	if m.Shot != nil {
		return nil, game.Illegal("not-placed", "place your fleet before firing")
	}
	fleet := m.Fleet
	if m.Random {
		rng := s.rng // draw on a copy; commit only if the move is accepted
		fleet = RandomFleet(&rng, s.opt.Touch)
		s.rng = rng
	}
	owner, err := ValidateFleet(fleet, s.opt.Touch)
	if err != nil {
		return nil, err
	}
	f := make([]Placement, numShips)
	for _, p := range fleet {
		k := shipIndex(p.Ship)
		f[k] = Placement{Ship: Fleet[k].Name, Row: p.Row, Col: p.Col, Dir: p.Dir}
	}
	s.fleet[seat] = f
	s.owner[seat] = owner
	s.placed[seat] = true
	ev := []game.Event{
		{Type: "fleet", Seat: seat, Data: FleetData{Fleet: slices.Clone(f)}, To: []game.Seat{seat}},
		{Type: "placed", Seat: seat, Data: PlacedData{Seat: seat}},
	}
	if s.started() {
		s.turn = game.Seat(s.opt.First)
		s.left = s.shotsPerTurn(s.turn)
		ev = append(ev, game.Event{Type: "start", Seat: game.Spectator, Data: StartData{First: s.turn, Shots: s.left}})
	}
	return ev, nil
}

func (s *State) shotsPerTurn(seat game.Seat) int {
	if s.opt.Salvo {
		return s.afloat[seat]
	}
	return 1
}

func (s *State) fire(seat game.Seat, m Move) ([]game.Event, error) {
	if m.Shot == nil {
		return nil, game.Illegal("already-placed", "your fleet is placed; fire a shot, like B7")
	}
	r, c := m.Shot[0], m.Shot[1]
	if r < 0 || r >= Size || c < 0 || c >= Size {
		return nil, game.Illegal("off-grid", "shot [%d,%d] is off the grid", r, c)
	}
	sq := r*Size + c
	if s.fired[seat][sq] {
		return nil, game.Illegal("already-fired", "you have already fired at %s", Square(r, c))
	}
	foe := 1 - seat
	s.fired[seat][sq] = true
	rec := ShotRecord{Row: r, Col: c, Square: Square(r, c), Result: "miss"}
	if k := s.owner[foe][sq]; k >= 0 {
		s.hits[foe][k]++
		rec.Result = "hit"
		if s.hits[foe][k] == Fleet[k].Len {
			rec.Result = "sunk"
			rec.Ship = Fleet[k].Name
			s.afloat[foe]--
		}
	}
	s.shots[seat] = append(s.shots[seat], rec)
	if s.afloat[foe] == 0 {
		s.winner = seat
		return []game.Event{{Type: "shot", Seat: seat, Data: ShotData{ShotRecord: rec}},
			{Type: "over", Seat: game.Spectator,
				Data: OverData{Winner: seat, Fleets: [2][]Placement{slices.Clone(s.fleet[0]), slices.Clone(s.fleet[1])}}}}, nil
	}
	s.left--
	if s.left <= 0 {
		s.turn = foe
		s.left = s.shotsPerTurn(foe)
	}
	return []game.Event{{Type: "shot", Seat: seat, Data: ShotData{ShotRecord: rec, Left: s.left}}}, nil
}

// View is what one seat (or a spectator) may know. Fleets[i] is seat i's
// fleet, shown only to seat i until the end and to everyone after it.
// Shots[i] are the shots seat i has fired, in order, with their answers.
type View struct {
	Seat      game.Seat       `json:"seat"`
	Phase     string          `json:"phase"` // "placement", "battle" or "over"
	Options   Options         `json:"options"`
	Turn      []game.Seat     `json:"turn"`
	Placed    [2]bool         `json:"placed"`
	Fleets    [2][]Placement  `json:"fleets"`
	Shots     [2][]ShotRecord `json:"shots"`
	Sunk      [2][]string     `json:"sunk"` // Sunk[i]: seat i's ships sunk so far
	ShotsLeft int             `json:"shotsLeft"`
	Winner    *game.Seat      `json:"winner,omitempty"`
	// Size, Ships and KeepOff say how a fleet is laid (lay.go): the
	// grid's side, the ships longest first, and the offsets from a ship's
	// squares where no other ship may lie under this table's options. A
	// ship lies inside the grid, across (extending to higher columns) or
	// down (to higher rows) from its first square.
	Size    int        `json:"size"`
	Ships   []ShipKind `json:"ships"`
	KeepOff [][2]int   `json:"keepOff"`
}

// View returns what seat may know now.
func (s *State) View(seat game.Seat) any {
	v := &View{Seat: seat, Options: s.opt, Turn: s.Turn(), Placed: s.placed, Phase: "placement",
		Size: Size, Ships: shipKinds, KeepOff: keepOff(s.opt.Touch)}
	if v.Turn == nil {
		v.Turn = []game.Seat{}
	}
	if s.started() {
		v.Phase = "battle"
		v.ShotsLeft = s.left
	}
	if s.over() {
		v.Phase = "over"
		v.ShotsLeft = 0
		if w := s.winnerSeat(); w >= 0 {
			v.Winner = &w
		}
	}
	for i := range 2 {
		if s.over() || game.Seat(i) == seat {
			v.Fleets[i] = slices.Clone(s.fleet[i])
		}
		v.Shots[i] = slices.Clone(s.shots[i])
		if v.Shots[i] == nil {
			v.Shots[i] = []ShotRecord{}
		}
		v.Sunk[i] = []string{}
		for _, r := range s.shots[1-i] {
			if r.Result == "sunk" {
				v.Sunk[i] = append(v.Sunk[i], r.Ship)
			}
		}
	}
	return v
}

// RevealedView is the spectator's view with both fleets shown, for the
// replay of an ended match, which shows at every step what its end
// revealed.
func (s *State) RevealedView() any {
	v := s.View(game.Spectator).(*View)
	for i := range 2 {
		v.Fleets[i] = slices.Clone(s.fleet[i])
	}
	return v
}

// winnerSeat is the one winner, by the rules or by the match's decision,
// or -1 when there is none (the game ended for all).
func (s *State) winnerSeat() game.Seat {
	if s.winner >= 0 {
		return s.winner
	}
	if s.ended != nil && len(s.ended.Winners) == 1 {
		return s.ended.Winners[0]
	}
	return -1
}

// Scores counts the hits each seat has scored on the enemy fleet, sinking
// shots included: the score a player watches during the game (spec 2.1,
// "view their score at all times"), and one that still tells who was
// ahead when a match ends before a fleet is sunk, by a resignation or a
// forfeit, where ships sunk would often read 0-0.
func (s *State) Scores() []int {
	out := make([]int, 2)
	for seat := range 2 {
		for _, h := range s.hits[1-seat] {
			out[seat] += h
		}
	}
	return out
}

// Outcome is nil until a fleet is sunk or the match is concluded.
func (s *State) Outcome() *game.Outcome {
	if s.ended != nil {
		o := *s.ended
		o.Winners = slices.Clone(o.Winners)
		return &o
	}
	if s.winner < 0 {
		return nil
	}
	return &game.Outcome{Winners: []game.Seat{s.winner},
		Reason: fmt.Sprintf("seat %d sank the whole fleet", s.winner)}
}

// Clone returns an independent copy.
func (s *State) Clone() game.State {
	c := *s
	if s.ended != nil {
		c.ended = s.Outcome()
	}
	for i := range 2 {
		c.fleet[i] = slices.Clone(s.fleet[i])
		c.shots[i] = slices.Clone(s.shots[i])
	}
	return &c
}
