package match

import (
	"context"
	"encoding/json"
	"errors"
	"sync"
	"testing"
	"time"

	"github.com/parlor-games/parlor/clock/clocktest"
	"github.com/parlor-games/parlor/game"
	"github.com/parlor-games/parlor/store"
	"github.com/parlor-games/parlor/store/storetest"
)

// gatedBot plays 1 in the race, but only when the test lets it: each
// token on gate lets one move through.
type gatedBot struct{ gate chan struct{} }

func (b gatedBot) Choose(ctx context.Context, s game.State, seat game.Seat) (game.Move, error) {
	select {
	case <-b.gate:
	case <-ctx.Done():
	}
	return raceMove{1}, nil
}

// gatedRegistry holds the race game under the name "gated", with bots
// that wait for gate.
func gatedRegistry(gate chan struct{}) *game.Registry {
	def := *raceDef
	def.Name, def.Title, def.BotLevels = "gated", "Gated race", []string{"easy"}
	def.NewBot = func(string, game.Rand) (game.Bot, error) { return gatedBot{gate}, nil }
	return game.NewRegistry(&def)
}

// takeoverSpec is a long race between two humans in which a bot takes
// over a seat gone for a second.
var takeoverSpec = Spec{Game: "gated", Options: json.RawMessage(`{"target":1000}`), Seats: humans(2),
	Policy: Policy{Grace: time.Second, OnGone: BotTakes}, BotTime: time.Hour}

func openGated(t *testing.T, path string, gate chan struct{}, clock *clocktest.Clock) (*store.Store, *Manager) {
	t.Helper()
	st, err := store.Open(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	m := New(gatedRegistry(gate), st, nil, Options{Clock: clock})
	t.Cleanup(func() { m.Close(context.Background()); st.Close() })
	return st, m
}

// nextUpdate subscribes to mt and returns a function that waits for its
// next update.
func nextUpdate(t *testing.T, mt *Match) func() Update {
	updates := make(chan Update, 100)
	mt.Subscribe(func(u Update) { updates <- u })
	return func() Update {
		t.Helper()
		select {
		case u := <-updates:
			return u
		case <-time.After(20 * time.Second): // a hang, not a timing threshold
			t.Fatalf("no update after seq %d", mt.Seq())
			return Update{}
		}
	}
}

// checkReturnSurvivesRestart closes the manager and the store, opens them
// again and checks that the match, recovered, has seat 1 back with its
// holder after the six updates the return tests make.
func checkReturnSurvivesRestart(t *testing.T, st *store.Store, m *Manager, path string, gate chan struct{}, clock *clocktest.Clock, id string) {
	t.Helper()
	m.Close(context.Background())
	st.Close()
	_, m = openGated(t, path, gate, clock)
	if _, err := m.Recover(context.Background()); err != nil {
		t.Fatal(err)
	}
	mt, ok := m.Get(id)
	if !ok {
		t.Fatalf("match %s not recovered", id)
	}
	if sn := mt.Snapshot(1); sn.Seq != 6 || sn.Seats[1].Kind != Human {
		t.Fatalf("after a restart: seq %d, seat 1 %+v", sn.Seq, sn.Seats[1])
	}
}

// TestTakenOverSeatReturnsAfterTheBotsMove: a bot takes over a gone seat
// and starts thinking about its move; the player comes back meanwhile.
// The bot finishes that move, then the seat is the player's again (a
// stored "return" update), the bot no longer moves for it, the player
// does, and a restart keeps it so.
func TestTakenOverSeatReturnsAfterTheBotsMove(t *testing.T) {
	clock := newFakeClock()
	gate := make(chan struct{})
	path := storetest.Name(t, "parlor.db")
	st, m := openGated(t, path, gate, clock)
	mt, err := m.Create(context.Background(), takeoverSpec)
	if err != nil {
		t.Fatal(err)
	}
	next := nextUpdate(t, mt)
	play(t, mt, 0, "1")
	next()
	mt.SetConnected(1, false)
	clock.Advance(time.Second)
	if u := next(); u.Seq != 2 || u.Events[0].Type != EventTakeover {
		t.Fatalf("takeover: %+v", u)
	}
	// The bot is thinking about seat 1's move when its player comes back.
	mt.SetConnected(1, true)
	if k := mt.Snapshot(1).Seats[1].Kind; k != Bot || mt.Seq() != 2 {
		t.Fatalf("the seat went back in the middle of the bot's move: %s at seq %d", k, mt.Seq())
	}
	gate <- struct{}{}
	if u := next(); u.Seq != 3 || u.Seat != 1 || u.Move == nil {
		t.Fatalf("the bot's move: %+v", u)
	}
	if u := next(); u.Seq != 4 || u.Seat != 1 || u.Move != nil || u.Events[0].Type != EventReturn {
		t.Fatalf("after the bot's move: %+v", u)
	}
	if k := mt.Snapshot(1).Seats[1].Kind; k != Human {
		t.Fatalf("seat 1 is %s after the return", k)
	}
	play(t, mt, 0, "1")
	mt.mu.Lock()
	searching := mt.searching
	mt.mu.Unlock()
	if searching {
		t.Fatal("a bot is asked for the returned seat's move")
	}
	play(t, mt, 1, "2")

	checkReturnSurvivesRestart(t, st, m, path, gate, clock, mt.ID())
}

// TestTakenOverSeatReturnsAtOnce: when the bot owes nothing for the seat,
// the player who comes back gets it at once.
func TestTakenOverSeatReturnsAtOnce(t *testing.T) {
	clock := newFakeClock()
	_, m := openGated(t, storetest.Name(t, "parlor.db"), make(chan struct{}), clock)
	mt, err := m.Create(context.Background(), takeoverSpec)
	if err != nil {
		t.Fatal(err)
	}
	// Seat 0 owes the first move; seat 1 goes and a bot takes it.
	mt.SetConnected(1, false)
	clock.Advance(time.Second)
	if mt.Seq() != 1 || mt.Snapshot(1).Seats[1].Kind != Bot {
		t.Fatalf("no takeover: seq %d", mt.Seq())
	}
	mt.SetConnected(1, true)
	u := mt.Since(1)
	if len(u) != 1 || u[0].Events[0].Type != EventReturn || mt.Snapshot(1).Seats[1].Kind != Human {
		t.Fatalf("after coming back: %+v", u)
	}
	play(t, mt, 0, "1")
	play(t, mt, 1, "1")
}

// TestBotTimeNotChargedToReturnedSeat: a seat runs out of its move clock
// and a bot takes it; the bot thinks for a long while; the holder comes
// back. The holder's game clock has lost only the holder's own time, the
// seat is theirs, and no new timeout follows at their next turn. While the
// bot holds the seat, its holder cannot play it.
func TestBotTimeNotChargedToReturnedSeat(t *testing.T) {
	clock := newFakeClock()
	gate := make(chan struct{})
	_, m := openGated(t, storetest.Name(t, "parlor.db"), gate, clock)
	spec := takeoverSpec
	spec.Policy = Policy{MoveClock: 10 * time.Second, GameClock: 60 * time.Second, OnTimeout: BotTakes}
	mt, err := m.Create(context.Background(), spec)
	if err != nil {
		t.Fatal(err)
	}
	play(t, mt, 0, "1")
	clock.Advance(10 * time.Second) // seat 1's move clock runs out
	if mt.Seq() != 2 || mt.Snapshot(1).Seats[1].Kind != Bot {
		t.Fatalf("no takeover on timeout: seq %d", mt.Seq())
	}
	if _, err := mt.Play(context.Background(), 1, []byte("1")); err != ErrBotPlays {
		t.Fatalf("the holder played a seat the bot holds: %v", err)
	}
	clock.Advance(45 * time.Second) // the bot thinks
	mt.SetConnected(1, true)        // the holder is back meanwhile
	gate <- struct{}{}
	waitFor(t, func() bool { return mt.Seq() >= 4 })
	sn := mt.Snapshot(1)
	if sn.Seats[1].Kind != Human {
		t.Fatalf("seat 1 is %s after the bot's move", sn.Seats[1].Kind)
	}
	if got := sn.Clocks.Remaining[1]; got != 50*time.Second {
		t.Fatalf("seat 1 has %v of its game clock left, want 50s (only its own 10s charged)", got)
	}
	play(t, mt, 0, "1")
	clock.Advance(5 * time.Second)
	play(t, mt, 1, "1")
	if n := mt.Seq(); n != 6 {
		t.Fatalf("seq %d after the returned seat's move, want 6 (no timeout in between)", n)
	}
}

// TestSpentGameClockKeepsTheBot: a seat whose game clock is spent and that
// a bot took over stays the bot's when its holder watches again: giving it
// back would only time it out at once, over and over.
func TestSpentGameClockKeepsTheBot(t *testing.T) {
	clock := newFakeClock()
	gate := make(chan struct{}, 10)
	_, m := openGated(t, storetest.Name(t, "parlor.db"), gate, clock)
	spec := takeoverSpec
	spec.Policy = Policy{GameClock: 10 * time.Second, OnTimeout: BotTakes}
	mt, err := m.Create(context.Background(), spec)
	if err != nil {
		t.Fatal(err)
	}
	play(t, mt, 0, "1")
	clock.Advance(10 * time.Second)
	gate <- struct{}{}
	waitFor(t, func() bool { return mt.Seq() >= 3 }) // takeover, then the bot's move
	mt.SetConnected(1, false)
	mt.SetConnected(1, true)
	if k := mt.Snapshot(1).Seats[1].Kind; k != Bot || mt.Seq() != 3 {
		t.Fatalf("seat 1 is %s at seq %d after its holder came back", k, mt.Seq())
	}
}

// waitFor polls cond until it holds; a hang fails the test (not a timing
// threshold).
func waitFor(t *testing.T, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatal("condition not reached")
		}
		time.Sleep(time.Millisecond)
	}
}

// timeoutSpec is a long race between two humans with a 10-second move
// clock, after which a bot takes the seat over.
var timeoutSpec = Spec{Game: "gated", Options: json.RawMessage(`{"target":1000}`), Seats: humans(2),
	Policy: Policy{MoveClock: 10 * time.Second, OnTimeout: BotTakes}, BotTime: time.Hour}

// TestReclaimGivesTheSeatBackAtOnce: seat 1 runs out of its move clock
// while its holder is still at the table (never disconnected), and a bot
// takes it over and moves. The holder asks for the seat back: it is
// theirs at once, as a stored "return" update that subscribers get, the
// bot no longer moves for it, the holder's own move is accepted, and a
// restart keeps it so.
func TestReclaimGivesTheSeatBackAtOnce(t *testing.T) {
	clock := newFakeClock()
	gate := make(chan struct{}, 1)
	path := storetest.Name(t, "parlor.db")
	st, m := openGated(t, path, gate, clock)
	mt, err := m.Create(context.Background(), timeoutSpec)
	if err != nil {
		t.Fatal(err)
	}
	play(t, mt, 0, "1")
	clock.Advance(10 * time.Second) // seat 1's move clock runs out
	if mt.Seq() != 2 || !mt.Snapshot(1).Seats[1].TakenOver {
		t.Fatalf("no takeover on timeout: seq %d, seat 1 %+v", mt.Seq(), mt.Snapshot(1).Seats[1])
	}
	gate <- struct{}{}
	waitFor(t, func() bool { return mt.Seq() == 3 && !mt.searchingNow() })

	var got []Update
	var gotMu sync.Mutex
	cancel := mt.Subscribe(func(u Update) { gotMu.Lock(); got = append(got, u); gotMu.Unlock() })
	defer cancel()
	u, later, err := mt.Reclaim(context.Background(), 1)
	if err != nil || later {
		t.Fatalf("Reclaim: later %v, err %v", later, err)
	}
	if u.Seq != 4 || u.Seat != 1 || u.Move != nil || len(u.Events) != 1 || u.Events[0].Type != EventReturn ||
		u.Events[0].Data.(MatchEvent).Action != Returns {
		t.Fatalf("the return update: %+v", u)
	}
	gotMu.Lock()
	if len(got) != 1 || got[0].Seq != 4 {
		t.Fatalf("subscriber got %+v, want the return", got)
	}
	gotMu.Unlock()
	if s := mt.Snapshot(1).Seats[1]; s.Kind != Human || s.TakenOver {
		t.Fatalf("seat 1 after the return: %+v", s)
	}
	play(t, mt, 0, "1")
	if mt.searchingNow() {
		t.Fatal("a bot is asked for the returned seat's move")
	}
	play(t, mt, 1, "2")

	checkReturnSurvivesRestart(t, st, m, path, gate, clock, mt.ID())
}

// TestReclaimWaitsForTheBotsMove: the holder asks for the seat while the
// bot thinks about its move: the bot finishes that move, then the seat
// goes back, with no further request.
func TestReclaimWaitsForTheBotsMove(t *testing.T) {
	clock := newFakeClock()
	gate := make(chan struct{})
	_, m := openGated(t, storetest.Name(t, "parlor.db"), gate, clock)
	mt, err := m.Create(context.Background(), timeoutSpec)
	if err != nil {
		t.Fatal(err)
	}
	next := nextUpdate(t, mt)
	play(t, mt, 0, "1")
	next()
	clock.Advance(10 * time.Second)
	if u := next(); u.Seq != 2 || u.Events[0].Type != EventTimeout {
		t.Fatalf("timeout: %+v", u)
	}
	// The bot is thinking about seat 1's move (the gate holds it).
	u, later, err := mt.Reclaim(context.Background(), 1)
	if err != nil || !later || u.Seq != 0 {
		t.Fatalf("Reclaim during the bot's move: %+v, later %v, err %v", u, later, err)
	}
	if k := mt.Snapshot(1).Seats[1].Kind; k != Bot || mt.Seq() != 2 {
		t.Fatalf("the seat went back in the middle of the bot's move: %s at seq %d", k, mt.Seq())
	}
	gate <- struct{}{}
	if u := next(); u.Seq != 3 || u.Seat != 1 || u.Move == nil {
		t.Fatalf("the bot's move: %+v", u)
	}
	if u := next(); u.Seq != 4 || u.Seat != 1 || u.Move != nil || u.Events[0].Type != EventReturn {
		t.Fatalf("after the bot's move: %+v", u)
	}
	play(t, mt, 0, "1")
	play(t, mt, 1, "1")
}

// TestReclaimAskedThenGoneKeepsTheBot: a holder who asks for the seat
// during the bot's move and then leaves the table does not get it back
// after that move: the bot goes on playing for them.
func TestReclaimAskedThenGoneKeepsTheBot(t *testing.T) {
	clock := newFakeClock()
	gate := make(chan struct{})
	_, m := openGated(t, storetest.Name(t, "parlor.db"), gate, clock)
	mt, err := m.Create(context.Background(), timeoutSpec)
	if err != nil {
		t.Fatal(err)
	}
	play(t, mt, 0, "1")
	clock.Advance(10 * time.Second)
	if _, later, err := mt.Reclaim(context.Background(), 1); err != nil || !later {
		t.Fatalf("Reclaim during the bot's move: later %v, err %v", later, err)
	}
	mt.SetConnected(1, false)
	gate <- struct{}{}
	waitFor(t, func() bool { return mt.Seq() == 3 && !mt.searchingNow() })
	if s := mt.Snapshot(1).Seats[1]; s.Kind != Bot || !s.TakenOver || mt.Seq() != 3 {
		t.Fatalf("seat 1 is %+v at seq %d after its holder left", s, mt.Seq())
	}
}

// TestReclaimRefusals: a seat no bot took over (its holder's, a bot's own
// seat), a seat that does not exist, a seat whose game clock is spent and a
// match that is over are refused with their reason, and nothing changes.
func TestReclaimRefusals(t *testing.T) {
	e := newEnv(t)
	mt := e.create(Spec{Game: "race", Options: json.RawMessage(`{"target":1000}`),
		Seats: []SeatSpec{{Kind: Human}, {Kind: Bot, Level: "slow"}}, BotTime: 1 << 62})
	for _, c := range []struct {
		seat game.Seat
		want error
	}{{0, ErrNotTakenOver}, {1, ErrNotTakenOver}, {2, nil}, {-1, nil}} {
		_, later, err := mt.Reclaim(context.Background(), c.seat)
		if err == nil || later || (c.want != nil && !errors.Is(err, c.want)) {
			t.Errorf("Reclaim(%d): later %v, err %v, want %v", c.seat, later, err, c.want)
		}
	}
	if mt.Seq() != 0 || mt.Snapshot(0).Seats[0].Kind != Human {
		t.Fatalf("refused requests changed the match: seq %d", mt.Seq())
	}

	// A seat whose game clock ran out stays the bot's.
	clock := newFakeClock()
	gate := make(chan struct{}, 10)
	_, m := openGated(t, storetest.Name(t, "parlor.db"), gate, clock)
	spec := timeoutSpec
	spec.Policy = Policy{GameClock: 10 * time.Second, OnTimeout: BotTakes}
	spent, err := m.Create(context.Background(), spec)
	if err != nil {
		t.Fatal(err)
	}
	play(t, spent, 0, "1")
	clock.Advance(10 * time.Second)
	if _, _, err := spent.Reclaim(context.Background(), 1); !errors.Is(err, ErrClockSpent) {
		t.Fatalf("Reclaim of a seat whose game clock is spent: %v", err)
	}
	gate <- struct{}{}
	waitFor(t, func() bool { return spent.Seq() == 3 && !spent.searchingNow() })
	if _, _, err := spent.Reclaim(context.Background(), 1); !errors.Is(err, ErrClockSpent) {
		t.Fatalf("Reclaim after the bot's move: %v", err)
	}
	if s := spent.Snapshot(1).Seats[1]; s.Kind != Bot || spent.Seq() != 3 {
		t.Fatalf("seat 1 is %+v at seq %d after refused requests", s, spent.Seq())
	}

	// Over: nothing is given back.
	if _, err := spent.Resign(context.Background(), 0); err != nil {
		t.Fatal(err)
	}
	if _, _, err := spent.Reclaim(context.Background(), 1); !errors.Is(err, ErrOver) {
		t.Fatalf("Reclaim after the end: %v", err)
	}
}

// searchingNow reports whether a bot search is running.
func (mt *Match) searchingNow() bool {
	mt.mu.Lock()
	defer mt.mu.Unlock()
	return mt.searching
}
