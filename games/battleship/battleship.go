// Package battleship is Battleship: two seats hide a fleet each on a 10x10
// grid and take turns firing at the other's grid until one fleet is sunk.
//
// # Rules decisions
//
// The fleet is a carrier (5 squares), a battleship (4), a cruiser (3), a
// submarine (3) and a destroyer (2). Ships lie horizontally or vertically,
// inside the grid, and never overlap. By default ships may touch, as in the
// boxed game.
//
// Placement is secret and simultaneous: while fleets are being placed, Turn
// lists every seat that has not placed yet, and a seat that has placed owes
// nothing. The other seats learn only that a seat has placed, never where.
// Once both fleets are down the battle starts with the seat named by the
// "first" option. Each turn is one shot; turns alternate strictly, and a hit
// earns no extra shot. A shot is answered "miss", "hit", or "sunk" together
// with the name of the ship that sank. Only the name is announced: the
// squares of a sunk ship are not shown while the game lasts (the shooter may
// of course work them out from its own hits). A square a seat has already
// fired at is refused with code "already-fired" and the turn stays. The game
// ends as soon as one fleet is wholly sunk; the other seat wins. After the
// end, every view shows both fleets, whatever ended the match: a sunk
// fleet, or a decision of the match (a resignation, a forfeit, a timeout,
// the game ended for all), which the match passes to Conclude. A seat's
// score is the hits it has scored on the enemy fleet (Scores), so that a
// match ended early still shows who was ahead.
//
// # Options
//
// Options are a JSON object; missing fields keep their defaults.
//
//   - "touch" (bool, default true): ships may touch. With false, no two ships
//     may share an edge or a corner: diagonal contact counts as touching,
//     as in the common pencil-and-paper rule, so every ship keeps a one
//     square moat of water.
//   - "first" (int 0 or 1, default 0): the seat that fires first.
//   - "salvo" (bool, default false): a turn is a salvo of one shot per ship
//     the shooter still has afloat at the start of its turn. The shots of a
//     salvo are separate moves, each answered at once (a turn made of
//     several steps is several moves, as the game contract asks); the turn
//     passes after the last one. View.ShotsLeft says how many remain.
//
// # Moves and notation
//
// Squares are written column letter A-J then row number 1-10, rows counted
// from the top: "B7" is row 6, column 1 (zero-based). The canonical JSON
// forms and their notation:
//
//	{"fleet":[{"ship":"carrier","row":0,"col":0,"dir":"h"}, ...]}
//	    carrier A1 h, battleship A3 v, cruiser E5 h, submarine H8 h, destroyer J1 v
//	{"random":true}
//	    random
//	{"shot":[6,1]}
//	    B7
//
// A fleet lists all five ships once each, in any order, by name (case does
// not matter), with the square of its top or left end and its direction, "h"
// (rightwards) or "v" (downwards); entries are separated by commas or
// semicolons. "random" asks the game to place a fleet for the seat,
// uniformly over all legal fleets, with the match's generator so that a
// replay places it again. ParseMove checks form (syntax, ship names,
// directions); Apply checks the fleet: codes "missing-ship",
// "duplicate-ship", "unknown-ship", "off-grid", "overlap" and "touching".
//
// # Bots
//
// BotLevels are easy, hard and expert. Every bot decides from its seat's
// View only, so it cannot see the other fleet.
//
//   - easy follows the spec's AI strategy: fire at random unfired squares
//     until there is a hit; then fire next to hits, preferring to extend a
//     line of two or more hits. It never fires at a square twice.
//   - hard keeps a probability density: for each ship still afloat it counts
//     every placement consistent with the misses and with the hits, weighting
//     placements through unexplained hits heavily, and fires at the densest
//     square. Hits it can prove belong to a sunk ship are set aside.
//   - expert reasons about whole fleets: over the complete fleets
//     consistent with everything its seat knows (misses, hits, which ship
//     sank at which shot, no overlap, the touch rule), counted one by one
//     when they are a few million at most and otherwise estimated to
//     within a point by a sequential importance sampler, it fires at the
//     square most often occupied.
//     Once only one or two ships are afloat it lists every consistent
//     fleet instead and plans: for each likely square it works out
//     exactly how many shots, on average over those fleets, finishing
//     would take if it fired there and then always fired at the likeliest
//     square, and fires where that is fewest. Looking for the last ships
//     is where a greedy hunter wastes most shots. It places its own fleet
//     by drawing many uniform fleets and keeping the one a density hunter
//     is least likely to look at first.
//
// easy and hard place a uniformly random fleet.
//
// HuntShots measures a level: it has the bot sink many fleets, uniform or
// placed by a bot level, on every core, and returns the shots each took.
//
// # Fit with the game contract
//
// During placement there are about 3*10^10 legal fleets, too many for
// Legal to list, so Legal then returns the "random" move and a fixed
// sample of legal fleets; once the battle starts it lists every unfired
// square exactly.
//
// # Heat maps
//
// Definition.Analyze (review.go) gives, at each shot of a finished match,
// the expert's map of the grid fired at, from the shooter's knowledge at
// that moment, and the square the expert would have fired at; Definition.Aid
// gives the same map of a seat's own knowledge during a match, which the
// server offers only at unrated tables against bots. The JSON form is
// described in review.go (docs/replays.md).
package battleship

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"

	"github.com/parlor-games/parlor/game"
)

// Size is the side of the grid.
const Size = 10

const numSquares = Size * Size

// Ship is one kind of ship in the fleet.
type Ship struct {
	Name string
	Len  int
}

// Fleet is the fleet every seat places, longest first. Its order is the
// ship index used throughout the package.
var Fleet = [...]Ship{
	{"carrier", 5},
	{"battleship", 4},
	{"cruiser", 3},
	{"submarine", 3},
	{"destroyer", 2},
}

const numShips = len(Fleet)

func shipIndex(name string) int {
	for i, s := range Fleet {
		if strings.EqualFold(s.Name, name) {
			return i
		}
	}
	return -1
}

// Options are the table settings; see the package doc.
type Options struct {
	Touch bool `json:"touch"`
	First int  `json:"first"`
	Salvo bool `json:"salvo"`
}

// DefaultOptions are the settings of a table that sets none.
func DefaultOptions() Options { return Options{Touch: true} }

// Definition registers Battleship.
var Definition = &game.Definition{
	Name:     "battleship",
	Title:    "Battleship",
	Summary:  "Hide your fleet, then hunt the other one square by square.",
	Rulebook: rulebook,
	Extras:   []any{achievements, reviewText{}, fleetHunter{}},
	Hidden:   true,
	Options: []game.OptionSpec{
		{Name: "touch", Label: "Ships may touch", Kind: game.OptionBool, Default: true,
			Help: "Off: ships may not share an edge or a corner."},
		{Name: "first", Label: "Seat that fires first", Kind: game.OptionInt, Default: 0, Min: 0, Max: 1},
		{Name: "salvo", Label: "Salvo", Kind: game.OptionBool, Default: false,
			Help: "Each turn fires one shot per ship you still have afloat."},
	},
	New:       newState,
	BotLevels: []string{"easy", "hard", "expert"},
	NewBot:    newBot,
	Analyze:   Analyze,
	Aid:       Aid,
}

func newState(raw json.RawMessage, rng game.Rand) (game.State, error) {
	opt := DefaultOptions()
	if err := game.DecodeOptions(raw, &opt); err != nil {
		return nil, err
	}
	if opt.First != 0 && opt.First != 1 {
		return nil, fmt.Errorf("option \"first\" must be 0 or 1, not %d", opt.First)
	}
	return New(opt, rng), nil
}

// Square names a square: "B7" for row 6, column 1.
func Square(row, col int) string {
	return string(rune('A'+col)) + strconv.Itoa(row+1)
}

// parseSquare reads "B7" (case-insensitive) into row 6, col 1.
func parseSquare(s string) (row, col int, err error) {
	s = strings.TrimSpace(s)
	if len(s) < 2 || len(s) > 3 {
		return 0, 0, game.Illegal("bad-square", "%q is not a square (write a column A-J and a row 1-10, like B7)", s)
	}
	c := s[0]
	if c >= 'a' && c <= 'z' {
		c -= 'a' - 'A'
	}
	if c < 'A' || c > 'A'+Size-1 {
		return 0, 0, game.Illegal("bad-square", "%q: column must be A-J", s)
	}
	n, err := strconv.Atoi(s[1:])
	if err != nil || n < 1 || n > Size || s[1] == '+' || s[1] == '-' || s[1] == '0' {
		return 0, 0, game.Illegal("bad-square", "%q: row must be 1-10", s)
	}
	return n - 1, int(c - 'A'), nil
}

// Placement puts one ship on the grid: Row and Col are its top or left end,
// Dir is "h" (extending rightwards) or "v" (extending downwards).
type Placement struct {
	Ship string `json:"ship"`
	Row  int    `json:"row"`
	Col  int    `json:"col"`
	Dir  string `json:"dir"`
}

func (p Placement) String() string {
	name := p.Ship
	if i := shipIndex(name); i >= 0 {
		name = Fleet[i].Name
	}
	sq := fmt.Sprintf("(%d,%d)", p.Row, p.Col)
	if p.Row >= 0 && p.Row < Size && p.Col >= 0 && p.Col < Size {
		sq = Square(p.Row, p.Col)
	}
	return name + " " + sq + " " + p.Dir
}

// squares lists the squares p covers (row*Size+col), or ok false if any
// falls off the grid.
func (p Placement) squares(n int) (sq []int, ok bool) {
	dr, dc := 0, 1
	if p.Dir == "v" {
		dr, dc = 1, 0
	}
	for i := range n {
		r, c := p.Row+dr*i, p.Col+dc*i
		if r < 0 || r >= Size || c < 0 || c >= Size {
			return nil, false
		}
		sq = append(sq, r*Size+c)
	}
	return sq, true
}

// ValidateFleet checks that fleet places every ship exactly once, inside
// the grid, without overlap and, when touch is false, without two ships
// touching at an edge or a corner. On success it returns the owner of each
// square (a ship index, or -1 for water). Errors are *game.MoveError.
func ValidateFleet(fleet []Placement, touch bool) ([numSquares]int8, error) {
	return layFleet(fleet, touch, true)
}

// CheckPartialFleet checks the ships laid so far by the rules of
// ValidateFleet, without asking for the ships still to come: a client
// laying a fleet ship by ship uses it to refuse a ship where it cannot lie
// before the fleet goes to the server.
func CheckPartialFleet(fleet []Placement, touch bool) error {
	_, err := layFleet(fleet, touch, false)
	return err
}

// layFleet is ValidateFleet, asking for every ship only when whole.
func layFleet(fleet []Placement, touch, whole bool) ([numSquares]int8, error) {
	var owner [numSquares]int8
	for i := range owner {
		owner[i] = -1
	}
	var seen [numShips]bool
	for _, p := range fleet {
		k := shipIndex(p.Ship)
		if k < 0 {
			return owner, game.Illegal("unknown-ship", "there is no ship called %q (the fleet is carrier, battleship, cruiser, submarine, destroyer)", p.Ship)
		}
		if seen[k] {
			return owner, game.Illegal("duplicate-ship", "the %s is placed twice", Fleet[k].Name)
		}
		seen[k] = true
		if p.Dir != "h" && p.Dir != "v" {
			return owner, game.Illegal("bad-direction", "the %s's direction must be h or v, not %q", Fleet[k].Name, p.Dir)
		}
	}
	for k, ok := range seen {
		if !ok && whole {
			return owner, game.Illegal("missing-ship", "the %s is missing from the fleet", Fleet[k].Name)
		}
	}
	for _, p := range fleet {
		k := shipIndex(p.Ship)
		sqs, ok := p.squares(Fleet[k].Len)
		if !ok {
			return owner, game.Illegal("off-grid", "the %s at %s does not fit inside the grid", Fleet[k].Name, p)
		}
		for _, s := range sqs {
			if owner[s] >= 0 {
				return owner, game.Illegal("overlap", "the %s and the %s overlap at %s", Fleet[owner[s]].Name, Fleet[k].Name, Square(s/Size, s%Size))
			}
			owner[s] = int8(k)
		}
	}
	if !touch {
		for s := range numSquares {
			if owner[s] < 0 {
				continue
			}
			r, c := s/Size, s%Size
			for dr := -1; dr <= 1; dr++ {
				for dc := -1; dc <= 1; dc++ {
					rr, cc := r+dr, c+dc
					if rr < 0 || rr >= Size || cc < 0 || cc >= Size {
						continue
					}
					o := owner[rr*Size+cc]
					if o >= 0 && o != owner[s] {
						return owner, game.Illegal("touching", "the %s and the %s touch at %s (ships may not touch at this table)", Fleet[owner[s]].Name, Fleet[o].Name, Square(r, c))
					}
				}
			}
		}
	}
	return owner, nil
}

// SequentialFleet places the ships one by one, largest first, each at a
// position drawn uniformly among those still free (drawn again while it
// overlaps, or touches when touch is false). It is not uniform over fleets,
// but it is how most published hunting figures were measured, so `parlor
// arena --placer sequential` can compare with them.
func SequentialFleet(rng *game.Rand, touch bool) []Placement {
	for {
		if fleet := sequentialFleet(rng, touch); fleet != nil {
			return fleet
		}
	}
}

// sequentialFleet makes one attempt; without touching, the first ships can
// leave no room for the last, and the caller starts again.
func sequentialFleet(rng *game.Rand, touch bool) []Placement {
	var occ, halo board
	fleet := make([]Placement, numShips)
	for k := range numShips {
		ps := positions[Fleet[k].Len]
		for tries := 0; ; tries++ {
			if tries == 1000 {
				return nil
			}
			p := &ps[rng.IntN(len(ps))]
			if p.mask.and(occ).any() || (!touch && p.mask.and(halo).any()) {
				continue
			}
			occ = occ.or(p.mask)
			halo = halo.or(p.halo)
			fleet[k] = Placement{Ship: Fleet[k].Name, Row: p.row, Col: p.col, Dir: p.dir}
			break
		}
	}
	return fleet
}

// RandomFleet draws a fleet uniformly over all legal fleets: each ship takes
// a position chosen uniformly among its own positions, independently, and
// the whole fleet is drawn again if any two ships overlap (or touch, when
// touch is false). Placing ships one by one with retries would favour some
// fleets over others.
func RandomFleet(rng *game.Rand, touch bool) []Placement {
	for {
		var occ, halo board
		ok := true
		fleet := make([]Placement, numShips)
		for k := range numShips {
			ps := positions[Fleet[k].Len]
			p := &ps[rng.IntN(len(ps))]
			if p.mask.and(occ).any() || (!touch && p.mask.and(halo).any()) {
				ok = false
				// Keep drawing the remaining ships so every fleet costs the
				// generator the same number of draws as in a uniform scheme;
				// correctness does not depend on it.
				continue
			}
			occ = occ.or(p.mask)
			halo = halo.or(p.halo)
			fleet[k] = Placement{Ship: Fleet[k].Name, Row: p.row, Col: p.col, Dir: p.dir}
		}
		if ok {
			return fleet
		}
	}
}
