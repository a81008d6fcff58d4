package server

import (
	"fmt"
	"reflect"
	"slices"
	"strings"
	"testing"

	"pgregory.net/rapid"

	"github.com/parlor-games/parlor/client"
	"github.com/parlor-games/parlor/store"
)

// TestLobbyPagesKeepTheSamePage (since v6): whatever the lists were and
// became, and whichever page of each a member holds, a member that holds
// the old page and applies the change the server sends holds what the
// server would send whole of the new page: the same items (the tables
// perhaps in another order, a table coming into the page being added at
// the end), their own entry and tables outside the page among them, and
// the same place (from, more). The two ends are the server's viewDiff and
// client.Lobby.Apply.
func TestLobbyPagesKeepTheSamePage(t *testing.T) {
	names := []string{"Ann", "bob", "Carl", "dee", "Eve", "finn", "Gus"}
	rapid.Check(t, func(t *rapid.T) {
		users := func(label string) *lobbyList {
			var us []onlineUser
			for i, n := range names {
				if rapid.Bool().Draw(t, fmt.Sprintf("%s %s on", label, n)) {
					played := rapid.Int64Range(0, 2).Draw(t, fmt.Sprintf("%s %s played", label, n))
					us = append(us, onlineUser{Name: n, Guest: i%2 == 0, Stats: map[string]GameStats{"dots": {Played: played}}})
				}
			}
			sortOnline(us)
			return usersList(us)
		}
		tables := func(label string) *lobbyList {
			var ts []TableJSON
			for i := range 8 {
				if rapid.Bool().Draw(t, fmt.Sprintf("%s t%d", label, i)) {
					creator := rapid.SampledFrom(names).Draw(t, fmt.Sprintf("%s t%d creator", label, i))
					status := rapid.SampledFrom([]store.TableStatus{store.TableOpen, store.TablePlaying}).Draw(t, fmt.Sprintf("%s t%d status", label, i))
					ts = append(ts, TableJSON{ID: fmt.Sprintf("t%d", i), Game: "dots", Creator: creator, Status: status,
						Seats: []SeatJSON{{Kind: "human", Name: creator}, {Kind: "open"}}})
				}
			}
			return tablesList(ts)
		}
		m := &lobbyMember{changes: true, name: rapid.SampledFrom(names).Draw(t, "member")}
		for i := range m.pages {
			m.pages[i] = pageKey{from: rapid.IntRange(0, 4).Draw(t, fmt.Sprintf("from %d", i)), n: rapid.IntRange(0, 3).Draw(t, fmt.Sprintf("n %d", i))}
		}
		olds, news := lobbyLists{users("old"), tables("old")}, lobbyLists{users("new"), tables("new")}

		var kept, whole client.Lobby
		for i := range olds {
			kind := lobbyPushes[i]
			old := m.view(i, olds[i], map[pageKey]*lobbyList{})
			next := m.view(i, news[i], map[pageKey]*lobbyList{})
			applyPush(t, &kept, old.whole(kind.whole, kind.field))
			if d := viewDiff(old, next, newPageDiff(old.page, next.page, kind.diff, kind.field), kind.diff, kind.field); d != nil {
				applyPush(t, &kept, d)
			}
			applyPush(t, &whole, next.whole(kind.whole, kind.field))
			if d := viewDiff(next, next, newPageDiff(next.page, next.page, kind.diff, kind.field), kind.diff, kind.field); d != nil {
				t.Fatalf("no change made a push: %s", d)
			}
		}
		byID := func(a, b client.Table) int { return strings.Compare(a.ID, b.ID) }
		slices.SortFunc(kept.Tables, byID)
		slices.SortFunc(whole.Tables, byID)
		if !reflect.DeepEqual(kept, whole) {
			t.Fatalf("pages kept from changes:\n%+v %+v %+v\nwhole:\n%+v %+v %+v", kept, kept.OnlinePage, kept.TablesPage, whole, whole.OnlinePage, whole.TablesPage)
		}
		// The member's own entry, when they are online, is always held.
		if _, on := news[0].items[m.name]; on && !slices.ContainsFunc(whole.Online, func(u client.Online) bool { return u.Name == m.name }) {
			t.Fatalf("%s's own entry is not on their page of the online list %+v", m.name, whole.Online)
		}
	})
}
