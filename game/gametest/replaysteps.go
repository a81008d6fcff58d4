package gametest

import (
	"context"
	"testing"
	"time"

	"github.com/parlor-games/parlor/game"
)

// Recorder plays a match in a test and keeps its steps in the form a
// replay analysis reads them (game.ReplayStep): step 0 is the start, each
// move played adds one step with the position before it.
type Recorder struct {
	t     testing.TB
	st    game.State
	Steps []game.ReplayStep
}

// Record starts recording the match st; the recorder plays on st itself.
func Record(t testing.TB, st game.State) *Recorder {
	return &Recorder{t: t, st: st, Steps: []game.ReplayStep{{Seat: game.Spectator, Before: st.Clone()}}}
}

// State is the position now: the final one, once the match is over.
func (r *Recorder) State() game.State { return r.st }

// Play applies m for seat and records the step; a refused move fails the
// test.
func (r *Recorder) Play(seat game.Seat, m game.Move) {
	r.t.Helper()
	before := r.st.Clone()
	if _, err := r.st.Apply(seat, m); err != nil {
		r.t.Fatalf("seat %d's move %v was refused: %v", seat, m, err)
	}
	r.Steps = append(r.Steps, game.ReplayStep{Seat: seat, Move: m, Before: before})
}

// Analyze runs a game's replay analysis over the recorded match; an
// error fails the test.
func (r *Recorder) Analyze(analyze game.Analyze) any {
	r.t.Helper()
	v, err := analyze(context.Background(), r.Steps, r.st)
	if err != nil {
		r.t.Fatalf("the analysis: %v", err)
	}
	return v
}

// PlayText reads text as seat's move and plays it.
func (r *Recorder) PlayText(seat game.Seat, text string) {
	r.t.Helper()
	m, err := r.st.ParseMove(seat, []byte(text))
	if err != nil {
		r.t.Fatalf("seat %d's move %q: %v", seat, text, err)
	}
	r.Play(seat, m)
}

// PlayBots lets def's bots of level, one per seat, play until the match is
// over or max moves were made, and reports whether it is over.
func (r *Recorder) PlayBots(def *game.Definition, level string, max int) bool {
	r.t.Helper()
	bots := make([]game.Bot, r.st.Seats())
	for i := range bots {
		b, err := def.NewBot(level, game.NewRand(uint64(i+1)))
		if err != nil {
			r.t.Fatalf("a %s bot: %v", level, err)
		}
		bots[i] = b
	}
	for range max {
		turn := r.st.Turn()
		if r.st.Outcome() != nil || len(turn) == 0 {
			break
		}
		seat := turn[0]
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		m, err := bots[seat].Choose(ctx, r.st.Clone(), seat)
		cancel()
		if err != nil {
			r.t.Fatalf("the bot of seat %d: %v", seat, err)
		}
		r.Play(seat, m)
	}
	return r.st.Outcome() != nil
}

// ReplaySteps plays the moves of l from def's start as the server's replay
// walks a finished match, and returns the steps an Analyze receives (step
// 0 the start, then one per move with the position before it) and the end
// position, so that a game's analysis can be tested without a server.
func ReplaySteps(t testing.TB, def *game.Definition, l game.Log) ([]game.ReplayStep, game.State) {
	t.Helper()
	st, err := def.New(l.Options, game.NewRand(l.Seed))
	if err != nil {
		t.Fatal(err)
	}
	r := Record(t, st)
	for _, e := range l.Moves {
		r.PlayText(e.Seat, string(e.Move))
	}
	return r.Steps, r.State()
}
