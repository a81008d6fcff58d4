package store

import (
	"context"
	"database/sql"
)

// The statistics of users per game (accounts_stats) and how the results
// of a finished match are written.

// GameStats are one user's record in one game, Glicko-2 rating included.
type GameStats struct {
	Played, Won, Tied      int64
	Rating, RD, Volatility float64
}

// StatsRow is what StatsInGame found for a user: Exists is false when the
// user has no row in the game yet (Stats is then zero).
type StatsRow struct {
	Stats  GameStats
	Exists bool
}

// StatsInGame reads the statistics in game of each of ids, in one query.
// Every id that is a user is in the map, with or without statistics; an id
// that is not a user is absent, so that the caller can refuse to count a
// match for someone who does not exist (the writer, which stores the
// result, does not check foreign keys: see exec).
func (s *Store) StatsInGame(ctx context.Context, game string, ids []int64) (map[int64]StatsRow, error) {
	if len(ids) == 0 {
		// "IN ()" is valid SQLite but not PostgreSQL.
		return map[int64]StatsRow{}, nil
	}
	args := make([]any, 0, len(ids)+1)
	args = append(args, game)
	for _, id := range ids {
		args = append(args, id)
	}
	rows, err := s.query(ctx, statsInGame(len(ids)), args...)
	if err != nil {
		return nil, err
	}
	out := make(map[int64]StatsRow, len(ids))
	if err := scanStatsRows(rows, out); err != nil {
		return nil, err
	}
	return out, nil
}

// statsInGame is StatsInGame's query for n users: the game is $1, the
// users $2 on.
func statsInGame(n int) string {
	return `SELECT u.id, s.played, s.won, s.tied, s.rating, s.rd, s.volatility
		FROM accounts_users u LEFT JOIN accounts_stats s ON s.user_id = u.id AND s.game = $1
		WHERE u.id IN (` + params(2, n) + `)`
}

// StatsFor returns the statistics of each of userIDs per game. Users with
// no games are absent from the map.
func (s *Store) StatsFor(ctx context.Context, userIDs []int64) (map[int64]map[string]GameStats, error) {
	out := map[int64]map[string]GameStats{}
	// Chunks keep the statement under every database's parameter limit.
	const chunk = 500
	for len(userIDs) > 0 {
		n := min(chunk, len(userIDs))
		ids := userIDs[:n]
		userIDs = userIDs[n:]
		args := make([]any, len(ids))
		for i, id := range ids {
			args[i] = id
		}
		if err := s.scanStats(ctx, out, `SELECT user_id, game, played, won, tied, rating, rd, volatility
			FROM accounts_stats WHERE user_id IN (`+params(1, len(ids))+`)`, args...); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// preparedUpTo is the number of users up to which StatsFor runs a
// prepared statement: a WebSocket connection asks for one user's stats
// and the end of a match for its players', each time the same few
// statements, whose parsing was most of their cost; a longer list (a
// whole lobby) is rare and would fill the cache with statements used
// once.
const preparedUpTo = 8

func (s *Store) scanStats(ctx context.Context, out map[int64]map[string]GameStats, query string, args ...any) error {
	var rows *sql.Rows
	var err error
	if len(args) <= preparedUpTo {
		rows, err = s.query(ctx, query, args...)
	} else {
		rows, err = s.db.QueryContext(ctx, query, args...)
	}
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		var id int64
		var game string
		var st GameStats
		if err := rows.Scan(&id, &game, &st.Played, &st.Won, &st.Tied, &st.Rating, &st.RD, &st.Volatility); err != nil {
			return err
		}
		if out[id] == nil {
			out[id] = map[string]GameStats{}
		}
		out[id][game] = st
	}
	return rows.Err()
}

// StatsWrite is a user's new statistics in a game. Exists says whether the
// user had a row in the game (StatsInGame), which picks an update or an
// insert: a plain statement each, which every engine runs alike.
type StatsWrite struct {
	UserID int64
	Game   string
	Stats  GameStats
	Exists bool
}

// Result is what counting a finished match writes (see CountResult).
type Result struct {
	Stats  []StatsWrite
	Grants []Grant // achievements earned; one already held is left as it is
}

// RecordResult stores r in the writer's next group commit, together with
// the caller's statements in also: all of them or, if one fails, none.
// It keeps nothing apart: statistics read earlier may have changed by the
// time it writes, on another server if not on this one. Counting a
// finished match is CountResult's job, which reads and writes the
// statistics with their users kept apart and counts a match once;
// RecordResult is for writes computed from nothing read (a test).
//
// The writer does not check foreign keys: the caller must have found the
// users (StatsInGame) first.
func (s *Store) RecordResult(ctx context.Context, r Result, also ...Stmt) error {
	return s.ExecAll(ctx, append(resultStmts(r, len(also)), also...)...)
}

// resultStmts are the statements that store r, with room for extra more.
func resultStmts(r Result, extra int) []Stmt {
	stmts := make([]Stmt, 0, len(r.Stats)+len(r.Grants)+extra)
	for _, w := range r.Stats {
		stmts = append(stmts, statsStmt(w))
	}
	for _, g := range r.Grants {
		stmts = append(stmts, Stmt{insertGrant, []any{g.UserID, g.Achievement, g.Game, millis(g.At)}})
	}
	return stmts
}

func statsStmt(w StatsWrite) Stmt {
	st := w.Stats
	if w.Exists {
		return Stmt{`UPDATE accounts_stats SET played = $1, won = $2, tied = $3, rating = $4, rd = $5, volatility = $6
			WHERE user_id = $7 AND game = $8`, []any{st.Played, st.Won, st.Tied, st.Rating, st.RD, st.Volatility, w.UserID, w.Game}}
	}
	return Stmt{`INSERT INTO accounts_stats (user_id, game, played, won, tied, rating, rd, volatility)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`, []any{w.UserID, w.Game, st.Played, st.Won, st.Tied, st.Rating, st.RD, st.Volatility}}
}
