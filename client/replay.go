package client

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
)

// Replay is a finished match as GET /api/replays/{match} gives it: every
// step from the start position, each with every seat's view after it and
// the spectator's ("-1"), so that a client draws any step with the same
// code that draws a live board.
type Replay struct {
	Game    string
	Seats   []Seat // who sat where: a bot by its level, a person by name
	Outcome *Outcome
	Steps   []ReplayStep
}

// Replay reads the replay of a finished match. A match still being
// played answers an *HTTPError (409), an unknown one 404.
func (c *Client) Replay(ctx context.Context, match string) (*Replay, error) {
	var raw struct {
		Log struct {
			Game string `json:"game"`
		} `json:"log"`
		Seats   []json.RawMessage `json:"seats"`
		Outcome *Outcome          `json:"outcome"`
		Steps   []ReplayStep      `json:"steps"`
	}
	if err := c.do(ctx, http.MethodGet, "/api/replays/"+url.PathEscape(match), nil, &raw); err != nil {
		return nil, err
	}
	r := &Replay{Game: raw.Log.Game, Outcome: raw.Outcome, Steps: raw.Steps}
	for i, s := range raw.Seats {
		// A seat is kept as the table's seat spec; a match copied from a
		// save keeps only the seat's name.
		var seat Seat
		if err := json.Unmarshal(s, &seat); err != nil {
			var name string
			if json.Unmarshal(s, &name) != nil {
				return nil, fmt.Errorf("the replay's seat %d reads neither as a seat nor as a name", i)
			}
			seat = Seat{Kind: SeatHuman, Name: name}
		}
		r.Seats = append(r.Seats, seat)
	}
	return r, nil
}

// Analysis reads the game's analysis of a finished match, in the game's
// own JSON form (docs/replays.md). The server makes it once, on the first
// request, which may take seconds.
func (c *Client) Analysis(ctx context.Context, match string) (json.RawMessage, error) {
	var out json.RawMessage
	err := c.do(ctx, http.MethodGet, "/api/replays/"+url.PathEscape(match)+"/analysis", nil, &out)
	return out, err
}
