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

// giveCards adds cards to seat's hand.
func (s *State) giveCards(seat game.Seat, cards []Card) {
	p := &s.players[seat]
	p.hand = append(p.hand, cards...)
	sortHand(p.hand)
}

// toPack puts cards under Pirate Island's pack (FR3).
func (s *State) toPack(cards []Card) { s.crew = append(s.crew, cards...) }

// c1 gives seat up to n cards from the top of the pack (C1).
func (s *State) c1(seat game.Seat, n int) {
	got := s.deal(n)
	if len(got) < n {
		s.note(seat, "Pirate Island had only %d crew cards to give", len(got))
	}
	s.giveCards(seat, got)
	s.crewMoved(got, placePirate, seatPlace(seat), -1, seat, false)
}

// ----- the flow of a turn -----

func (s *State) startTurn() {
	s.phase, s.who = phMove, s.mover()
}

// endTurn passes the turn to the next captain, or ends the match at the
// turn limit, when the table set one.
func (s *State) endTurn() {
	if s.phase == phOver {
		return
	}
	s.turns++
	if s.maxTurns > 0 && s.turns >= s.maxTurns {
		best := -1
		var win []game.Seat
		for i := range s.n {
			w := s.homeWorth(game.Seat(i))
			switch {
			case w > best:
				best, win = w, []game.Seat{game.Seat(i)}
			case w == best:
				win = append(win, game.Seat(i))
			}
		}
		s.finish(win, fmt.Sprintf("the turn limit of %d turns was reached; the most treasure at home wins", s.maxTurns))
		return
	}
	s.cur = (s.cur + 1) % s.n
	s.startTurn()
}

func (s *State) finish(winners []game.Seat, reason string) {
	s.phase, s.winners, s.reason = phOver, winners, reason
	s.emit("end", game.Spectator, EndData{Winners: slices.Clone(winners), Reason: reason})
}

// settle plays every step that has exactly one legal move: a choice with
// one option is no choice, and the rules make it (C2: "there is no
// choice, and the player can be told this").
func (s *State) settle() {
	for s.phase != phOver {
		legal := s.Legal(s.who)
		if len(legal) != 1 {
			return
		}
		if err := s.play(s.who, legal[0].(Move)); err != nil {
			panic("buccaneer: the only legal move was refused: " + err.Error())
		}
	}
}

// Apply validates m for seat and plays it.
func (s *State) Apply(seat game.Seat, gm game.Move) ([]game.Event, error) {
	if s.phase == phOver {
		return nil, game.Illegal("game-over", "the game is over")
	}
	if seat != s.who {
		return nil, game.NotYourTurn(seat)
	}
	m, ok := gm.(Move)
	if !ok {
		if p, isPtr := gm.(*Move); isPtr && p != nil {
			m = *p
		} else {
			return nil, badMove("not a Buccaneer move")
		}
	}
	if err := checkForm(&m); err != nil {
		return nil, err
	}
	if err := s.check(seat, m); err != nil {
		return nil, err
	}
	s.ev = nil
	if err := s.play(seat, m); err != nil {
		panic("buccaneer: a checked move was refused: " + err.Error())
	}
	s.settle()
	ev := s.ev
	s.ev = nil
	return ev, nil
}

// check refuses a move that is not legal now, with a sentence that says
// why. It changes nothing.
func (s *State) check(seat game.Seat, m Move) error {
	switch s.phase {
	case phMove:
		switch {
		case m.Sail != nil:
			return s.checkSail(seat, *m.Sail, false)
		case m.Face != "":
			if s.inPort(seat) {
				return game.Illegal("in-port", "a ship in port cannot just turn: it must sail out (FR11)")
			}
			return s.checkFace(seat, m.Face)
		}
		return game.Illegal("wrong-step", "it is your turn to sail (\"sail x,y\") or to turn (\"face NE\")")
	case phAsk:
		if m.Attack == nil {
			return game.Illegal("wrong-step", "answer whether you attack the passing ship: \"attack yes\" or \"attack no\"")
		}
		return nil
	case phFace:
		if m.Face == "" {
			return game.Illegal("wrong-step", "choose which way your ship faces, like \"face NE\"")
		}
		return s.checkFace(seat, m.Face)
	case phEscape:
		if m.Sail == nil {
			return game.Illegal("wrong-step", "you lost the fight: sail away at least one square, like \"sail 5,7\"")
		}
		return s.checkSail(seat, *m.Sail, true)
	case phPort:
		return s.checkPort(seat, m)
	case phPick:
		return s.checkPick(seat, m)
	case phSeat:
		if m.Seat == nil {
			return game.Illegal("wrong-step", "choose a captain for card %d, like \"seat 2\"", s.card)
		}
		if !slices.Contains(s.seats, game.Seat(*m.Seat)) {
			return game.Illegal("bad-seat", "seat %d cannot be chosen for card %d (choose from %v)", *m.Seat, s.card, s.seats)
		}
		return nil
	case phSpoils:
		if m.Keep == nil {
			return game.Illegal("wrong-step", "your ship has room for %d of the spoils: choose which to keep, like \"keep gold\"", s.room)
		}
		k := toBundle(m.Keep)
		if k.cardCount() > 0 || k.john > 0 {
			return game.Illegal("bad-item", "keep names treasure only")
		}
		if k.treasure.total() != s.room {
			return game.Illegal("keep-count", "keep exactly %d piece(s) of treasure", s.room)
		}
		for i, c := range k.treasure {
			if c > s.spoils[i] {
				return game.Illegal("not-in-spoils", "the spoils hold no more %s", Kind(i))
			}
		}
		return nil
	}
	return game.Illegal("game-over", "the game is over")
}

func (s *State) checkFace(seat game.Seat, face string) error {
	d, _ := parseDir(face)
	if !canMove(s.players[seat].at, d) {
		return game.Illegal("bad-facing", "facing %s your ship could not move even one square next turn", d)
	}
	return nil
}

// sailTargets lists the squares seat may sail to now: along its facing,
// or every way from a port or when escaping, up to its distance, stopping
// at the edge and at islands (FR11).
// SailTargets lists the squares seat's ship may sail to now: at the
// start of a turn (escape false), or sailing away after losing a fight
// (escape true: any way, attacking nobody). A client that lights the
// squares asks here, so that the rule lives in one place.
func (s *State) SailTargets(seat game.Seat, escape bool) []Point { return s.sailTargets(seat, escape) }

func (s *State) sailTargets(seat game.Seat, escape bool) []Point {
	p := s.players[seat]
	dirs := []Dir{p.facing}
	if escape || portAt(p.at) >= 0 {
		dirs = []Dir{N, NE, E, SE, S, SW, W, NW}
	}
	var out []Point
	for _, d := range dirs {
		for _, q := range ray(p.at, d, distance(p.hand)) {
			if s.canEnd(seat, q, escape) {
				out = append(out, q)
			}
		}
	}
	return out
}

// canEnd says whether seat's move may end on q: any number of ships share
// a port; elsewhere a move ends on another ship only to attack it, which
// is not allowed on Treasure Island's coast, nor when escaping, nor
// against two ships at once.
func (s *State) canEnd(seat game.Seat, q Point, escape bool) bool {
	if portAt(q) >= 0 {
		return true
	}
	n := 0
	for _, o := range s.shipsAt(q) {
		if o != seat {
			n++
		}
	}
	switch {
	case n == 0:
		return true
	case escape || n > 1 || TreasureIsland.near(q):
		return false
	}
	return true
}

func (s *State) checkSail(seat game.Seat, to Point, escape bool) error {
	if slices.Contains(s.sailTargets(seat, escape), to) {
		return nil
	}
	p := s.players[seat]
	if !isSea(to) {
		return game.Illegal("land", "%s is land", to)
	}
	if to == p.at {
		return game.Illegal("no-move", "a move must go at least one square")
	}
	dx, dy := to.X-p.at.X, to.Y-p.at.Y
	if dx != 0 && dy != 0 && abs(dx) != abs(dy) {
		return game.Illegal("not-straight", "ships sail in straight lines: %s is not in line with %s", to, p.at)
	}
	d := dirOf(dx, dy)
	if !escape && portAt(p.at) < 0 && d != p.facing {
		return game.Illegal("not-ahead", "out of port your ship sails only the way it faces (%s)", p.facing)
	}
	k := p.at.steps(to)
	if k > distance(p.hand) {
		return game.Illegal("too-far", "%s is %d squares away; your crew sails at most %d", to, k, distance(p.hand))
	}
	if len(ray(p.at, d, k)) < k {
		return game.Illegal("blocked", "an island or the edge of the sea lies between %s and %s", p.at, to)
	}
	if escape {
		return game.Illegal("occupied", "an escaping ship cannot end on another ship")
	}
	if TreasureIsland.near(to) {
		return game.Illegal("no-attack-here", "no attack on the coast of Treasure Island: %s is taken", to)
	}
	return game.Illegal("occupied", "%s holds more than one ship", to)
}

func dirOf(dx, dy int) Dir {
	sx, sy := sign(dx), sign(dy)
	for d, v := range dirVec {
		if v.X == sx && v.Y == sy {
			return Dir(d)
		}
	}
	return N
}

func sign(a int) int {
	switch {
	case a > 0:
		return 1
	case a < 0:
		return -1
	}
	return 0
}

// play makes a checked move.
func (s *State) play(seat game.Seat, m Move) error {
	switch s.phase {
	case phMove:
		if m.Sail != nil {
			s.sail(seat, *m.Sail)
			return nil
		}
		d, _ := parseDir(m.Face)
		s.turnShip(seat, d)
		s.arrive(seat, true)
		return nil
	case phAsk:
		s.answer(seat, *m.Attack)
		return nil
	case phFace:
		d, _ := parseDir(m.Face)
		s.turnShip(seat, d)
		switch s.then {
		case thenArrive:
			s.arrive(seat, true)
		case thenBlown:
			s.arrive(seat, false)
		default:
			s.endTurn()
		}
		return nil
	case phEscape:
		s.escapeTo(seat, *m.Sail)
		return nil
	case phPort:
		return s.playPort(seat, m)
	case phPick:
		s.playPick(seat, m)
		return nil
	case phSeat:
		s.playSeat(seat, game.Seat(*m.Seat))
		return nil
	case phSpoils:
		s.keepSpoils(seat, toBundle(m.Keep).treasure)
		return nil
	}
	return game.Illegal("game-over", "the game is over")
}

func (s *State) turnShip(seat game.Seat, d Dir) {
	s.players[seat].facing = d
	s.emit("face", seat, FaceData{Seat: seat, Facing: d.String()})
}

// sail starts a move to `to`. Every other ship passed on the way, outside
// ports and Treasure Island's coast, is asked in turn whether it attacks.
func (s *State) sail(seat game.Seat, to Point) {
	p := &s.players[seat]
	d := dirOf(to.X-p.at.X, to.Y-p.at.Y)
	p.facing = d // a ship faces the way it sails
	s.asks = nil
	for _, q := range ray(p.at, d, p.at.steps(to)-1) {
		if portAt(q) >= 0 || TreasureIsland.near(q) {
			continue
		}
		for _, o := range s.shipsAt(q) {
			if o != seat {
				s.asks = append(s.asks, ask{o, q})
			}
		}
	}
	s.dest = to
	s.nextAsk()
}

func (s *State) nextAsk() {
	mover := s.mover()
	if len(s.asks) == 0 {
		s.finishSail(mover, s.dest)
		return
	}
	a := s.asks[0]
	s.phase, s.who = phAsk, a.seat
	s.emit("ask", a.seat, AskData{Seat: a.seat, Mover: mover, At: a.at})
}

func (s *State) answer(seat game.Seat, yes bool) {
	s.emit("answer", seat, AnswerData{Seat: seat, Attack: yes})
	a := s.asks[0]
	s.asks = s.asks[1:]
	if !yes {
		s.nextAsk()
		return
	}
	mover := s.mover()
	s.moveShip(mover, a.at)
	s.asks = nil
	s.fight(seat, mover)
}

func (s *State) moveShip(seat game.Seat, to Point) {
	p := &s.players[seat]
	from := p.at
	p.at = to
	s.emit("sail", seat, SailData{Seat: seat, From: from, To: to})
}

func (s *State) finishSail(seat game.Seat, to Point) {
	s.moveShip(seat, to)
	if portAt(to) < 0 {
		for _, o := range s.shipsAt(to) {
			if o != seat {
				s.fight(seat, o)
				return
			}
		}
		s.phase, s.who, s.then = phFace, seat, thenArrive
		return
	}
	s.arrive(seat, true) // in port the facing does not matter
}

// fight is FR12.
func (s *State) fight(att, def game.Seat) {
	sa, sd := strength(s.players[att].hand), strength(s.players[def].hand)
	win, lose := att, def
	switch {
	case sa == sd:
		win = -1
	case sd > sa:
		win, lose = def, att
	}
	s.emit("fight", att, FightData{Attacker: att, Defender: def, Winner: win})
	if win < 0 {
		s.escape(def)
		return
	}
	l := &s.players[lose]
	if len(l.hold) > 0 {
		loot := holdTreasure(l.hold)
		l.hold = nil
		if loot.total() <= s.space(win) {
			s.addHold(win, loot)
			s.treasureMoved(kindsOf(loot), seatPlace(lose), seatPlace(win))
		} else {
			s.phase, s.who, s.spoils, s.room, s.loser = phSpoils, win, loot, s.space(win), lose
			if s.room == 0 {
				s.keepSpoils(win, Treasure{})
			}
			return
		}
	} else if len(l.hand) > 0 {
		taken, rest := takeCards(l.hand, 2, false)
		l.hand = rest
		s.giveCards(win, taken)
		s.crewMoved(taken, seatPlace(lose), seatPlace(win), lose, win, false)
	}
	s.escape(lose)
}

func kindsOf(t Treasure) []Kind {
	var out []Kind
	for k, c := range t {
		for range c {
			out = append(out, Kind(k))
		}
	}
	return out
}

func (s *State) addHold(seat game.Seat, t Treasure) {
	p := &s.players[seat]
	p.hold = append(p.hold, kindsOf(t)...)
	slices.Sort(p.hold)
}

// keepSpoils: the winner keeps keep; the rest of the loser's treasure goes
// back to Treasure Island (decisions page).
func (s *State) keepSpoils(win game.Seat, keep Treasure) {
	rest := s.spoils
	for k := range rest {
		rest[k] -= keep[k]
		s.island[k] += rest[k]
	}
	s.addHold(win, keep)
	s.treasureMoved(kindsOf(keep), seatPlace(s.loser), seatPlace(win))
	s.treasureMoved(kindsOf(rest), seatPlace(s.loser), placeIsland)
	s.escape(s.loser)
}

// escape gives the loser (or, after a tie, the attacked ship) its free
// move, or ends the turn if it cannot move.
func (s *State) escape(seat game.Seat) {
	if len(s.sailTargets(seat, true)) == 0 {
		s.note(seat, "the ship of seat %d cannot move away and stays", seat)
		s.endTurn()
		return
	}
	s.phase, s.who = phEscape, seat
}

func (s *State) escapeTo(seat game.Seat, to Point) {
	p := &s.players[seat]
	p.facing = dirOf(to.X-p.at.X, to.Y-p.at.Y)
	s.moveShip(seat, to)
	if portAt(to) >= 0 {
		s.endTurn()
		return
	}
	s.phase, s.who, s.then = phFace, seat, thenEnd
}

// arrive is what the end of a move brings: a chance card by Treasure
// Island (FR13, unless the ship was just blown there), Flat Island's
// contents (FR14), Kidd's chart at Anchor Bay (FR16), or a port (FR15).
func (s *State) arrive(seat game.Seat, draw bool) {
	at := s.players[seat].at
	switch {
	case draw && TreasureIsland.near(at):
		s.drawChance(seat)
	case FlatIsland.near(at):
		s.flatIsland(seat)
		s.endTurn()
	case at == AnchorBay:
		s.anchorBay(seat)
	case portAt(at) >= 0:
		s.arrivePort(seat, portAt(at))
	default:
		s.endTurn()
	}
}

// flatIsland is FR14: all the cards, and the treasure there is room for,
// the most valuable first.
func (s *State) flatIsland(seat game.Seat) {
	f := &s.flat
	if len(f.cards) > 0 {
		cards := f.cards
		f.cards = nil
		s.giveCards(seat, cards)
		s.crewMoved(cards, placeFlat, seatPlace(seat), -1, seat, true)
	}
	var got []Kind
	for k := Diamond; k < numKinds && s.space(seat) > 0; k++ {
		for f.treasure[k] > 0 && s.space(seat) > 0 {
			f.treasure[k]--
			s.players[seat].hold = append(s.players[seat].hold, k)
			got = append(got, k)
		}
	}
	slices.Sort(s.players[seat].hold)
	s.treasureMoved(got, placeFlat, seatPlace(seat))
}

// anchorBay is FR16: a captain holding Kidd's chart lands it for treasure
// worth up to 7. With no room in the ship, or nothing on Treasure Island,
// the chart is kept for another visit.
func (s *State) anchorBay(seat game.Seat) {
	for _, c := range []int{25, 26} {
		if s.holds(seat, c) {
			if len(s.treasureChoices(seat, 7)) == 0 {
				s.note(seat, "Kidd's chart is kept: there is no treasure the ship could take now")
				break
			}
			s.phase, s.who, s.card, s.limit, s.crewN = phPick, seat, c, 7, 0
			return
		}
	}
	s.endTurn()
}

// arrivePort is FR15 (and FR17 at home).
func (s *State) arrivePort(seat game.Seat, port int) {
	if s.players[seat].home == port {
		s.unload(seat)
		if s.phase != phOver {
			s.endTurn()
		}
		return
	}
	s.phase, s.who = phPort, seat
}

// unload empties the ship into its home port, moves three of a kind to
// the safe zone, and checks for a win (FR15, FR17).
func (s *State) unload(seat game.Seat) {
	p := &s.players[seat]
	st := &s.ports[p.home]
	if len(p.hold) > 0 {
		s.treasureMoved(p.hold, seatPlace(seat), Ports[p.home].Name)
		for _, k := range p.hold {
			st.treasure[k]++
		}
		p.hold = nil
	}
	s.safeZone(p.home)
	if w := s.homeWorth(seat); w >= 20 {
		s.finish([]game.Seat{seat}, fmt.Sprintf("seat %d has %d points of treasure at home in %s", seat, w, Ports[p.home].Name))
	}
}

// safeZone moves each three identical treasures in a captain's home port
// to its safe zone, where they can no longer be traded away.
func (s *State) safeZone(port int) {
	if s.owner(port) < 0 {
		return
	}
	st := &s.ports[port]
	for k := range st.treasure {
		for st.treasure[k] >= 3 {
			st.treasure[k] -= 3
			st.safe[k] += 3
			s.note(s.owner(port), "three %s go to the safe zone in %s", Kind(k), Ports[port].Name)
		}
	}
}
