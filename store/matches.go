package store

import (
	"cmp"
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"time"

	"github.com/parlor-games/parlor/game"
)

// MatchHeader is what a match starts from: everything but its moves.
type MatchHeader struct {
	ID      string
	Game    string
	Options json.RawMessage // the game's options as given; may be empty
	Seed    uint64
	// Seats and Settings are owned by package match (who sits where, the
	// disconnect policy and clocks); the store keeps them as JSON.
	Seats    json.RawMessage
	Settings json.RawMessage
	Created  time.Time
	// Holders are the users holding a seat, each once: stored beside the
	// match (match_players) so that a player's matches are found by id.
	// The match's creator, who knows the seats' shape, names them.
	Holders []int64
}

// Record is one numbered entry of a match's log: either a game move (Move
// set) or a decision of the match itself, such as a timeout or a bot taking
// over a seat (Event set). Index counts from 1 and is the match's sequence
// number.
type Record struct {
	Match string
	Index int64
	Seat  game.Seat
	Move  json.RawMessage // canonical JSON of the move; nil for a match-level record
	Event json.RawMessage // match-level record, as package match encodes it; nil for a move
	At    time.Time       // when it was accepted; clocks are rebuilt from it
}

// MatchLog is a stored match: header, every record in order, and the end
// once there is one.
type MatchLog struct {
	MatchHeader
	Records  []Record
	Finished bool
	Outcome  json.RawMessage // set when Finished
	Reason   string
	// Paused is when the match paused, zero while it is not paused, and
	// PausedSeat the seat whose absence paused it (see SetPaused).
	Paused     time.Time
	PausedSeat game.Seat
}

// Log returns the game log: header and game moves, and the decisions of
// carried votes, without the other match-level records.
func (m *MatchLog) Log() game.Log {
	l := game.Log{Game: m.Game, Options: m.Options, Seed: m.Seed, Moves: make([]game.Entry, 0, len(m.Records))}
	for _, r := range m.Records {
		if r.Move != nil {
			l.Moves = append(l.Moves, game.Entry{Seat: r.Seat, Move: r.Move})
			continue
		}
		// A match-level record changes the game only when it is a
		// carried vote's decision (match/vote.go), which it names in
		// its field "decision".
		var d struct {
			Decision game.Decision `json:"decision"`
		}
		if json.Unmarshal(r.Event, &d) == nil && d.Decision != "" {
			l.Moves = append(l.Moves, game.Entry{Seat: r.Seat, Decision: d.Decision})
		}
	}
	return l
}

// CreateMatch stores a new match's header. The ID must be new.
func (s *Store) CreateMatch(ctx context.Context, h MatchHeader) error {
	if h.ID == "" || h.Game == "" {
		return errors.New("store: a match needs an id and a game")
	}
	opts, err := jsonText(h.Options, "null", "options")
	if err != nil {
		return err
	}
	seats, err := jsonText(h.Seats, "[]", "seats")
	if err != nil {
		return err
	}
	settings, err := jsonText(h.Settings, "{}", "settings")
	if err != nil {
		return err
	}
	created := h.Created
	if created.IsZero() {
		created = time.Now()
	}
	// Through the writer, so the header shares the next group commit's
	// transaction and sync instead of paying for its own, and the writer
	// learns of the match without reading it back at its first append.
	// The seats' holders go with it, in the same commit: a match is
	// never stored without them (see FinishedMatchesOf).
	stmts := []Stmt{{insertMatch, []any{h.ID, h.Game, opts, int64(h.Seed), seats, settings, millis(created)}}}
	for i, u := range h.Holders {
		if u != 0 && !slices.Contains(h.Holders[:i], u) {
			stmts = append(stmts, Stmt{insertPlayer, []any{u, h.ID}})
		}
	}
	req := s.reqPool.Get().(*request)
	req.kind = opExec
	req.stmts = stmts
	req.rec = Record{Match: h.ID}
	err = s.submit(ctx, req)
	s.putExec(req)
	if err != nil {
		return fmt.Errorf("store: create match %s: %w", h.ID, err)
	}
	return nil
}

const (
	insertMatch  = `INSERT INTO matches (id, game, options, seed, seats, settings, created) VALUES ($1, $2, $3, $4, $5, $6, $7)`
	insertPlayer = `INSERT INTO match_players (user_id, match_id) VALUES ($1, $2)`
)

// exec runs one write statement (INSERT, UPDATE, DELETE; parameters $1,
// $2, ...) in the writer's next group commit and returns once that has
// committed, so the write is as durable as an Append. It is for small,
// frequent writes that must be durable when the call returns (a table's
// row, a line of chat): a transaction of their own would cost a commit
// and a sync each, while here they share the batch's. Arguments may be
// nil, int, int64, bool, float64, string, []byte or json.RawMessage
// (stored as text).
//
// A failing statement fails only its own call: the rest of its batch is
// retried without it. The SQLite writer's connection does not enforce
// foreign keys (see newRawWriter; PostgreSQL's does): a write to a table
// with REFERENCES clauses must have its referenced rows checked first
// (CountResult reads its users first) or go through
// a transaction on the database instead. Like Append, once the statement has been handed to the writer,
// exec waits for the commit even if ctx ends.
func (s *Store) exec(ctx context.Context, query string, args ...any) error {
	req := s.reqPool.Get().(*request)
	req.kind = opExec
	req.query = query
	req.args = args
	err := s.submit(ctx, req)
	s.putExec(req)
	return err
}

// Stmt is one write statement and its arguments, for ExecAll. Its fields
// are unexported so that only this package can write one: a caller holds
// statements made here (SaveTableStmt) and hands them back to be stored
// together with others, never SQL of its own.
type Stmt struct {
	query string
	args  []any
}

// ExecAll is exec for several statements that must be stored together: they
// run in order in the same group commit, and either all of them are
// committed or, if one fails, none is (the call returns that error and the
// rest of the batch is retried without them). A caller that must never
// apply a change twice, such as the results of a finished match, writes
// the change and the mark that it was applied with one ExecAll.
func (s *Store) ExecAll(ctx context.Context, stmts ...Stmt) error {
	if len(stmts) == 0 {
		return nil
	}
	req := s.reqPool.Get().(*request)
	req.kind = opExec
	req.stmts = stmts
	err := s.submit(ctx, req)
	s.putExec(req)
	return err
}

// putExec returns an exec request to the pool without its arguments.
func (s *Store) putExec(req *request) {
	req.query, req.args, req.stmts, req.rec = "", nil, nil, Record{}
	s.reqPool.Put(req)
}

// jsonText checks that raw is valid JSON and returns it as text, or def
// when raw is empty.
func jsonText(raw json.RawMessage, def, what string) (string, error) {
	if len(raw) == 0 {
		return def, nil
	}
	if !json.Valid(raw) {
		return "", fmt.Errorf("store: %s is not valid JSON", what)
	}
	return string(raw), nil
}

// Append stores one record of a match's log and returns once the
// transaction holding it has committed, so the record is as durable as
// Open's doc comment says. Appends from all callers are batched by one
// writer goroutine. The match must exist, and Index must be new for it.
//
// Once the record has been handed to the writer, Append waits for the
// commit even if ctx ends: a caller must never be told "failed" about a
// record that then turns up in the log.
func (s *Store) Append(ctx context.Context, r Record) error {
	if (r.Move == nil) == (r.Event == nil) {
		return errors.New("store: a record holds either a move or an event")
	}
	req := s.reqPool.Get().(*request)
	req.kind = opAppend
	req.rec = r
	err := s.submit(ctx, req)
	req.rec = Record{}
	s.reqPool.Put(req)
	return err
}

// FinishMatch records the end of a match: its outcome (JSON, as package
// match encodes it) and the reason in words. A finished match is no longer
// listed by UnfinishedMatches. It is ordered after every Append that
// returned before it was called.
func (s *Store) FinishMatch(ctx context.Context, id string, outcome json.RawMessage, reason string) error {
	if !json.Valid(outcome) {
		return errors.New("store: outcome is not valid JSON")
	}
	req := s.reqPool.Get().(*request)
	req.kind = opFinish
	req.rec = Record{Match: id, Event: outcome, At: time.Now()}
	req.reason = reason
	err := s.submit(ctx, req)
	req.rec = Record{}
	req.reason = ""
	s.reqPool.Put(req)
	return err
}

// SetPaused stores that a match paused at at, for the absence of seat's
// player, or, with a zero at, that it is no longer paused. It goes
// through the writer like the match's records, so it is stored after
// every record appended before it.
func (s *Store) SetPaused(ctx context.Context, id string, seat game.Seat, at time.Time) error {
	var ms int64
	if !at.IsZero() {
		ms = millis(at)
	} else {
		seat = -1
	}
	if err := s.exec(ctx, `UPDATE matches SET paused = $1, paused_seat = $2 WHERE id = $3`, ms, int64(seat), id); err != nil {
		return fmt.Errorf("store: pause of match %s: %w", id, err)
	}
	return nil
}

// MatchFinished reports whether a match has ended, without reading its
// log: ErrNotFound for a match the store does not have.
func (s *Store) MatchFinished(ctx context.Context, id string) (bool, error) {
	var finished sql.NullInt64
	err := s.db.QueryRowContext(ctx, `SELECT finished FROM matches WHERE id = $1`, id).Scan(&finished)
	if errors.Is(err, sql.ErrNoRows) {
		return false, ErrNotFound
	}
	if err != nil {
		return false, fmt.Errorf("store: match %s: %w", id, err)
	}
	return finished.Valid, nil
}

// LoadMatch reads one match: header, every record in order, and its end.
func (s *Store) LoadMatch(ctx context.Context, id string) (*MatchLog, error) {
	m := &MatchLog{}
	var opts, seats, settings string
	var seed, created int64
	var finished sql.NullInt64
	var outcome sql.NullString
	var paused, pausedSeat int64
	err := s.db.QueryRowContext(ctx,
		`SELECT id, game, options, seed, seats, settings, created, finished, outcome, reason, paused, paused_seat FROM matches WHERE id = $1`, id).
		Scan(&m.ID, &m.Game, &opts, &seed, &seats, &settings, &created, &finished, &outcome, &m.Reason, &paused, &pausedSeat)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, ErrNotFound
	}
	if err != nil {
		return nil, fmt.Errorf("store: load match %s: %w", id, err)
	}
	if opts != "null" {
		m.Options = json.RawMessage(opts)
	}
	m.Seed = uint64(seed)
	m.Seats = json.RawMessage(seats)
	m.Settings = json.RawMessage(settings)
	m.Created = fromMillis(created)
	m.Finished = finished.Valid
	if paused != 0 {
		m.Paused, m.PausedSeat = fromMillis(paused), game.Seat(pausedSeat)
	}
	if outcome.Valid {
		m.Outcome = json.RawMessage(outcome.String)
	}
	// One statement reads from one snapshot, so a fold running meanwhile
	// cannot show a record twice or hide it: it is either still in the
	// journal or already in match_moves. PostgreSQL has no journal (its
	// writer inserts into match_moves directly; see pgWriter).
	q := `SELECT idx, seat, move, event, at, NULL FROM match_moves WHERE match_id = $1
		UNION ALL
		SELECT 0, 0, NULL, NULL, 0, entries FROM match_journal`
	if s.pg {
		q = `SELECT idx, seat, move, event, at, NULL::bytea FROM match_moves WHERE match_id = $1 ORDER BY idx`
	}
	rows, err := s.db.QueryContext(ctx, q, id)
	if err != nil {
		return nil, fmt.Errorf("store: load match %s: %w", id, err)
	}
	defer rows.Close()
	for rows.Next() {
		r := Record{Match: id}
		var move, event sql.NullString
		var at int64
		var journal []byte
		if err := rows.Scan(&r.Index, &r.Seat, &move, &event, &at, &journal); err != nil {
			return nil, fmt.Errorf("store: load match %s: %w", id, err)
		}
		if journal != nil {
			if m.Records, err = decodeEntries(m.Records, journal, id); err != nil {
				return nil, fmt.Errorf("store: load match %s: %w", id, err)
			}
			continue
		}
		if move.Valid {
			r.Move = json.RawMessage(move.String)
		}
		if event.Valid {
			r.Event = json.RawMessage(event.String)
		}
		r.At = fromMillis(at)
		m.Records = append(m.Records, r)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("store: load match %s: %w", id, err)
	}
	// Journal rows are in no particular order relative to match_moves.
	// A record can be in both only if a fold was cut short in a way SQLite
	// rules out; should it happen, it is still shown once.
	slices.SortStableFunc(m.Records, func(a, b Record) int { return cmp.Compare(a.Index, b.Index) })
	m.Records = slices.CompactFunc(m.Records, func(a, b Record) bool { return a.Index == b.Index })
	return m, nil
}

// UnfinishedMatches lists the ids of matches without an end, oldest first:
// the ones to resume after a restart.
func (s *Store) UnfinishedMatches(ctx context.Context) ([]string, error) {
	query, args := `SELECT id FROM matches WHERE finished IS NULL ORDER BY created, id`, []any(nil)
	if f := s.fence.Load(); f != 0 {
		// A node rebuilds only the matches of the tables it owns.
		query = `SELECT m.id FROM matches m JOIN server_tables t ON t.match_id = m.id
			WHERE m.finished IS NULL AND t.owner = $1 ORDER BY m.created, m.id`
		args = []any{f}
	}
	rows, err := s.db.QueryContext(ctx, query, args...)
	if err != nil {
		return nil, fmt.Errorf("store: unfinished matches: %w", err)
	}
	defer rows.Close()
	var ids []string
	for rows.Next() {
		var id string
		if err := rows.Scan(&id); err != nil {
			return nil, fmt.Errorf("store: unfinished matches: %w", err)
		}
		ids = append(ids, id)
	}
	return ids, rows.Err()
}

// WriterStats counts the writer's work since Open, for metrics: Writes
// divided by Commits is the mean group-commit batch.
type WriterStats struct {
	Commits int64 // transactions committed by the writer
	Writes  int64 // appends and finishes they held
}

// WriterStats returns the writer's counters.
func (s *Store) WriterStats() WriterStats {
	return WriterStats{Commits: s.commits.Load(), Writes: s.writes.Load()}
}
