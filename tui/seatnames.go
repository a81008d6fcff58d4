package tui

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/parlor-games/parlor/client"
)

// Names at one screen (protocol v6): a table whose seats are two or more
// of yours is played at one screen, and each of those seats takes the
// name of the person who plays it ("Player 1", ... unless typed), so that
// the table says whom it addresses ("Anna, your move", "Pass the keyboard
// to Ben"). The server checks the names as it checks user names and
// refuses a bad one with the reason, shown on the form's status line.

// atScreen reports whether the form makes a table played at one screen:
// two or more of its seats are yours.
func (f *createForm) atScreen() bool {
	n := 0
	for _, s := range f.seats {
		if s == "me" {
			n++
		}
	}
	return n >= 2
}

// seatName is the name typed for seat i, or its default.
func (f *createForm) seatName(i int) string {
	if i < len(f.names) && f.names[i] != nil {
		return *f.names[i]
	}
	return fmt.Sprintf("Player %d", i+1)
}

// nameField lists a name row after each of your seats, at one screen.
func (f *createForm) nameField(i int) []string {
	if f.atScreen() && i < len(f.seats) && f.seats[i] == "me" {
		return []string{"name:" + strconv.Itoa(i)}
	}
	return nil
}

// typeName edits the name of the seat whose name row has the cursor:
// a printable key adds its character (the first one replaces the default
// name), backspace takes the last one off. It reports whether the key was
// the name's. Nothing is cut here: a name too long is the server's to
// refuse, with the reason.
func (f *createForm) typeName(field, key string) bool {
	i, ok := strings.CutPrefix(field, "name:")
	if !ok {
		return false
	}
	n, _ := strconv.Atoi(i)
	for len(f.names) <= n {
		f.names = append(f.names, nil)
	}
	cur := f.seatName(n)
	switch {
	case key == "backspace":
		if f.names[n] == nil {
			cur = ""
		} else if cur != "" {
			_, size := utf8.DecodeLastRuneInString(cur)
			cur = cur[:len(cur)-size]
		}
	case key == "space":
		cur += " "
	case utf8.RuneCountInString(key) == 1:
		if f.names[n] == nil {
			cur = ""
		}
		cur += key
	default:
		return false
	}
	f.names[n] = &cur
	return true
}

// stayOn keeps the cursor on field when a change adds or takes away
// rows above it (a seat made yours brings name rows).
func (f *createForm) stayOn(field string) {
	if i := slices.Index(f.fields(), field); i >= 0 {
		f.field = i
	}
}

// seatRequestName is the name to send for seat i: at one screen, the
// seat's name; otherwise none (you are known by your own name).
func (f *createForm) seatRequestName(i int) string {
	if !f.atScreen() {
		return ""
	}
	return strings.TrimSpace(f.seatName(i))
}

// holderName is the name of the person holding a seat: its player when
// the seat has a name of its own at one screen.
func holderName(s client.Seat) string {
	if s.Player != "" {
		return s.Player
	}
	return s.Name
}

// addressed puts the name of the seat to move before a prompt at a table
// played at one screen ("Anna, your move: ..."), where "your" alone would
// not say whose.
func (ts *tableState) addressed(prompt string) string {
	if len(ts.mine) < 2 || ts.seat < 0 || ts.seat >= len(ts.t.Seats) || !slices.Contains(ts.turn, ts.seat) {
		return prompt
	}
	name := seatName(ts.t.Seats[ts.seat])
	if rest, ok := strings.CutPrefix(prompt, "Your "); ok {
		return name + ", your " + rest
	}
	return name + ": " + prompt
}
