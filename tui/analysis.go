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
)

// The end of a game as a lesson, in text: once a match is over, the server's analysis of it
// (GET /api/replays/{match}/analysis) is added to the moves panel, in
// the words of the game's own lesson reader (board.go's lessons, in each
// game's files): a sparkline per seat over the turns for a game whose
// analysis is charts, when each player could have known the answer, the
// turning point, how often a player did what the expert would have. The
// web client's replay draws the same in full.

// analysisWait bounds the wait for an analysis: the server computes it
// once the match is over, for the heaviest games in a few seconds.
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
	return lessons[game] != nil
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
	read := lessons[game]
	if read == nil {
		return lesson{}, nil
	}
	return read(raw, names)
}

// chartsLesson reads an analysis that is a game's charts over its turns
// (turnchart.Charts), for a game whose lesson is its charts.
func chartsLesson(raw json.RawMessage, names []string) (lesson, error) {
	var c turnchart.Charts
	if err := json.Unmarshal(raw, &c); err != nil {
		return lesson{}, err
	}
	return chartLesson(&c, names), nil
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
