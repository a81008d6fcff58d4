package battleship

import "github.com/parlor-games/parlor/game"

// achievements are the four of the specification.
var achievements = game.Achievements{
	{ID: "battleship.tutorial", Title: "Complete tutorial",
		Description: "Finish the Battleship tutorial.", Tutorial: true},
	{ID: "battleship.rookie", Title: "Rookie",
		Description: "Win a game of Battleship.", Earned: game.Wins(1)},
	{ID: "battleship.talented", Title: "Talented",
		Description: "Win 5 games of Battleship.", Earned: game.Wins(5)},
	{ID: "battleship.expert", Title: "Expert",
		Description: "Win 20 games of Battleship.", Earned: game.Wins(20)},
}
