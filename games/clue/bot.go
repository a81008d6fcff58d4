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
//   - medium walks towards the nearest room that may be the scene and
//     names a suspect and a weapon that may be in the case file.
//   - expert shuttles through a secret passage where it can (room to
//     room, so it suggests on every turn instead of every other), and
//     otherwise walks to the nearest room worth a suggestion: one that
//     may be the scene, or one whose card it holds, so that nobody can
//     show the room. It names, of each kind, a card that may be in the
//     case file and that the fewest players may hold; once a kind is
//     settled it names a card of its own for it, so the answer is about
//     the others. Answering, it shows a card the suggester has already
//     seen from it if it can, else a room (rooms are the most numerous,
//     so one tells the least).
//
// botLevels are the levels, weakest first.
var botLevels = []string{"easy", "medium", "expert"}

type bot struct {
	level string
	rng   game.Rand
}

func newBot(level string, rng game.Rand) (game.Bot, error) {
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
	switch s.phase {
	case phEntered:
		return b.suggestion(s, seat, &nb), nil
	case phStart:
		if s.canStay(seat) && (b.level == "easy" && b.rng.IntN(2) == 0 || b.level != "easy" && nb.Maybe(roomCard(s.room(seat)), -1)) {
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
	if b.level == "easy" {
		return dest[b.rng.IntN(len(dest))]
	}
	useful := func(p Place) bool { return p.IsRoom() && nb.Maybe(roomCard(p), -1) && !nb.Sure(roomCard(p), -1) }
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
		var open, mine []Card
		for c := Card(first); c < Card(first+count); c++ {
			switch {
			case nb.Maybe(c, -1) && !nb.Sure(c, -1):
				open = append(open, c)
			case nb.Sure(c, int(seat)):
				mine = append(mine, c)
			}
		}
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
	return Move{Kind: VerbSuggest, Suspect: pick(0, numSuspects), Weapon: pick(numSuspects, numWeapons)}
}

func popcount(h holders) int {
	n := 0
	for ; h != 0; h &= h - 1 {
		n++
	}
	return n
}
