package gametest

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/parlor-games/parlor/game"
)

// reported runs f with a recorder in place of t and returns what f
// reported; a Fatalf ends f, as it would end a test.
func reported(t *testing.T, f func(testing.TB)) []string {
	r := &recorder{TB: t}
	done := make(chan struct{})
	go func() {
		defer close(done)
		f(r)
	}()
	<-done
	return r.failures
}

func newNim(t *testing.T, options string) *State {
	t.Helper()
	st, err := Definition.New(json.RawMessage(options), game.NewRand(1))
	if err != nil {
		t.Fatal(err)
	}
	return st.(*State)
}

// snoop is Nim whose refusals of seat's picks change the other seat's pick,
// a secret only that other seat's view shows.
type snoop struct{ *State }

func (s *snoop) Apply(seat game.Seat, m game.Move) ([]game.Event, error) {
	evs, err := s.State.Apply(seat, m)
	if err != nil && (seat == 0 || seat == 1) && s.picks[1-seat] > 0 {
		s.picks[1-seat]++
	}
	return evs, err
}

func TestPlayAndRefused(t *testing.T) {
	st := newNim(t, `{"stones":5,"setup":true}`)
	got := reported(t, func(t testing.TB) {
		Refused(t, st, 0, "p10", "bad-pick")
		Refused(t, st, 0, "seven", "bad-move")
		evs := Play(t, st, 1, "p3")
		if len(evs) != 2 || evs[0].Type != "picked" || evs[1].Type != "pick" {
			t.Errorf("Play returned the events %+v, want picked and pick", evs)
		}
		Refused(t, st, 1, "p4", "not-your-turn")
		Play(t, st, 0, `{"pick":9}`)
		Refused(t, st, 1, "t1", "not-your-turn")
		Refused(t, st, 0, "t4", "bad-take")
		Play(t, st, 0, "t3")
		Refused(t, st, 1, "t3", "too-many")
		Play(t, st, 1, "t2")
		Refused(t, st, 0, "t1", "not-your-turn") // the match is over
	})
	if len(got) > 0 {
		t.Fatalf("a match played by the rules reported:\n%s", strings.Join(got, "\n"))
	}
	if st.Pile() != 0 || st.Outcome() == nil {
		t.Fatalf("after the match the pile is %d and the outcome %v", st.Pile(), st.Outcome())
	}
}

// TestPlayAndRefusedCanFail shows that each check of Play and Refused
// reports what it is there to catch.
func TestPlayAndRefusedCanFail(t *testing.T) {
	faulty := func(fault string) func(*testing.T) game.State {
		return func(t *testing.T) game.State { return &faultyNim{State: newNim(t, ""), fault: fault} }
	}
	plain := func(t *testing.T) game.State { return newNim(t, "") }
	cases := []struct {
		name  string
		state func(*testing.T) game.State
		do    func(testing.TB, game.State)
		want  string
	}{
		{"play unreadable", plain, func(t testing.TB, st game.State) { Play(t, st, 0, "seven") },
			`seat 0 plays "seven": it does not read: "bad-move"`},
		{"play refused", plain, func(t testing.TB, st game.State) { Play(t, st, 0, "t4") },
			`seat 0 plays "t4": refused: "bad-take" (take 1 to 3 stones)`},
		{"play out of turn", plain, func(t testing.TB, st game.State) { Play(t, st, 1, "t1") },
			`refused: "not-your-turn"`},
		{"play no seat", plain, func(t testing.TB, st game.State) { Play(t, st, 2, "t1") },
			"no seat 2"},
		{"accepted", plain, func(t testing.TB, st game.State) { Refused(t, st, 0, "t1", "bad-take") },
			`seat 0's "t1" is accepted; it must be refused with code "bad-take"`},
		{"other code", plain, func(t testing.TB, st game.State) { Refused(t, st, 0, "t4", "too-many") },
			`is refused with "bad-take" (take 1 to 3 stones); want code "too-many"`},
		{"unreadable, other code", plain, func(t testing.TB, st game.State) { Refused(t, st, 0, "seven", "bad-take") },
			`is refused with "bad-move"`},
		{"uncoded", faulty("uncoded"), func(t testing.TB, st game.State) { Refused(t, st, 0, "t4", "bad-take") },
			"is refused with no code"},
		{"empty sentence", faulty("empty-message"), func(t testing.TB, st game.State) { Refused(t, st, 1, "t1", "not-your-turn") },
			"no sentence"},
		{"changes scores", faulty("refusal-mutates"), func(t testing.TB, st game.State) { Refused(t, st, 1, "t1", "not-your-turn") },
			"changed the position: Scores()"},
		{"changes another seat's secret", func(t *testing.T) game.State { return &snoop{newNim(t, `{"setup":true}`)} },
			func(t testing.TB, st game.State) {
				Play(t, st, 1, "p3")
				Refused(t, st, 0, "p10", "bad-pick")
			}, "changed the position: seat 1's view"},
		{"listed as legal", faulty("legal-refused"), func(t testing.TB, st game.State) { Refused(t, st, 0, "t4", "bad-take") },
			`but Legal(0) lists it as t4`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			st := c.state(t)
			got := reported(t, func(r testing.TB) { c.do(r, st) })
			if len(got) != 1 || !strings.Contains(got[0], c.want) {
				t.Fatalf("want one failure saying %q; got %d:\n%s", c.want, len(got), strings.Join(got, "\n---\n"))
			}
			t.Logf("reported: %s", got[0])
		})
	}
}

func TestDifference(t *testing.T) {
	a, b := newNim(t, `{"setup":true}`), newNim(t, `{"setup":true}`)
	if d := Difference(a, b); d != "" {
		t.Fatalf("two new matches differ: %s", d)
	}
	Play(t, a, 1, "p3")
	Play(t, b, 1, "p4")
	if d := Difference(a, b); !strings.Contains(d, "seat 1's view") {
		t.Fatalf("two picks by seat 1 differ by %q, want seat 1's view", d)
	}
	if d := Difference(a, newNim(t, `{"setup":true,"stones":8}`)); !strings.Contains(d, "seat 0's view") {
		t.Fatalf("two piles differ by %q, want seat 0's view", d)
	}
}
