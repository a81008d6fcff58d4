package accounts

import (
	"context"
	"database/sql"
	"fmt"
	"slices"
	"strings"
	"sync"
)

// Stats are one user's record in one game. Volatility is internal to
// Glicko-2 and not sent to clients.
type Stats struct {
	Played     int64   `json:"played"`
	Won        int64   `json:"won"`
	Tied       int64   `json:"tied"`
	Rating     float64 `json:"rating"`
	RD         float64 `json:"rd"`
	Volatility float64 `json:"-"`
}

func newStats() Stats {
	return Stats{Rating: initialRating, RD: initialRD, Volatility: initialVolatility}
}

// Result is how a seat finished. The zero value is deliberately invalid,
// so a forgotten field is an error rather than a silent loss.
type Result int

// The results a seat can have.
const (
	Won Result = iota + 1
	Tied
	Lost
)

// rank orders results for pairwise scoring.
func (r Result) rank() int {
	switch r {
	case Won:
		return 2
	case Tied:
		return 1
	}
	return 0
}

// SeatResult is one seat of a finished match.
type SeatResult struct {
	UserID int64 // 0 for a bot or an empty seat: nothing is recorded for it
	Result Result
	// VsBot is true when a bot played against this seat; BotLevel names the
	// strongest such bot's level. Achievements may look at them; ratings
	// never count bot games.
	VsBot    bool
	BotLevel string
}

// RecordResult is RecordMatch without statements of the caller's, for
// callers that only need the new achievements.
func (s *Service) RecordResult(ctx context.Context, game string, seats []SeatResult) ([]Granted, error) {
	rec, err := s.RecordMatch(ctx, game, seats)
	return rec.Granted, err
}

// Recorded is what RecordMatch counted.
type Recorded struct {
	// Granted are the achievements the match earned; the server announces
	// them (see Unannounced).
	Granted []Granted
	// Stats are each counted user's statistics in the game after the
	// match, so that a caller keeping them in memory (the lobby) need not
	// read them back.
	Stats map[int64]Stats
}

// RecordMatch counts a finished match of game: played, won and tied for
// every human seat (bot opponents included), Glicko-2 ratings between the
// human seats (accounts and guests alike), and any achievements this
// earns. The caller's statements in also are stored in the same
// transaction: a server marks the match as counted with them, so that a
// crash can neither lose the count nor, once the match is marked, repeat
// it. Everything is written in one transaction (through Options.Exec
// when set): on error nothing is recorded, also included.
//
// A user holding several seats (a hot-seat game against oneself) gets
// nothing recorded: such a match says nothing about their skill, and
// counting it would hand out wins for free.
//
// Ratings: each pair of human seats is one game, scored 1, 0.5 or 0 by
// comparing results (won beats tied beats lost; equal results draw), and
// the match is one rating period for each of them, computed from everyone's
// rating before the match.
//
// The statistics are read, updated and written back while the match's
// users are locked against other matches' results (see resultLocks), so
// two matches of one user ending at once are both counted, one after the
// other.
func (s *Service) RecordMatch(ctx context.Context, game string, seats []SeatResult, also ...Stmt) (Recorded, error) {
	if game == "" {
		return Recorded{}, invalid("a game is required")
	}
	count := map[int64]int{}
	for i, st := range seats {
		if st.Result < Won || st.Result > Lost {
			return Recorded{}, invalid("seat %d has no result", i)
		}
		if st.UserID < 0 {
			return Recorded{}, invalid("seat %d has a bad user id", i)
		}
		if st.UserID != 0 {
			count[st.UserID]++
		}
	}
	var humans []SeatResult
	ids := make([]int64, 0, len(seats))
	for _, st := range seats {
		if st.UserID != 0 && count[st.UserID] == 1 {
			humans = append(humans, st)
			ids = append(ids, st.UserID)
		}
	}
	if len(humans) == 0 {
		return Recorded{}, s.write(ctx, also)
	}

	unlock := s.results.lock(ids)
	defer unlock()
	before, exists, err := s.statsBefore(ctx, game, ids)
	if err != nil {
		return Recorded{}, err
	}
	now := s.now()
	rec := Recorded{Stats: make(map[int64]Stats, len(humans))}
	writes := make([]Stmt, 0, len(humans)+len(also))
	type earned struct {
		userID int64
		rule   Rule
	}
	var candidates []earned
	for i, h := range humans {
		st := before[i]
		st.Played++
		switch h.Result {
		case Won:
			st.Won++
		case Tied:
			st.Tied++
		}
		var games []Game
		for j, o := range humans {
			if j == i {
				continue
			}
			score := 0.5
			if d := h.Result.rank() - o.Result.rank(); d > 0 {
				score = 1
			} else if d < 0 {
				score = 0
			}
			games = append(games, Game{Opponent: Rating{before[j].Rating, before[j].RD, before[j].Volatility}, Score: score})
		}
		if len(games) > 0 {
			r := Update(Rating{st.Rating, st.RD, st.Volatility}, games)
			st.Rating, st.RD, st.Volatility = r.R, r.RD, r.Vol
		}
		rec.Stats[h.UserID] = st
		writes = append(writes, s.saveStmt(h.UserID, game, st, exists[i]))
		for _, r := range rules {
			if r.Game == game && !r.Tutorial && r.Earned != nil && r.Earned(Event{Stats: st, Seat: h}) {
				candidates = append(candidates, earned{h.UserID, r})
			}
		}
	}
	if len(candidates) > 0 {
		// Most earned rules were earned before (a first win, again): only
		// the ones not yet held are granted and announced.
		held, err := s.heldAchievements(ctx, game, ids)
		if err != nil {
			return Recorded{}, err
		}
		for _, c := range candidates {
			if held[heldKey{c.userID, c.rule.ID}] {
				continue
			}
			writes = append(writes, Stmt{s.q(`INSERT INTO accounts_achievements (user_id, achievement, game, at_ms, announced) VALUES (?, ?, ?, ?, 0)
				ON CONFLICT (user_id, achievement) DO NOTHING`), []any{c.userID, c.rule.ID, c.rule.Game, now.UnixMilli()}})
			rec.Granted = append(rec.Granted, Granted{UserID: c.userID, Achievement: c.rule.achievement(now)})
		}
	}
	writes = append(writes, also...)
	if err := s.write(ctx, writes); err != nil {
		return Recorded{}, err
	}
	return rec, nil
}

// Stmt is one write statement with its arguments, for RecordMatch and
// Options.Exec.
type Stmt struct {
	Query string
	Args  []any
}

// write stores stmts in one transaction, through Options.Exec when set.
func (s *Service) write(ctx context.Context, stmts []Stmt) error {
	if len(stmts) == 0 {
		return nil
	}
	if s.exec != nil {
		return s.exec(ctx, stmts)
	}
	return s.inTx(ctx, func(tx *sql.Tx) error {
		for _, st := range stmts {
			if _, err := tx.ExecContext(ctx, st.Query, st.Args...); err != nil {
				return err
			}
		}
		return nil
	})
}

// statsBefore reads the statistics in game of each of ids (new users get
// newStats), and whether a row exists, in one query. A user who does not
// exist is ErrNotFound.
func (s *Service) statsBefore(ctx context.Context, game string, ids []int64) ([]Stats, []bool, error) {
	args := make([]any, 0, len(ids)+1)
	args = append(args, game)
	for _, id := range ids {
		args = append(args, id)
	}
	rows, err := s.query(ctx, `SELECT u.id, s.played, s.won, s.tied, s.rating, s.rd, s.volatility
		FROM accounts_users u LEFT JOIN accounts_stats s ON s.user_id = u.id AND s.game = ?
		WHERE u.id IN (`+strings.TrimSuffix(strings.Repeat("?, ", len(ids)), ", ")+`)`, args...)
	if err != nil {
		return nil, nil, err
	}
	defer rows.Close()
	found := make(map[int64]Stats, len(ids))
	has := make(map[int64]bool, len(ids))
	for rows.Next() {
		var id int64
		var played, won, tied sql.NullInt64
		var rating, rd, vol sql.NullFloat64
		if err := rows.Scan(&id, &played, &won, &tied, &rating, &rd, &vol); err != nil {
			return nil, nil, err
		}
		st := newStats()
		if played.Valid {
			st = Stats{Played: played.Int64, Won: won.Int64, Tied: tied.Int64, Rating: rating.Float64, RD: rd.Float64, Volatility: vol.Float64}
			has[id] = true
		}
		found[id] = st
	}
	if err := rows.Err(); err != nil {
		return nil, nil, err
	}
	before := make([]Stats, len(ids))
	exists := make([]bool, len(ids))
	for i, id := range ids {
		st, ok := found[id]
		if !ok {
			return nil, nil, fmt.Errorf("accounts: recording %s: user %d: %w", game, id, ErrNotFound)
		}
		before[i], exists[i] = st, has[id]
	}
	return before, exists, nil
}

type heldKey struct {
	userID      int64
	achievement string
}

// heldAchievements returns which achievements of game the users hold.
func (s *Service) heldAchievements(ctx context.Context, game string, ids []int64) (map[heldKey]bool, error) {
	args := make([]any, 0, len(ids)+1)
	args = append(args, game)
	for _, id := range ids {
		args = append(args, id)
	}
	rows, err := s.query(ctx, `SELECT user_id, achievement FROM accounts_achievements
		WHERE game = ? AND user_id IN (`+strings.TrimSuffix(strings.Repeat("?, ", len(ids)), ", ")+`)`, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	held := map[heldKey]bool{}
	for rows.Next() {
		var k heldKey
		if err := rows.Scan(&k.userID, &k.achievement); err != nil {
			return nil, err
		}
		held[k] = true
	}
	return held, rows.Err()
}

// saveStmt writes a user's statistics in a game.
func (s *Service) saveStmt(userID int64, game string, st Stats, exists bool) Stmt {
	if exists {
		return Stmt{s.q(`UPDATE accounts_stats SET played = ?, won = ?, tied = ?, rating = ?, rd = ?, volatility = ?
			WHERE user_id = ? AND game = ?`), []any{st.Played, st.Won, st.Tied, st.Rating, st.RD, st.Volatility, userID, game}}
	}
	return Stmt{s.q(`INSERT INTO accounts_stats (user_id, game, played, won, tied, rating, rd, volatility)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?)`), []any{userID, game, st.Played, st.Won, st.Tied, st.Rating, st.RD, st.Volatility}}
}

// resultLocks serialise the results of matches that share a user. A result
// reads the users' statistics, outside any transaction, and writes them
// back later, when its commit (possibly a group commit shared with other
// writes) comes: without the lock a second match of the same user ending
// meanwhile would read the same statistics, and one of the two results
// would be lost.
type resultLocks struct {
	mu sync.Mutex
	m  map[int64]*userLock
}

type userLock struct {
	mu    sync.Mutex
	users int // holders and waiters, so that the last one frees it
}

// lock locks every user of ids (in increasing order, so that two results
// never wait on each other) and returns the function that unlocks them.
func (l *resultLocks) lock(ids []int64) (unlock func()) {
	ids = slices.Clone(ids)
	slices.Sort(ids)
	ids = slices.Compact(ids)
	locks := make([]*userLock, len(ids))
	l.mu.Lock()
	if l.m == nil {
		l.m = map[int64]*userLock{}
	}
	for i, id := range ids {
		ul := l.m[id]
		if ul == nil {
			ul = &userLock{}
			l.m[id] = ul
		}
		ul.users++
		locks[i] = ul
	}
	l.mu.Unlock()
	for _, ul := range locks {
		ul.mu.Lock()
	}
	return func() {
		for _, ul := range locks {
			ul.mu.Unlock()
		}
		l.mu.Lock()
		for i, id := range ids {
			if locks[i].users--; locks[i].users == 0 {
				delete(l.m, id)
			}
		}
		l.mu.Unlock()
	}
}

// StatsFor returns the statistics of each of userIDs per game, for the
// lobby list. Users with no games are absent from the map.
func (s *Service) StatsFor(ctx context.Context, userIDs []int64) (map[int64]map[string]Stats, error) {
	out := map[int64]map[string]Stats{}
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
		query := `SELECT user_id, game, played, won, tied, rating, rd, volatility FROM accounts_stats WHERE user_id IN (` +
			strings.TrimSuffix(strings.Repeat("?, ", len(ids)), ", ") + `)`
		if err := s.scanStats(ctx, out, query, args...); err != nil {
			return nil, err
		}
	}
	return out, nil
}

func (s *Service) scanStats(ctx context.Context, out map[int64]map[string]Stats, query string, args ...any) error {
	rows, err := s.db.QueryContext(ctx, s.q(query), args...)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		var id int64
		var game string
		var st Stats
		if err := rows.Scan(&id, &game, &st.Played, &st.Won, &st.Tied, &st.Rating, &st.RD, &st.Volatility); err != nil {
			return err
		}
		if out[id] == nil {
			out[id] = map[string]Stats{}
		}
		out[id][game] = st
	}
	return rows.Err()
}

// Profile is what GET /api/profile/{name} shows.
type Profile struct {
	User         User             `json:"user"`
	Stats        map[string]Stats `json:"stats"`
	Achievements []Achievement    `json:"achievements"`
}

// ProfileByName gathers a user's public profile.
func (s *Service) ProfileByName(ctx context.Context, name string) (Profile, error) {
	u, err := s.UserByName(ctx, name)
	if err != nil {
		return Profile{}, err
	}
	all, err := s.StatsFor(ctx, []int64{u.ID})
	if err != nil {
		return Profile{}, err
	}
	p := Profile{User: u, Stats: all[u.ID]}
	if p.Stats == nil {
		p.Stats = map[string]Stats{}
	}
	if p.Achievements, err = s.Achievements(ctx, u.ID); err != nil {
		return Profile{}, err
	}
	return p, nil
}
