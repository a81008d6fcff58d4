package client

import (
	"context"
	"encoding/json"
	"net/http"
	"net/url"
)

// ReplayInfo is what a program needs of a finished match's replay to
// name it: its game and its seats' names (GET /api/replays/{match}; the
// steps themselves are left out).
type ReplayInfo struct {
	Game  string
	Seats []string
}

// Replay reads the game and the seats of a finished match.
func (c *Client) Replay(ctx context.Context, match string) (ReplayInfo, error) {
	var out struct {
		Log struct {
			Game string `json:"game"`
		} `json:"log"`
		Seats []json.RawMessage `json:"seats"`
	}
	if err := c.do(ctx, http.MethodGet, "/api/replays/"+url.PathEscape(match), nil, &out); err != nil {
		return ReplayInfo{}, err
	}
	info := ReplayInfo{Game: out.Log.Game}
	for _, raw := range out.Seats {
		// A seat is its name, or an object that carries it.
		var name string
		if json.Unmarshal(raw, &name) != nil {
			var s struct {
				Name string `json:"name"`
			}
			_ = json.Unmarshal(raw, &s)
			name = s.Name
		}
		info.Seats = append(info.Seats, name)
	}
	return info, nil
}

// Analysis reads the game's analysis of a finished match, in the game's
// own JSON form (docs/replays.md). The server makes it once, on the first
// request, which may take seconds.
func (c *Client) Analysis(ctx context.Context, match string) (json.RawMessage, error) {
	var out json.RawMessage
	err := c.do(ctx, http.MethodGet, "/api/replays/"+url.PathEscape(match)+"/analysis", nil, &out)
	return out, err
}
