package buccaneer

import (
	"fmt"
	"slices"

	"github.com/parlor-games/parlor/game"
)

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
