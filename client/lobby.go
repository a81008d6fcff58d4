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
		l.Online = applyChanges(l.Online, d.Users, d.Gone, func(u Online) string { return u.Name })
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
		l.Tables = applyChanges(l.Tables, d.Tables, d.Gone, func(t Table) string { return t.ID })
	default:
		return false, nil
	}
	return true, nil
}

// applyChanges drops from list the items whose key is gone, puts each
// changed item in the place of the item with its key, and adds the others
// at the end (a new table is the newest, and the server lists it last).
func applyChanges[T any](list, changed []T, gone []string, key func(T) string) []T {
	list = slices.DeleteFunc(list, func(x T) bool { return slices.Contains(gone, key(x)) })
	for _, c := range changed {
		if i := slices.IndexFunc(list, func(x T) bool { return key(x) == key(c) }); i >= 0 {
			list[i] = c
			continue
		}
		list = append(list, c)
	}
	return list
}
