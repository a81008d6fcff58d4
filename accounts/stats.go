package accounts

import (
	"context"
	"fmt"
	"slices"
	"sync"

	"github.com/parlor-games/parlor/store"
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
// earns. The caller's statements in also (made by the store: a server's
// is its table's row, marked over) are stored in the same transaction, so
// that a crash can neither lose the count nor, once the match is marked,
// repeat it. Everything is written in one transaction, the store's group
// commit (Store.RecordResult): on error nothing is recorded, also
// included.
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
// other. The lock is in this process: servers sharing a database
// (multi-node) would need the read and the write in one database
// transaction, or a lock in the database, instead.
func (s *Service) RecordMatch(ctx context.Context, game string, seats []SeatResult, also ...store.Stmt) (Recorded, error) {
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
		return Recorded{}, s.st.RecordResult(ctx, store.Result{}, also...)
	}

	unlock := s.results.lock(ids)
	defer unlock()
	before, exists, err := s.statsBefore(ctx, game, ids)
	if err != nil {
		return Recorded{}, err
	}
	now := s.now()
	rec := Recorded{Stats: make(map[int64]Stats, len(humans))}
	var writes store.Result
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
		writes.Stats = append(writes.Stats, store.StatsWrite{UserID: h.UserID, Game: game, Stats: storedStats(st), Exists: exists[i]})
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
			if held[store.Held{UserID: c.userID, Achievement: c.rule.ID}] {
				continue
			}
			writes.Grants = append(writes.Grants, store.Grant{UserID: c.userID, Achievement: c.rule.ID, Game: c.rule.Game, At: now})
			rec.Granted = append(rec.Granted, Granted{UserID: c.userID, Achievement: c.rule.achievement(now)})
		}
	}
	if err := s.st.RecordResult(ctx, writes, also...); err != nil {
		return Recorded{}, err
	}
	return rec, nil
}

func storedStats(st Stats) store.GameStats {
	return store.GameStats{Played: st.Played, Won: st.Won, Tied: st.Tied, Rating: st.Rating, RD: st.RD, Volatility: st.Volatility}
}

func statsOfStored(st store.GameStats) Stats {
	return Stats{Played: st.Played, Won: st.Won, Tied: st.Tied, Rating: st.Rating, RD: st.RD, Volatility: st.Volatility}
}

// statsBefore reads the statistics in game of each of ids (new users get
// newStats), and whether a row exists, in one query. A user who does not
// exist is ErrNotFound.
func (s *Service) statsBefore(ctx context.Context, game string, ids []int64) ([]Stats, []bool, error) {
	found, err := s.st.StatsInGame(ctx, game, ids)
	if err != nil {
		return nil, nil, err
	}
	before := make([]Stats, len(ids))
	exists := make([]bool, len(ids))
	for i, id := range ids {
		row, ok := found[id]
		if !ok {
			return nil, nil, fmt.Errorf("accounts: recording %s: user %d: %w", game, id, ErrNotFound)
		}
		before[i], exists[i] = newStats(), row.Exists
		if row.Exists {
			before[i] = statsOfStored(row.Stats)
		}
	}
	return before, exists, nil
}

// heldAchievements returns which achievements of game the users hold.
func (s *Service) heldAchievements(ctx context.Context, game string, ids []int64) (map[store.Held]bool, error) {
	return s.st.HeldAchievements(ctx, game, ids)
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
	all, err := s.st.StatsFor(ctx, userIDs)
	if err != nil {
		return nil, err
	}
	out := make(map[int64]map[string]Stats, len(all))
	for id, games := range all {
		m := make(map[string]Stats, len(games))
		for g, st := range games {
			m[g] = statsOfStored(st)
		}
		out[id] = m
	}
	return out, nil
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
