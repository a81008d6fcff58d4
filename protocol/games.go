package protocol

import "encoding/json"

// OptionSpec describes one option of a game, as /api/games lists it.
type OptionSpec struct {
	Name  string `json:"name"`
	Label string `json:"label"`
	// Kind is int, bool, choice or scenario (game.OptionKind).
	Kind    string          `json:"kind"`
	Default json.RawMessage `json:"default"`
	Min     int             `json:"min,omitempty"`
	Max     int             `json:"max,omitempty"`
	Choices []string        `json:"choices,omitempty"`
	Help    string          `json:"help,omitempty"`
	// Off is the word for 0 where 0 switches the option off ("none").
	Off string `json:"off,omitempty"`
}

// Game is one game the server offers (GET /api/games).
type Game struct {
	Name    string       `json:"name"`
	Title   string       `json:"title"`
	Summary string       `json:"summary"`
	Options []OptionSpec `json:"options" ts:"nonnull"`
	// Hidden says that seats hold secrets: a shared screen needs hand-overs.
	Hidden bool `json:"hidden"`
	// Forkable says the game hides nothing, so its saves are copies.
	Forkable bool     `json:"forkable"`
	Bots     []string `json:"bots" ts:"nonnull"`
	// Roles lists the characters seats choose, in a game that has them.
	Roles *Roles `json:"roles,omitempty"`
	// Policy is the policy a table of the game gets by default.
	Policy Policy `json:"policy"`
	// Preview says that GET /api/games/{game}/preview shows the start of
	// a match before it exists.
	Preview bool `json:"preview,omitempty"`
}

// Rulebook is how a game is played, in sections, as the game's package
// writes it (GET /api/games/{game}/rules): what the help screens show.
type Rulebook struct {
	Game     string        `json:"game"`
	Title    string        `json:"title"`
	Sections []RuleSection `json:"sections" ts:"nonnull"`
}

// RuleSection is one heading of a rulebook and its paragraphs, plain text.
type RuleSection struct {
	Title string   `json:"title"`
	Paras []string `json:"paras" ts:"nonnull"`
}

// Roles are a game's characters (suspects a seat plays).
type Roles struct {
	Option  string `json:"option"`
	Label   string `json:"label"`
	Choices []Role `json:"choices" ts:"nonnull"`
}

// Role is one character.
type Role struct {
	Key  string `json:"key"`
	Name string `json:"name"`
}
