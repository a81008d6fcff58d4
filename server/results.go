package server

import (
	"context"
	"errors"
	"time"

	"github.com/parlor-games/parlor/accounts"
	"github.com/parlor-games/parlor/game"
	"github.com/parlor-games/parlor/match"
	"github.com/parlor-games/parlor/store"
)

// What happens when a match ends: its results counted once (ratings,
// stats, achievements), the lobby told, and the table forgotten a while
// later.

// lobbyStats is a user's per-game played and won counts.
func (s *Server) lobbyStats(userID int64) map[string]GameStats {
	out := map[string]GameStats{}
	all, err := s.cfg.Accounts.StatsFor(s.ctx, []int64{userID})
	if err != nil {
		s.log.Warn("lobby stats", "user", userID, "err", err)
		return out
	}
	for g, st := range all[userID] {
		out[g] = GameStats{Played: st.Played, Won: st.Won}
	}
	return out
}

func (ts *tables) forget(t *table) {
	ts.mu.Lock()
	delete(ts.m, t.id)
	ts.mu.Unlock()
	t.mu.Lock()
	if t.unsub != nil {
		t.unsub()
	}
	t.mu.Unlock()
	ts.s.hub.tablesChanged()
	// Its chat can no longer be read (chatAudience finds no table).
	if err := ts.s.cfg.Store.DeleteChat(ts.s.ctx, "table:"+t.id); err != nil {
		ts.s.log.Warn("table chat not deleted", "table", t.id, "err", err)
	}
}

// finish records a finished match once: ratings, stats, achievements
// (pushed to their owners at once), the table's status, and the lobby.
func (t *table) finish(u match.Update) {
	t.mu.Lock()
	if t.ended {
		t.mu.Unlock()
		return
	}
	t.ended = true
	t.status = statusOver
	// The table's row, now saying "over", is stored with the results in
	// one transaction: after a crash a table still "playing" with a
	// finished match is recorded on start-up (loadTables), and one marked
	// over never again.
	row := t.row()
	seats := append([]seat(nil), t.seats...)
	absent := t.absentHoldersLocked()
	live := t.mt != nil // not so for an end found on start-up (endedUncounted)
	t.mu.Unlock()
	defer func() {
		if live {
			t.s.metrics.live.Dec()
		}
		t.s.tables.changed(t)
		// The table keeps the match's summary for late watchers (the
		// manager releases the rest); the lobby forgets the table a
		// while after the end, or sooner when many end (overtables.go).
		t.s.cfg.Matches.Remove(t.matchID)
		t.s.tables.ended(t)
	}()

	res, users := seatResults(seats, u.Outcome)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	t.s.noteAbsent(ctx, row.MatchID, absent)
	t.noticeEnded(seats, u.Outcome, absent)
	if t.unrated {
		// A copy of a save or a scenario: practice, which counts for
		// nothing (see saves.go).
		res, users = nil, nil
	}
	if len(res) == 0 {
		if err := t.s.cfg.Store.SaveTable(ctx, row); err != nil {
			t.s.log.Error("persist table", "table", t.id, "err", err)
		}
		return
	}
	t.count(ctx, row, res, users)
}

// seatResults is what the match's outcome means for each seat held by
// an account (res), and those accounts (users).
func seatResults(seats []seat, o *game.Outcome) (res []accounts.SeatResult, users []int64) {
	won := map[game.Seat]bool{}
	for _, w := range o.Winners {
		won[w] = true
	}
	tie := len(o.Winners) > 1
	botLevel := ""
	for _, st := range seats {
		if st.Kind == match.Bot {
			botLevel = st.Level
		}
	}
	for i, st := range seats {
		if st.Kind != match.Human || st.UserID == 0 {
			continue
		}
		r := accounts.SeatResult{UserID: st.UserID, Result: accounts.Lost, VsBot: botLevel != "", BotLevel: botLevel}
		switch {
		case won[game.Seat(i)] && tie:
			r.Result = accounts.Tied
		case won[game.Seat(i)]:
			r.Result = accounts.Won
		}
		res = append(res, r)
		users = append(users, st.UserID)
	}
	return res, users
}

// count records the results res of users, with the table's row marked
// over, and tells the players what they earned.
func (t *table) count(ctx context.Context, row store.TableRow, res []accounts.SeatResult, users []int64) {
	rec, err := t.s.cfg.Accounts.CountMatch(ctx, accounts.Match{ID: row.MatchID, Game: t.game, Seats: res}, t.s.cfg.Store.SaveTableStmt(row))
	if err != nil {
		if errors.Is(err, accounts.ErrCounted) {
			t.s.log.Info("result counted already", "table", t.id, "match", row.MatchID)
		} else {
			t.s.log.Error("record result", "table", t.id, "err", err)
		}
		// The table is over all the same.
		if err := t.s.cfg.Store.SaveTable(ctx, row); err != nil {
			t.s.log.Error("persist table", "table", t.id, "err", err)
		}
		t.s.hub.refreshStats(users)
	} else {
		t.s.hub.setStats(t.game, rec.Stats)
	}
	earned := make(map[int64]bool, len(rec.Granted))
	for _, g := range rec.Granted {
		earned[g.UserID] = true
	}
	for _, id := range users {
		// Only a player this match earned something has news: anything
		// older was announced on connecting. Asking for everyone would
		// cost a query, under a lock all match ends share, per player.
		if err == nil && !earned[id] {
			continue
		}
		for _, c := range t.s.hub.connsOf(id) {
			t.s.announcePending(c)
		}
	}
}

// announcePending pushes the achievements the user has not been told of,
// and marks them announced.
func (s *Server) announcePending(c *conn) {
	// One announcement round at a time, and marked before pushed, so that
	// a match ending while the player reconnects cannot announce twice.
	s.announceMu.Lock()
	defer s.announceMu.Unlock()
	ctx, cancel := context.WithTimeout(s.ctx, 5*time.Second)
	defer cancel()
	list, err := s.cfg.Accounts.Unannounced(ctx, c.user.ID)
	if err != nil || len(list) == 0 {
		return
	}
	ids := make([]string, 0, len(list))
	for _, a := range list {
		ids = append(ids, a.ID)
	}
	if err := s.cfg.Accounts.MarkAnnounced(ctx, c.user.ID, ids); err != nil {
		s.log.Warn("mark announced", "user", c.user.ID, "err", err)
		return
	}
	for _, a := range list {
		c.push(mustJSON(map[string]any{"t": "achievement", "achievement": a}))
	}
}
