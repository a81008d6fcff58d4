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
//
// A member that joined with a page of a list (since v6) holds that page
// and their own items outside it; OnlinePage and TablesPage then say
// where the page is and whether the list goes on past it.
type Lobby struct {
	Online []Online
	Tables []Table

	OnlinePage, TablesPage *ListPage
}

// ListPage is where a page of one of the lobby's lists is: From is the
// index of its first item in the whole list; More tells whether the
// list goes on past it.
type ListPage struct {
	From int  `json:"from"`
	More bool `json:"more"`
}

// listPlace is a push's page fields: from and more in a whole list of a
// page, more alone in a change that moved it.
type listPlace struct {
	From *int  `json:"from"`
	More *bool `json:"more"`
}

// apply updates *p from f: a whole list sets or clears it, a change
// moves More.
func (f listPlace) apply(p **ListPage, whole bool) {
	switch {
	case whole && f.From == nil:
		*p = nil
	case whole:
		*p = &ListPage{From: *f.From, More: f.More != nil && *f.More}
	case f.More != nil && *p != nil:
		(*p).More = *f.More
	}
}

// sortOnline sorts the online list by name as the server does.
func sortOnline(users []Online) {
	slices.SortStableFunc(users, func(a, b Online) int {
		return strings.Compare(strings.ToLower(a.Name), strings.ToLower(b.Name))
	})
}

// Apply updates l from p. It reports whether p was one of the lobby's
// list pushes; a push of another kind leaves l as it was.
func (l *Lobby) Apply(p Push) (bool, error) {
	var place listPlace
	switch p.T {
	case "lobby.online":
		users, err := p.Online()
		if err == nil {
			err = p.decode(p.T, &place)
		}
		if err != nil {
			return true, err
		}
		l.Online = users
		sortOnline(l.Online) // one's own entry comes after a page
		place.apply(&l.OnlinePage, true)
	case "lobby.tables":
		tables, err := p.Tables()
		if err == nil {
			err = p.decode(p.T, &place)
		}
		if err != nil {
			return true, err
		}
		l.Tables = tables
		place.apply(&l.TablesPage, true)
	case "lobby.online.diff":
		var d struct {
			listPlace
			Users []Online `json:"users"`
			Gone  []string `json:"gone"`
		}
		if err := p.decode(p.T, &d); err != nil {
			return true, err
		}
		l.Online = applyChanges(l.Online, d.Users, d.Gone, func(u Online) string { return u.Name })
		sortOnline(l.Online)
		d.listPlace.apply(&l.OnlinePage, false)
	case "lobby.tables.diff":
		var d struct {
			listPlace
			Tables []Table  `json:"tables"`
			Gone   []string `json:"gone"`
		}
		if err := p.decode(p.T, &d); err != nil {
			return true, err
		}
		l.Tables = applyChanges(l.Tables, d.Tables, d.Gone, func(t Table) string { return t.ID })
		d.listPlace.apply(&l.TablesPage, false)
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
