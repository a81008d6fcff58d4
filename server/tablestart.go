package server

import (
	"context"
	"errors"

	"github.com/parlor-games/parlor/game"
	"github.com/parlor-games/parlor/match"
)

// startLocked creates the match. Callers hold t.mu.
func (t *table) startLocked(ctx context.Context) error {
	if t.status != statusOpen {
		return conflict("the table has already started")
	}
	if t.hasOpenLocked() {
		return conflict("every seat must be taken before the start")
	}
	if err := t.assignRolesLocked(); err != nil {
		return err
	}
	spec := match.Spec{Game: t.game, Options: t.options, Seed: newSeed(), Policy: matchPolicy(t.policy, len(t.seats)), BotTime: t.s.cfg.BotBudget, Unrated: t.unrated}
	for _, st := range t.seats {
		spec.Seats = append(spec.Seats, match.SeatSpec{Kind: st.Kind, Level: st.Level, UserID: st.UserID, Name: st.Name})
	}
	mt, err := t.s.cfg.Matches.Create(ctx, spec)
	if errors.Is(err, match.ErrNotStored) {
		t.s.log.Error("match not stored", "table", t.id, "err", err)
		return unavailable(err, "the match could not be stored; try again")
	}
	if err != nil {
		return err
	}
	t.matchID = mt.ID()
	t.status = statusPlaying
	// The match named its bots in the game's own words (game.BotName).
	for i, ss := range mt.Spec().Seats {
		if t.seats[i].Kind == match.Bot {
			t.seats[i].Name = ss.Name
		}
	}
	if err := t.persist(ctx); err != nil {
		return err
	}
	t.attachLocked(mt)
	// The first turns of a match just begun are news.
	t.turns.owing = nil
	t.noticeTurnsLocked(mt, true)
	return nil
}

func (t *table) attach(mt *match.Match) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.attachLocked(mt)
}

// attachLocked subscribes the table to its match: every update fans out to
// the table's watchers.
func (t *table) attachLocked(mt *match.Match) {
	t.mt = mt
	t.s.metrics.live.Inc()
	t.unsub = mt.Subscribe(t.onUpdate)
	mt.SetOnPause(func() { t.s.tables.changed(t) })
	t.giveVacationsLocked(mt)
	t.noticeTurnsLocked(mt, false)
	// Seats of humans not watching are gone as far as the match knows.
	connected := t.connectedLocked()
	for i, st := range t.seats {
		if st.Kind == match.Human {
			mt.SetConnected(game.Seat(i), connected[game.Seat(i)])
		}
	}
}

func handleTableStart(c *conn, data []byte) (any, error) {
	var req tableReq
	t, err := c.decodeForTable(data, &req)
	if err != nil {
		return nil, err
	}
	t.mu.Lock()
	if t.creator != c.user.ID {
		err = forbidden("only the table's creator can start it")
	} else {
		err = t.startLocked(c.h.s.ctx)
	}
	t.mu.Unlock()
	if err != nil {
		return nil, err
	}
	c.h.s.tables.changed(t)
	return map[string]any{"table": t.json(c.user.ID)}, nil
}
