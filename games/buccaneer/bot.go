package buccaneer

import (
	"context"
	"fmt"
	"sync"

	"github.com/parlor-games/parlor/game"
)

// Bot plays Buccaneer at one level, from its seat's view and legal moves
// only.
type Bot struct {
	level string
	mu    sync.Mutex
	rng   game.Rand
}

func newBot(level string, rng game.Rand) (game.Bot, error) {
	switch level {
	case "easy", "hard", "expert":
		return &Bot{level: level, rng: rng}, nil
	}
	return nil, fmt.Errorf("buccaneer has no bot level %q", level)
}

// Choose returns the bot's move for seat.
func (b *Bot) Choose(ctx context.Context, st game.State, seat game.Seat) (game.Move, error) {
	legal := st.Legal(seat)
	if len(legal) == 0 {
		return nil, game.NotYourTurn(seat)
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	return legal[b.rng.IntN(len(legal))], nil
}
