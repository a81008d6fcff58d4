package server

import (
	"encoding/json"
	"maps"
	"slices"
	"strings"
	"time"

	"github.com/parlor-games/parlor/accounts"
)

type presence struct {
	user  Identity
	conns int
	// open are the user's connections (at most the per-account cap), so
	// that news for one user (an achievement, the ended list) finds them
	// without a pass over every connection of the node.
	open []*conn
	// away counts the user's connections whose page is hidden (away.go);
	// the user is listed while conns > away.
	away  int
	stats map[string]GameStats
	// early holds counts of matches that ended while stats were still
	// being read from the database: the read may have begun before those
	// results were stored, so what it returns is merged with them.
	early map[string]GameStats
	// entry is the user's line of the online list as last encoded, from
	// entryStats: a thousand players online are not encoded again each
	// time one of them comes or goes.
	entry      json.RawMessage
	entryStats map[string]GameStats
}

// mergeStats returns loaded with, for every game, the count of cur kept
// where cur has seen more matches: counts only grow, so the larger one is
// the newer.
func mergeStats(loaded, cur map[string]GameStats) map[string]GameStats {
	out := make(map[string]GameStats, len(loaded)+len(cur))
	maps.Copy(out, loaded)
	for g, st := range cur {
		if st.Played > out[g].Played {
			out[g] = st
		}
	}
	return out
}

// refreshStats reloads the lobby stats of a match's players after it,
// with one query for all of them, and only for those online: the others'
// stats are loaded when they connect.
func (h *hub) refreshStats(userIDs []int64) {
	h.mu.Lock()
	ids := make([]int64, 0, len(userIDs))
	for _, id := range userIDs {
		if h.online[id] != nil && !slices.Contains(ids, id) {
			ids = append(ids, id)
		}
	}
	h.mu.Unlock()
	if len(ids) == 0 {
		return
	}
	all, err := h.s.cfg.Accounts.StatsFor(h.s.ctx, ids)
	if err != nil {
		h.s.log.Warn("lobby stats", "users", ids, "err", err)
	}
	h.mu.Lock()
	for _, id := range ids {
		st := map[string]GameStats{}
		for g, s := range all[id] {
			st[g] = GameStats{Played: s.Played, Won: s.Won}
		}
		if p := h.online[id]; p != nil {
			h.loadedLocked(p, st)
		}
	}
	h.mu.Unlock()
	h.presenceChanged()
}

// loadedLocked installs stats read from the database for p, keeping any
// count a match end delivered meanwhile (early, or already in p.stats)
// that is newer than what the read saw.
func (h *hub) loadedLocked(p *presence, st map[string]GameStats) {
	st = mergeStats(st, p.early)
	p.stats = mergeStats(st, p.stats)
	p.early = nil
}

// setStats puts a match's counted results into the lobby stats of those
// of its players who are online, from the figures just stored: reading
// them back would cost a query per match end.
func (h *hub) setStats(game string, stats map[int64]accounts.Stats) {
	changed := false
	h.mu.Lock()
	for id, st := range stats {
		p := h.online[id]
		if p == nil {
			continue // offline: read from the database when they connect
		}
		if p.stats == nil {
			// Being read from the database: that read may predate this
			// result, so keep it to merge when the read is done.
			p.early = mergeStats(map[string]GameStats{game: {Played: st.Played, Won: st.Won}}, p.early)
			continue
		}
		if p.stats[game].Played > st.Played {
			// Two matches of this player ended at once and the later
			// count got here first: keep it.
			continue
		}
		// A new map: the old one may have been handed out already.
		m := make(map[string]GameStats, len(p.stats)+1)
		maps.Copy(m, p.stats)
		m[game] = GameStats{Played: st.Played, Won: st.Won}
		p.stats = m
		changed = true
	}
	h.mu.Unlock()
	if changed {
		h.presenceChanged()
	}
}

// presenceChanged schedules one lobby.online push. Pushes are coalesced
// so that many connections arriving at once cost one push per lobby member
// rather than one per arrival.
func (h *hub) presenceChanged() {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.lobbyStale |= lobbyOnline
	if h.pushing {
		return
	}
	h.pushing = true
	time.AfterFunc(100*time.Millisecond, h.flushPresence)
}

func (h *hub) flushPresence() {
	if h.s.relay != nil {
		h.s.relay.publishLobby(false)
	}
	h.mu.Lock()
	h.pushing = false
	h.mu.Unlock()
	h.pushLobby(lobbyOnline)
}

type onlineUser struct {
	Name  string               `json:"name"`
	Guest bool                 `json:"guest"`
	Stats map[string]GameStats `json:"stats"`

	raw json.RawMessage // the entry encoded, when already known
}

// onlineUsersLocked is everyone online, at this node and the others,
// sorted by name.
func (h *hub) onlineUsersLocked() []onlineUser {
	users := make([]onlineUser, 0, len(h.online))
	for _, p := range h.online {
		if !p.shown() {
			continue
		}
		st := p.stats
		if st == nil {
			st = map[string]GameStats{}
		}
		u := onlineUser{Name: p.user.Name, Guest: p.user.Guest, Stats: st}
		if p.entry == nil || !maps.Equal(p.entryStats, st) {
			p.entry, p.entryStats = mustJSON(u), st
		}
		u.raw = p.entry
		users = append(users, u)
	}
	if h.s.relay != nil {
		users = append(users, h.s.relay.remoteUsers(h.online)...)
	}
	sortOnline(users)
	return users
}

// sortOnline orders the online list by name, ignoring case. Each name is
// lowered once, not at every comparison: with a thousand players online
// the comparisons' lowering was most of what a lobby push cost.
func sortOnline(users []onlineUser) {
	type keyed struct {
		key string
		u   onlineUser
	}
	ks := make([]keyed, len(users))
	for i, u := range users {
		ks[i] = keyed{strings.ToLower(u.Name), u}
	}
	slices.SortFunc(ks, func(a, b keyed) int { return strings.Compare(a.key, b.key) })
	for i := range ks {
		users[i] = ks[i].u
	}
}

// remoteChanged pushes the lobby's lists again after another node's part
// of the lobby changed (lobbybus.go), coalesced like the others and
// without telling the other nodes anything.
func (h *hub) remoteChanged() {
	h.mu.Lock()
	h.lobbyStale |= lobbyOnline | lobbyTables
	if h.remotePending {
		h.mu.Unlock()
		return
	}
	h.remotePending = true
	h.mu.Unlock()
	time.AfterFunc(100*time.Millisecond, func() {
		h.mu.Lock()
		h.remotePending = false
		h.mu.Unlock()
		h.pushLobby(lobbyOnline | lobbyTables)
	})
}
