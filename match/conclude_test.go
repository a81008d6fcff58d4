package match

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/parlor-games/parlor/game"
	"github.com/parlor-games/parlor/games/battleship"
)

// A match that ends by its own decision tells the game (game.Conclude):
// the final views show what the game's end shows, live, after a rebuild
// from the log, and in the same update that ends the match.

const (
	westFleet = "carrier A1 h, battleship A3 h, cruiser A5 h, submarine A7 h, destroyer A9 h"
	eastFleet = "carrier J1 v, battleship H1 v, cruiser F1 v, submarine D6 v, destroyer J9 v"
)

// battleshipInPlay is a Battleship match between two people after both
// fleets are placed and each side has fired twice: seat 0 hit twice,
// seat 1 once.
func battleshipInPlay(t *testing.T, e *env, policy Policy) *Match {
	t.Helper()
	mt, err := e.m.Create(context.Background(), Spec{Game: "battleship", Seats: humans(2), Policy: policy})
	if err != nil {
		t.Fatal(err)
	}
	play(t, mt, 0, westFleet)
	play(t, mt, 1, eastFleet)
	for _, m := range []struct {
		seat game.Seat
		shot string
	}{{0, "J1"}, {1, "A1"}, {0, "J2"}, {1, "B2"}} {
		play(t, mt, m.seat, m.shot)
	}
	return mt
}

// fleetsShown reports how many of the two fleets seat's view shows.
func fleetsShown(t *testing.T, sn Snapshot) int {
	t.Helper()
	var v battleship.View
	if err := json.Unmarshal(sn.View, &v); err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, f := range v.Fleets {
		if len(f) > 0 {
			n++
		}
	}
	return n
}

func TestResignRevealsWhatTheGameEndShows(t *testing.T) {
	e := newGamesEnv(t)
	mt := battleshipInPlay(t, e, Policy{})
	if n := fleetsShown(t, mt.Snapshot(game.Spectator)); n != 0 {
		t.Fatalf("before the end the spectator sees %d fleets", n)
	}
	if n := fleetsShown(t, mt.Snapshot(0)); n != 1 {
		t.Fatalf("before the end seat 0 sees %d fleets, want its own", n)
	}
	u, err := mt.Resign(context.Background(), 1)
	if err != nil {
		t.Fatal(err)
	}
	if jsonOf(t, u.Scores) != "[2,1]" {
		t.Errorf("the resignation's update has scores %v, want the hits [2 1]", u.Scores)
	}
	live := map[game.Seat]Snapshot{}
	for _, seat := range []game.Seat{0, 1, game.Spectator} {
		sn := mt.Snapshot(seat)
		live[seat] = sn
		if n := fleetsShown(t, sn); n != 2 {
			t.Errorf("after the resignation %d's view shows %d fleets, want both: %s", seat, n, sn.View)
		}
		if jsonOf(t, sn.Scores) != "[2,1]" {
			t.Errorf("after the resignation %d's snapshot has scores %v", seat, sn.Scores)
		}
	}
	// A match is its log: rebuilt from the store, it ends the same.
	ml, err := e.st.LoadMatch(context.Background(), mt.ID())
	if err != nil {
		t.Fatal(err)
	}
	re, err := e.m.rebuild(ml)
	if err != nil {
		t.Fatal(err)
	}
	for seat, sn := range live {
		if got := re.Snapshot(seat); string(got.View) != string(sn.View) || jsonOf(t, got.Scores) != jsonOf(t, sn.Scores) ||
			jsonOf(t, got.Outcome) != jsonOf(t, sn.Outcome) {
			t.Errorf("seat %d after a rebuild:\n%s %v\nlive:\n%s %v", seat, got.View, got.Scores, sn.View, sn.Scores)
		}
	}
	if jsonOf(t, re.Since(0)) != jsonOf(t, mt.Since(0)) {
		t.Errorf("the rebuilt updates differ:\n%s\n%s", jsonOf(t, re.Since(0)), jsonOf(t, mt.Since(0)))
	}
}

func TestForfeitAndEndForAllReveal(t *testing.T) {
	for _, action := range []Action{Forfeit, End} {
		t.Run(string(action), func(t *testing.T) {
			e := newGamesEnv(t)
			mt := battleshipInPlay(t, e, Policy{Grace: time.Minute, OnGone: action})
			mt.SetConnected(1, false)
			e.clock.Advance(time.Minute)
			waitEnd(t, mt)
			out := mt.Outcome()
			if !strings.Contains(out.Reason, "seat 1") {
				t.Errorf("outcome %+v", out)
			}
			if n := fleetsShown(t, mt.Snapshot(0)); n != 2 {
				t.Errorf("after the %s seat 0 sees %d fleets, want both", action, n)
			}
			if sn := mt.Snapshot(game.Spectator); jsonOf(t, sn.Scores) != "[2,1]" {
				t.Errorf("after the %s the scores are %v, want the hits [2 1]", action, sn.Scores)
			}
		})
	}
}
