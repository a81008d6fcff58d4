package clue

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"testing"
	"time"

	"github.com/parlor-games/parlor/game"
)

// botGames is how many games TestBotsNeverAccuseWrongly plays; the
// closing figures used -bot-games=10000.
var botGames = flag.Int("bot-games", 300, "bot games checked for wrong accusations")

// botGame plays one game of bots (levels by seat) and returns the final
// state, failing on a bot error or a game that does not end.
func botGame(t *testing.T, options string, seed uint64, levels []string) *State {
	t.Helper()
	st, err := Definition.New(json.RawMessage(options), game.NewRand(seed))
	if err != nil {
		t.Fatal(err)
	}
	s := st.(*State)
	bots := make([]game.Bot, len(levels))
	for i, l := range levels {
		if bots[i], err = newBot(l, game.NewRand(seed*7+uint64(i))); err != nil {
			t.Fatal(err)
		}
	}
	for n := 0; s.phase != phOver; n++ {
		if n > 5000 {
			t.Fatalf("seed %d, %v: no end after 5000 moves", seed, levels)
		}
		seat := s.Turn()[0]
		ctx, cancel := context.WithTimeout(context.Background(), 200*time.Millisecond)
		m, err := bots[seat].Choose(ctx, s.Clone(), seat)
		cancel()
		if err != nil {
			t.Fatal(err)
		}
		if _, err := s.Apply(seat, m); err != nil {
			t.Fatalf("seed %d: the %s bot in seat %d chose %v: %v", seed, levels[seat], seat, m, err)
		}
	}
	return s
}

// Bots accuse only when their notebook is certain: in many games of every
// level and table size, no accusation is ever wrong, and every game ends
// with a winner.
func TestBotsNeverAccuseWrongly(t *testing.T) {
	games := *botGames
	switch {
	case raceEnabled:
		// The race detector slows the expert's sampling several times
		// over: twelve games still play every table size with every
		// difficulty, every level at each. The full count runs without
		// it (scripts/test).
		games = 12
	case testing.Short():
		games = 60
	}
	levels := []string{"easy", "medium", "expert"}
	for g := range games {
		n := 3 + g%4
		var seats []string
		for i := range n {
			seats = append(seats, levels[(g+i)%3])
		}
		s := botGame(t, fmt.Sprintf(`{"players":%d,"difficulty":%q}`, n, []string{"easy", "medium", "hard"}[g%3]), uint64(g), seats)
		for _, a := range s.accusations {
			if !a.Correct {
				t.Fatalf("game %d: the %s bot in seat %d accused wrongly: %+v", g, seats[a.Seat], a.Seat, a)
			}
		}
		if s.winner < 0 {
			t.Fatalf("game %d ended without a winner", g)
		}
	}
}

// The expert, against two easy bots, wins far more than its third: the
// notebook and its walking tell. Counted over enough games that luck
// cannot explain it (the bound is more than 8 standard deviations above
// chance).
func TestExpertBeatsEasy(t *testing.T) {
	if raceEnabled {
		t.Skip("plays many expert games; the race detector makes that slow")
	}
	const games = 150
	wins := expertWins(t, "easy", 1000, games)
	t.Logf("expert won %d of %d against two easy bots", wins, games)
	if wins < games*2/3 {
		t.Fatalf("expert won %d of %d games against two easy bots; chance alone gives %d", wins, games, games/3)
	}
}

// The expert, against two medium bots, wins clearly more than its third:
// both read the same exact notebook, so this is the expert's questions
// and walking (and its reading of what rivals ask) at work. The bound is
// about three standard deviations above chance and well below what the
// expert wins (0.62 of 3000 arena games).
func TestExpertBeatsMedium(t *testing.T) {
	if testing.Short() || raceEnabled {
		t.Skip("plays many expert games")
	}
	const games = 120
	wins := expertWins(t, "medium", 3000, games)
	t.Logf("expert won %d of %d against two medium bots", wins, games)
	if wins < games*45/100 {
		t.Fatalf("expert won %d of %d games against two medium bots; chance alone gives %d", wins, games, games/3)
	}
}

// expertWins plays games three-seat games of the expert against two
// rival bots, the expert's seat turning round the table, from seed on,
// and counts the expert's wins.
func expertWins(t *testing.T, rival string, seed uint64, games int) int {
	t.Helper()
	wins := 0
	for g := range games {
		seats := []string{rival, rival, rival}
		seats[g%3] = "expert"
		s := botGame(t, `{"players":3}`, seed+uint64(g), seats)
		if s.winner == game.Seat(g%3) {
			wins++
		}
	}
	return wins
}

// TestStrongBotsAlwaysFinish: tables of medium and expert bots alone end.
// Two games once went round for ever: mediums asking an expert the same
// question in a room whose card it holds, which it answered with that room
// each time; and experts dragging each other's tokens back into the same
// room. The games are replayed here with the arena's seeds (bots seeded
// as the arena seeds them), then many more.
func TestStrongBotsAlwaysFinish(t *testing.T) {
	for _, c := range []struct {
		seed   uint64
		a      game.Seat
		levels [2]string
	}{
		{8373175886423725152, 2, [2]string{"expert", "medium"}},
		{3754986188479559600, 1, [2]string{"expert", "expert"}},
	} {
		st, err := Definition.New(nil, game.NewRand(c.seed))
		if err != nil {
			t.Fatal(err)
		}
		s := st.(*State)
		botRng := game.NewRand(c.seed ^ 0xa0761d6478bd642f)
		bots := make([]game.Bot, s.n)
		for i := range bots {
			level := c.levels[1]
			if game.Seat(i) == c.a {
				level = c.levels[0]
			}
			bots[i], _ = newBot(level, botRng.Split())
		}
		for n := 0; s.phase != phOver; n++ {
			if n > 5000 {
				t.Fatalf("seed %d: no end after 5000 moves", c.seed)
			}
			seat := s.Turn()[0]
			m, err := bots[seat].Choose(context.Background(), s.Clone(), seat)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := s.Apply(seat, m); err != nil {
				t.Fatal(err)
			}
		}
	}
	games := 120
	switch {
	case raceEnabled:
		// Sixteen games play every table size with each mix of levels
		// below (alternating, all medium, all expert); the full count,
		// with more seeds, runs without the race detector (scripts/test).
		games = 16
	case testing.Short():
		games = 24
	}
	for g := range games {
		n := 3 + g%4
		seats := make([]string, n)
		for i := range seats {
			seats[i] = []string{"medium", "expert"}[(g/4+i)%2]
			if g%8 >= 4 {
				seats[i] = []string{"medium", "expert"}[(g/8)%2]
			}
		}
		botGame(t, fmt.Sprintf(`{"players":%d}`, n), uint64(50000+g), seats)
	}
}

// The view's CanEnd is the rules' own answer: in every position of bot
// games, it is set exactly when ending the turn is a legal move for the
// seat, so that clients offer "end" from the view without repeating the
// rule (3.3, 3.8).
func TestViewCanEndIsLegalEnd(t *testing.T) {
	games := 20
	if raceEnabled {
		// One game of each table size, every level at each; the full
		// count runs without the race detector (scripts/test).
		games = 4
	}
	for g := range games {
		st, _ := Definition.New(json.RawMessage(fmt.Sprintf(`{"players":%d}`, 3+g%4)), game.NewRand(uint64(900+g)))
		s := st.(*State)
		bots := make([]game.Bot, s.n)
		for i := range bots {
			bots[i], _ = newBot([]string{"easy", "medium", "expert"}[(g+i)%3], game.NewRand(uint64(g*10+i)))
		}
		for n := 0; s.phase != phOver && n < 2000; n++ {
			for seat := range game.Seat(s.n) {
				legal := false
				for _, m := range s.Legal(seat) {
					legal = legal || m.(Move).Kind == VerbEnd
				}
				if v := s.View(seat).(*View); v.CanEnd != legal {
					t.Fatalf("game %d move %d seat %d (phase %v): CanEnd %v, legal end %v", g, n, seat, v.Phase, v.CanEnd, legal)
				}
			}
			seat := s.Turn()[0]
			m, err := bots[seat].Choose(context.Background(), s.Clone(), seat)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := s.Apply(seat, m); err != nil {
				t.Fatal(err)
			}
		}
	}
}
