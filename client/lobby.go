package client

import (
	"slices"
	"strings"
)

// Lobby is the lobby as its pushes tell it: who is online, sorted by name
// as the server sorts them, and the tables in the server's order. Apply
// keeps it from the whole lists (lobby.online, lobby.tables) and from the
// changes that follow them when the lobby was joined with changes
// (lobby.online.diff, lobby.tables.diff, since v5), so that a program
// shows the same lobby however it joined.
type Lobby struct {
	Online []Online
	Tables []Table
}

// Apply updates l from p. It reports whether p was one of the lobby's
// list pushes; a push of another kind leaves l as it was.
func (l *Lobby) Apply(p Push) (bool, error) {
	switch p.T {
	case "lobby.online":
		users, err := p.Online()
		if err != nil {
			return true, err
		}
		l.Online = users
	case "lobby.tables":
		tables, err := p.Tables()
		if err != nil {
			return true, err
		}
		l.Tables = tables
	case "lobby.online.diff":
		var d struct {
			Users []Online `json:"users"`
			Gone  []string `json:"gone"`
		}
		if err := p.decode(p.T, &d); err != nil {
			return true, err
		}
		l.Online = slices.DeleteFunc(l.Online, func(u Online) bool { return slices.Contains(d.Gone, u.Name) })
		for _, u := range d.Users {
			if i := slices.IndexFunc(l.Online, func(o Online) bool { return o.Name == u.Name }); i >= 0 {
				l.Online[i] = u
				continue
			}
			l.Online = append(l.Online, u)
		}
		slices.SortStableFunc(l.Online, func(a, b Online) int {
			return strings.Compare(strings.ToLower(a.Name), strings.ToLower(b.Name))
		})
	case "lobby.tables.diff":
		var d struct {
			Tables []Table  `json:"tables"`
			Gone   []string `json:"gone"`
		}
		if err := p.decode(p.T, &d); err != nil {
			return true, err
		}
		l.Tables = slices.DeleteFunc(l.Tables, func(t Table) bool { return slices.Contains(d.Gone, t.ID) })
		for _, t := range d.Tables {
			if i := slices.IndexFunc(l.Tables, func(o Table) bool { return o.ID == t.ID }); i >= 0 {
				l.Tables[i] = t
				continue
			}
			// A new table is the newest: the server lists it last.
			l.Tables = append(l.Tables, t)
		}
	default:
		return false, nil
	}
	return true, nil
}
