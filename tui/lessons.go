package tui

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/parlor-games/parlor/client"
)

// When a match of a game with an analysis ends at the table, the move log
// gets what its replay teaches, in a few lines of text (docs/replays.md):
// for Dots and Boxes the turning point and the costly moves, for
// Battleship how often each player fired where the expert would have.

// lessonTimeout bounds the wait for the server's analysis, which it makes
// once, after the game, in a few seconds.
const lessonTimeout = 2 * time.Minute

// maxCostly is how many costly moves the log lists.
const maxCostly = 8

// lessons asks the server for the analysis of the match that has just
// ended at ts and adds its lines to the move log. A game without an
// analysis, or a server that cannot make one now, adds nothing.
func (m *Model) lessons(ts *tableState) tea.Cmd {
	c, match, game, names := m.cfg.Client, ts.t.Match, ts.t.Game, ts.names()
	if c == nil || match == "" || (game != "dots" && game != "battleship") {
		return nil
	}
	return func() tea.Msg {
		ctx, cancel := context.WithTimeout(context.Background(), lessonTimeout)
		defer cancel()
		raw, err := analysisOnceOver(ctx, c, match)
		if err != nil {
			return nil
		}
		lines := lessonLines(game, raw, names)
		return doneMsg{what: "the lessons of the game", apply: func(m *Model) tea.Cmd {
			ts.log = append(ts.log, lines...)
			return nil
		}}
	}
}

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

// lessonLines turns a game's analysis (its JSON form) into lines of text.
func lessonLines(game string, raw json.RawMessage, names []string) []string {
	name := func(seat int) string {
		if seat >= 0 && seat < len(names) {
			return names[seat]
		}
		return fmt.Sprintf("Player %d", seat+1)
	}
	switch game {
	case "dots":
		var a struct {
			Moves []struct {
				Number int    `json:"number"`
				Seat   int    `json:"seat"`
				Played string `json:"played"`
				Cost   int    `json:"cost"`
				Source string `json:"source"`
			} `json:"moves"`
			TurningPoint *struct {
				Text string `json:"text"`
			} `json:"turningPoint"`
		}
		if json.Unmarshal(raw, &a) != nil {
			return nil
		}
		if a.TurningPoint == nil {
			return []string{"Lesson: no move gave anything away."}
		}
		out := []string{"Lesson: " + a.TurningPoint.Text}
		var costly []string
		for _, r := range a.Moves {
			if r.Cost > 0 && len(costly) < maxCostly {
				est := ""
				if r.Source != "solver" {
					est = " est."
				}
				costly = append(costly, fmt.Sprintf("%d %s %s -%d%s", r.Number, name(r.Seat), r.Played, r.Cost, est))
			}
		}
		if len(costly) > 0 {
			out = append(out, "Costly moves: "+strings.Join(costly, ", "))
		}
		return out
	case "battleship":
		var a struct {
			Shots []struct {
				Seat   int    `json:"seat"`
				Shot   [2]int `json:"shot"`
				Expert [2]int `json:"expert"`
			} `json:"shots"`
		}
		if json.Unmarshal(raw, &a) != nil || len(a.Shots) == 0 {
			return nil
		}
		shots, same := map[int]int{}, map[int]int{}
		for _, s := range a.Shots {
			shots[s.Seat]++
			if s.Shot == s.Expert {
				same[s.Seat]++
			}
		}
		var out []string
		for seat := range names {
			if shots[seat] > 0 {
				out = append(out, fmt.Sprintf("Lesson: %s fired where the expert would have %d of %d times.", name(seat), same[seat], shots[seat]))
			}
		}
		return out
	}
	return nil
}
