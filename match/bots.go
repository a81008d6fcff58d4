package match

import (
	"errors"
	"time"

	"github.com/parlor-games/parlor/game"
)

// kickBotsLocked starts a search for the first bot seat that owes a move,
// unless one is already running: one search at a time per match keeps a
// match from taking more than its share of the CPU, and the next bot seat
// that owes (simultaneous placement) is asked when this search ends.
func (mt *Match) kickBotsLocked() {
	if mt.searching || mt.stopped || mt.outcome != nil || mt.paused {
		return
	}
	for _, t := range mt.st.Turn() {
		s := &mt.seats[t]
		if s.kind != Bot {
			continue
		}
		if s.bot == nil {
			// Each seat's bot gets its own generator, split off the
			// match's bot generator in the order bots are first needed.
			b, err := mt.def.Bot(s.level, mt.botRand.Split())
			if err != nil {
				mt.m.log.Error("bot not made", "match", mt.id, "seat", t, "err", err)
				continue
			}
			s.bot = b
		}
		budget := mt.spec.BotTime
		if budget <= 0 {
			budget = mt.m.opts.BotTime
		}
		mt.searching = true
		mt.searchSeat = t
		mt.m.wg.Add(1)
		go mt.runBot(s.bot, mt.st.Clone(), t, budget, mt.seqLocked(), mt.botRand.Split())
		return
	}
}

// runBot asks bot for seat's move on a clone of the position and plays it
// as any player's move is played (Play's path for bots). A bot that fails or answers with a
// refused move is replaced, for this move, by a random legal move, so a
// broken bot cannot stall a match.
func (mt *Match) runBot(bot game.Bot, st game.State, seat game.Seat, budget time.Duration, seq int64, rng game.Rand) {
	defer mt.m.wg.Done()
	mv, cut, err := game.ChooseWithin(mt.ctx, bot, st, seat, budget)
	if cut {
		mt.m.log.Warn("a bot's search was stopped by its time limit", "match", mt.id, "seat", seat, "budget", budget)
	}
	if mt.ctx.Err() == nil {
		var text []byte
		if err == nil && mv != nil {
			text = game.Canonical(mv)
			_, err = mt.play(mt.ctx, seat, text, true)
		} else if err == nil {
			err = errors.New("the bot chose no move")
		}
		if err != nil && mt.ctx.Err() == nil && mt.Seq() == seq {
			mt.m.log.Warn("bot failed; playing a random legal move", "match", mt.id, "seat", seat, "err", err)
			if legal := st.Legal(seat); len(legal) > 0 {
				if _, err := mt.play(mt.ctx, seat, game.Canonical(legal[rng.IntN(len(legal))]), true); err != nil {
					mt.m.log.Error("bot fallback move refused", "match", mt.id, "seat", seat, "err", err)
				}
			}
		}
	}
	mt.mu.Lock()
	mt.searching = false
	// A holder who came back while the bot thought about this seat's move
	// gets the seat now, before the bot is asked for another.
	back := mt.reclaimLocked(mt.m.clock.Now())
	mt.kickBotsLocked()
	mt.mu.Unlock()
	if back {
		mt.deliver()
	}
}
