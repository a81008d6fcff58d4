package tui

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/parlor-games/parlor/client"
	"github.com/parlor-games/parlor/game/turnchart"
	"github.com/parlor-games/parlor/games/clue"
)

// The end of a game as a lesson, in text: once a match is over, the server's analysis of it
// (GET /api/replays/{match}/analysis) is added to the moves panel: a
// sparkline per seat over the turns, or when each detective could have
// accused with certainty, the turning point of a Dots and Boxes game, how
// often a Battleship player fired where the expert would have
// (lessons.go). The web client's replay draws the same in full.

// analysisWait bounds the wait for an analysis: the server computes it
// once the match is over, a Clue-Less one in up to a second or so, a
// large Dots and Boxes one in a few seconds.
const analysisWait = 2 * time.Minute

// lessons asks for the analysis of ts's finished match, for the games
// whose analysis reads well as text, and adds it to the moves panel.
func (m *Model) lessons(ts *tableState) tea.Cmd {
	cl := m.cfg.Client
	match, game, id := ts.t.Match, ts.t.Game, ts.t.ID
	if cl == nil || match == "" || !hasLessons(game) {
		return nil
	}
	names := ts.names()
	return func() tea.Msg {
		ctx, cancel := context.WithTimeout(context.Background(), analysisWait)
		defer cancel()
		lines, err := lessonLines(ctx, cl, game, match, names)
		return doneMsg{what: "the game's analysis", err: err, apply: func(m *Model) tea.Cmd {
			if m.table != nil && m.table.t.ID == id {
				m.table.log = append(m.table.log, lines...)
			}
			return nil
		}}
	}
}

// hasLessons says whether game's analysis has a text form here.
func hasLessons(game string) bool {
	switch game {
	case "dots", "battleship", "buccaneer", "warfare", "clue":
		return true
	}
	return false
}

// lesson is a match's analysis in text: its lines, and what it says at
// one step of the replay (the replay screen's line that follows the
// step shown).
type lesson struct {
	lines []string
	at    func(step int) string
}

// lessonLines reads match's analysis and says it in lines.
func lessonLines(ctx context.Context, cl *client.Client, game, match string, names []string) ([]string, error) {
	l, err := study(ctx, cl, game, match, names)
	return l.lines, err
}

// study reads match's analysis as a lesson.
// The match may not yet be stored as over when its end arrives, so the
// analysis is asked for again for a few seconds (analysisOnceOver).
func study(ctx context.Context, cl *client.Client, game, match string, names []string) (lesson, error) {
	raw, err := analysisOnceOver(ctx, cl, match)
	if err != nil {
		return lesson{}, err
	}
	switch game {
	case "dots", "battleship":
		return lesson{lines: rawLessonLines(game, raw, names)}, nil
	case "clue":
		var a clue.Analysis
		if err := json.Unmarshal(raw, &a); err != nil {
			return lesson{}, err
		}
		return clueLesson(&a, names), nil
	case "buccaneer", "warfare":
		var c turnchart.Charts
		if err := json.Unmarshal(raw, &c); err != nil {
			return lesson{}, err
		}
		return chartLesson(&c, names), nil
	}
	return lesson{}, nil
}

// chartLesson is the charts' lines and, at a step, every chart's
// figures at the end of the step's turn, as the web chart's marker says.
func chartLesson(c *turnchart.Charts, names []string) lesson {
	return lesson{lines: chartLessons(c, names), at: func(step int) string {
		if len(c.Turns) == 0 {
			return ""
		}
		k := len(c.Turns) - 1
		if step >= 0 && step < len(c.StepTurn) {
			k = max(0, min(c.StepTurn[step], k))
		}
		var parts []string
		for _, ch := range c.Charts {
			var seats []string
			for s, v := range ch.Seats {
				if k < len(v) {
					seats = append(seats, fmt.Sprintf("%s %d", nameOf(names, s), v[k]))
				}
			}
			parts = append(parts, ch.Title+": "+strings.Join(seats, ", "))
		}
		return fmt.Sprintf("Turn %d of %d, at its end: %s.", c.Turns[k], c.Turns[len(c.Turns)-1], strings.Join(parts, "; "))
	}}
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

// sparkWidth is how many turns a sparkline shows at most; a longer match
// shows the figure at the end of every few turns.
const sparkWidth = 16

var sparks = []rune("▁▂▃▄▅▆▇█")

// sparkline draws v, scaled to top, in at most sparkWidth letters.
func sparkline(v []int, top int) string {
	step := (len(v) + sparkWidth - 1) / sparkWidth
	var b strings.Builder
	for k := step - 1; k < len(v)+step-1; k += step {
		x := v[min(k, len(v)-1)]
		i := 0
		if top > 0 {
			i = x * (len(sparks) - 1) / top
		}
		b.WriteRune(sparks[max(0, min(i, len(sparks)-1))])
	}
	return b.String()
}

// chartLessons says each chart as a heading and a sparkline per seat
// with its last figure.
func chartLessons(c *turnchart.Charts, names []string) []string {
	if len(c.Turns) == 0 {
		return nil
	}
	var out []string
	for _, ch := range c.Charts {
		top := 0
		for _, v := range ch.Seats {
			for _, x := range v {
				top = max(top, x)
			}
		}
		title := ch.Title
		if !strings.EqualFold(ch.Unit, ch.Title) {
			title += " (" + ch.Unit + ")"
		}
		out = append(out, fmt.Sprintf("%s, turns %d-%d:", title, c.Turns[0], c.Turns[len(c.Turns)-1]))
		for s, v := range ch.Seats {
			if len(v) == 0 {
				continue
			}
			out = append(out, fmt.Sprintf("  %s %s %d", nameOf(names, s), sparkline(v, top), v[len(v)-1]))
		}
	}
	return out
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
