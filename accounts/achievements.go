package accounts

import (
	"context"
	"time"

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
