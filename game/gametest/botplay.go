package gametest

import (
	"context"
	"testing"
	"time"

	"github.com/parlor-games/parlor/game"
)

// BotPlays has bot b choose seat's move in st, on a clone and within a
// second, and applies it to st: the step of tests that play bots to reach
// a position of real play. A bot's error or a refused move fails t.
func BotPlays(t testing.TB, b game.Bot, st game.State, seat game.Seat) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), time.Second)
	defer cancel()
	m, err := b.Choose(ctx, st.Clone(), seat)
	if err != nil {
		t.Fatalf("the bot of seat %d: %v", seat, err)
	}
	if _, err := st.Apply(seat, m); err != nil {
		t.Fatalf("the bot of seat %d chose a refused move: %v", seat, err)
	}
}
