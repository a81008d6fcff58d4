package clue

import (
	"context"
	"fmt"
	"slices"

	"github.com/parlor-games/parlor/game"
)

// Bots. Every level reasons with the seat's own notebook (notebook.go),
// which holds only what the seat has seen, and accuses only when the
// notebook is certain of the whole case file: no bot ever accuses
// wrongly.
//
//   - easy walks and suggests at random.
//   - medium walks towards the nearest room that may be the scene (once
//     the scene is known, to a room of its own, where nobody can show the
//     room) and names a suspect and a weapon that may be in the case
//     file.
//   - expert chooses by the worth of questions (expert.go): it draws
//     deals consistent with its notebook, weighted against deals that
//     put a card in the hand of a rival who named it (people and bots
//     seldom ask about their own cards), and asks, among cards that may
//     be the case file's (its own ones once a kind is settled, so the
//     answer is about the others), the question whose answer is expected
//     to remove most uncertainty about the case file, counting most the
//     chance that the answer settles it, so that it can accuse at once.
//     It walks to where the next few turns' questions are worth most, so
//     it takes a secret passage or stays where a suggestion brought it
//     when that keeps it asking every turn. When nothing is left to
//     learn that way it falls back on the rules below: it shuttles
//     through a secret passage where it can, and otherwise walks to the
//     nearest room worth a suggestion, naming of each kind a card that
//     may be in the case file and that the fewest players may hold.
//     Answering, it shows a card the suggester has already seen from it
//     if it can, else a room (rooms are the most numerous, so one tells
//     the least).
//
// Medium and expert never put the same question twice in a room (its
// answer is known), and a bot that finds itself repeating questions now
// and then takes a random step: without that, bots that answer with a
// card already shown, or drag each other's tokens back into a room, can
// go round for ever.
//
// botLevels are the levels, weakest first.
var botLevels = []string{"easy", "medium", "expert"}

type bot struct {
	level string
	rng   game.Rand
}

func newBot(level string, rng game.Rand) (game.Bot, error) {
	if level == LevelReasoner {
		return &reasoner{rng: rng}, nil
	}
	if !slices.Contains(botLevels, level) {
		return nil, fmt.Errorf("no Clue-Less bot level %q (easy, medium, expert)", level)
	}
	return &bot{level: level, rng: rng}, nil
}

func (b *bot) Choose(ctx context.Context, gs game.State, seat game.Seat) (game.Move, error) {
	s, ok := gs.(*State)
	if !ok {
		return nil, fmt.Errorf("not a Clue-Less state")
	}
	if !game.OwesMove(s, seat) {
		return nil, game.NotYourTurn(seat)
	}
	if s.phase == phDisprove {
		return b.answer(s, seat), nil
	}
	nb := deduce(s.knowledgeOf(seat))
	if cf, ok := nb.Solution(); ok {
		return Move{Kind: VerbAccuse, Suspect: cf[0], Weapon: cf[1], Room: cf[2]}, nil
	}
	if b.level == "expert" && (s.phase == phEntered || s.phase == phStart) {
		if m, ok := b.expertTurn(ctx, s, seat, &nb); ok {
			return m, nil
		}
	}
	switch s.phase {
	case phEntered:
		return b.suggestion(s, seat, &nb), nil
	case phStart:
		if s.canStay(seat) && (b.level == "easy" && b.rng.IntN(2) == 0 || b.level != "easy" && worthSuggesting(s.room(seat), seat, &nb)) {
			return b.suggestion(s, seat, &nb), nil
		}
		if dest := s.destinations(seat); len(dest) > 0 {
			return Move{Kind: VerbMove, To: b.walk(s, seat, &nb, dest)}, nil
		}
		if s.canStay(seat) {
			return b.suggestion(s, seat, &nb), nil
		}
	}
	return Move{Kind: VerbEnd}, nil
}

// answer picks the card to show.
func (b *bot) answer(s *State, seat game.Seat) Move {
	var can []Card
	for _, m := range s.Legal(seat) {
		can = append(can, m.(Move).Card)
	}
	if b.level == "expert" {
		to := s.turn
		for _, c := range can {
			for _, sg := range s.suggestions {
				if sg.Answered && sg.Seat == to && sg.ShownBy == seat && sg.Shown == c {
					return Move{Kind: VerbShow, Card: c}
				}
			}
		}
		// Otherwise a room before a suspect or weapon: rooms are the
		// most numerous, so each tells the least.
		slices.SortStableFunc(can, func(a, b Card) int { return int(b.Kind()) - int(a.Kind()) })
		return Move{Kind: VerbShow, Card: can[0]}
	}
	return Move{Kind: VerbShow, Card: can[b.rng.IntN(len(can))]}
}

// walk chooses a destination: easy at random, the others towards the
// nearest room that may be the scene of the crime (any room when none
// left to learn about).
func (b *bot) walk(s *State, seat game.Seat, nb *Notebook, dest []Place) Place {
	// Other detectives' suggestions drag tokens about, and bots that each
	// plan the best step can chase each other in a circle for ever, asking
	// the same questions: once a bot finds itself repeating a question, a
	// random step now and then breaks the circle.
	if b.level == "easy" || (repeating(s, seat) && b.rng.IntN(3) == 0) {
		return dest[b.rng.IntN(len(dest))]
	}
	useful := func(p Place) bool { return p.IsRoom() && nb.Maybe(roomCard(p), -1) && !nb.Sure(roomCard(p), -1) }
	if b.level == "medium" && !goalExists(useful) {
		// The scene is known: a room of one's own is where a suggestion
		// still teaches, since nobody can show that room; any other
		// room's holder could answer with the room for ever.
		useful = func(p Place) bool { return worthSuggesting(p, seat, nb) }
	}
	if b.level == "expert" {
		// A secret passage goes from room to room, so a detective that
		// shuttles through one suggests on every turn instead of every
		// other: worth more than choosing its rooms.
		// Once every suspect and weapon is settled only the rooms are
		// left to learn, and only by visiting those that may be the
		// scene.
		open := false
		for c := Card(0); c < firstRoom; c++ {
			if nb.Maybe(c, -1) && !nb.Sure(c, -1) {
				open = true
			}
		}
		// A room is worth a suggestion when its card may be the scene, or
		// is the expert's own: then nobody can show the room, and the
		// answer is about the suspect and the weapon.
		good := func(p Place) bool {
			return useful(p) || (open && p.IsRoom() && nb.Sure(roomCard(p), int(seat)))
		}
		here := s.pos[s.suspectOf(seat)]
		if q, ok := passages[here]; ok && slices.Contains(dest, q) && good(q) {
			return q
		}
		corner := func(p Place) bool {
			_, ok := passages[p]
			return ok && good(p)
		}
		if !goalExists(corner) {
			corner = good
		}
		var best []Place
		bestD := 99
		for _, p := range dest {
			d := distance(p, corner, s)
			if d < bestD {
				best, bestD = []Place{p}, d
			} else if d == bestD {
				best = append(best, p)
			}
		}
		if len(best) > 0 {
			return best[b.rng.IntN(len(best))]
		}
	}
	best, bestD := []Place{}, 99
	for _, p := range dest {
		d := distance(p, useful, s)
		if d < bestD {
			best, bestD = []Place{p}, d
		} else if d == bestD {
			best = append(best, p)
		}
	}
	return best[b.rng.IntN(len(best))]
}

// worthSuggesting says whether a suggestion in room p can teach the seat
// anything: the room may be the scene, or it is the seat's own card while
// a suspect or weapon is still open, so that an answer must be about
// those. Elsewhere the room's holder can answer with the room every time,
// and two bots doing that to each other would play for ever.
func worthSuggesting(p Place, seat game.Seat, nb *Notebook) bool {
	if !p.IsRoom() {
		return false
	}
	if nb.Maybe(roomCard(p), -1) && !nb.Sure(roomCard(p), -1) {
		return true
	}
	if !nb.Sure(roomCard(p), int(seat)) {
		return false
	}
	for c := Card(0); c < firstRoom; c++ {
		if nb.Maybe(c, -1) && !nb.Sure(c, -1) {
			return true
		}
	}
	return false
}

// distance counts steps from p to the nearest place goal accepts (to the
// nearest room when goal accepts none).
func distance(p Place, goal func(Place) bool, s *State) int {
	seen := map[Place]bool{p: true}
	frontier := []Place{p}
	for d := 0; len(frontier) > 0; d++ {
		var next []Place
		for _, q := range frontier {
			if goal(q) || (d > 0 && q.IsRoom() && !goalExists(goal)) {
				return d
			}
			for _, r := range exits(q) {
				// Hallways further on may be free by the time one gets
				// there: only the first step (dest) has to be free now.
				if !seen[r] {
					seen[r] = true
					next = append(next, r)
				}
			}
		}
		frontier = next
	}
	return 50
}

func goalExists(goal func(Place) bool) bool {
	for p := Place(0); p < numRooms; p++ {
		if goal(p) {
			return true
		}
	}
	return false
}

// suggestion names a suspect and a weapon for the room the seat stands in.
func (b *bot) suggestion(s *State, seat game.Seat, nb *Notebook) Move {
	pick := func(first, count int) Card {
		open, mine := openAndMine(nb, seat, first, count)
		switch b.level {
		case "easy":
			return Card(first + b.rng.IntN(count))
		case "expert":
			if len(open) == 0 && len(mine) > 0 {
				// The kind is settled: name a card of one's own, so that
				// an answer can only be about the other two.
				return mine[b.rng.IntN(len(mine))]
			}
			if len(open) > 0 {
				// Among open cards, the one fewest players may hold is
				// the likeliest to be the case file's: test it.
				slices.SortStableFunc(open, func(x, y Card) int {
					return popcount(nb.possible[x]) - popcount(nb.possible[y])
				})
				n := 1
				for n < len(open) && popcount(nb.possible[open[n]]) == popcount(nb.possible[open[0]]) {
					n++
				}
				// Naming a rival's suspect brings their token here, and a
				// detective moved by a suggestion may suggest in that room
				// next turn: among equals, name a suspect no rival plays.
				if first == 0 {
					var calm []Card
					for _, c := range open[:n] {
						if o := s.suspectSeat[c]; o < 0 || o == seat {
							calm = append(calm, c)
						}
					}
					if len(calm) > 0 {
						return calm[b.rng.IntN(len(calm))]
					}
				}
				return open[b.rng.IntN(n)]
			}
		default:
			if len(open) > 0 {
				return open[b.rng.IntN(len(open))]
			}
		}
		var cands []Card
		for c := Card(first); c < Card(first+count); c++ {
			if nb.Maybe(c, -1) {
				cands = append(cands, c)
			}
		}
		if len(cands) == 0 {
			return Card(first + b.rng.IntN(count))
		}
		return cands[b.rng.IntN(len(cands))]
	}
	m := Move{Kind: VerbSuggest, Suspect: pick(0, numSuspects), Weapon: pick(numSuspects, numWeapons)}
	if b.level != "easy" && b.madeBefore(s, seat, m) {
		// The same question in the same room was put before: its answer
		// is known, and two bots asking each other the same thing would
		// play for ever. Ask about any open card instead.
		m.Suspect, m.Weapon = b.anyOpen(nb, seat, 0, numSuspects), b.anyOpen(nb, seat, numSuspects, numWeapons)
	}
	return m
}

// repeating reports whether one of seat's last four suggestions repeats
// an earlier one of its own, room included.
func repeating(s *State, seat game.Seat) bool {
	var mine []Suggestion
	for _, sg := range s.suggestions {
		if sg.Seat == seat {
			mine = append(mine, sg)
		}
	}
	for i := max(0, len(mine)-4); i < len(mine); i++ {
		for j := 0; j < i; j++ {
			if mine[i].Suspect == mine[j].Suspect && mine[i].Weapon == mine[j].Weapon && mine[i].Room == mine[j].Room {
				return true
			}
		}
	}
	return false
}

// madeBefore reports whether seat already suggested m in the room it
// stands in.
func (b *bot) madeBefore(s *State, seat game.Seat, m Move) bool {
	room := roomCard(s.room(seat))
	for _, sg := range s.suggestions {
		if sg.Seat == seat && sg.Suspect == m.Suspect && sg.Weapon == m.Weapon && sg.Room == room {
			return true
		}
	}
	return false
}

// openAndMine sorts the cards first..first+count-1 of one kind: open
// ones may be in the case file and are not settled; mine are the seat's
// own.
func openAndMine(nb *Notebook, seat game.Seat, first, count int) (open, mine []Card) {
	for c := Card(first); c < Card(first+count); c++ {
		switch {
		case nb.Maybe(c, -1) && !nb.Sure(c, -1):
			open = append(open, c)
		case nb.Sure(c, int(seat)):
			mine = append(mine, c)
		}
	}
	return open, mine
}

// anyOpen picks at random a card of the kind that may still be in the
// case file and is not settled, else one of the seat's own, else any.
func (b *bot) anyOpen(nb *Notebook, seat game.Seat, first, count int) Card {
	open, mine := openAndMine(nb, seat, first, count)
	switch {
	case len(open) > 0:
		return open[b.rng.IntN(len(open))]
	case len(mine) > 0:
		return mine[b.rng.IntN(len(mine))]
	}
	return Card(first + b.rng.IntN(count))
}

func popcount(h holders) int {
	n := 0
	for ; h != 0; h &= h - 1 {
		n++
	}
	return n
}
