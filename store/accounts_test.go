package store

import (
	"context"
	"database/sql"
	"errors"
	"path/filepath"
	"testing"
	"time"
)

var t0 = time.UnixMilli(1700000000000).UTC()

func mustUser(t *testing.T, s *Store, name string, guest bool) int64 {
	t.Helper()
	hash := ""
	if !guest {
		hash = "hash of " + name
	}
	id, err := s.CreateUser(context.Background(), NewUser{Name: name, Key: name, Guest: guest, PasswordHash: hash, Created: t0})
	if err != nil {
		t.Fatal(err)
	}
	return id
}

// A name is held by an account for good, and by a guest while one of its
// sessions lives.
func TestUserNames(t *testing.T) {
	eachBackend(t, func(t *testing.T, b backend) {
		ctx := context.Background()
		s, _ := b.openTemp(t)
		ann := mustUser(t, s, "ann", false)
		if _, err := s.CreateUser(ctx, NewUser{Name: "Ann", Key: "ann", Created: t0}); !errors.Is(err, ErrNameTaken) {
			t.Fatalf("a second ann: %v", err)
		}
		u, hash, err := s.UserCredentials(ctx, "ann")
		if err != nil || u != (User{ID: ann, Name: "ann"}) || hash != "hash of ann" {
			t.Fatalf("credentials: %+v %q %v", u, hash, err)
		}
		if _, _, err := s.UserCredentials(ctx, "nobody"); !errors.Is(err, ErrNotFound) {
			t.Fatalf("credentials of nobody: %v", err)
		}

		gus := mustUser(t, s, "gus", true)
		if _, hash, _ := s.UserCredentials(ctx, "gus"); hash != "" {
			t.Fatalf("a guest has a password: %q", hash)
		}
		if err := s.CreateSession(ctx, Session{TokenHash: "g1", UserID: gus, Created: t0, Expires: t0.Add(time.Hour)}); err != nil {
			t.Fatal(err)
		}
		if err := s.ReserveName(ctx, "gus", t0); !errors.Is(err, ErrNameTaken) {
			t.Fatalf("a guest's name with a live session: %v", err)
		}
		// Once the session has expired the name is free; the old guest keeps
		// its row but no longer holds the name.
		if err := s.ReserveName(ctx, "gus", t0.Add(2*time.Hour)); err != nil {
			t.Fatalf("a guest's name after its session: %v", err)
		}
		if _, err := s.UserByNameKey(ctx, "gus"); !errors.Is(err, ErrNotFound) {
			t.Fatalf("the released name still finds its guest: %v", err)
		}
		if u, err := s.UserByID(ctx, gus); err != nil || !u.Guest {
			t.Fatalf("the old guest: %+v %v", u, err)
		}
		if ok, err := s.ClaimGuest(ctx, gus, "h"); ok || err != nil {
			t.Fatalf("claimed a guest without a name: %v %v", ok, err)
		}
		if ok, err := s.ClaimGuest(ctx, ann, "h"); ok || err != nil {
			t.Fatalf("claimed an account: %v %v", ok, err)
		}
	})
}

// Sessions: found with their user, extended only forward, and ending a
// guest's last one frees its name.
func TestSessions(t *testing.T) {
	eachBackend(t, func(t *testing.T, b backend) {
		ctx := context.Background()
		s, _ := b.openTemp(t)
		gus := mustUser(t, s, "gus", true)
		if err := s.CreateSession(ctx, Session{TokenHash: "a", UserID: gus, Created: t0, Expires: t0.Add(time.Hour)}); err != nil {
			t.Fatal(err)
		}
		u, exp, err := s.SessionUser(ctx, "a")
		if err != nil || u.ID != gus || !exp.Equal(t0.Add(time.Hour)) {
			t.Fatalf("session a: %+v %v %v", u, exp, err)
		}
		if err := s.ExtendSession(ctx, "a", t0.Add(3*time.Hour)); err != nil {
			t.Fatal(err)
		}
		if err := s.ExtendSession(ctx, "a", t0.Add(2*time.Hour)); err != nil {
			t.Fatal(err)
		}
		if _, exp, _ := s.SessionUser(ctx, "a"); !exp.Equal(t0.Add(3 * time.Hour)) {
			t.Fatalf("expiry %v, want it moved forward only", exp)
		}
		// A new session sweeps the expired ones.
		if err := s.CreateSession(ctx, Session{TokenHash: "b", UserID: gus, Created: t0.Add(4 * time.Hour), Expires: t0.Add(5 * time.Hour)}); err != nil {
			t.Fatal(err)
		}
		if _, _, err := s.SessionUser(ctx, "a"); !errors.Is(err, ErrNotFound) {
			t.Fatalf("expired session a: %v", err)
		}
		if err := s.EndSession(ctx, "b", t0.Add(4*time.Hour)); err != nil {
			t.Fatal(err)
		}
		if _, err := s.UserByNameKey(ctx, "gus"); !errors.Is(err, ErrNotFound) {
			t.Fatalf("a guest's name after its last session: %v", err)
		}
		if err := s.EndSession(ctx, "unknown", t0); err != nil {
			t.Fatalf("ending an unknown session: %v", err)
		}
	})
}

// A result is stored with the caller's statements, all or none.
func TestRecordResultAllOrNone(t *testing.T) {
	eachBackend(t, func(t *testing.T, b backend) {
		ctx := context.Background()
		s, _ := b.openTemp(t)
		ann, bob := mustUser(t, s, "ann", false), mustUser(t, s, "bob", false)
		got, err := s.StatsInGame(ctx, "dots", []int64{ann, bob, 999})
		if err != nil || len(got) != 2 || got[ann].Exists || got[bob].Exists {
			t.Fatalf("stats before any game: %+v %v", got, err)
		}
		won := GameStats{Played: 1, Won: 1, Rating: 1600, RD: 300, Volatility: 0.06}
		lost := GameStats{Played: 1, Rating: 1400, RD: 300, Volatility: 0.06}
		table := TableRow{ID: "t1", Game: "dots", Options: []byte(`{}`), Seats: []byte(`[]`), Policy: []byte(`{}`), Status: TableOver, Created: t0}
		r := Result{
			Stats:  []StatsWrite{{UserID: ann, Game: "dots", Stats: won}, {UserID: bob, Game: "dots", Stats: lost}},
			Grants: []Grant{{UserID: ann, Achievement: "dots.first-win", Game: "dots", At: t0}},
		}
		if err := s.RecordResult(ctx, r, s.SaveTableStmt(table)); err != nil {
			t.Fatal(err)
		}
		if row, err := s.Table(ctx, "t1"); err != nil || row.Status != TableOver {
			t.Fatalf("the table stored with the result: %+v %v", row, err)
		}
		all, err := s.StatsFor(ctx, []int64{ann, bob})
		if err != nil || all[ann]["dots"] != won || all[bob]["dots"] != lost {
			t.Fatalf("stats: %+v %v", all, err)
		}
		held, err := s.HeldAchievements(ctx, "dots", []int64{ann, bob})
		if err != nil || len(held) != 1 || !held[Held{ann, "dots.first-win"}] {
			t.Fatalf("held: %+v %v", held, err)
		}

		// The second result fails on its last statement: its stats updates
		// and grant must not be kept.
		r2 := Result{
			Stats:  []StatsWrite{{UserID: ann, Game: "dots", Stats: GameStats{Played: 2, Won: 2}, Exists: true}},
			Grants: []Grant{{UserID: ann, Achievement: "dots.other", Game: "dots", At: t0}},
		}
		bad := Stmt{`INSERT INTO server_tables (id) VALUES ($1)`, []any{"t2"}} // NOT NULL columns missing
		if err := s.RecordResult(ctx, r2, bad); err == nil {
			t.Fatal("a result with a failing statement was stored")
		}
		if got, _ := s.StatsInGame(ctx, "dots", []int64{ann}); got[ann].Stats != won {
			t.Fatalf("stats after a failed result: %+v", got[ann])
		}
		if list, _ := s.Achievements(ctx, ann, false); len(list) != 1 {
			t.Fatalf("achievements after a failed result: %+v", list)
		}

		if err := s.MarkAnnounced(ctx, ann, []string{"dots.first-win", "unknown"}); err != nil {
			t.Fatal(err)
		}
		if list, err := s.Achievements(ctx, ann, true); err != nil || len(list) != 0 {
			t.Fatalf("unannounced after marking: %+v %v", list, err)
		}
		fresh, err := s.GrantAchievements(ctx, []Grant{{ann, "dots.first-win", "dots", t0}, {ann, "dots.tie", "dots", t0}})
		if err != nil || fresh[0] || !fresh[1] {
			t.Fatalf("grants: %v %v", fresh, err)
		}
	})
}

// ListOpenTables lists the tables not over, as they were saved; a save
// of an existing table changes only what may change.
func TestTables(t *testing.T) {
	eachBackend(t, func(t *testing.T, b backend) {
		ctx := context.Background()
		s, _ := b.openTemp(t)
		open := TableRow{ID: "a", Game: "dots", Options: []byte(`{"rows":3}`), Seats: []byte(`[{"kind":"open"}]`), Creator: 7, CreatorName: "Ann",
			SpectatorChat: true, Policy: []byte(`{"grace":30}`), Status: TableOpen, Created: t0, Unrated: true}
		over := TableRow{ID: "b", Game: "dots", Options: []byte(`{}`), Seats: []byte(`[]`), Policy: []byte(`{}`), Status: TableOver, Created: t0}
		for _, r := range []TableRow{open, over} {
			if err := s.SaveTable(ctx, r); err != nil {
				t.Fatal(err)
			}
		}
		open.Status, open.MatchID, open.Game = TablePlaying, "m1", "changed"
		if err := s.SaveTable(ctx, open); err != nil {
			t.Fatal(err)
		}
		rows, err := s.ListOpenTables(ctx)
		if err != nil || len(rows) != 1 {
			t.Fatalf("open tables: %+v %v", rows, err)
		}
		got := rows[0]
		if got.ID != "a" || got.Game != "dots" || got.Status != TablePlaying || got.MatchID != "m1" || string(got.Options) != `{"rows":3}` ||
			string(got.Seats) != `[{"kind":"open"}]` || string(got.Policy) != `{"grace":30}` || got.Creator != 7 || got.CreatorName != "Ann" ||
			!got.SpectatorChat || !got.Unrated || !got.Created.Equal(t0) {
			t.Fatalf("table a: %+v", got)
		}
		if _, err := s.Table(ctx, "nope"); !errors.Is(err, ErrNotFound) {
			t.Fatalf("an unknown table: %v", err)
		}
	})
}

// A file made before the store owned the accounts tables has them
// already (the accounts package made them itself, outside the
// migrations): it opens, and keeps its rows.
func TestAccountsTablesOfOlderFiles(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "old.db")
	db, err := sql.Open("sqlite3", "file:"+path)
	if err != nil {
		t.Fatal(err)
	}
	// The accounts package made the first seven steps itself; the later
	// ones (the guest key) were only ever migrations.
	for _, stmt := range accountsSchema[:7] {
		if _, err := db.Exec(stmt); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := db.Exec(`INSERT INTO accounts_users (name, name_key, guest, password, created_ms) VALUES ('Ann', 'ann', 0, 'h', 1)`); err != nil {
		t.Fatal(err)
	}
	db.Close()
	s, err := Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if u, err := s.UserByNameKey(ctx, "ann"); err != nil || u.Name != "Ann" {
		t.Fatalf("ann: %+v %v", u, err)
	}
}

// BenchmarkConnectLookups is what the server asks the store when a
// WebSocket connects: whose session the cookie is, then that user's
// stats for the lobby. Every page load and every reconnect pays it.
func BenchmarkConnectLookups(b *testing.B) {
	ctx := context.Background()
	s, _ := openTemp(b)
	id, err := s.CreateUser(ctx, NewUser{Name: "ann", Key: "ann", Guest: true, Created: t0})
	if err != nil {
		b.Fatal(err)
	}
	if err := s.CreateSession(ctx, Session{TokenHash: "t", UserID: id, Created: t0, Expires: t0.Add(time.Hour)}); err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		if u, _, err := s.SessionUser(ctx, "t"); err != nil || u.ID != id {
			b.Fatalf("session: %+v %v", u, err)
		}
		if _, err := s.StatsFor(ctx, []int64{id}); err != nil {
			b.Fatal(err)
		}
	}
}
