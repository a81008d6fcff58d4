package battleship

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"testing"

	"github.com/parlor-games/parlor/game"
)

// sq reads a square in notation, for readable tests.
func sq(t *testing.T, s string) int {
	t.Helper()
	r, c, err := parseSquare(s)
	if err != nil {
		t.Fatal(err)
	}
	return r*Size + c
}

// observed builds an observation from shots written "E5 hit", "F5 miss",
// "G5 sunk destroyer".
func observed(t *testing.T, shots ...string) observation {
	t.Helper()
	o := newObservation(true)
	for _, s := range shots {
		var at, result, ship string
		fmt.Sscan(s, &at, &result, &ship)
		k := -1
		if result == "sunk" {
			if k = shipIndex(ship); k < 0 {
				t.Fatalf("bad ship in %q", s)
			}
		}
		o.record(sq(t, at), result, k)
	}
	return o
}

func hunters() map[string]hunter {
	return map[string]hunter{"easy": easyHunter{}, "hard": hardHunter{}, "expert": expertHunter{bound: botBound, maxDraws: 20000}}
}

// playMatch plays a whole match between two bots through the game.Bot
// interface, failing on any refused move, and returns the final state.
// The bots get a small budget: these matches test what they may do, not
// how well.
func playMatch(t *testing.T, options string, levels [2]string, seed uint64) game.State {
	t.Helper()
	st, err := Definition.New(json.RawMessage(options), game.NewRand(seed))
	if err != nil {
		t.Fatal(err)
	}
	var bots [2]game.Bot
	rng := game.NewRand(seed)
	for i, l := range levels {
		if bots[i], err = Definition.Bot(l, rng.Split()); err != nil {
			t.Fatal(err)
		}
	}
	for n := 0; st.Outcome() == nil; n++ {
		if n > 500 {
			t.Fatalf("match does not end")
		}
		for _, seat := range st.Turn() {
			m, err := bots[seat].Choose(game.WithBudget(context.Background(), 2), st, seat)
			if err != nil {
				t.Fatalf("%s bot: %v", levels[seat], err)
			}
			if _, err := st.Apply(seat, m); err != nil {
				t.Fatalf("%s bot's move %v refused: %v", levels[seat], m, err)
			}
		}
	}
	return st
}

func TestBotsPlayWholeMatches(t *testing.T) {
	// Placement for all bots must be valid, with and without touching, and
	// every shot must be accepted (no square twice) until a fleet sinks.
	for _, opts := range []string{`{}`, `{"touch":false}`, `{"salvo":true,"first":1}`} {
		for _, pair := range [][2]string{{"easy", "hard"}, {"expert", "easy"}, {"hard", "expert"}} {
			st := playMatch(t, opts, pair, 11)
			v := st.View(game.Spectator).(*View)
			if v.Phase != "over" {
				t.Errorf("%v %s: phase %s", pair, opts, v.Phase)
			}
		}
	}
}

func TestAIStrategyNeverFiresAtTheSameSquareTwice(t *testing.T) {
	// AI Strategy: never fires at the same square twice. HuntShots stops
	// with a panic if a hunter repeats a square; 300 easy games end in at
	// most 100 shots each, which is only possible without repeats.
	shots, err := HuntShots(context.Background(), "easy", "uniform", 300, 5)
	if err != nil {
		t.Fatal(err)
	}
	for i, n := range shots {
		if n < 17 || n > numSquares {
			t.Fatalf("hunt %d took %d shots", i, n)
		}
	}
}

func TestAIStrategyRandomWhenNoHits(t *testing.T) {
	// AI Strategy: with no hits the easy bot picks a random unfired square.
	seen := map[int]bool{}
	o := observed(t, "A1 miss", "B2 miss")
	for seed := range uint64(300) {
		rng := game.NewRand(seed)
		s := easyHunter{}.shoot(context.Background(), &o, &rng)
		if o.fired.has(s) {
			t.Fatalf("easy fired at %s again", Square(s/Size, s%Size))
		}
		seen[s] = true
	}
	if len(seen) < 60 {
		t.Errorf("easy's hunting shots cover only %d squares over 300 seeds; not random", len(seen))
	}
}

func TestAIStrategyFiresNextToHits(t *testing.T) {
	// AI Strategy: after a hit, aim at adjacent squares.
	o := observed(t, "E5 hit")
	adj := []int{sq(t, "E4"), sq(t, "E6"), sq(t, "D5"), sq(t, "F5")}
	got := map[int]bool{}
	for seed := range uint64(100) {
		rng := game.NewRand(seed)
		s := easyHunter{}.shoot(context.Background(), &o, &rng)
		if !slices.Contains(adj, s) {
			t.Fatalf("after a hit at E5 easy fired at %s", Square(s/Size, s%Size))
		}
		got[s] = true
	}
	if len(got) != 4 {
		t.Errorf("easy picks among the neighbours at random; saw only %d of 4", len(got))
	}
	// AI Strategy: prefer hits with an adjacent hit: extend the line.
	o = observed(t, "E5 hit", "F5 hit", "E6 miss")
	for seed := range uint64(100) {
		rng := game.NewRand(seed)
		s := easyHunter{}.shoot(context.Background(), &o, &rng)
		if s != sq(t, "D5") && s != sq(t, "G5") {
			t.Fatalf("with hits E5 F5 easy fired at %s, not at D5 or G5", Square(s/Size, s%Size))
		}
	}
}

func TestSmartBotsTargetAfterHits(t *testing.T) {
	for name, h := range map[string]hunter{"hard": hardHunter{}, "expert": expertHunter{bound: botBound, maxDraws: 20000}} {
		o := observed(t, "E5 hit", "F5 hit", "D5 miss")
		rng := game.NewRand(1)
		if s := h.shoot(context.Background(), &o, &rng); s != sq(t, "G5") {
			t.Errorf("%s: hits E5 F5 and a miss at D5, fired at %s, want G5", name, Square(s/Size, s%Size))
		}
	}
}

func TestSmartBotsUseSunkInformation(t *testing.T) {
	// E5 hit, F5 hit, G5 sank the destroyer: the destroyer can only be F5
	// G5, so E5 belongs to another ship that cannot run through F5. It
	// must continue at D5, E4 or E6; a bot that ignored the sinking would
	// extend the line to H5 half the time.
	want := []string{"D5", "E4", "E6"}
	for name, h := range map[string]hunter{"hard": hardHunter{}, "expert": expertHunter{bound: botBound, maxDraws: 20000}} {
		for seed := range uint64(20) {
			o := observed(t, "E5 hit", "F5 hit", "G5 sunk destroyer")
			rng := game.NewRand(seed)
			s := h.shoot(context.Background(), &o, &rng)
			if !slices.Contains(want, Square(s/Size, s%Size)) {
				t.Fatalf("%s fired at %s, want one of %v", name, Square(s/Size, s%Size), want)
			}
		}
	}
	// With the cruiser sunk at G5 after E5 F5, all three hits are the
	// cruiser: nothing is left to chase, and the expert goes back to
	// hunting rather than firing next to the wreck.
	o := observed(t, "E5 hit", "F5 hit", "G5 sunk cruiser")
	rng := game.NewRand(3)
	score := chancesOf(context.Background(), &o, &rng, botBound, 4000).p
	total := 0.0
	for _, v := range score {
		total += v
	}
	if d := score[sq(t, "D5")] / total; d > 0.03 {
		t.Errorf("after the cruiser sank at E5-G5, D5 holds %.1f%% of the expected ship squares; it should be ordinary", 100*d)
	}
}

// TestBotsUseOnlyTheirView: the same bot, same seed, facing two enemy
// fleets that differ only where it has not fired, makes the same move.
func TestBotsUseOnlyTheirView(t *testing.T) {
	// A small budget: the test is of what the bots see, not how well they
	// play.
	ctx := game.WithBudget(context.Background(), 10)
	for _, level := range Definition.BotLevels {
		for seed := range uint64(4) {
			rng := game.NewRand(seed)
			fa := RandomFleet(&rng, true)
			mine := RandomFleet(&rng, true)
			a := New(DefaultOptions(), game.NewRand(1))
			a.Apply(0, Move{Fleet: mine})
			a.Apply(1, Move{Fleet: fa})
			shooter, _ := Definition.Bot(level, game.NewRand(seed))
			other, _ := Definition.Bot("easy", game.NewRand(seed+100))
			var log []game.Entry
			for n := 0; n < 30 && a.Outcome() == nil; n++ {
				seat := a.Turn()[0]
				bot := shooter
				if seat == 1 {
					bot = other
				}
				m, _ := bot.Choose(ctx, a, seat)
				if _, err := a.Apply(seat, m); err != nil {
					t.Fatal(err)
				}
				log = append(log, game.Entry{Seat: seat, Move: game.Canonical(m)})
			}
			var fired board
			for _, r := range a.shots[0] {
				fired = fired.or(bit(r.Row*Size + r.Col))
			}
			fb, ok := moveUnseenShip(fa, fired)
			if !ok {
				continue
			}
			b := New(DefaultOptions(), game.NewRand(1))
			b.Apply(0, Move{Fleet: mine})
			if _, err := b.Apply(1, Move{Fleet: fb}); err != nil {
				t.Fatal(err)
			}
			for _, e := range log {
				if err := game.Play(b, e.Seat, e.Move); err != nil {
					t.Fatal(err)
				}
			}
			if a.Outcome() != nil || a.Turn()[0] != 0 {
				continue
			}
			ba, _ := Definition.Bot(level, game.NewRand(seed+7))
			bb, _ := Definition.Bot(level, game.NewRand(seed+7))
			ma, _ := ba.Choose(ctx, a, 0)
			mb, _ := bb.Choose(ctx, b, 0)
			if ma.String() != mb.String() {
				t.Errorf("%s chose %v against one fleet and %v against another it cannot tell apart", level, ma, mb)
			}
		}
	}
}

// moveUnseenShip moves the first ship no shot has touched to the first
// other legal place no shot has touched.
func moveUnseenShip(fleet []Placement, fired board) ([]Placement, bool) {
	for k, p := range fleet {
		sqs, _ := p.squares(Fleet[k].Len)
		if slices.ContainsFunc(sqs, fired.has) {
			continue
		}
		for _, pos := range positions[Fleet[k].Len] {
			alt := slices.Clone(fleet)
			alt[k] = Placement{Ship: Fleet[k].Name, Row: pos.row, Col: pos.col, Dir: pos.dir}
			if alt[k] == p || pos.mask.and(fired).any() {
				continue
			}
			if _, err := ValidateFleet(alt, true); err == nil {
				return alt, true
			}
		}
	}
	return nil, false
}

func TestExpertAnswersWithinItsBudget(t *testing.T) {
	// A bot whose time is up still returns a legal shot.
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	o := observed(t, "E5 hit", "A1 miss")
	rng := game.NewRand(1)
	s := expertHunter{bound: botBound}.shoot(ctx, &o, &rng)
	if o.fired.has(s) {
		t.Errorf("expert out of time fired at %s again", Square(s/Size, s%Size))
	}
}

func mean(s []int) float64 {
	t := 0
	for _, x := range s {
		t += x
	}
	return float64(t) / float64(len(s))
}

func TestStrongerLevelsNeedFewerShots(t *testing.T) {
	// hard and expert hunt the same uniform fleets as easy and need clearly
	// fewer shots on average: easy averages about 60, the others mid-40s;
	// the margin of 8 is more than two standard errors wide even for 6
	// expert hunts (a hunt's count varies by about 9 shots).
	ctx := context.Background()
	easy, err := HuntShots(ctx, "easy", "uniform", 200, 42)
	if err != nil {
		t.Fatal(err)
	}
	hard, err := HuntShots(ctx, "hard", "uniform", 200, 42)
	if err != nil {
		t.Fatal(err)
	}
	n := 50
	if raceEnabled {
		n = 6 // the race detector makes the expert's sampling slow
	}
	// A small budget keeps the expert quick; its estimates are then
	// rougher, but still far better than easy's hunting.
	expert, err := HuntShots(game.WithBudget(ctx, 10), "expert", "uniform", n, 42)
	if err != nil {
		t.Fatal(err)
	}
	me, mh, mx := mean(easy), mean(hard), mean(expert)
	t.Logf("mean shots: easy %.1f, hard %.1f, expert %.1f (n=%d)", me, mh, mx, n)
	if mh > me-8 || mx > me-8 {
		t.Errorf("mean shots easy %.1f, hard %.1f, expert %.1f: the stronger bots are not clearly better", me, mh, mx)
	}
}

func TestHuntShotsIsDeterministic(t *testing.T) {
	a, err := HuntShots(context.Background(), "hard", "expert", 30, 9)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := HuntShots(context.Background(), "hard", "expert", 30, 9)
	if !slices.Equal(a, b) {
		t.Errorf("same seed, different shots:\n%v\n%v", a, b)
	}
	if _, err := HuntShots(context.Background(), "wizard", "uniform", 1, 1); err == nil {
		t.Errorf("unknown level accepted")
	}
	if _, err := HuntShots(context.Background(), "easy", "scatter", 1, 1); err == nil {
		t.Errorf("unknown placer accepted")
	}
}

func TestBotLevels(t *testing.T) {
	if !slices.Equal(Definition.BotLevels, []string{"easy", "hard", "expert"}) {
		t.Errorf("BotLevels %v", Definition.BotLevels)
	}
	if _, err := Definition.Bot("godlike", game.NewRand(1)); err == nil {
		t.Errorf("unknown level accepted")
	}
	// Expert placement is legal and, by design, hugs the rim: its summed
	// prior density is below that of most uniform fleets.
	rng := game.NewRand(2)
	score := func(f []Placement) float64 {
		sc := 0.0
		for _, p := range f {
			sqs, _ := p.squares(Fleet[shipIndex(p.Ship)].Len)
			for _, s := range sqs {
				sc += prior[s]
			}
		}
		return sc
	}
	for _, touch := range []bool{true, false} {
		f := expertPlacer{}.place(&rng, touch)
		if _, err := ValidateFleet(f, touch); err != nil {
			t.Fatalf("expert placed an illegal fleet: %v", err)
		}
		below := 0
		for range 100 {
			if score(f) < score(RandomFleet(&rng, touch)) {
				below++
			}
		}
		if below < 90 {
			t.Errorf("expert's fleet is less conspicuous than only %d of 100 uniform fleets", below)
		}
	}
}

// TestExpertIsDeterministic: the expert, whose chances come from random
// draws and exact counts cut off by a work budget, makes the same shots
// from the same seed: an arena run repeats, a match replays, and two runs
// at different loads of the machine agree. Each decision's draws follow
// its budget, never the clock.
func TestExpertIsDeterministic(t *testing.T) {
	ctx := game.WithBudget(context.Background(), 5)
	n := 4
	if raceEnabled {
		n = 1
	}
	a, err := HuntShots(ctx, "expert", "uniform", n, 21)
	if err != nil {
		t.Fatal(err)
	}
	b, err := HuntShots(ctx, "expert", "uniform", n, 21)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(a, b) {
		t.Fatalf("same seed, different hunts:\n%v\n%v", a, b)
	}
	// Shot by shot, through the bot a table plays with.
	moves := func() []string {
		st, err := Definition.New(json.RawMessage(`{}`), game.NewRand(4))
		if err != nil {
			t.Fatal(err)
		}
		rng := game.NewRand(4)
		var bots [2]game.Bot
		for i := range bots {
			if bots[i], err = Definition.Bot("expert", rng.Split()); err != nil {
				t.Fatal(err)
			}
		}
		var out []string
		for len(out) < 24 && st.Outcome() == nil {
			seat := st.Turn()[0]
			m, err := bots[seat].Choose(ctx, st, seat)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := st.Apply(seat, m); err != nil {
				t.Fatal(err)
			}
			out = append(out, string(game.Canonical(m)))
		}
		return out
	}
	if x, y := moves(), moves(); !slices.Equal(x, y) {
		t.Fatalf("same seed, different matches:\n%v\n%v", x, y)
	}
}
