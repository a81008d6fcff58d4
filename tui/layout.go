package tui

import (
	"strings"

	"github.com/charmbracelet/x/ansi"
)

// The layout gives way instead of cutting: a sentence a player needs (a
// hint, a confirmation, an error) wraps onto more lines, a list too long
// for the screen shows a window around its cursor, and a panel with no
// room folds behind a key. Only the middle of a screen (a board, a log)
// ever shrinks; the lines below it are budgeted first.

// wrap breaks s into lines of at most width printed columns, at spaces
// where it can and inside a word only when a word is longer than a line.
func wrap(s string, width int) []string {
	if s == "" {
		return nil
	}
	width = max(width, 10)
	var out []string
	for _, l := range strings.Split(s, "\n") {
		out = append(out, strings.Split(ansi.Wrap(l, width, ""), "\n")...)
	}
	for i, l := range out {
		out[i] = strings.TrimRight(l, " ")
	}
	return out
}

// hanging is wrap with the lines after the first indented by two
// columns, so that an entry of a list reads as one.
func hanging(s string, width int) []string {
	lines := wrap(s, width)
	if len(lines) <= 1 {
		return lines
	}
	out := lines[:1]
	for _, l := range wrap(strings.Join(lines[1:], " "), width-2) {
		out = append(out, "  "+l)
	}
	return out
}

// wrapItems lays items out on lines of at most width columns, separated by
// sep, never breaking an item between two lines unless it alone is wider
// than a line.
func wrapItems(items []string, sep string, width int) []string {
	var out []string
	cur := ""
	for _, it := range items {
		switch {
		case cur == "":
			cur = it
		case printedWidth(cur)+printedWidth(sep)+printedWidth(it) <= width:
			cur += sep + it
		default:
			out = append(out, cur)
			cur = it
		}
	}
	if cur != "" {
		out = append(out, cur)
	}
	var whole []string
	for _, l := range out {
		if printedWidth(l) > width {
			whole = append(whole, wrap(l, width)...)
		} else {
			whole = append(whole, l)
		}
	}
	return whole
}

// keyBar is the line of keys at the bottom of a screen: every key of must
// (help, leave, the screen's main action), then as many of more, in their
// order, as the width leaves room for. The help screen lists the rest.
func keyBar(width int, must []string, more ...string) string {
	const sep = "   "
	line := strings.Join(must, sep)
	for _, k := range more {
		if printedWidth(line)+len(sep)+printedWidth(k) <= width {
			line += sep + k
		}
	}
	return line
}

// window returns at most room lines of lines, chosen so that line focus
// is among them (with some lines after it when there are), and the index
// of the first line shown.
func window(lines []string, focus, room int) ([]string, int) {
	room = max(room, 1)
	if len(lines) <= room {
		return lines, 0
	}
	focus = max(0, min(focus, len(lines)-1))
	first := max(0, min(focus-room/2, len(lines)-room))
	return lines[first : first+room], first
}

// A focuser is a board that knows the line of its rendering the cursor is
// on, so that a board taller than the screen scrolls to keep it in sight,
// and how many lines at its top (column letters) stay when it scrolls.
type focuser interface {
	focus() int
	sticky() int
}

// windowSticky is window that keeps the first sticky lines in place and
// scrolls the rest; first counts in the whole of lines.
func windowSticky(lines []string, focus, room, sticky int) ([]string, int) {
	if len(lines) <= room || sticky <= 0 || sticky >= room {
		return window(lines, focus, room)
	}
	rest, first := window(lines[sticky:], focus-sticky, room-sticky)
	return append(append([]string(nil), lines[:sticky]...), rest...), first
}

// A keyed board names its main action for the key bar ("Enter draw").
type keyed interface {
	mainKey() string
}
