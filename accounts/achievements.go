package accounts

import (
	"context"
	"time"

	"github.com/parlor-games/parlor/game"
	"github.com/parlor-games/parlor/games"
	"github.com/parlor-games/parlor/store"
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

// rules is the table of achievements: each registered game's, from its
// own package (game.Achievements among its Extras).
var rules = rulesOf(games.Registry())

// rulesOf gathers the achievements of every game of reg.
func rulesOf(reg *game.Registry) []Rule {
	var out []Rule
	for _, d := range reg.List() {
		list, _ := game.Extra[game.Achievements](d)
		for _, a := range list {
			r := Rule{ID: a.ID, Game: d.Name, Title: a.Title, Description: a.Description, Tutorial: a.Tutorial}
			if earned := a.Earned; earned != nil {
				r.Earned = func(e Event) bool { return earned(e.record()) }
			}
			out = append(out, r)
		}
	}
	return out
}

// record is e as a game's achievement reads it.
func (e Event) record() game.Record {
	finish := map[Result]game.Finish{Won: game.FinishedWon, Tied: game.FinishedTied, Lost: game.FinishedLost}[e.Seat.Result]
	return game.Record{Played: e.Stats.Played, Won: e.Stats.Won, Tied: e.Stats.Tied,
		Result: finish, VsBot: e.Seat.VsBot, BotLevel: e.Seat.BotLevel}
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
	grants := make([]store.Grant, len(tut))
	for i, r := range tut {
		grants[i] = store.Grant{UserID: userID, Achievement: r.ID, Game: r.Game, At: now}
	}
	fresh, err := s.st.GrantAchievements(ctx, grants)
	if err != nil {
		return nil, err
	}
	got := []Achievement{}
	for i, r := range tut {
		if fresh[i] {
			got = append(got, r.achievement(now))
		}
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
	earned, err := s.st.Achievements(ctx, userID, onlyUnannounced)
	if err != nil {
		return nil, err
	}
	out := make([]Achievement, 0, len(earned))
	for _, e := range earned {
		r, ok := ruleByID(e.Achievement)
		if !ok {
			// A rule since removed from the table: still show that it was
			// earned.
			r = Rule{ID: e.Achievement, Game: e.Game, Title: e.Achievement}
		}
		out = append(out, r.achievement(e.At))
	}
	return out, nil
}

// MarkAnnounced records that the achievements ids of userID have been
// shown, so Unannounced no longer lists them. Unknown ids are ignored.
func (s *Service) MarkAnnounced(ctx context.Context, userID int64, ids []string) error {
	if len(ids) == 0 {
		return nil
	}
	// Like a result, through the store's group commit: a player's first
	// achievements come with the end of a match, and marking them should
	// not cost a sync of its own either.
	return s.st.MarkAnnounced(ctx, userID, ids)
}
