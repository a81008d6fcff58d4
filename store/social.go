package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"time"
)

// The ties between players: whom each follows, blocks and mutes, the
// challenges they send each other, and the private tables a challenge
// opens. Each is a small table keyed by the user who chose; the server
// keeps what it reads in memory and asks again after a change.

// Relation is one kind of tie a user makes to another. Its values name
// the tables that keep them and are also the protocol's words, so they
// must never change.
type Relation string

// The ties a user can make.
const (
	// Follow: the target is among the user's friends.
	Follow Relation = "follow"
	// Block: the target may not challenge, follow or write to the user,
	// and the user does not see the target's chat.
	Block Relation = "block"
	// Mute: the user does not see the target's chat.
	Mute Relation = "mute"
)

// Valid reports whether r is one of the ties.
func (r Relation) Valid() bool { return r == Follow || r == Block || r == Mute }

// table is the SQL table of the tie.
func (r Relation) table() string {
	switch r {
	case Follow:
		return "social_follows"
	case Block:
		return "social_blocks"
	default:
		return "social_mutes"
	}
}

// socialSchema is the tables of the social ties, migrated under the owner
// "social"; pgSocialSchema (pgschema.go) is the same on PostgreSQL.
var socialSchema = []string{
	`CREATE TABLE social_follows (
		user_id INTEGER NOT NULL,
		target INTEGER NOT NULL,
		created INTEGER NOT NULL,
		PRIMARY KEY (user_id, target)
	)`,
	`CREATE INDEX social_follows_target ON social_follows (target)`,
	`CREATE TABLE social_blocks (
		user_id INTEGER NOT NULL,
		target INTEGER NOT NULL,
		created INTEGER NOT NULL,
		PRIMARY KEY (user_id, target)
	)`,
	`CREATE INDEX social_blocks_target ON social_blocks (target)`,
	`CREATE TABLE social_mutes (
		user_id INTEGER NOT NULL,
		target INTEGER NOT NULL,
		created INTEGER NOT NULL,
		PRIMARY KEY (user_id, target)
	)`,
	`CREATE TABLE social_challenges (
		id TEXT PRIMARY KEY,
		from_user INTEGER NOT NULL,
		from_name TEXT NOT NULL,
		to_user INTEGER NOT NULL,
		to_name TEXT NOT NULL,
		game TEXT NOT NULL,
		settings TEXT NOT NULL,
		created INTEGER NOT NULL,
		until INTEGER NOT NULL,
		state TEXT NOT NULL,
		table_id TEXT NOT NULL DEFAULT ''
	)`,
	`CREATE INDEX social_challenges_to ON social_challenges (to_user, state)`,
	`CREATE INDEX social_challenges_from ON social_challenges (from_user, state)`,
	`CREATE TABLE social_private_tables (
		table_id TEXT NOT NULL,
		user_id INTEGER NOT NULL,
		PRIMARY KEY (table_id, user_id)
	)`,
}

// Tie is one tie of a user's, with the target's current name.
type Tie struct {
	Relation Relation
	UserID   int64
	Name     string
}

// SetTie makes (on) or undoes (off) the tie of kind rel from user to
// target. Making one twice, or undoing one never made, changes nothing.
func (s *Store) SetTie(ctx context.Context, rel Relation, user, target int64, on bool, now time.Time) error {
	if !rel.Valid() {
		return fmt.Errorf("store: no tie %q", rel)
	}
	var err error
	if on {
		_, err = s.db.ExecContext(ctx, `INSERT INTO `+rel.table()+` (user_id, target, created) VALUES ($1, $2, $3) ON CONFLICT (user_id, target) DO NOTHING`,
			user, target, millis(now))
	} else {
		_, err = s.db.ExecContext(ctx, `DELETE FROM `+rel.table()+` WHERE user_id = $1 AND target = $2`, user, target)
	}
	if err != nil {
		return fmt.Errorf("store: %s: %w", rel, err)
	}
	return nil
}

// Ties lists every tie user has made, of every kind, with the targets'
// names as they are now, by name. Every WebSocket that connects asks
// (warmTies), so its three reads run prepared statements: parsing them
// anew was 4% of a move's CPU in the peer benchmark, whose players
// connect anew for every match.
func (s *Store) Ties(ctx context.Context, user int64) ([]Tie, error) {
	var out []Tie
	for _, rel := range []Relation{Follow, Block, Mute} {
		rows, err := s.query(ctx, `SELECT t.target, u.name FROM `+rel.table()+` t JOIN accounts_users u ON u.id = t.target WHERE t.user_id = $1 ORDER BY u.name`, user)
		if err != nil {
			return nil, fmt.Errorf("store: ties: %w", err)
		}
		for rows.Next() {
			t := Tie{Relation: rel}
			if err := rows.Scan(&t.UserID, &t.Name); err != nil {
				rows.Close()
				return nil, fmt.Errorf("store: ties: %w", err)
			}
			out = append(out, t)
		}
		err = rows.Err()
		rows.Close()
		if err != nil {
			return nil, fmt.Errorf("store: ties: %w", err)
		}
	}
	return out, nil
}

// Followers lists the users who follow target: those to tell when target
// comes online. A block either way leaves the follower out: a player
// blocked by target must not learn when target is about.
func (s *Store) Followers(ctx context.Context, target int64) ([]int64, error) {
	rows, err := s.query(ctx, `SELECT f.user_id FROM social_follows f WHERE f.target = $1
		AND NOT EXISTS (SELECT 1 FROM social_blocks b
			WHERE (b.user_id = $1 AND b.target = f.user_id) OR (b.user_id = f.user_id AND b.target = $1))
		ORDER BY f.user_id`, target)
	if err != nil {
		return nil, fmt.Errorf("store: followers: %w", err)
	}
	defer rows.Close()
	var out []int64
	for rows.Next() {
		var id int64
		if err := rows.Scan(&id); err != nil {
			return nil, fmt.Errorf("store: followers: %w", err)
		}
		out = append(out, id)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("store: followers: %w", err)
	}
	return out, nil
}

// Blocks reports whether user has blocked target.
func (s *Store) Blocks(ctx context.Context, user, target int64) (bool, error) {
	var n int
	err := s.db.QueryRowContext(ctx, `SELECT COUNT(*) FROM social_blocks WHERE user_id = $1 AND target = $2`, user, target).Scan(&n)
	if err != nil {
		return false, fmt.Errorf("store: blocks: %w", err)
	}
	return n > 0, nil
}

// ChallengeState is where a challenge stands. The values are the
// protocol's and the state column's.
type ChallengeState string

// The states of a challenge.
const (
	ChallengeOpen      ChallengeState = "open"
	ChallengeAccepted  ChallengeState = "accepted"
	ChallengeDeclined  ChallengeState = "declined"
	ChallengeWithdrawn ChallengeState = "withdrawn"
	ChallengeLapsed    ChallengeState = "lapsed"
)

// Challenge is a challenge as stored. Settings is the game's options and
// the table's settings as the server encodes them.
type Challenge struct {
	ID       string
	From     int64
	FromName string
	To       int64
	ToName   string
	Game     string
	Settings json.RawMessage
	Created  time.Time
	Until    time.Time
	State    ChallengeState
	Table    string
}

const challengeColumns = `id, from_user, from_name, to_user, to_name, game, settings, created, until, state, table_id`

func scanChallenge(sc interface{ Scan(...any) error }) (Challenge, error) {
	var c Challenge
	var settings, state string
	var created, until int64
	if err := sc.Scan(&c.ID, &c.From, &c.FromName, &c.To, &c.ToName, &c.Game, &settings, &created, &until, &state, &c.Table); err != nil {
		return Challenge{}, err
	}
	c.Settings, c.State = json.RawMessage(settings), ChallengeState(state)
	c.Created, c.Until = fromMillis(created), fromMillis(until)
	return c, nil
}

// AddChallenge stores a new open challenge.
func (s *Store) AddChallenge(ctx context.Context, c Challenge) error {
	_, err := s.db.ExecContext(ctx, `INSERT INTO social_challenges (`+challengeColumns+`) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
		c.ID, c.From, c.FromName, c.To, c.ToName, c.Game, string(c.Settings), millis(c.Created), millis(c.Until), string(ChallengeOpen), "")
	if err != nil {
		return fmt.Errorf("store: add challenge: %w", err)
	}
	return nil
}

// Challenge reads one challenge; ErrNotFound if there is none.
func (s *Store) Challenge(ctx context.Context, id string) (Challenge, error) {
	c, err := scanChallenge(s.db.QueryRowContext(ctx, `SELECT `+challengeColumns+` FROM social_challenges WHERE id = $1`, id))
	if errors.Is(err, sql.ErrNoRows) {
		return Challenge{}, ErrNotFound
	}
	if err != nil {
		return Challenge{}, fmt.Errorf("store: challenge: %w", err)
	}
	return c, nil
}

// OpenChallenges lists the challenges sent to or by user that are open
// and not lapsed at now, oldest first. Every WebSocket that connects
// asks, so it runs a prepared statement (see Ties).
func (s *Store) OpenChallenges(ctx context.Context, user int64, now time.Time) ([]Challenge, error) {
	rows, err := s.query(ctx, `SELECT `+challengeColumns+` FROM social_challenges
		WHERE (to_user = $1 OR from_user = $1) AND state = $2 AND until > $3 ORDER BY created`, user, string(ChallengeOpen), millis(now))
	if err != nil {
		return nil, fmt.Errorf("store: open challenges: %w", err)
	}
	defer rows.Close()
	var out []Challenge
	for rows.Next() {
		c, err := scanChallenge(rows)
		if err != nil {
			return nil, fmt.Errorf("store: open challenges: %w", err)
		}
		out = append(out, c)
	}
	return out, rows.Err()
}

// CountOpenChallenges counts the open challenges from user to target that
// have not lapsed by now, so that a player cannot pile them up.
func (s *Store) CountOpenChallenges(ctx context.Context, from int64, now time.Time) (int, error) {
	var n int
	err := s.db.QueryRowContext(ctx, `SELECT COUNT(*) FROM social_challenges WHERE from_user = $1 AND state = $2 AND until > $3`,
		from, string(ChallengeOpen), millis(now)).Scan(&n)
	if err != nil {
		return 0, fmt.Errorf("store: count challenges: %w", err)
	}
	return n, nil
}

// EndChallenge moves an open challenge that has not lapsed by now to
// state, and reports whether it did: false when it was answered, or had
// lapsed, already. Of two nodes answering one challenge at once, one
// wins.
func (s *Store) EndChallenge(ctx context.Context, id string, state ChallengeState, now time.Time) (bool, error) {
	res, err := s.db.ExecContext(ctx, `UPDATE social_challenges SET state = $1 WHERE id = $2 AND state = $3 AND until > $4`,
		string(state), id, string(ChallengeOpen), millis(now))
	if err != nil {
		return false, fmt.Errorf("store: end challenge: %w", err)
	}
	n, err := res.RowsAffected()
	if err != nil {
		return false, fmt.Errorf("store: end challenge: %w", err)
	}
	return n == 1, nil
}

// ReopenChallenge gives back an accepted challenge whose table could not
// be opened, so that it can be accepted again.
func (s *Store) ReopenChallenge(ctx context.Context, id string) error {
	_, err := s.db.ExecContext(ctx, `UPDATE social_challenges SET state = $1 WHERE id = $2 AND state = $3 AND table_id = ''`,
		string(ChallengeOpen), id, string(ChallengeAccepted))
	if err != nil {
		return fmt.Errorf("store: reopen challenge: %w", err)
	}
	return nil
}

// LapseChallenge marks a challenge lapsed if it is still open, and
// reports whether it did.
func (s *Store) LapseChallenge(ctx context.Context, id string) (bool, error) {
	res, err := s.db.ExecContext(ctx, `UPDATE social_challenges SET state = $1 WHERE id = $2 AND state = $3`,
		string(ChallengeLapsed), id, string(ChallengeOpen))
	if err != nil {
		return false, fmt.Errorf("store: lapse challenge: %w", err)
	}
	n, _ := res.RowsAffected()
	return n == 1, nil
}

// ChallengeTable records the private table an accepted challenge opened
// and the people invited to it, in one transaction.
func (s *Store) ChallengeTable(ctx context.Context, id, table string, invited []int64) error {
	return s.inTx(ctx, func(tx *sql.Tx) error {
		if _, err := tx.ExecContext(ctx, `UPDATE social_challenges SET table_id = $1 WHERE id = $2`, table, id); err != nil {
			return err
		}
		for _, u := range invited {
			if _, err := tx.ExecContext(ctx, `INSERT INTO social_private_tables (table_id, user_id) VALUES ($1, $2) ON CONFLICT (table_id, user_id) DO NOTHING`, table, u); err != nil {
				return err
			}
		}
		return nil
	})
}

// PrivateTables returns, of the tables named, those that are private,
// with the users invited to each.
func (s *Store) PrivateTables(ctx context.Context, ids []string) (map[string][]int64, error) {
	out := make(map[string][]int64)
	for len(ids) > 0 {
		n := min(len(ids), 500)
		args := make([]any, n)
		for i, id := range ids[:n] {
			args[i] = id
		}
		ids = ids[n:]
		rows, err := s.db.QueryContext(ctx, `SELECT table_id, user_id FROM social_private_tables WHERE table_id IN (`+params(1, n)+`)`, args...)
		if err != nil {
			return nil, fmt.Errorf("store: private tables: %w", err)
		}
		for rows.Next() {
			var t string
			var u int64
			if err := rows.Scan(&t, &u); err != nil {
				rows.Close()
				return nil, fmt.Errorf("store: private tables: %w", err)
			}
			out[t] = append(out[t], u)
		}
		err = rows.Err()
		rows.Close()
		if err != nil {
			return nil, fmt.Errorf("store: private tables: %w", err)
		}
	}
	return out, nil
}

// PrivateTable is a private table a user is invited to, not over: the
// lobby lists it to nobody, so the user finds it here.
type PrivateTable struct {
	ID       string
	Game     string
	From     int64
	FromName string
	ToName   string
}

// PrivateTablesOf lists the private tables, not over, that the accepted
// challenges to or from user opened, oldest first.
func (s *Store) PrivateTablesOf(ctx context.Context, user int64) ([]PrivateTable, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT c.table_id, c.game, c.from_user, c.from_name, c.to_name FROM social_challenges c
		JOIN server_tables t ON t.id = c.table_id
		WHERE (c.from_user = $1 OR c.to_user = $1) AND c.state = $2 AND t.status != $3 ORDER BY c.created`,
		user, string(ChallengeAccepted), string(TableOver))
	if err != nil {
		return nil, fmt.Errorf("store: private tables: %w", err)
	}
	defer rows.Close()
	var out []PrivateTable
	for rows.Next() {
		var p PrivateTable
		if err := rows.Scan(&p.ID, &p.Game, &p.From, &p.FromName, &p.ToName); err != nil {
			return nil, fmt.Errorf("store: private tables: %w", err)
		}
		out = append(out, p)
	}
	return out, rows.Err()
}
