package tui

import (
	"strings"
	"testing"

	"github.com/parlor-games/parlor/client"
)

// TestOpenTableOffersWhatWorks (issue 32, point 11): before the start the
// key bar offers s only to a player without a seat while one is open,
// and g only to the table's creator once every seat is taken; the hint
// says who starts the game. Bob, seated at Ann's full table, was offered
// g start and s sit, which did nothing; pressed now, they say why.
func TestOpenTableOffersWhatWorks(t *testing.T) {
	m, _ := tableModel(t, screenGames[0], 80, 24)
	ts := m.table
	ts.t.Status, ts.t.Creator = client.StatusOpen, "Ann"
	ts.t.Seats = []client.Seat{human("Ann"), {Kind: client.SeatOpen}}
	bar := func() string {
		lines := strings.Split(strings.TrimRight(plain(m.View().Content), "\n "), "\n")
		return lines[len(lines)-1]
	}
	cases := []struct {
		what, user string
		mine       []int
		full       bool
		offered    []string
		hint       string
	}{
		{"Cy, no seat, a seat open", "Cy", nil, false, []string{"s sit"}, "s sits you in an open seat"},
		{"Ann, the creator, a seat open", "Ann", []int{0}, false, nil, "the open seats are still to take; g starts the game once they are"},
		{"Ann, the creator, every seat taken", "Ann", []int{0}, true, []string{"g start"}, "every seat is taken; g starts the game"},
		{"Bob, seated at Ann's full table", "Bob", []int{1}, true, nil, "every seat is taken; Ann, who made the table, starts the game"},
	}
	for _, c := range cases {
		m.user.Name, ts.mine = c.user, c.mine
		ts.t.Seats[1] = client.Seat{Kind: client.SeatOpen}
		if c.full {
			ts.t.Seats[1] = human("Bob")
		}
		out := checkWhole(t, c.what, m, c.offered, "Waiting for players: "+c.hint)
		for _, k := range []string{"g start", "s sit"} {
			if !strings.Contains(strings.Join(c.offered, " "), k) && strings.Contains(bar(), k) {
				t.Fatalf("%s: the key bar offers %q, which does nothing:\n%s", c.what, k, out)
			}
		}
	}
	// Bob's keys say why they do nothing.
	m.Update(press("g"))
	if m.status != "only Ann, who made the table, can start it" {
		t.Fatalf("g for Bob: status %q", m.status)
	}
	m.Update(press("s"))
	if m.status != "you already have a seat at this table" {
		t.Fatalf("s for Bob: status %q", m.status)
	}
}
