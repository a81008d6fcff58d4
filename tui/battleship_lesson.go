package tui

import (
	"encoding/json"
	"fmt"
)

// The lesson of a Battleship match, in text (docs/replays.md): how often
// each player fired where the expert would have.

// battleshipStudy reads the analysis as a lesson; an analysis it cannot
// read says nothing.
func battleshipStudy(raw json.RawMessage, names []string) (lesson, error) {
	return lesson{lines: battleshipLessonLines(raw, names)}, nil
}

// battleshipLessonLines turns the analysis (its JSON form) into lines.
func battleshipLessonLines(raw json.RawMessage, names []string) []string {
	name := func(seat int) string { return lessonSeat(names, seat) }
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
