// Package games lists the games the parlor binary ships.
package games

import (
	"github.com/parlor-games/parlor/game"
	"github.com/parlor-games/parlor/games/battleship"
	"github.com/parlor-games/parlor/games/buccaneer"
	"github.com/parlor-games/parlor/games/clue"
	"github.com/parlor-games/parlor/games/dots"
	"github.com/parlor-games/parlor/games/warfare"
)

// Registry returns a registry of every shipped game. Adding a game is one
// line here plus its package.
func Registry() *game.Registry {
	return game.NewRegistry(
		dots.Definition,
		battleship.Definition,
		buccaneer.Definition,
		clue.Definition,
		warfare.Definition,
	)
}
