package buccaneer

import (
	"fmt"
	"slices"
	"strings"
)

// Kind is a kind of treasure (FR5). Kinds are ordered from the most
// valuable; between the two worth 5, diamonds come first.
type Kind int

// The five kinds of treasure.
const (
	Diamond Kind = iota
	Ruby
	Gold
	Pearl
	Rum
)

const numKinds = 5

// perKind is how many pieces of each kind the game has: 20 in all.
const perKind = 4

var kindNames = [numKinds]string{"diamond", "ruby", "gold", "pearl", "rum"}
var kindValues = [numKinds]int{5, 5, 4, 3, 2}

func (k Kind) String() string { return kindNames[k] }

// Value is the points a piece of the kind is worth.
func (k Kind) Value() int { return kindValues[k] }

// Treasure counts pieces by kind.
type Treasure [numKinds]int

func (t Treasure) total() int {
	n := 0
	for _, c := range t {
		n += c
	}
	return n
}

func (t Treasure) value() int {
	v := 0
	for k, c := range t {
		v += c * kindValues[k]
	}
	return v
}

// names lists the pieces, most valuable first.
func (t Treasure) names() []string {
	out := []string{}
	for k, c := range t {
		for range c {
			out = append(out, kindNames[k])
		}
	}
	return out
}

func holdTreasure(h []Kind) Treasure {
	var t Treasure
	for _, k := range h {
		t[k]++
	}
	return t
}

// Card is a crew card: a value of 1, 2 or 3 pirates, red or black (FR3).
type Card struct {
	Value int
	Red   bool
}

// String is "R3" for a red 3, "B1" for a black 1.
func (c Card) String() string {
	if c.Red {
		return fmt.Sprintf("R%d", c.Value)
	}
	return fmt.Sprintf("B%d", c.Value)
}

// MarshalText writes the card as its String, so hands read ["R3","B1"].
func (c Card) MarshalText() ([]byte, error) { return []byte(c.String()), nil }

// UnmarshalText reads "R3" or "b1".
func (c *Card) UnmarshalText(b []byte) error {
	k, ok := parseCard(string(b))
	if !ok {
		return fmt.Errorf("%q is not a crew card (write R1-R3 or B1-B3)", string(b))
	}
	*c = k
	return nil
}

func parseCard(s string) (Card, bool) {
	if len(s) != 2 || s[1] < '1' || s[1] > '3' {
		return Card{}, false
	}
	switch s[0] {
	case 'R', 'r':
		return Card{int(s[1] - '0'), true}, true
	case 'B', 'b':
		return Card{int(s[1] - '0'), false}, true
	}
	return Card{}, false
}

// cardType numbers the six kinds of crew card: R1 R2 R3 B1 B2 B3.
func (c Card) cardType() int {
	if c.Red {
		return c.Value - 1
	}
	return 3 + c.Value - 1
}

func cardOfType(i int) Card { return Card{Value: i%3 + 1, Red: i < 3} }

// perCardType is how many cards of each colour and value the pack has:
// 6 x 6 = 36 (FR3).
const perCardType = 6

// cardLess orders a hand: by value, red before black. Hands are kept in
// this order, so the order of a hand tells nothing.
func cardLess(a, b Card) int {
	if a.Value != b.Value {
		return a.Value - b.Value
	}
	if a.Red == b.Red {
		return 0
	}
	if a.Red {
		return -1
	}
	return 1
}

func sortHand(h []Card) { slices.SortFunc(h, cardLess) }

// crewTotal is the sum of the values: the "crew total" of the chance cards.
func crewTotal(h []Card) int {
	t := 0
	for _, c := range h {
		t += c.Value
	}
	return t
}

// strength is the fighting strength of FR6: the difference between the
// red and the black values, as a positive number. It is never shown.
func strength(h []Card) int {
	r, b := 0, 0
	for _, c := range h {
		if c.Red {
			r += c.Value
		} else {
			b += c.Value
		}
	}
	return abs(r - b)
}

// distance is how far a ship may sail in a turn: the crew total, or one
// square with no crew (FR6).
func distance(h []Card) int {
	if len(h) == 0 {
		return 1
	}
	return crewTotal(h)
}

// newPack is the 36 crew cards in a fixed order, before shuffling.
func newPack() []Card {
	var p []Card
	for t := range 6 {
		for range perCardType {
			p = append(p, cardOfType(t))
		}
	}
	return p
}

// takeCards removes n cards from h, one at a time, each the lowest (or
// highest) valued card left. Between two cards of equal value but
// different colour the rules take the one whose loss leaves the holder the
// stronger crew, then the red one: a captain who had to hand over cards
// would keep the colours that fight best, and the choice must not depend
// on anything but the hand. It returns the cards taken and the rest.
func takeCards(h []Card, n int, highest bool) (taken, rest []Card) {
	rest = slices.Clone(h)
	for range n {
		if len(rest) == 0 {
			break
		}
		best := -1
		for i, c := range rest {
			if best < 0 {
				best = i
				continue
			}
			b := rest[best]
			if c.Value != b.Value {
				if (c.Value < b.Value) != highest {
					best = i
				}
				continue
			}
			if c.Red == b.Red {
				continue
			}
			sc, sb := strength(without(rest, i)), strength(without(rest, best))
			if sc > sb || (sc == sb && c.Red) {
				best = i
			}
		}
		taken = append(taken, rest[best])
		rest = without(rest, best)
	}
	sortHand(taken)
	return taken, rest
}

func without(h []Card, i int) []Card {
	out := make([]Card, 0, len(h)-1)
	out = append(out, h[:i]...)
	return append(out, h[i+1:]...)
}

// reduceTo removes cards from h until its total is at most limit and as
// high as it can be (cards 16 and 17); among equal totals it removes the
// fewest cards, then keeps the strongest crew, then removes red first.
func reduceTo(h []Card, limit int) (removed, rest []Card) {
	if crewTotal(h) <= limit {
		return nil, slices.Clone(h)
	}
	var have [6]int
	for _, c := range h {
		have[c.cardType()]++
	}
	var cur, best [6]int
	bestTotal, bestCount, bestStr, bestRed := -1, 0, 0, 0
	var walk func(t int)
	walk = func(t int) {
		if t == 6 {
			var keep []Card
			count, red := 0, 0
			for i := range 6 {
				count += cur[i]
				if i < 3 {
					red += cur[i]
				}
				for range have[i] - cur[i] {
					keep = append(keep, cardOfType(i))
				}
			}
			tot := crewTotal(keep)
			if tot > limit {
				return
			}
			st := strength(keep)
			better := tot > bestTotal ||
				tot == bestTotal && (count < bestCount ||
					count == bestCount && (st > bestStr || st == bestStr && red > bestRed))
			if better {
				best, bestTotal, bestCount, bestStr, bestRed = cur, tot, count, st, red
			}
			return
		}
		for k := 0; k <= have[t]; k++ {
			cur[t] = k
			walk(t + 1)
		}
		cur[t] = 0
	}
	walk(0)
	for i := range 6 {
		for range best[i] {
			removed = append(removed, cardOfType(i))
		}
		for range have[i] - best[i] {
			rest = append(rest, cardOfType(i))
		}
	}
	sortHand(removed)
	sortHand(rest)
	return removed, rest
}

// ChanceCard is one of the 28 chance cards of Appendix A.
type ChanceCard struct {
	Number int
	Title  string
	// Text says what the card does, in this package's words.
	Text string
	// Keep is true for the cards a captain holds until using them.
	Keep bool
}

// Chance lists the 28 chance cards by number (Chance[0] is card 1).
var Chance = [28]ChanceCard{
	{1, "Blown off the coast", "A gale blows your ship 5 squares straight out from the nearest side of Treasure Island (diagonally from a corner), one square further for each ship in the way. With a crew total of 3 or less you take 4 crew cards from Pirate Island. Then choose which way to face.", false},
	{2, "Press-gang", "Choose another captain, who hands you 3 of their crew cards, the lowest first. The card then goes back under the chance pack.", false},
	{3, "Blown to Mud Bay", "A gale blows your ship to Mud Bay. With a crew total of 3 or less you take 4 crew cards from Pirate Island. Then choose which way to face.", false},
	{4, "Blown to Cliff Creek", "A gale blows your ship to Cliff Creek. With a crew total of 3 or less you take 4 crew cards from Pirate Island. Then choose which way to face.", false},
	{5, "Blown home", "A gale blows your ship into your home port, where its treasure is unloaded. With a crew total of 3 or less you take 4 crew cards from Pirate Island.", false},
	{6, "Blown to port", "A gale blows your ship to the nearest port ahead of it, the way it faces. With a crew total of 3 or less you take 4 crew cards from Pirate Island.", false},
	{7, "Washed to the nearest ship", "Your least valuable treasure, or if you have none or the nearest ship has no room, your 2 lowest crew cards, wash over to the nearest ship. If two ships are equally near, nothing happens.", false},
	{8, "Washed to Flat Island", "Your least valuable treasure, or if you carry none your 2 lowest crew cards, wash overboard onto Flat Island.", false},
	{9, "Best washed to Flat Island", "Your most valuable treasure, or if you carry none your best crew card, washes overboard onto Flat Island.", false},
	{10, "Deserters", "Your best crew card deserts to Pirate Island at once.", false},
	{11, "Treasure or crew (5 or 2)", "Take treasure worth up to 5 from Treasure Island, or 2 crew cards from Pirate Island.", false},
	{12, "Treasure or crew (4 or 2)", "Take treasure worth up to 4 from Treasure Island, or 2 crew cards from Pirate Island.", false},
	{13, "Treasure or crew (5 or 2)", "Take treasure worth up to 5 from Treasure Island, or 2 crew cards from Pirate Island.", false},
	{14, "Treasure or crew (7 or 3)", "Take treasure worth up to 7 from Treasure Island, or 3 crew cards from Pirate Island.", false},
	{15, "Recruits", "Take 2 crew cards from Pirate Island.", false},
	{16, "Treasure, crew cut to 10", "Take treasure worth up to 7 from Treasure Island, and send crew cards to Pirate Island until your crew total is 10 or less, keeping it as high as possible.", false},
	{17, "Treasure, crew cut to 11", "Take treasure worth up to 6 from Treasure Island, and send crew cards to Pirate Island until your crew total is 11 or less, keeping it as high as possible.", false},
	{18, "Treasure and recruits", "Take treasure worth up to 4 from Treasure Island, and if your crew total is 7 or less, take 2 crew cards from Pirate Island.", false},
	{19, "New crew", "All your crew cards go under the Pirate Island pack and you take as many from its top.", false},
	{20, "Crew exchange", "If another ship lies by Treasure Island, you and its captain swap 2 crew cards picked at random from each hand (you choose the ship if there are several). If none does, your 2 lowest crew cards go to Pirate Island.", false},
	{21, "Long John Silver", "Keep this card. In a port other than your home with crew for sale, you may trade Long John for crew worth up to 5; he then stays in that port, and anyone trading there may take him for one treasure.", true},
	{22, "Yellow fever", "Every captain with more than 7 crew cards sends the lowest of them to Pirate Island until 7 are left.", false},
	{23, "Doubloons", "Keep this card. In a port other than your home, you may trade it for crew or treasure worth up to 5; it then goes back under the chance pack.", true},
	{24, "Pieces of eight", "Keep this card. In a port other than your home, you may trade it for crew or treasure worth up to 4; it then goes back under the chance pack.", true},
	{25, "Kidd's chart", "Keep this card. Sail to Anchor Bay, beyond Pirate Island, and land the chart there for treasure worth up to 7 from Treasure Island; it then goes back under the chance pack.", true},
	{26, "Kidd's chart", "Keep this card. Sail to Anchor Bay, beyond Pirate Island, and land the chart there for treasure worth up to 7 from Treasure Island; it then goes back under the chance pack.", true},
	{27, "Treasure or crew (5 or 3)", "Take treasure worth up to 5 from Treasure Island, or 3 crew cards from Pirate Island.", false},
	{28, "Recruits", "Take 2 crew cards from Pirate Island.", false},
}

const numChance = len(Chance)

// Items of a trade: treasure names, crew cards ("R2") and Long John
// ("john"), in one canonical order.
const itemJohn = "john"

func itemRank(s string) int {
	for k, n := range kindNames {
		if n == s {
			return k
		}
	}
	if c, ok := parseCard(s); ok {
		return numKinds + c.cardType()
	}
	if s == itemJohn {
		return numKinds + 6
	}
	return -1
}

// normItem returns the canonical spelling of an item, or "" if s names
// none.
func normItem(s string) string {
	l := strings.ToLower(strings.TrimSpace(s))
	for _, n := range kindNames {
		if n == l {
			return n
		}
	}
	if c, ok := parseCard(l); ok {
		return c.String()
	}
	if l == itemJohn {
		return itemJohn
	}
	return ""
}

// bundle is a set of trade items counted by kind.
type bundle struct {
	treasure Treasure
	cards    [6]int
	john     int
}

func (b bundle) value() int {
	v := b.treasure.value()
	for t, n := range b.cards {
		v += n * (t%3 + 1)
	}
	return v
}

func (b bundle) empty() bool { return b.treasure.total() == 0 && b.john == 0 && b.cardCount() == 0 }

func (b bundle) cardCount() int {
	n := 0
	for _, c := range b.cards {
		n += c
	}
	return n
}

func (b bundle) items() []string {
	out := b.treasure.names()
	for t, n := range b.cards {
		for range n {
			out = append(out, cardOfType(t).String())
		}
	}
	for range b.john {
		out = append(out, itemJohn)
	}
	return out
}

func toBundle(items []string) bundle {
	var b bundle
	for _, it := range items {
		r := itemRank(it)
		switch {
		case r < 0:
		case r < numKinds:
			b.treasure[r]++
		case r < numKinds+6:
			b.cards[r-numKinds]++
		default:
			b.john++
		}
	}
	return b
}

func handCounts(h []Card) [6]int {
	var c [6]int
	for _, k := range h {
		c[k.cardType()]++
	}
	return c
}

// removeCards takes the counted cards out of h.
func removeCards(h []Card, n [6]int) []Card {
	var out []Card
	for _, c := range h {
		if t := c.cardType(); n[t] > 0 {
			n[t]--
			continue
		}
		out = append(out, c)
	}
	return out
}

func countedCards(n [6]int) []Card {
	var out []Card
	for t, k := range n {
		for range k {
			out = append(out, cardOfType(t))
		}
	}
	return out
}
