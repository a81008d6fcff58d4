package client

import (
	"context"
)

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
