package tui

import (
	"os"

	"charm.land/lipgloss/v2"
)

// styles are the few looks the client uses. Meaning never rests on colour
// alone: a cursor is also reversed, a seat also has its letter or name,
// and with NO_COLOR set (https://no-color.org) no colour is used at all.
type styles struct {
	title, dim, bold, cursor, warn, good, last lipgloss.Style
	seat                                       []lipgloss.Style
}

func newStyles(noColor bool) styles {
	s := styles{
		title:  lipgloss.NewStyle().Bold(true),
		dim:    lipgloss.NewStyle().Faint(true),
		bold:   lipgloss.NewStyle().Bold(true),
		cursor: lipgloss.NewStyle().Reverse(true),
		warn:   lipgloss.NewStyle().Bold(true),
		good:   lipgloss.NewStyle().Bold(true),
		last:   lipgloss.NewStyle().Bold(true).Underline(true),
	}
	seatColors := []string{"#e06c75", "#61afef", "#98c379", "#e5c07b", "#c678dd", "#56b6c2"}
	for range seatColors {
		s.seat = append(s.seat, lipgloss.NewStyle().Bold(true))
	}
	if noColor {
		return s
	}
	s.title = s.title.Foreground(lipgloss.Color("#e5c07b"))
	s.warn = s.warn.Foreground(lipgloss.Color("#e06c75"))
	s.good = s.good.Foreground(lipgloss.Color("#98c379"))
	for i, c := range seatColors {
		s.seat[i] = s.seat[i].Foreground(lipgloss.Color(c))
	}
	return s
}

// noColorEnv reports whether NO_COLOR asks for no colour: set and not
// empty, as the convention says.
func noColorEnv() bool { return os.Getenv("NO_COLOR") != "" }

// seatStyle is the style of a seat's marks.
func (s styles) seatStyle(seat int) lipgloss.Style {
	if seat < 0 {
		return s.dim
	}
	return s.seat[seat%len(s.seat)]
}
