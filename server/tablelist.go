package server

import (
	"cmp"
	"net/http"
	"slices"
	"sort"
	"time"

	"github.com/parlor-games/parlor/store"
)

// open counts the tables not over, for /metrics.
func (ts *tables) open() int {
	ts.mu.Lock()
	list := make([]*table, 0, len(ts.m))
	for _, t := range ts.m {
		list = append(list, t)
	}
	ts.mu.Unlock()
	n := 0
	for _, t := range list {
		t.mu.Lock()
		if t.status != statusOver {
			n++
		}
		t.mu.Unlock()
	}
	return n
}

func (ts *tables) get(id string) *table {
	ts.mu.Lock()
	defer ts.mu.Unlock()
	return ts.m[id]
}

// withMatch returns the table playing match id, or nil. A match is played
// at one table only: a bookmark never makes a second one (saves.go).
func (ts *tables) withMatch(id string) *table {
	ts.mu.Lock()
	list := make([]*table, 0, len(ts.m))
	for _, t := range ts.m {
		list = append(list, t)
	}
	ts.mu.Unlock()
	for _, t := range list {
		t.mu.Lock()
		found := t.matchID == id && t.status == statusPlaying
		t.mu.Unlock()
		if found {
			return t
		}
	}
	return nil
}

// put adds a loaded table and tells the lobby (nobody is there yet at
// start-up; after a takeover, the lobby learns of the tables that moved
// here).
func (ts *tables) put(t *table) {
	ts.mu.Lock()
	ts.m[t.id] = t
	ts.mu.Unlock()
	ts.changed(t)
}

// listJSON is the lobby's table list: every table that is open or
// playing, and those that ended in the last hour, of every node. The
// tables with a seat to take come first, then those in play, then those
// over, each the oldest first: the lobby comes a page at a time
// (lobbypage.go), and on a busy server a table waiting for a second
// player must be on the first page, not behind a hundred games in play.
func (ts *tables) listJSON() []TableJSON {
	list := ts.localJSON()
	if r := ts.s.relay; r != nil {
		list = append(list, r.remoteTables(func(id string) bool { return ts.get(id) != nil })...)
	}
	slices.SortStableFunc(list, func(a, b TableJSON) int {
		return cmp.Compare(listRank(a.Status), listRank(b.Status))
	})
	return list
}

// listRank orders the lobby's tables by status: to join, in play, over.
func listRank(s store.TableStatus) int {
	switch s {
	case store.TableOpen:
		return 0
	case store.TablePlaying:
		return 1
	}
	return 2
}

// localJSON is this server's tables as the lobby shows them, oldest
// first.
func (ts *tables) localJSON() []TableJSON {
	ts.mu.Lock()
	all := make([]*table, 0, len(ts.m))
	for _, t := range ts.m {
		all = append(all, t)
	}
	ts.mu.Unlock()
	sort.Slice(all, func(i, j int) bool { return all[i].created.Before(all[j].created) })
	list := make([]TableJSON, 0, len(all))
	for _, t := range all {
		if t.private() {
			continue
		}
		list = append(list, t.json(0))
	}
	return list
}

// changed tells the lobby and the table's watchers that the table changed.
// Lobby pushes are coalesced: under load many tables change at once.
func (ts *tables) changed(t *table) {
	t.pushToWatchers()
	ts.s.hub.tablesChanged()
}

// tableRef is the "table" field of every request about one table.
type tableRef struct {
	Table *string `json:"table"`
}

func (r *tableRef) tableID() *string { return r.Table }

// decodeForTable decodes a request about one table, strictly, and finds
// the table it names.
func (c *conn) decodeForTable(data []byte, req interface{ tableID() *string }) (*table, error) {
	if err := decodeStrict(data, req); err != nil {
		return nil, err
	}
	return c.tableArg(req.tableID())
}

func (c *conn) tableArg(id *string) (*table, error) {
	if id == nil {
		return nil, badRequest("the message needs table")
	}
	t := c.h.s.tables.get(*id)
	if t == nil {
		return nil, notFound("no table %q", *id)
	}
	return t, nil
}

type tableReq struct {
	envelope
	tableRef
}

// tablesChanged schedules one lobby.tables push.
func (h *hub) tablesChanged() {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.lobbyStale |= lobbyTables
	if h.tablesPending {
		return
	}
	h.tablesPending = true
	time.AfterFunc(100*time.Millisecond, func() {
		h.mu.Lock()
		h.tablesPending = false
		h.mu.Unlock()
		if h.s.relay != nil {
			h.s.relay.publishLobby(false)
		}
		h.pushLobby(lobbyTables)
	})
}

// apiTable describes one table, for the invite link /t/{table}.
func (s *Server) apiTable(w http.ResponseWriter, r *http.Request) {
	t := s.tables.get(r.PathValue("id"))
	if t == nil {
		// A table another node holds, as that node last described it
		// ("elsewhere" says so: what it says may be a moment old).
		if s.relay != nil {
			if tj, ok := s.relay.remoteTable(r.PathValue("id")); ok {
				writeJSON(w, http.StatusOK, map[string]any{"table": tj, "elsewhere": true})
				return
			}
		}
		httpError(w, http.StatusNotFound, "no such table")
		return
	}
	var viewer int64
	if u, err := s.cfg.Accounts.Authenticate(r); err == nil {
		viewer = u.ID
	}
	if !t.mayView(viewer) {
		httpError(w, http.StatusNotFound, "no such table")
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"table": t.json(viewer)})
}
