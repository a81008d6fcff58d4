package tui

import (
	"encoding/json"
	"fmt"
	"regexp"
	"strconv"
	"strings"
)

// The lesson of a Dots and Boxes match, in text (docs/replays.md): the
// turning point and the costly moves.

// maxCostly is how many costly moves the log lists.
const maxCostly = 8

// turningSeat finds the seat in a turning point's sentence.
var turningSeat = regexp.MustCompile(`^Move (\d+) \(Player (\d+), `)

// dotsStudy reads the analysis as a lesson; an analysis it cannot read
// says nothing.
func dotsStudy(raw json.RawMessage, names []string) (lesson, error) {
	return lesson{lines: dotsLessonLines(raw, names)}, nil
}

// dotsLessonLines turns the analysis (its JSON form) into lines of text.
func dotsLessonLines(raw json.RawMessage, names []string) []string {
	name := func(seat int) string { return lessonSeat(names, seat) }
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
}
