package server

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/parlor-games/parlor/game"
	"github.com/parlor-games/parlor/match"
	"github.com/parlor-games/parlor/store"
)

// load reads every table that is not over and reattaches playing tables to
// their recovered matches.
func (ts *tables) load(ctx context.Context) error {
	rows, err := ts.s.cfg.Store.ListOpenTables(ctx)
	if err != nil {
		return fmt.Errorf("server: load tables: %w", err)
	}
	if err := ts.adopt(ctx, rows); err != nil {
		return err
	}
	ts.mu.Lock()
	n := len(ts.m)
	ts.mu.Unlock()
	ts.s.log.Info("tables loaded", "count", n)
	return nil
}

// adopt makes the tables of rows this server's: at start-up, and when
// this node takes the tables of a node that died. The matches of playing
// tables must have been recovered first. A table already here is left
// alone.
func (ts *tables) adopt(ctx context.Context, rows []store.TableRow) error {
	var loaded []*table
	for _, r := range rows {
		t := &table{s: ts.s, watchers: make(map[*conn]*watch),
			id: r.ID, game: r.Game, options: r.Options, creator: r.Creator, creatorName: r.CreatorName,
			spectatorChat: r.SpectatorChat, matchID: r.MatchID, status: r.Status, created: r.Created}
		if err := json.Unmarshal(r.Seats, &t.seats); err != nil {
			return fmt.Errorf("server: table %s: seats: %w", t.id, err)
		}
		if err := json.Unmarshal(r.Policy, &t.policy); err != nil {
			return fmt.Errorf("server: table %s: policy: %w", t.id, err)
		}
		def, err := ts.s.reg.Lookup(t.game)
		if err != nil {
			ts.s.log.Warn("table of an unknown game skipped", "table", t.id, "err", err)
			continue
		}
		t.def = def
		t.unrated = r.Unrated || hasScenario(def, t.options)
		loaded = append(loaded, t)
	}
	ts.loadInvited(ctx, loaded)
	for _, t := range loaded {
		ts.mu.Lock()
		_, dup := ts.m[t.id]
		ts.mu.Unlock()
		if dup {
			continue
		}
		if t.status == statusPlaying {
			mt, ok := ts.s.cfg.Matches.Get(t.matchID)
			if !ok && ts.endedUncounted(ctx, t) {
				ts.put(t)
				continue
			}
			if !ok {
				ts.s.log.Warn("table's match was not recovered; marking it over", "table", t.id, "match", t.matchID)
				t.status = statusOver
				_ = t.persist(ctx)
				continue
			}
			t.unrated = t.unrated || mt.Spec().Unrated
			t.attach(mt)
			if o := mt.Outcome(); o != nil {
				// It ended just before the crash: record it now.
				ts.s.finishLater(t, match.Update{Seq: mt.Seq(), Outcome: o})
			}
		}
		ts.put(t)
	}
	return nil
}

// endedUncounted handles a table still "playing" whose match the manager
// did not recover because the match's end is stored: the server stopped
// after storing the end and before counting the results (finish stores
// those with the table's row marked over). It counts them now and
// reports whether it did.
func (ts *tables) endedUncounted(ctx context.Context, t *table) bool {
	ml, err := ts.s.cfg.Store.LoadMatch(ctx, t.matchID)
	if err != nil || !ml.Finished {
		return false
	}
	var o game.Outcome
	if err := json.Unmarshal(ml.Outcome, &o); err != nil {
		ts.s.log.Warn("stored outcome unreadable", "table", t.id, "match", t.matchID, "err", err)
		return false
	}
	ts.s.finishLater(t, match.Update{Outcome: &o})
	return true
}
