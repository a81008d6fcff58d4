package client

import (
	"context"
	"net/http"
	"net/url"
)

// ReplayAnalysis reads the game's analysis of a finished match
// (GET /api/replays/{match}/analysis) into out, which takes the game's
// own form, which its package documents (turnchart.Charts for Buccaneer
// and Medieval Warfare, clue.Analysis for Clue-Less), as views are read.
// A match still being played, or a game without an analysis, answers an
// *HTTPError (409, 404).
func (c *Client) ReplayAnalysis(ctx context.Context, match string, out any) error {
	return c.do(ctx, http.MethodGet, "/api/replays/"+url.PathEscape(match)+"/analysis", nil, out)
}
