package client

import (
	"context"
	"time"
)

// RecentGame is a finished match of a player's, as the server lists it in
// the ended push and on the profile (docs/protocol.md, RecentGame): who
// sat where, the seats the player held, the winners and why it ended.
type RecentGame struct {
	Match    string    `json:"match"`
	Game     string    `json:"game"`
	Finished time.Time `json:"finished"`
	// Seats are the match's seats as its replay shows them: kind, name,
	// and a bot's level.
	Seats []Seat `json:"seats"`
	// Held are the seats the player held: one, or every seat of a table
	// played at one screen.
	Held    []int  `json:"held"`
	Winners []int  `json:"winners"`
	Reason  string `json:"reason,omitempty"`
}

// Ended decodes an ended push (since v7): the player's games that ended
// while they were not at the table, the most recently finished first.
// An empty list means none is left to tell.
func (p Push) Ended() ([]RecentGame, error) {
	var out struct {
		Games []RecentGame `json:"games"`
	}
	err := p.decode("ended", &out)
	return out.Games, err
}

// DismissEnded (since v7) takes matches off the player's list of games
// that ended while they were away, once they have read of them; the
// server pushes the shorter list to each of the player's connections.
func (c *Conn) DismissEnded(ctx context.Context, matches ...string) error {
	return c.Call(ctx, "ended.dismiss", map[string][]string{"matches": matches}, nil)
}
