package tui

import (
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/parlor-games/parlor/client"
)

// describe is a line of the move log: the move in the game's own words
// (its text, game.Describe, with the seats named), else what the events
// say (a decision of the match, a vote).
func (ts *tableState) describe(u client.Update) string {
	return fmt.Sprintf("%3d. %s", u.Seq, describeUpdate(ts.board, ts.names(), u))
}

// logName names seat in the log: by its name, unless another seat has
// the same one (seats at one screen left unnamed, bots named by an older
// server), when the board's own label of
// the seat tells them apart (a character's name, "Bot medium (Mu)") or, on a
// board without one, the seat's number.
func logName(b board, names []string, seat int) string {
	n := names[seat]
	shared := false
	for i, o := range names {
		shared = shared || (i != seat && o == n)
	}
	if !shared {
		return n
	}
	if l, ok := b.(interface{ nameOf(seat int) string }); ok {
		return l.nameOf(seat)
	}
	return fmt.Sprintf("%s (seat %d)", n, seat+1)
}

// describeUpdate is a move's line without its number, "Ann: drew the
// line a1 to b1", as the table's log and the replay's caption say it; b
// may be nil.
func describeUpdate(b board, names []string, u client.Update) string {
	who := "the game"
	if u.Seat >= 0 && u.Seat < len(names) {
		who = logName(b, names, u.Seat)
	}
	// A move's text is the game's own sentence (game.Describe), with
	// "seat N" where it names another seat.
	what := reasonNamed(u.Text, names)
	if d, ok := b.(describer); ok && what != "" {
		var parts []string
		for _, e := range u.Events {
			if s := d.describe(e); s != "" {
				parts = append(parts, s)
			}
		}
		if said := strings.Join(parts, "; "); strings.HasPrefix(said, what) {
			what = said
		}
	}
	if v := voteLogEntry(u, names); v != "" {
		what = v
	}
	if what == "" {
		d, _ := b.(describer)
		var parts []string
		for _, e := range u.Events {
			s := ""
			if d != nil {
				s = d.describe(e)
			} else {
				s = eventText(e)
			}
			if s != "" {
				parts = append(parts, s)
			}
		}
		if len(parts) == 0 {
			// The board words none of them: the match's own decisions
			// (a resignation, a timeout) say what happened by name.
			for _, e := range u.Events {
				if decided(e) {
					parts = append(parts, eventText(e))
				}
			}
		}
		what = strings.Join(parts, "; ")
	}
	return who + ": " + what
}

// decided says whether e is the match's own decision (it names its
// action), not one of the game's events.
func decided(e client.Event) bool {
	var d struct {
		Action string `json:"action"`
	}
	return json.Unmarshal(e.Data, &d) == nil && d.Action != ""
}

// eventText words an event: its type, with the reason of a match's
// decision (a resignation, a timeout).
func eventText(e client.Event) string {
	var d struct {
		Cause  string `json:"cause"`
		Action string `json:"action"`
	}
	if json.Unmarshal(e.Data, &d) == nil && d.Action != "" && d.Cause != e.Type {
		return e.Type + " (" + d.Cause + ")"
	}
	return e.Type
}

func (ts *tableState) result() string {
	return resultText(ts.outcome, ts.scores, ts.names())
}

// resultText says who won, the score and why: "Ann wins 3–1 (the
// rules)"; "" for a match not over.
func resultText(o *client.Outcome, scores []int, names []string) string {
	if o == nil {
		return ""
	}
	var w []string
	for _, s := range o.Winners {
		if s >= 0 && s < len(names) {
			w = append(w, names[s])
		}
	}
	var out string
	switch len(w) {
	case 0:
		out = "nobody wins"
	case 1:
		out = w[0] + " wins"
	default:
		out = strings.Join(w, " and ") + " share the win"
	}
	out += scoreLine(scores, o.Winners, names)
	if o.Reason != "" {
		out += " (" + reasonNamed(o.Reason, names) + ")"
	}
	return out
}

// reasonNamed puts the players' names for the seat numbers of a reason
// ("seat 1 resigned" becomes "Bob resigned"), as the web client does.
func reasonNamed(reason string, names []string) string {
	pairs := make([]string, 0, 2*len(names))
	for i, n := range names {
		pairs = append(pairs, fmt.Sprintf("seat %d", i), n)
	}
	return strings.NewReplacer(pairs...).Replace(reason)
}

// scoreLine is the real score at the end, whatever ended the match (a
// resignation counts the hits made until then), in the order the result
// reads: the winners first, then the others by seat, so that "Bob wins
// 2–1" is Bob's 2; with more than two seats each is named (": Cy 5, Ann
// 3, Bob 1"). Empty for a game that keeps none.
func scoreLine(scores []int, winners []int, names []string) string {
	if len(scores) == 0 || len(scores) != len(names) {
		return ""
	}
	var order []int
	for _, w := range winners {
		if w >= 0 && w < len(scores) && !slices.Contains(order, w) {
			order = append(order, w)
		}
	}
	for i := range scores {
		if !slices.Contains(order, i) {
			order = append(order, i)
		}
	}
	if len(scores) == 2 {
		return " " + strconv.Itoa(scores[order[0]]) + "–" + strconv.Itoa(scores[order[1]])
	}
	parts := make([]string, len(order))
	for i, s := range order {
		parts[i] = names[s] + " " + strconv.Itoa(scores[s])
	}
	return ": " + strings.Join(parts, ", ")
}
