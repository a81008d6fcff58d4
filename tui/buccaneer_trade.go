package tui

import (
	"fmt"
	"strings"

	"github.com/parlor-games/parlor/games/buccaneer"
)

// bucTrade is trading in port as a list to mark: the seat's crew cards
// and treasure to give, the port's cards and treasure to take, then Trade
// and Leave port. A trade is sent only when both sides are worth the same
// (FR13); the server checks the rest (room aboard, what a port takes) and
// says why when it refuses.
type bucTrade struct {
	port  string
	items []bucItem
	pick  int // the highlighted line: an item, or trade / leave after them
	// leaving is set by a first Enter on Leave port: a second one leaves.
	// Leaving ends the visit, so one key press must not do it by chance
	// (after a trade the list is shorter and the highlight may land there).
	leaving bool
	// left is set when Leave port was sent: the visit ended by choice.
	left bool
}

// bucItem is one thing that may change hands.
type bucItem struct {
	name   string // in the game's notation: "R2", "pearl"
	give   bool   // the seat's own (given) or the port's (taken)
	value  int
	chosen bool
}

func newBucTrade(v buccaneer.View, seat int) *bucTrade {
	t := &bucTrade{}
	t.refresh(v, seat)
	return t
}

// refresh reads the items anew from the view (after a trade the port and
// the ship hold other things), clearing the marks. When the items changed
// the highlight goes back to the first: where it was now names another
// line.
func (t *bucTrade) refresh(v buccaneer.View, seat int) {
	before := t.items
	defer func() {
		if len(before) != len(t.items) || !sameNames(before, t.items) {
			t.pick, t.leaving = 0, false
		}
	}()
	me := v.Players[seat]
	t.port = bucPortAt(v, me.At)
	t.items = nil
	for _, c := range me.Hand {
		t.items = append(t.items, bucItem{name: c.String(), give: true, value: c.Value})
	}
	for _, k := range me.Treasure {
		t.items = append(t.items, bucItem{name: k, give: true, value: bucValue(k)})
	}
	for _, p := range v.Ports {
		if p.Name != t.port {
			continue
		}
		for _, c := range p.Cards {
			t.items = append(t.items, bucItem{name: c.String(), value: c.Value})
		}
		for _, k := range p.Treasure {
			t.items = append(t.items, bucItem{name: k, value: bucValue(k)})
		}
	}
	t.pick = min(t.pick, len(t.items)+1)
}

// sums are the values marked on each side.
func (t *bucTrade) sums() (give, take int) {
	for _, it := range t.items {
		switch {
		case it.chosen && it.give:
			give += it.value
		case it.chosen:
			take += it.value
		}
	}
	return give, take
}

func sameNames(a, b []bucItem) bool {
	for i := range a {
		if a[i].name != b[i].name || a[i].give != b[i].give {
			return false
		}
	}
	return true
}

func (t *bucTrade) key(s string) (any, string) {
	n := len(t.items) + 2
	leaving := t.leaving
	t.leaving = false
	switch s {
	case "up", "k":
		t.pick = (t.pick + n - 1) % n
	case "down", "j":
		t.pick = (t.pick + 1) % n
	case "space", " ", "enter":
		switch {
		case t.pick < len(t.items):
			t.items[t.pick].chosen = !t.items[t.pick].chosen
		case t.pick == len(t.items):
			return t.offer()
		case !leaving:
			t.leaving = true
			return nil, "leave port and end the visit? Enter again to leave; any other key stays"
		default:
			t.left = true
			return "done", ""
		}
	}
	return nil, ""
}

// offer is the trade marked, in the game's notation, when it is equal.
func (t *bucTrade) offer() (any, string) {
	var give, take []string
	for _, it := range t.items {
		switch {
		case it.chosen && it.give:
			give = append(give, it.name)
		case it.chosen:
			take = append(take, it.name)
		}
	}
	if len(give) == 0 || len(take) == 0 {
		return nil, "mark something to give and something to take (Space)"
	}
	g, k := t.sums()
	if g != k {
		return nil, fmt.Sprintf("not equal: you give %d and take %d; a trade is of equal value", g, k)
	}
	return "give " + strings.Join(give, " ") + " take " + strings.Join(take, " "), ""
}

// lines draws the list in at most height lines of width columns. Trade
// and Leave port stay in sight; the items scroll with the highlight.
func (t *bucTrade) lines(st styles, width, height int) []string {
	g, k := t.sums()
	head := fmt.Sprintf("In %s: give %d, take %d", t.port, g, k)
	if g == k && g > 0 {
		head += " (equal)"
	}
	out := []string{cut(head, width)}
	line := func(i int, s string) string {
		s = cut(s, width-2)
		if i == t.pick {
			return st.cursor.Render("> " + s)
		}
		return "  " + s
	}
	room := max(height-len(out)-2, 1)
	first := 0
	if len(t.items) > room {
		first = max(0, min(t.pick-room/2, len(t.items)-room))
	}
	for i := first; i < min(len(t.items), first+room); i++ {
		it := t.items[i]
		mark, side := "[ ]", "take"
		if it.chosen {
			mark = "[x]"
		}
		if it.give {
			side = "give"
		}
		out = append(out, line(i, fmt.Sprintf("%s %s %s (%d)", mark, side, it.name, it.value)))
	}
	leave := "Leave port (done)"
	if t.leaving {
		leave = "Leave port: Enter again"
	}
	return append(out, line(len(t.items), "Trade"), line(len(t.items)+1, leave))
}
