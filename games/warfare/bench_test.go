package warfare

import (
	"context"
	"encoding/json"
	"fmt"
	"sync"
	"testing"

	"github.com/parlor-games/parlor/game"
	"github.com/parlor-games/parlor/game/gametest"
)

// benchState is a mid-game position on the 1,000-hex ready island: two
// medium bots play 8 rounds from seed 1.
func benchState(b *testing.B) *State {
	benchOnce.Do(func() { benchPos = makeBenchState(b) })
	return benchPos.clone()
}

var (
	benchOnce sync.Once
	benchPos  *State
)

func makeBenchState(b *testing.B) *State {
	opts, _ := json.Marshal(map[string]any{"island": "archipelago", "players": 2})
	st, err := Definition.New(opts, game.NewRand(1))
	if err != nil {
		b.Fatal(err)
	}
	s := st.(*State)
	bots := [2]game.Bot{&bot{level: 1}, &bot{level: 1}}
	for s.round < 8 && s.Outcome() == nil {
		seat := s.Turn()[0]
		m, _ := bots[seat].Choose(context.Background(), s.Clone(), seat)
		if _, err := s.Apply(seat, m); err != nil {
			b.Fatal(err)
		}
	}
	return s
}

// busiestUnit is the hex of the seat to move's villager with most moves.
func busiestUnit(s *State) (int, int) {
	best, n := -1, 0
	for h := range s.cells {
		if int(s.cells[h].owner) == int(s.turn) && s.cells[h].thing.isUnit() {
			if k := len(s.unitMoves(int(s.turn), h, nil)); k > n {
				best, n = h, k
			}
		}
	}
	return best, n
}

// BenchmarkUnitMoves times LegalFor("unit:H") for the villager with the
// most moves.
func BenchmarkUnitMoves(b *testing.B) {
	s := benchState(b)
	h, n := busiestUnit(s)
	if h < 0 {
		b.Fatal("no villager")
	}
	q := "unit:" + itoa(h)
	for b.Loop() {
		s.LegalFor(game.Seat(s.turn), q)
	}
	b.ReportMetric(float64(n), "moves")
}

// BenchmarkApply times one walk-and-take move on a clone (the clone's
// cost is measured by BenchmarkClone and included here).
func BenchmarkApply(b *testing.B) {
	s := benchState(b)
	h, _ := busiestUnit(s)
	var m game.Move
	for _, x := range s.unitMoves(int(s.turn), h, nil) {
		if mv := x.(Move); mv.Kind == Go && int(s.cells[mv.To].owner) != int(s.turn) {
			m = mv
		}
	}
	if m == nil {
		b.Fatal("no taking move")
	}
	for b.Loop() {
		c := s.clone()
		if _, err := c.Apply(game.Seat(c.turn), m); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkClone times a Clone, which bots do for every move they try.
func BenchmarkClone(b *testing.B) {
	s := benchState(b)
	for b.Loop() {
		s.Clone()
	}
}

// BenchmarkView times a View.
func BenchmarkView(b *testing.B) {
	s := benchState(b)
	for b.Loop() {
		s.View(game.Spectator)
	}
}

// BenchmarkViewMover times the view of the seat whose turn it is, which
// also lists what it may do (Offer): compare with BenchmarkView.
func BenchmarkViewMover(b *testing.B) {
	s := benchState(b)
	for b.Loop() {
		s.View(game.Seat(s.turn))
	}
}

// BenchmarkLegal times the full legal list.
func BenchmarkLegal(b *testing.B) {
	s := benchState(b)
	n := len(s.Legal(game.Seat(s.turn)))
	for b.Loop() {
		s.Legal(game.Seat(s.turn))
	}
	b.ReportMetric(float64(n), "moves")
}

// benchTurn times a bot's whole turn (every Choose and Apply until it
// ends its turn) from a position on the 320-hex ready island after four
// rounds of medium play. The target is well under 2 s a turn.
func benchTurn(b *testing.B, level string) {
	opts, _ := json.Marshal(map[string]any{"island": "pebble", "players": 2})
	st, _ := Definition.New(opts, game.NewRand(2))
	s := st.(*State)
	med := &bot{level: 1}
	for s.round < 5 {
		seat := s.Turn()[0]
		m, _ := med.Choose(context.Background(), s.Clone(), seat)
		s.Apply(seat, m)
	}
	steps := 0
	for b.Loop() {
		c := s.clone()
		bt, _ := Definition.Bot(level, game.NewRand(1))
		seat := c.Turn()[0]
		for c.Turn()[0] == seat && c.Outcome() == nil {
			m, _ := bt.Choose(context.Background(), c.Clone(), seat)
			c.Apply(seat, m)
			steps++
		}
	}
	b.ReportMetric(float64(steps)/float64(b.N), "moves/turn")
}

func BenchmarkBotTurnEasy(b *testing.B)   { benchTurn(b, "easy") }
func BenchmarkBotTurnMedium(b *testing.B) { benchTurn(b, "medium") }
func BenchmarkBotTurnHard(b *testing.B)   { benchTurn(b, "hard") }

// BenchmarkAnalyze charts a game of medium bots: 2 players for 30 rounds
// on the pebble island (about 320 hexes), 4 on the twins (about 700).
func BenchmarkAnalyze(b *testing.B) {
	for _, c := range []struct {
		players int
		island  string
	}{{2, "pebble"}, {4, "twins"}} {
		st, err := Definition.New(json.RawMessage(fmt.Sprintf(`{"players":%d,"island":%q,"rounds":30,"seed":5}`, c.players, c.island)), game.NewRand(3))
		if err != nil {
			b.Fatal(err)
		}
		r := gametest.Record(b, st)
		if !r.PlayBots(Definition, "medium", 200000) {
			b.Fatal("the bots did not finish the game")
		}
		b.Run(fmt.Sprintf("players=%d/%s/steps=%d", c.players, c.island, len(r.Steps)), func(b *testing.B) {
			for b.Loop() {
				if _, err := Analyze(context.Background(), r.Steps, r.State()); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
