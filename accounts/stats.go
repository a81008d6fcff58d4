package accounts

import (
	"context"
	"fmt"
	"time"

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

// Match is a finished match to count.
type Match struct {
	// ID is the match's id, which makes the count happen at most once
	// (see CountMatch). Empty for a match without one.
	ID    string
	Game  string
	Seats []SeatResult
}

// ErrCounted is returned by CountMatch for a match whose results were
// counted already, by this server or another sharing the database: the
// caller need do nothing more, since whoever counted it stored the
// caller's statements too.
var ErrCounted = store.ErrCounted

// RecordMatch is CountMatch for a match without an id: every call counts.
func (s *Service) RecordMatch(ctx context.Context, game string, seats []SeatResult, also ...store.Stmt) (Recorded, error) {
	return s.CountMatch(ctx, Match{Game: game, Seats: seats}, also...)
}

// CountMatch counts a finished match: played, won and tied for every
// human seat (bot opponents included), Glicko-2 ratings between the human
// seats (accounts and guests alike), and any achievements this earns. The
// caller's statements in also (made by the store: a server's is its
// table's row, marked over) are stored with the count, all or none, so
// that a crash can neither lose the count nor, once the match is marked,
// repeat it; on error nothing is recorded, also included.
//
// A match with an ID is counted once, even when two servers sharing a
// database both try (one took the other's tables over while the other
// was still finishing, say): the second gets ErrCounted.
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
// Two matches sharing a user that end at once, on one server or on two,
// are counted one after the other: the store (Store.CountResult) holds
// the users' statistics from the read to the write, so the second match
// starts from the ratings and counts the first one left, and a threshold
// achievement is granted, and announced, by the first match to reach it
// only.
func (s *Service) CountMatch(ctx context.Context, m Match, also ...store.Stmt) (Recorded, error) {
	game, seats := m.Game, m.Seats
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
	now := s.now()
	var rec Recorded
	err := s.st.CountResult(ctx, store.Count{Match: m.ID, Game: game, Users: ids, At: now}, func(t *store.Tally) (store.Result, error) {
		var writes store.Result
		var err error
		rec, writes, err = tally(game, humans, t, now)
		return writes, err
	}, also...)
	if err != nil {
		return Recorded{}, err
	}
	return rec, nil
}

// tally computes what a match changes, from the statistics and
// achievements its users had before it (t): what the caller is told, and
// what the store is to write.
func tally(game string, humans []SeatResult, t *store.Tally, now time.Time) (Recorded, store.Result, error) {
	rec := Recorded{Stats: make(map[int64]Stats, len(humans))}
	var writes store.Result
	before := make([]Stats, len(humans))
	for i, h := range humans {
		row, ok := t.Stats[h.UserID]
		if !ok {
			return Recorded{}, store.Result{}, fmt.Errorf("accounts: recording %s: user %d: %w", game, h.UserID, ErrNotFound)
		}
		before[i] = newStats()
		if row.Exists {
			before[i] = statsOfStored(row.Stats)
		}
	}
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
		writes.Stats = append(writes.Stats, store.StatsWrite{UserID: h.UserID, Game: game, Stats: storedStats(st), Exists: t.Stats[h.UserID].Exists})
		for _, r := range rules {
			if r.Game == game && !r.Tutorial && r.Earned != nil && r.Earned(Event{Stats: st, Seat: h}) {
				candidates = append(candidates, earned{h.UserID, r})
			}
		}
	}
	if len(candidates) > 0 {
		// Most earned rules were earned before (a first win, again): only
		// the ones not yet held are granted and announced.
		held, err := t.Held()
		if err != nil {
			return Recorded{}, store.Result{}, err
		}
		for _, c := range candidates {
			if held[store.Held{UserID: c.userID, Achievement: c.rule.ID}] {
				continue
			}
			writes.Grants = append(writes.Grants, store.Grant{UserID: c.userID, Achievement: c.rule.ID, Game: c.rule.Game, At: now})
			rec.Granted = append(rec.Granted, Granted{UserID: c.userID, Achievement: c.rule.achievement(now)})
		}
	}
	return rec, writes, nil
}

func storedStats(st Stats) store.GameStats {
	return store.GameStats{Played: st.Played, Won: st.Won, Tied: st.Tied, Rating: st.Rating, RD: st.RD, Volatility: st.Volatility}
}

func statsOfStored(st store.GameStats) Stats {
	return Stats{Played: st.Played, Won: st.Won, Tied: st.Tied, Rating: st.Rating, RD: st.RD, Volatility: st.Volatility}
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
