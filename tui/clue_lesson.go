package tui

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/parlor-games/parlor/games/clue"
)

// clueStudy reads the analysis of a finished Clue-Less match as a lesson:
// when each detective could have accused with certainty.
func clueStudy(raw json.RawMessage, names []string) (lesson, error) {
	var a clue.Analysis
	if err := json.Unmarshal(raw, &a); err != nil {
		return lesson{}, err
	}
	return clueLesson(&a, names), nil
}

// clueLesson is the detectives' lines and, at a step, who could accuse
// with certainty by then.
func clueLesson(a *clue.Analysis, names []string) lesson {
	return lesson{lines: clueLessons(a, names), at: func(step int) string {
		var sure []string
		for _, sa := range a.Seats {
			if sa.CertainAt >= 0 && sa.CertainAt <= step {
				sure = append(sure, detective(sa, names))
			}
		}
		if len(sure) == 0 {
			return fmt.Sprintf("At move %d nobody could yet accuse with certainty.", step)
		}
		return fmt.Sprintf("At move %d, certain of the answer: %s.", step, strings.Join(sure, ", "))
	}}
}

// detective names the suspect a seat played and who played it, "Miss
// Scarlet (Ann)", or the suspect alone for a bot, which is named by its
// suspect already ("Mustard").
func detective(sa clue.SeatAnalysis, names []string) string {
	name := nameOf(names, int(sa.Seat))
	if strings.Contains(sa.Suspect.String(), name) {
		return sa.Suspect.String()
	}
	return fmt.Sprintf("%s (%s)", sa.Suspect, name)
}

// clueLessons says, for each detective, from which move it could have
// accused with certainty and when it accused.
func clueLessons(a *clue.Analysis, names []string) []string {
	var out []string
	for _, sa := range a.Seats {
		who := detective(sa, names)
		line := who + " never knew the answer for certain"
		if sa.CertainAt >= 0 {
			line = fmt.Sprintf("%s could have accused with certainty from move %d", who, sa.CertainAt)
		}
		switch {
		case sa.AccusedAt >= 0 && sa.AccusedRight:
			line += fmt.Sprintf(" (accused rightly at move %d)", sa.AccusedAt)
		case sa.AccusedAt >= 0:
			line += fmt.Sprintf(" (accused wrongly at move %d)", sa.AccusedAt)
		case sa.CertainAt >= 0:
			line += " (never accused)"
		}
		out = append(out, line+".")
	}
	return out
}
