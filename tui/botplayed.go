package tui

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"github.com/parlor-games/parlor/client"
)

// Coming back to a seat a computer player took over while its holder was
// away, the player is told what it did for them, in the game's words, as
// the web client says it: "The computer played 2 moves for you: drew the
// line a1 to b1; drew the line c3 to c4." The table keeps, for that, the
// seq at which a bot took each seat and the game's sentence of every move
// since.

// botMove is a move of the table's log in the game's words.
type botMove struct {
	seq  int64
	seat int
	what string
}

// botWatch is what a table keeps to tell a returning player what the
// computer played for them.
type botWatch struct {
	from  map[int]int64 // by seat, the seq at which a bot took it over
	moves []botMove
}

// seatChange says whether an update hands its seat to a bot ("bot"), back
// to its holder ("holder"), or neither (""), as the web client reads it.
func seatChange(u client.Update) string {
	for _, e := range u.Events {
		var d struct {
			Action string `json:"action"`
		}
		_ = json.Unmarshal(e.Data, &d)
		switch {
		case e.Type == "takeover", e.Type == "timeout" && d.Action == string(client.BotTakes):
			return "bot"
		case e.Type == "return":
			return "holder"
		}
	}
	return ""
}

// track notes an update: a takeover's seq, or a move's words. It reports
// whether the update gave a seat back to its holder.
func (b *botWatch) track(u client.Update, names []string) bool {
	switch seatChange(u) {
	case "bot":
		if b.from == nil {
			b.from = map[int]int64{}
		}
		b.from[u.Seat] = u.Seq
	case "holder":
		return true
	default:
		if len(u.Move) > 0 && string(u.Move) != "null" && u.Text != "" && u.Seat >= 0 {
			b.moves = append(b.moves, botMove{u.Seq, u.Seat, reasonNamed(u.Text, names)})
		}
	}
	return false
}

// played says what the computer played for seat from its takeover up to
// seq, the last three moves when it played more; "" when it played none.
func (b *botWatch) played(seat int, seq int64) string {
	from, ok := b.from[seat]
	if !ok {
		return ""
	}
	var moves []string
	for _, m := range b.moves {
		if m.seat == seat && m.seq > from && m.seq < seq {
			moves = append(moves, m.what)
		}
	}
	if len(moves) == 0 {
		return ""
	}
	shown := moves[max(0, len(moves)-3):]
	more := ""
	if len(moves) > len(shown) {
		more = fmt.Sprintf(", the last %d", len(shown))
	}
	word := "moves"
	if len(moves) == 1 {
		word = "move"
	}
	return fmt.Sprintf("The computer played %d %s for you%s: %s.", len(moves), word, more, strings.Join(shown, "; "))
}

// backNote is what a player reads when seat, theirs, is given back at seq:
// that it is theirs again and what the computer played meanwhile.
func (ts *tableState) backNote(seat int, seq int64) string {
	note := "Your seat is yours again"
	if len(ts.mine) > 1 {
		note = seatName(ts.t.Seats[seat]) + "'s seat is yours again"
	}
	if p := ts.bots.played(seat, seq); p != "" {
		return note + ". " + p
	}
	return note + "."
}

// trackHistory notes a watch's history and, when it ends with one of
// this player's seats given back that they have not played since (they
// just came back), says what the computer played for them.
func (ts *tableState) trackHistory(m *Model, hist []client.Update) {
	back, at := -1, int64(0)
	for _, u := range hist {
		if ts.bots.track(u, ts.names()) && slices.Contains(ts.mine, u.Seat) {
			back, at = u.Seat, u.Seq
		} else if u.Seat == back && len(u.Move) > 0 && string(u.Move) != "null" {
			back = -1
		}
	}
	if back >= 0 {
		m.status = ts.backNote(back, at)
	}
}
