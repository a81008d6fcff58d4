package buccaneer

import (
	_ "embed"

	"github.com/parlor-games/parlor/game"
)

// rulebookText is how Buccaneer is played, for people: the text both
// clients show as their help (game.Rulebook), kept beside the rules it
// describes so that the two change together.
//
//go:embed rulebook.md
var rulebookText string

// rulebook is rulebookText read into sections, once.
var rulebook = game.MustRulebook(rulebookText)
