package dots

import (
	"context"
	"testing"
	"time"

	"github.com/parlor-games/parlor/game"
)

func bot(t testing.TB, level string, seed uint64) game.Bot {
	b, err := Definition.Bot(level, game.NewRand(seed))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// randomPosition plays random lines on a fresh board until left lines
// remain, skipping nothing: captures may be on offer.
func randomPosition(t testing.TB, rows, cols, left int, rng *game.Rand) *State {
	s := mustNew(t, rows, cols)
	for s.b.left > left {
		l := s.Legal(s.turn)
		if _, err := s.Apply(s.turn, l[rng.IntN(len(l))]); err != nil {
			t.Fatal(err)
		}
	}
	return s
}

func TestBotLevels(t *testing.T) {
	if _, err := Definition.Bot("grandmaster", game.NewRand(1)); err == nil {
		t.Fatal("an unknown level was accepted")
	}
	for _, level := range Definition.BotLevels {
		t.Run(level, func(t *testing.T) {
			b := bot(t, level, 3)
			s := mustNew(t, 5, 5)
			if _, err := b.Choose(context.Background(), s, 1); game.ErrorCode(err) != "not-your-turn" {
				t.Fatalf("choosing for the wrong seat: %v", err)
			}
			for s.Outcome() == nil {
				ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
				m, err := b.Choose(ctx, s, s.turn)
				cancel()
				if err != nil {
					t.Fatal(err)
				}
				if _, err := s.Apply(s.turn, m); err != nil {
					t.Fatalf("bot chose an illegal move %v: %v", m, err)
				}
			}
		})
	}
}

// A bot handed an already expired context must still answer legally.
func TestBotsAnswerWithNoTimeLeft(t *testing.T) {
	rng := game.NewRand(2)
	for _, level := range Definition.BotLevels {
		b := bot(t, level, 1)
		for i := 0; i < 5; i++ {
			s := randomPosition(t, 8, 8, 20+rng.IntN(80), &rng)
			if s.Outcome() != nil {
				continue
			}
			ctx, cancel := context.WithDeadline(context.Background(), time.Now().Add(-time.Second))
			m, err := b.Choose(ctx, s, s.turn)
			cancel()
			if err != nil {
				t.Fatal(err)
			}
			if _, err := s.Clone().Apply(s.turn, m); err != nil {
				t.Fatalf("%s: illegal move %v with no time: %v", level, m, err)
			}
		}
	}
}

func TestMediumTakesBoxesAndNeverGivesOneAway(t *testing.T) {
	rng := game.NewRand(5)
	b := bot(t, "medium", 9)
	checked := 0
	for i := 0; i < 300; i++ {
		s := randomPosition(t, 6, 7, 1+rng.IntN(70), &rng)
		if s.Outcome() != nil {
			continue
		}
		m, err := b.Choose(context.Background(), s, s.turn)
		if err != nil {
			t.Fatal(err)
		}
		l, err := s.lineOf(m.(Move))
		if err != nil {
			t.Fatal(err)
		}
		switch {
		case len(s.b.captureLines()) > 0:
			if s.b.completes(l) == 0 {
				t.Fatalf("medium drew %v instead of taking an offered box", m)
			}
		case len(s.b.safeLines()) > 0:
			checked++
			if !s.b.safe(l) {
				t.Fatalf("medium drew the third side of a box (%v) while a safe line existed", m)
			}
		default:
			cheapest := 1 << 30
			s.b.undrawn(func(x int) { cheapest = min(cheapest, s.b.giveaway(x)) })
			if got := s.b.giveaway(l); got != cheapest {
				t.Fatalf("medium gave %d boxes with %v; %d was possible", got, m, cheapest)
			}
		}
	}
	if checked == 0 {
		t.Fatal("no position with a safe line was tried")
	}
}

// twoChains is a 3x6-dot board whose two rows of boxes are separate chains
// of five, the first opened at its left end.
func twoChains(t *testing.T) *State {
	s := mustNew(t, 3, 6)
	for r := 0; r < 3; r++ {
		for c := 0; c < 5; c++ {
			if _, err := s.Apply(s.turn, s.lineMove(s.b.g.hLine(r, c))); err != nil {
				t.Fatal(err)
			}
		}
	}
	if _, err := s.Apply(s.turn, s.lineMove(s.b.g.vLine(0, 0))); err != nil {
		t.Fatal(err)
	}
	return s
}

func TestHardTakesAllButTwo(t *testing.T) {
	s := twoChains(t)
	hardSeat := s.turn
	b := bot(t, "hard", 1)
	for s.turn == hardSeat && s.Outcome() == nil {
		m, _ := b.Choose(context.Background(), s, hardSeat)
		if _, err := s.Apply(hardSeat, m); err != nil {
			t.Fatal(err)
		}
	}
	if s.score[hardSeat] != 3 {
		t.Fatalf("hard took %d boxes of the opened chain of five, want all but two (3)", s.score[hardSeat])
	}
	// The two boxes left must be a gift the opponent takes with one line,
	// after which the opponent has to open the other chain.
	other := 1 - hardSeat
	if n := len(s.b.captureLines()); n != 1 {
		t.Fatalf("%d capturing lines after the double deal, want 1", n)
	}
	_ = other
	// With nothing left to control, hard takes everything instead.
	s = mustNew(t, 2, 6)
	for c := 0; c < 5; c++ {
		s.Apply(s.turn, s.lineMove(s.b.g.hLine(0, c)))
		s.Apply(s.turn, s.lineMove(s.b.g.hLine(1, c)))
	}
	s.Apply(s.turn, s.lineMove(s.b.g.vLine(0, 0)))
	seat := s.turn
	for s.Outcome() == nil && s.turn == seat {
		m, _ := b.Choose(context.Background(), s, seat)
		s.Apply(seat, m)
	}
	if s.score[seat] != 5 {
		t.Fatalf("hard took %d boxes of the last chain, want all 5", s.score[seat])
	}
}

// moveValue is what playing m from s is worth to the mover, exactly.
func moveValue(t testing.TB, s *State, m game.Move) int {
	c := s.Clone().(*State)
	mover := c.turn
	before := c.score[mover]
	if _, err := c.Apply(mover, m); err != nil {
		t.Fatal(err)
	}
	got := c.score[mover] - before
	v, _, err := Solve(context.Background(), c)
	if err != nil {
		t.Fatal(err)
	}
	if c.turn == mover {
		return got + v
	}
	return got - v
}

func TestExpertPerfectWith25LinesLeft(t *testing.T) {
	rng := game.NewRand(77)
	b := bot(t, "expert", 4)
	n := 12
	if testing.Short() {
		n = 4
	}
	for i := 0; i < n; i++ {
		s := randomPosition(t, 8, 8, 12+rng.IntN(14), &rng)
		if s.Outcome() != nil {
			continue
		}
		want, _, err := Solve(context.Background(), s)
		if err != nil {
			t.Fatal(err)
		}
		m, err := b.Choose(context.Background(), s, s.turn)
		if err != nil {
			t.Fatal(err)
		}
		if got := moveValue(t, s, m); got != want {
			t.Fatalf("position %d (%d lines left): expert's %v is worth %d, best is %d", i, s.b.left, m, got, want)
		}
	}
}

// TestHardDeclinesLastFourOfLoop opens a 2x2 loop next to a chain of five:
// keeping control (giving four, then taking five) beats taking all four.
func TestHardDeclinesLastFourOfLoop(t *testing.T) {
	s := mustNew(t, 4, 4)
	g := s.b.g
	for _, l := range []int{
		g.hLine(0, 0), g.hLine(0, 1), g.vLine(0, 0), g.vLine(1, 0), g.hLine(2, 0), g.hLine(2, 1), g.vLine(0, 2), g.vLine(1, 2), // the loop
		g.vLine(0, 3), g.vLine(1, 3), g.vLine(2, 3), g.hLine(3, 2), g.hLine(3, 1), g.hLine(3, 0), // the chain around it
	} {
		s.play(l)
	}
	s.play(g.hLine(1, 0)) // open the loop
	want, _, err := Solve(context.Background(), s)
	if err != nil {
		t.Fatal(err)
	}
	m, err := bot(t, "hard", 1).Choose(context.Background(), s, s.turn)
	if err != nil {
		t.Fatal(err)
	}
	if m.String() != "b2-c2" {
		t.Errorf("hard played %v, want the all-but-four line b2-c2", m)
	}
	if got := moveValue(t, s, m); got != want {
		t.Errorf("hard's %v is worth %d, best is %d", m, got, want)
	}
}

// TestExpertMonteCarloDrawsSafeLines checks the playouts of the fight for
// control on boards too big to search: the expert's line is safe while
// safe lines remain, and a playout ends with no safe line left.
func TestExpertMonteCarloDrawsSafeLines(t *testing.T) {
	rng := game.NewRand(8)
	bt := bot(t, "expert", 5).(*Bot)
	for _, size := range []int{8, 16} {
		s := mustNew(t, size, size)
		for i := 0; i < 3*size; i++ {
			safe := s.b.safeLines()
			s.play(safe[rng.IntN(len(safe))])
		}
		ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
		m, err := bt.Choose(ctx, s, s.turn)
		cancel()
		if err != nil {
			t.Fatal(err)
		}
		l, err := s.lineOf(m.(Move))
		if err != nil {
			t.Fatal(err)
		}
		if !s.b.safe(l) {
			t.Fatalf("%dx%d: expert drew %v, which gives a box away, with safe lines left", size, size, m)
		}
		c := s.b
		var pool [maxLines]int16
		bt.playout(&c, newLoonyValue(), &pool)
		if n := len(c.safeLines()); n != 0 {
			t.Fatalf("%dx%d: a playout stopped with %d safe lines left", size, size, n)
		}
	}
}
