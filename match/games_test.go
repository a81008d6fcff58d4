package match

import (
	"context"
	"encoding/json"
	"testing"
	"time"

	"github.com/parlor-games/parlor/game"
	"github.com/parlor-games/parlor/games"
)

// The shipped games, through the match: bots play whole matches, and a
// match interrupted by a restart resumes with identical updates.

func newGamesEnv(t *testing.T) *env {
	e := newEnv(t)
	e.m.Close(context.Background())
	e.m = New(games.Registry(), e.st, nil, Options{Clock: e.clock, BotTime: 200 * time.Millisecond, OnEnd: e.m.opts.OnEnd})
	return e
}

func TestShippedGamesBotsFinishAndRecover(t *testing.T) {
	for _, c := range []struct {
		game    string
		options string
		level   string
	}{
		{"dots", `{"rows":8,"cols":8}`, "easy"}, // long enough not to end before the "crash"
		{"battleship", ``, "easy"},
	} {
		t.Run(c.game, func(t *testing.T) {
			e := newGamesEnv(t)
			mt, err := e.m.Create(context.Background(), Spec{Game: c.game, Options: json.RawMessage(c.options),
				Seats: []SeatSpec{{Kind: Bot, Level: c.level}, {Kind: Bot, Level: c.level}}})
			if err != nil {
				t.Fatal(err)
			}
			id := mt.ID()
			// Let the bots play a few moves, then "crash". SubscribeSince(0):
			// the bots may have played before this line runs.
			reached := make(chan struct{})
			cancel := mt.SubscribeSince(0, func(u Update) {
				if u.Seq == 4 {
					close(reached)
				}
			})
			select {
			case <-reached:
			case <-time.After(20 * time.Second): // a hang, not a timing threshold
				t.Fatal("the bots did not play")
			}
			cancel()
			e.m.Close(context.Background())
			before := mt.Since(0)
			snaps := map[game.Seat]Snapshot{}
			for _, s := range []game.Seat{game.Spectator, 0, 1} {
				snaps[s] = mt.Snapshot(s)
			}

			e.st.Close()
			e.m = nil
			e.open()
			e.m.Close(context.Background())
			e.m = New(games.Registry(), e.st, nil, Options{Clock: e.clock, BotTime: 200 * time.Millisecond})
			if _, err := e.m.Recover(context.Background()); err != nil {
				t.Fatal(err)
			}
			mt2, ok := e.m.Get(id)
			if !ok {
				t.Fatal("not recovered")
			}
			// The bots resume at once, so check the rebuilt position by
			// replaying the recovered log up to the crash.
			l := logOf(t, mt2)
			l.Moves = l.Moves[:len(before)]
			st, err := games.Registry().Replay(l)
			if err != nil {
				t.Fatal(err)
			}
			for s, sn := range snaps {
				if v := jsonOf(t, st.View(s)); v != string(sn.View) {
					t.Errorf("seat %d's view differs after recovery:\n%s\n%s", s, v, sn.View)
				}
			}
			after := mt2.Since(0)
			if len(after) < len(before) || jsonOf(t, after[:len(before)]) != jsonOf(t, before) {
				t.Fatalf("updates differ after recovery:\n%s\n%s", jsonOf(t, after), jsonOf(t, before))
			}
			waitEnd(t, mt2)
			if _, err := games.Registry().Replay(logOf(t, mt2)); err != nil {
				t.Errorf("finished match's log does not replay: %v", err)
			}
		})
	}
}
