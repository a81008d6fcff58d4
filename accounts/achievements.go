package accounts

import (
	"context"
	"database/sql"
	"time"
)

// Achievement is one earned (or, in Rules, earnable) achievement.
type Achievement struct {
	ID          string    `json:"id"`
	Game        string    `json:"game"`
	Title       string    `json:"title"`
	Description string    `json:"description"`
	At          time.Time `json:"at"`
}

// Granted is an achievement newly earned by a user.
type Granted struct {
	UserID      int64
	Achievement Achievement
}

// Event is what a result rule looks at: the user's statistics in the game
// after the match was counted, and the user's seat in it.
type Event struct {
	Stats Stats
	Seat  SeatResult
}

// Rule describes an achievement and when it is earned. A rule with
// Tutorial set is earned by CompleteTutorial; any other rule is checked
// after every counted result of its game. Rules test a threshold (">= 5
// wins") rather than an exact count, so a rule added later is granted to
// players who already qualify at their next game.
type Rule struct {
	ID, Game, Title, Description string
	Tutorial                     bool
	Earned                       func(Event) bool
}

func wins(n int64) func(Event) bool {
	return func(e Event) bool { return e.Stats.Won >= n }
}

// rules is the table of achievements. A new game adds its rows here.
//
// Battleship's four come from its specification. Dots and Boxes has no
// tutorial; its achievements reward a first win, steady play, a tie (rare,
// and only possible on boards with an even number of boxes) and beating
// the strongest bot.
var rules = []Rule{
	{ID: "battleship.tutorial", Game: "battleship", Title: "Complete tutorial",
		Description: "Finish the Battleship tutorial.", Tutorial: true},
	{ID: "battleship.rookie", Game: "battleship", Title: "Rookie",
		Description: "Win a game of Battleship.", Earned: wins(1)},
	{ID: "battleship.talented", Game: "battleship", Title: "Talented",
		Description: "Win 5 games of Battleship.", Earned: wins(5)},
	{ID: "battleship.expert", Game: "battleship", Title: "Expert",
		Description: "Win 20 games of Battleship.", Earned: wins(20)},

	{ID: "dots.first-win", Game: "dots", Title: "First box",
		Description: "Win a game of Dots and Boxes.", Earned: wins(1)},
	{ID: "dots.ten-wins", Game: "dots", Title: "Box builder",
		Description: "Win 10 games of Dots and Boxes.", Earned: wins(10)},
	{ID: "dots.tie", Game: "dots", Title: "Even split",
		Description: "Finish a game of Dots and Boxes in a tie.",
		Earned:      func(e Event) bool { return e.Seat.Result == Tied }},
	{ID: "dots.beat-expert", Game: "dots", Title: "Chain master",
		Description: "Beat the expert bot at Dots and Boxes.",
		Earned: func(e Event) bool {
			return e.Seat.Result == Won && e.Seat.VsBot && e.Seat.BotLevel == "expert"
		}},
}

// Rules lists every achievement there is, for clients that show the ones
// still to earn.
func Rules() []Rule { return append([]Rule(nil), rules...) }

func ruleByID(id string) (Rule, bool) {
	for _, r := range rules {
		if r.ID == id {
			return r, true
		}
	}
	return Rule{}, false
}

func (r Rule) achievement(at time.Time) Achievement {
	return Achievement{ID: r.ID, Game: r.Game, Title: r.Title, Description: r.Description, At: at.UTC()}
}

// grant records rule for userID unless already held, reporting whether it
// was new.
func (s *Service) grant(ctx context.Context, tx *sql.Tx, userID int64, r Rule, at time.Time) (bool, error) {
	var n int
	if err := tx.QueryRowContext(ctx, s.q(`SELECT COUNT(*) FROM accounts_achievements WHERE user_id = ? AND achievement = ?`),
		userID, r.ID).Scan(&n); err != nil {
		return false, err
	}
	if n > 0 {
		return false, nil
	}
	_, err := tx.ExecContext(ctx, s.q(`INSERT INTO accounts_achievements (user_id, achievement, game, at_ms, announced) VALUES (?, ?, ?, ?, 0)`),
		userID, r.ID, r.Game, at.UnixMilli())
	return err == nil, err
}

// CompleteTutorial records that userID finished game's tutorial and
// returns the achievements this newly grants (none on a repeat). A game
// without a tutorial achievement is ErrUnknownGame.
func (s *Service) CompleteTutorial(ctx context.Context, userID int64, game string) ([]Achievement, error) {
	var tut []Rule
	for _, r := range rules {
		if r.Game == game && r.Tutorial {
			tut = append(tut, r)
		}
	}
	if len(tut) == 0 {
		return nil, ErrUnknownGame
	}
	if _, err := s.UserByID(ctx, userID); err != nil {
		return nil, err
	}
	now := s.now()
	got := []Achievement{}
	err := s.inTx(ctx, func(tx *sql.Tx) error {
		for _, r := range tut {
			isNew, err := s.grant(ctx, tx, userID, r, now)
			if err != nil {
				return err
			}
			if isNew {
				got = append(got, r.achievement(now))
			}
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return got, nil
}

// Achievements lists what userID has earned, oldest first.
func (s *Service) Achievements(ctx context.Context, userID int64) ([]Achievement, error) {
	return s.achievementsWhere(ctx, userID, false)
}

// Unannounced lists userID's achievements not yet announced, oldest
// first. The server pushes each over the WebSocket and then calls
// MarkAnnounced, so a player sees every achievement once even if it was
// earned while they were offline.
func (s *Service) Unannounced(ctx context.Context, userID int64) ([]Achievement, error) {
	return s.achievementsWhere(ctx, userID, true)
}

func (s *Service) achievementsWhere(ctx context.Context, userID int64, onlyUnannounced bool) ([]Achievement, error) {
	query := `SELECT achievement, game, at_ms FROM accounts_achievements WHERE user_id = ?`
	if onlyUnannounced {
		query += ` AND announced = 0`
	}
	query += ` ORDER BY at_ms, achievement`
	rows, err := s.query(ctx, query, userID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []Achievement{}
	for rows.Next() {
		var id, game string
		var atMS int64
		if err := rows.Scan(&id, &game, &atMS); err != nil {
			return nil, err
		}
		r, ok := ruleByID(id)
		if !ok {
			// A rule since removed from the table: still show that it was
			// earned.
			r = Rule{ID: id, Game: game, Title: id}
		}
		out = append(out, r.achievement(time.UnixMilli(atMS)))
	}
	return out, rows.Err()
}

// MarkAnnounced records that the achievements ids of userID have been
// shown, so Unannounced no longer lists them. Unknown ids are ignored.
func (s *Service) MarkAnnounced(ctx context.Context, userID int64, ids []string) error {
	if len(ids) == 0 {
		return nil
	}
	// Like a result, through Options.Exec when set: a player's first
	// achievements come with the end of a match, and marking them should
	// not cost a sync of its own either.
	stmts := make([]Stmt, len(ids))
	for i, id := range ids {
		stmts[i] = Stmt{s.q(`UPDATE accounts_achievements SET announced = 1 WHERE user_id = ? AND achievement = ?`), []any{userID, id}}
	}
	return s.write(ctx, stmts)
}
