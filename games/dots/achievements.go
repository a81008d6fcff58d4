package dots

import "github.com/parlor-games/parlor/game"

// achievements reward a first win, steady play, a tie (rare, and only
// possible on boards with an even number of boxes) and beating the
// strongest bot. The game has no tutorial.
var achievements = game.Achievements{
	{ID: "dots.first-win", Title: "First box",
		Description: "Win a game of Dots and Boxes.", Earned: game.Wins(1)},
	{ID: "dots.ten-wins", Title: "Box builder",
		Description: "Win 10 games of Dots and Boxes.", Earned: game.Wins(10)},
	{ID: "dots.tie", Title: "Even split",
		Description: "Finish a game of Dots and Boxes in a tie.",
		Earned:      func(r game.Record) bool { return r.Result == game.FinishedTied }},
	{ID: "dots.beat-expert", Title: "Chain master",
		Description: "Beat the expert bot at Dots and Boxes.",
		Earned: func(r game.Record) bool {
			return r.Result == game.FinishedWon && r.VsBot && r.BotLevel == "expert"
		}},
}
