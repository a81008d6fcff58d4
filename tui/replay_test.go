package tui

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/parlor-games/parlor/client"
	"github.com/parlor-games/parlor/game"
	"github.com/parlor-games/parlor/game/gametest"
	"github.com/parlor-games/parlor/game/turnchart"
	"github.com/parlor-games/parlor/games/clue"
)

// replayOf is g's match at its largest after a few moves of easy bots,
// as GET /api/replays/{match} gives it: every seat's view and the
// spectator's after each step.
func replayOf(t *testing.T, g screenGame, moves int) *client.Replay {
	t.Helper()
	st, err := g.def.New(json.RawMessage(g.options), game.NewRand(7))
	if err != nil {
		t.Fatal(err)
	}
	rec := gametest.Record(t, st)
	rec.PlayBots(g.def, "easy", moves)
	views := func(st game.State) map[string]json.RawMessage {
		out := map[string]json.RawMessage{}
		for s := -1; s < st.Seats(); s++ {
			b, err := json.Marshal(game.PlainView(st, game.Seat(s)))
			if err != nil {
				t.Fatal(err)
			}
			out[fmt.Sprint(s)] = b
		}
		return out
	}
	r := &client.Replay{Game: g.name, Outcome: &client.Outcome{Winners: []int{1}, Reason: "the rules"}}
	for i := range g.seats {
		r.Seats = append(r.Seats, screenSeatIn(t, g, i))
	}
	for i, s := range rec.Steps {
		after := rec.State()
		if i+1 < len(rec.Steps) {
			after = rec.Steps[i+1].Before
		}
		step := client.ReplayStep{Seq: int64(i), Seat: int(s.Seat), Views: views(after)}
		if s.Move != nil {
			step.Text = s.Move.String()
		}
		r.Steps = append(r.Steps, step)
	}
	return r
}

// lessonsOf are lessons of the size a match of g at its largest gets,
// for a replay of six moves: two charts of every seat, or a line per
// detective.
func lessonsOf(t *testing.T, g screenGame) lesson {
	names := make([]string, g.seats)
	for i := range names {
		names[i] = seatName(screenSeatIn(t, g, i))
	}
	switch g.name {
	case "clue":
		a := &clue.Analysis{}
		for s := range g.seats {
			a.Seats = append(a.Seats, clue.SeatAnalysis{Seat: game.Seat(s), Suspect: clue.Card(s), CertainAt: 3 + s, AccusedAt: -1})
		}
		a.Seats[1].AccusedAt, a.Seats[1].AccusedRight = 6, true
		return clueLesson(a, names)
	case "buccaneer", "warfare":
		return chartLesson(chartsOf(g.seats, "Land", "Gold"), names)
	}
	return lesson{}
}

// chartsOf are charts of 60 turns, one of each title, a line per seat.
func chartsOf(seats int, titles ...string) *turnchart.Charts {
	c := &turnchart.Charts{StepTurn: []int{0, 0, 1, 1, 2, 2, 59}}
	for k := range 60 {
		c.Turns = append(c.Turns, k+1)
	}
	for _, title := range titles {
		ch := turnchart.Chart{Key: strings.ToLower(title), Title: title, Unit: "hexes"}
		for s := range seats {
			v := make([]int, 60)
			for k := range v {
				v[k] = (k * (s + 1)) % 37
			}
			ch.Seats = append(ch.Seats, v)
		}
		c.Charts = append(c.Charts, ch)
	}
	return c
}

// replayModel is a model showing g's replay at w x h, with its lessons.
func replayModel(t *testing.T, g screenGame, w, h int) *Model {
	t.Helper()
	m := New(Config{NoColor: true})
	m.Update(tea.WindowSizeMsg{Width: w, Height: h})
	m.replay = newReplayState(m, "m1", replayOf(t, g, 6))
	m.replay.lessons = lessonsOf(t, g)
	m.show(screenReplay)
	return m
}

// TestReplayScreenWhole: every game's replay at its largest, at 80x24 and
// 120x40, keeps its key bar, the step's caption and the title whole, at
// the start, at a move and at the last step with its result; each lesson
// line is whole on the screen, or behind L when the screen has no room
// for it beside or under the board; and the help lists the replay's keys.
func TestReplayScreenWhole(t *testing.T) {
	for _, g := range screenGames {
		for _, sz := range screenSizes {
			m := replayModel(t, g, sz[0], sz[1])
			rs := m.replay
			what := fmt.Sprintf("%s replay", g.name)
			out := checkWhole(t, what+" at the end", m, []string{"←/→ step", "q back"}, rs.caption(), "Game over: "+seatName(screenSeatIn(t, g, 1))+" wins")
			if !strings.Contains(out, "Replay: "+g.name) {
				t.Fatalf("%s at %dx%d: no title:\n%s", what, m.w, m.h, out)
			}
			m.Update(press("home"))
			checkWhole(t, what+" at the start", m, nil, "Start position (6 moves in all).")
			m.Update(press("right"))
			out = checkWhole(t, what+" at move 1", m, nil, rs.caption())
			// The mover is named: Ann, or a bot by its game's name for it.
			named := false
			for i := range g.seats {
				named = named || strings.Contains(out, "Move 1 of 6: "+seatName(screenSeatIn(t, g, i))+": ")
			}
			if !named {
				t.Fatalf("%s at move 1 does not name the mover:\n%s", what, out)
			}
			m.Update(press("v"))
			checkWhole(t, what+" as seat 1", m, nil, "as Ann (seat 1) saw it")
			if rs.seat != 0 {
				t.Fatalf("v showed seat %d's view, want seat 0's", rs.seat)
			}
			if len(rs.lessons.lines) > 0 {
				out := plain(m.View().Content)
				if rs.lessonCols == 0 {
					m.Update(press("L"))
					out = checkWhole(t, what+" lessons", m, []string{"L board"})
				}
				for _, l := range rs.lessonPanel(m, rs.lessonCols) {
					if !strings.Contains(out, plain(l)) {
						t.Fatalf("%s at %dx%d: the lesson line %q is not whole, nor behind L:\n%s", what, m.w, m.h, plain(l), out)
					}
				}
			}
			checkHelp(t, what, m)
		}
	}
}

// TestReplayLessonsScroll (issue 32, point 11): a six-player Medieval
// Warfare replay at 80x24 with more lessons than the screen holds: L
// shows them in the board's place with a line saying which are shown,
// and down reaches every line to the last, which was cut off for good.
func TestReplayLessonsScroll(t *testing.T) {
	g := screenGames[4]
	m := replayModel(t, g, 80, 24)
	rs := m.replay
	rs.lessons = chartLesson(chartsOf(g.seats, "Land", "Gold", "Units", "Income"), rs.names)
	m.Update(press("L"))
	all := rs.lessonPanel(m, 80)
	seen := map[string]bool{}
	out := checkWhole(t, "warfare lessons", m, []string{"L board", "↑/↓ scroll"}, "lines 1-")
	for range len(all) {
		for _, l := range strings.Split(out, "\n") {
			seen[strings.TrimRight(l, " ")] = true
		}
		m.Update(press("down"))
		out = plain(m.View().Content)
	}
	for _, l := range all {
		if !seen[plain(l)] {
			t.Fatalf("the lesson line %q is never on screen; the last screen:\n%s", plain(l), out)
		}
	}
	if !strings.Contains(out, fmt.Sprintf("of %d, up/down for more", len(all)-1)) {
		t.Fatalf("the lessons do not say which lines are shown:\n%s", out)
	}
}

// TestReplayStepsAndBack: the arrows step one move, Home and End go to
// the start and the last move and stop there, and q goes back to the
// screen the replay was opened from.
func TestReplayStepsAndBack(t *testing.T) {
	m := replayModel(t, screenGames[0], 80, 24)
	m.replay.back = screenLobby
	rs := m.replay
	if rs.at != 6 {
		t.Fatalf("the replay opens at step %d, want the last, 6", rs.at)
	}
	for _, c := range []struct {
		key  string
		want int
	}{{"right", 6}, {"left", 5}, {"home", 0}, {"left", 0}, {"right", 1}, {"end", 6}} {
		m.Update(press(c.key))
		if rs.at != c.want {
			t.Fatalf("after %s the replay shows step %d, want %d", c.key, rs.at, c.want)
		}
	}
	m.Update(press("q"))
	if m.screen != screenLobby || m.replay != nil {
		t.Fatalf("q left the replay on screen %d", m.screen)
	}
}

// TestModelReplayFromTheEnd: a Medieval Warfare game against the
// computer, one turn played and then resigned; r at the result opens the
// match's replay at its last step with the result, the lessons come from
// the server's analysis, the arrows step back to the turn's end, and q
// goes back to the table.
func TestModelReplayFromTheEnd(t *testing.T) {
	ann := warfareTurnThenResign(t)
	ann.waitFor("r replay")
	ann.keys("r")
	out := ann.waitFor("Replay: Medieval Warfare")
	if !strings.Contains(flat(out), "Ann: resign. Game over: Lady Brenna wins") {
		t.Fatalf("the replay's last step does not say the result:\n%s", out)
	}
	// The island leaves the lessons no room beside it: L shows them.
	ann.waitFor("L lessons")
	ann.keys("L")
	ann.waitFor("Land (hexes), turns 1-3:")
	ann.waitFor("Gold, turns 1-3:")
	ann.keys("L")
	last := ann.m.replay.at
	ann.keys("left")
	if ann.m.replay.at != last-1 {
		t.Fatalf("left showed step %d, want %d", ann.m.replay.at, last-1)
	}
	ann.keys("home")
	ann.waitFor("Start position")
	ann.keys("right")
	ann.waitFor("Move 1 of")
	ann.keys("q")
	ann.waitFor("m rematch")
	if ann.m.screen != screenTable {
		t.Fatalf("q from the replay went to screen %d, not the table", ann.m.screen)
	}
}

// TestReplayLessonFollowsTheStep: the line of the lessons that speaks of
// the step shown changes as the arrows step: the charts' figures at the
// end of the step's turn, and the detectives certain by then.
func TestReplayLessonFollowsTheStep(t *testing.T) {
	for _, c := range []struct {
		game       int
		end, start string
	}{
		{4, "Turn 60 of 60, at its end: Land: Ann 22, Lady Brenna 7, Count Cedric 29,", "Turn 1 of 60, at its end: Land: Ann 0, Lady Brenna 0,"},
		{2, "At move 6, certain of the answer: Miss Scarlet (Ann), Colonel Mustard, Mrs. White, Mr. Green.",
			"At move 0 nobody could yet accuse with certainty."},
	} {
		g := screenGames[c.game]
		m := replayModel(t, g, 120, 40)
		said := func() string { return flat(plain(strings.Join(m.replay.lessonPanel(m, 1000), "\n"))) }
		if !strings.Contains(said(), c.end) {
			t.Fatalf("%s at the end: the lessons say %q, want %q", g.name, said(), c.end)
		}
		m.Update(press("home"))
		if !strings.Contains(said(), c.start) {
			t.Fatalf("%s at the start: the lessons say %q, want %q", g.name, said(), c.start)
		}
	}
}

// TestReplayScrollsATallBoard: a 16x16 Dots and Boxes replay at 80x24
// does not fit; the key bar says the board scrolls, down brings row 16
// into sight with the column letters kept, and no cursor is drawn, since
// a replay offers no line to draw.
func TestReplayScrollsATallBoard(t *testing.T) {
	m := replayModel(t, screenGames[0], 80, 24)
	out := checkWhole(t, "dots replay", m, []string{"↑/↓ scroll"})
	if strings.Contains(out, "16 +") {
		t.Fatalf("the whole 16x16 board fits at 80x24?\n%s", out)
	}
	if strings.Contains(out, "+...+") {
		t.Fatalf("the replay draws the cursor:\n%s", out)
	}
	for range 20 {
		m.Update(press("down"))
	}
	out = checkWhole(t, "dots replay scrolled", m, []string{"↑/↓ scroll"})
	if !strings.Contains(out, "16 +") || !strings.Contains(out, "   a   b   c") {
		t.Fatalf("scrolled down, the board lacks row 16 or its column letters:\n%s", out)
	}
	if m.replay.at != 6 {
		t.Fatalf("scrolling moved the replay to step %d", m.replay.at)
	}
}
