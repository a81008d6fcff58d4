package tui

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"time"

	"github.com/parlor-games/parlor/client"
)

// Reading a match's analysis from the server (docs/replays.md), for the
// lessons analysis.go adds to the log when a match ends.

// analysisOnceOver reads the analysis, asking again for a few seconds
// while the server has not yet stored the match as over.
func analysisOnceOver(ctx context.Context, c *client.Client, match string) (json.RawMessage, error) {
	for tries := 0; ; tries++ {
		raw, err := c.Analysis(ctx, match)
		var he *client.HTTPError
		if err == nil || tries >= 20 || !errors.As(err, &he) || he.Status != http.StatusConflict {
			return raw, err
		}
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-time.After(250 * time.Millisecond):
		}
	}
}

// lessonSeat names seat by names, or "Player N" where it has none, as
// the games' analyses do.
func lessonSeat(names []string, seat int) string {
	if seat >= 0 && seat < len(names) {
		return names[seat]
	}
	return fmt.Sprintf("Player %d", seat+1)
}
