package accounts

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
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

// RecordResult counts a finished match of game: played, won and tied for
// every human seat (bot opponents included), Glicko-2 ratings between the
// human seats (accounts and guests alike), and any achievements this
// earns. It returns the new achievements; the server announces them
// (see Unannounced). Everything happens in one transaction: on error
// nothing is recorded.
//
// A user holding several seats (a hot-seat game against oneself) gets
// nothing recorded: such a match says nothing about their skill, and
// counting it would hand out wins for free.
//
// Ratings: each pair of human seats is one game, scored 1, 0.5 or 0 by
// comparing results (won beats tied beats lost; equal results draw), and
// the match is one rating period for each of them, computed from everyone's
// rating before the match.
func (s *Service) RecordResult(ctx context.Context, game string, seats []SeatResult) ([]Granted, error) {
	if game == "" {
		return nil, invalid("a game is required")
	}
	count := map[int64]int{}
	for i, st := range seats {
		if st.Result < Won || st.Result > Lost {
			return nil, invalid("seat %d has no result", i)
		}
		if st.UserID < 0 {
			return nil, invalid("seat %d has a bad user id", i)
		}
		if st.UserID != 0 {
			count[st.UserID]++
		}
	}
	var humans []SeatResult
	for _, st := range seats {
		if st.UserID != 0 && count[st.UserID] == 1 {
			humans = append(humans, st)
		}
	}
	if len(humans) == 0 {
		return nil, nil
	}

	now := s.now()
	var granted []Granted
	err := s.inTx(ctx, func(tx *sql.Tx) error {
		before := make([]Stats, len(humans))
		exists := make([]bool, len(humans))
		for i, h := range humans {
			var one int
			err := tx.QueryRowContext(ctx, s.q(`SELECT 1 FROM accounts_users WHERE id = ?`), h.UserID).Scan(&one)
			if errors.Is(err, sql.ErrNoRows) {
				return fmt.Errorf("accounts: recording %s: user %d: %w", game, h.UserID, ErrNotFound)
			}
			if err != nil {
				return err
			}
			before[i], exists[i], err = s.loadStats(ctx, tx, h.UserID, game)
			if err != nil {
				return err
			}
		}
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
			if err := s.saveStats(ctx, tx, h.UserID, game, st, exists[i]); err != nil {
				return err
			}
			for _, r := range rules {
				if r.Game != game || r.Tutorial || r.Earned == nil || !r.Earned(Event{Stats: st, Seat: h}) {
					continue
				}
				isNew, err := s.grant(ctx, tx, h.UserID, r, now)
				if err != nil {
					return err
				}
				if isNew {
					granted = append(granted, Granted{UserID: h.UserID, Achievement: r.achievement(now)})
				}
			}
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return granted, nil
}

func (s *Service) loadStats(ctx context.Context, tx *sql.Tx, userID int64, game string) (Stats, bool, error) {
	st := newStats()
	err := tx.QueryRowContext(ctx, s.q(`SELECT played, won, tied, rating, rd, volatility FROM accounts_stats WHERE user_id = ? AND game = ?`),
		userID, game).Scan(&st.Played, &st.Won, &st.Tied, &st.Rating, &st.RD, &st.Volatility)
	if errors.Is(err, sql.ErrNoRows) {
		return newStats(), false, nil
	}
	return st, err == nil, err
}

func (s *Service) saveStats(ctx context.Context, tx *sql.Tx, userID int64, game string, st Stats, exists bool) error {
	var err error
	if exists {
		_, err = tx.ExecContext(ctx, s.q(`UPDATE accounts_stats SET played = ?, won = ?, tied = ?, rating = ?, rd = ?, volatility = ?
			WHERE user_id = ? AND game = ?`), st.Played, st.Won, st.Tied, st.Rating, st.RD, st.Volatility, userID, game)
	} else {
		_, err = tx.ExecContext(ctx, s.q(`INSERT INTO accounts_stats (user_id, game, played, won, tied, rating, rd, volatility)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?)`), userID, game, st.Played, st.Won, st.Tied, st.Rating, st.RD, st.Volatility)
	}
	return err
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
