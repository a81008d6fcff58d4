package server

import (
	"context"
	"slices"
)

// Private tables: the table an accepted challenge opens (challenge.go) is
// the two players' alone. The lobby lists it to nobody (the players learn
// of it from the challenge's news), only they may watch it, and the
// invite link describes it to nobody else; every seat is taken when it
// opens, so nobody else can sit either. Who is invited is in the store
// (store.ChallengeTable), so that a table keeps its privacy over a
// restart and a hand-over to another node.

// private reports whether the table is a private one. invited is set
// when the table is made or loaded, and never changes.
func (t *table) private() bool { return len(t.invited) > 0 }

// mayView reports whether user (0 for nobody signed in) may see and
// watch the table.
func (t *table) mayView(user int64) bool {
	return !t.private() || (user != 0 && slices.Contains(t.invited, user))
}

// loadInvited reads who is invited to those of tables that are private.
// A store that cannot say leaves them public, with a warning: a game the
// lobby shows is the lesser harm than one its players cannot reach.
func (ts *tables) loadInvited(ctx context.Context, tables []*table) {
	st, err := ts.s.socialStore()
	if err != nil || len(tables) == 0 {
		return
	}
	ids := make([]string, len(tables))
	for i, t := range tables {
		ids[i] = t.id
	}
	inv, err := st.PrivateTables(ctx, ids)
	if err != nil {
		ts.s.log.Warn("private tables not read", "err", err)
		return
	}
	for _, t := range tables {
		t.invited = inv[t.id]
	}
}
