package tui

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/parlor-games/parlor/client"
)

// The lessons of Dots and Boxes and Battleship, in text (docs/replays.md):
// for Dots and Boxes the turning point and the costly moves, for
// Battleship how often each player fired where the expert would have.
// analysis.go asks for them when a match ends.

// maxCostly is how many costly moves the log lists.
const maxCostly = 8

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

// turningSeat finds the seat in a Dots and Boxes turning point's sentence.
var turningSeat = regexp.MustCompile(`^Move (\d+) \(Player (\d+), `)

// rawLessonLines turns a Dots and Boxes or Battleship analysis (its JSON
// form) into lines of text.
func rawLessonLines(game string, raw json.RawMessage, names []string) []string {
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
		// The game names seats by number, knowing no names.
		text := turningSeat.ReplaceAllStringFunc(a.TurningPoint.Text, func(m string) string {
			sub := turningSeat.FindStringSubmatch(m)
			n, _ := strconv.Atoi(sub[2])
			return "Move " + sub[1] + " (" + name(n-1) + ", "
		})
		out := []string{"Lesson: " + text}
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
