package game

// Achievement is one achievement a game offers its players. The accounts
// service grants it: a tutorial's when the player finishes the game's
// tutorial, any other after a counted result for which Earned is true.
// Earned tests a threshold (">= 5 wins") rather than an exact count, so
// an achievement added later is granted to players who already qualify
// at their next game.
type Achievement struct {
	// ID is unique among every game's achievements, "GAME.what", and is
	// stored with the player: it never changes.
	ID, Title, Description string
	// Tutorial says that finishing the game's tutorial earns it.
	Tutorial bool
	// Earned looks at a player's record after a counted result; nil for
	// a tutorial's achievement.
	Earned func(Record) bool
}

// Achievements is a game's list of achievements, one of its
// Definition.Extras.
type Achievements []Achievement

// Record is what an achievement looks at: a player's totals in the game
// once the match was counted, and how the player's seat finished it.
type Record struct {
	Played, Won, Tied int64
	// Won, Tied or Lost: how this seat finished the match.
	Result Finish
	// VsBot is true when a bot played against this seat; BotLevel names
	// the strongest such bot's level.
	VsBot    bool
	BotLevel string
}

// Finish is how a seat finished a match.
type Finish int

// The ways a seat can finish.
const (
	FinishedWon Finish = iota + 1
	FinishedTied
	FinishedLost
)

// Wins is an Earned that holds once the player has won n games.
func Wins(n int64) func(Record) bool {
	return func(r Record) bool { return r.Won >= n }
}
