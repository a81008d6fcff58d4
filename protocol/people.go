package protocol

import "time"

// User is a person with a session: an account or a guest.
type User struct {
	ID    int64  `json:"id"`
	Name  string `json:"name"`
	Guest bool   `json:"guest"`
}

// Chat is one line of a chat channel.
type Chat struct {
	Channel string    `json:"channel"`
	From    string    `json:"from"`
	Text    string    `json:"text"`
	At      time.Time `json:"at"`
}

// Stats are a player's counts in one game.
type Stats struct {
	Played int     `json:"played"`
	Won    int     `json:"won"`
	Tied   int     `json:"tied"`
	Rating float64 `json:"rating"`
	RD     float64 `json:"rd"`
}

// Online is one person in the lobby's list of who is online.
type Online struct {
	Name  string           `json:"name"`
	Guest bool             `json:"guest"`
	Stats map[string]Stats `json:"stats"`
}

// Achievement is one achievement a user earned.
type Achievement struct {
	ID          string    `json:"id"`
	Game        string    `json:"game"`
	Title       string    `json:"title"`
	Description string    `json:"description"`
	At          time.Time `json:"at"`
}

// Save is one of the user's saves. With Match set it is a bookmark of
// that match, resumed at its own table, and once Over opened only as its
// replay; without, a copy of a log (a game that hides nothing).
type Save struct {
	ID      string    `json:"id"`
	Name    string    `json:"name"`
	Game    string    `json:"game"`
	Moves   int       `json:"moves"`
	Created time.Time `json:"created"`
	Match   string    `json:"match,omitempty"`
	Over    bool      `json:"over,omitempty"`
}
