package match

import (
	"context"
	"encoding/json"
	"errors"
	"slices"
	"testing"
	"time"

	"github.com/parlor-games/parlor/game"
	"github.com/parlor-games/parlor/games"
	"github.com/parlor-games/parlor/store"
)

// clue4 is a Clue-Less deal for four: Scarlet (seat 0) moves first.
const clue4 = `{"players":4,"scenario":{"caseFile":["plum","rope","study"],
 "hands":[["scarlet","knife","hall","lounge"],
          ["mustard","candlestick","lead-pipe","billiard-room"],
          ["white","revolver","wrench","conservatory"],
          ["green","peacock","ballroom","kitchen"]],
 "faceUp":["library","dining-room"]}}`

// voteEnv is a match of Clue-Less on the manual clock, with seats of the
// kinds given.
func voteEnv(t *testing.T, seats []SeatSpec, policy Policy) (*env, *Match) {
	e := newGamesEnv(t)
	mt, err := e.m.Create(context.Background(), Spec{Game: "clue", Options: json.RawMessage(clue4), Seats: seats, Policy: policy, BotTime: 200 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	return e, mt
}

// reopenGames is a crash and restart of a games env: every match is
// rebuilt from the store.
func reopenGames(t *testing.T, e *env) {
	e.m.Close(context.Background())
	e.st.Close()
	e.m = nil
	e.open()
	e.m.Close(context.Background())
	e.m = New(games.Registry(), e.st, nil, Options{Clock: e.clock, BotTime: 200 * time.Millisecond})
	if _, err := e.m.Recover(context.Background()); err != nil {
		t.Fatal(err)
	}
}

func voteOf(t *testing.T, u Update) *Vote {
	t.Helper()
	if len(u.Events) == 0 {
		t.Fatalf("update %d has no event", u.Seq)
	}
	me, ok := u.Events[0].Data.(MatchEvent)
	if !ok || me.Vote == nil {
		t.Fatalf("update %d is not a vote's: %+v", u.Seq, u.Events[0])
	}
	return me.Vote
}

// Clue-Less spec section 5: three of four vote to remove the fourth, who
// is out of the voters (three yeses, more than half of the four people
// still in the game, carry it); the removal is a decision in the log, and a
// restart and a replay of the log give the same match.
func TestSpec5_VoteToRemoveCarriedAndReplayed(t *testing.T) {
	ctx := context.Background()
	e, mt := voteEnv(t, humans(4), Policy{Grace: time.Minute, OnGone: End})
	if k := mt.VoteKinds(); !slices.Equal(k, []VoteKind{VotePass, VoteRemove}) {
		t.Fatalf("Clue-Less offers %v", k)
	}
	u, err := mt.CallVote(ctx, 0, VoteRemove, 1)
	if err != nil {
		t.Fatal(err)
	}
	v := voteOf(t, u)
	if u.Events[0].Type != EventVote || !slices.Equal(v.Voters, []game.Seat{0, 2, 3}) || v.Needed != 3 ||
		!slices.Equal(v.Yes, []game.Seat{0}) || !v.Until.Equal(e.clock.Now().Add(VoteTime)) {
		t.Fatalf("the call: the subject has no vote, the caller counts as yes: %+v", v)
	}
	if sn := mt.Snapshot(2); sn.Vote == nil || sn.Vote.Subject != 1 {
		t.Fatalf("a snapshot shows the open vote: %+v", sn.Vote)
	}
	if _, err := mt.CastVote(ctx, 1, false); !errors.Is(err, ErrNotVoter) {
		t.Fatalf("the subject voting: %v", err)
	}
	if _, err := mt.CastVote(ctx, 0, true); !errors.Is(err, ErrVotedAlready) {
		t.Fatalf("the caller voting again: %v", err)
	}
	if _, err := mt.CallVote(ctx, 2, VotePass, 0); !errors.Is(err, ErrVoteOpen) {
		t.Fatalf("a second vote: %v", err)
	}
	if _, err := mt.CastVote(ctx, 2, true); err != nil {
		t.Fatal(err)
	}
	if v := mt.VoteOpen(); v == nil || len(v.Yes) != 2 {
		t.Fatalf("two yeses of four people carried it: %+v", v)
	}
	u, err = mt.CastVote(ctx, 3, true)
	if err != nil {
		t.Fatal(err)
	}
	if u.Events[0].Type != EventVoteEnded || voteOf(t, u).Result != VoteCarried || len(u.Events) < 2 || u.Events[1].Type != "removed" {
		t.Fatalf("three of four carry it at once: %+v", u.Events)
	}
	if mt.VoteOpen() != nil {
		t.Fatal("the vote is still open")
	}
	if _, err := mt.Resign(ctx, 1); !errors.Is(err, ErrRemovedSeat) {
		t.Fatalf("a removed player resigning would end the game for the others: %v", err)
	}
	if _, err := mt.CallVote(ctx, 1, VotePass, 0); !errors.Is(err, ErrNotVoter) {
		t.Fatalf("a removed player calling a vote: %v", err)
	}
	l := logOf(t, mt)
	if n := len(l.Moves); n != 1 || l.Moves[0].Seat != 1 || l.Moves[0].Decision != game.DecisionRemove || l.Moves[0].Move != nil {
		t.Fatalf("the game log keeps the decision: %+v", l.Moves)
	}
	before := jsonOf(t, mt.Since(0))
	views := map[game.Seat]string{}
	for _, s := range []game.Seat{game.Spectator, 0, 1, 2, 3} {
		views[s] = string(mt.Snapshot(s).View)
	}
	id := mt.ID()
	reopenGames(t, e)
	mt2, ok := e.m.Get(id)
	if !ok {
		t.Fatal("not recovered")
	}
	if got := jsonOf(t, mt2.Since(0)); got != before {
		t.Fatalf("updates differ after a restart:\n%s\n%s", got, before)
	}
	st, err := games.Registry().Replay(l)
	if err != nil {
		t.Fatal(err)
	}
	for s, want := range views {
		if got := string(mt2.Snapshot(s).View); got != want {
			t.Errorf("seat %d's view differs after a restart", s)
		}
		if got := jsonOf(t, st.View(s)); got != want {
			t.Errorf("seat %d's view differs in the replayed log", s)
		}
	}
	ml, err := e.st.LoadMatch(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	if sl := ml.Log(); jsonOf(t, sl) != jsonOf(t, l) {
		t.Fatalf("the stored game log %s, the match's %s", jsonOf(t, sl), jsonOf(t, l))
	}
	// A removed player who leaves ends nothing (requirement 17 is for
	// those still in the game).
	mt2.SetConnected(1, false)
	for _, s := range []game.Seat{0, 2, 3} {
		mt2.SetConnected(s, true)
	}
	e.clock.Advance(time.Hour)
	if mt2.Outcome() != nil {
		t.Fatalf("a gone removed player ended the game: %+v", mt2.Outcome())
	}
	mt2.SetConnected(3, false)
	e.clock.Advance(time.Hour)
	if o := mt2.Outcome(); o == nil {
		t.Fatal("requirement 17 no longer holds for a player still in the game")
	}
}

// A vote lapses on the match's clock, failed, and the turn stays.
func TestSpec5_VoteLapses(t *testing.T) {
	ctx := context.Background()
	e, mt := voteEnv(t, humans(4), Policy{})
	if _, err := mt.CallVote(ctx, 1, VotePass, 0); err != nil {
		t.Fatal(err)
	}
	if _, err := mt.CastVote(ctx, 2, true); err != nil {
		t.Fatal(err)
	}
	e.clock.Advance(VoteTime - time.Second)
	if mt.VoteOpen() == nil {
		t.Fatal("the vote ended before its time")
	}
	e.clock.Advance(time.Second)
	if mt.VoteOpen() != nil {
		t.Fatal("the vote did not lapse")
	}
	all := mt.Since(0)
	last := all[len(all)-1]
	if v := voteOf(t, last); last.Events[0].Type != EventVoteEnded || v.Result != VoteLapsed || len(last.Events) != 1 {
		t.Fatalf("lapse: %+v", last.Events)
	}
	if sn := mt.Snapshot(0); !slices.Equal(sn.Turn, []game.Seat{0}) {
		t.Fatalf("a lapsed vote passes nothing: turn %v", sn.Turn)
	}
	if _, err := mt.CallVote(ctx, 1, VotePass, 0); err != nil {
		t.Fatalf("a new vote after one lapsed: %v", err)
	}
}

// The majority is of the people still in the game, the one voted on
// counted: with four players three yeses are needed of the three
// voters, so one no fails a vote at once.
func TestSpec5_VoteFailsWhenAMajorityCannotSayYes(t *testing.T) {
	ctx := context.Background()
	_, mt := voteEnv(t, humans(4), Policy{})
	if _, err := mt.CallVote(ctx, 1, VotePass, 0); err != nil {
		t.Fatal(err)
	}
	u, err := mt.CastVote(ctx, 3, false)
	if err != nil {
		t.Fatal(err)
	}
	if v := voteOf(t, u); v.Result != VoteFailed || u.Turn[0] != 0 {
		t.Fatalf("a no of three voters of four people: %+v turn %v", v, u.Turn)
	}
}

// Bots do not vote (issue: at a table of one person and bots, the bots'
// yeses let that person pass another's turn in a second, unseen). With
// two people and a bot no vote can carry, so none is offered or called
// and nothing is stored; with three people and a bot the bot is no voter, the call
// leaves the vote open for the one voted on to see, with its time, and
// the other person's yes carries it.
func TestSpec5_BotsDoNotVote(t *testing.T) {
	ctx := context.Background()
	e := newGamesEnv(t)
	three := `{"players":3,"scenario":{"caseFile":["plum","rope","study"],
 "hands":[["scarlet","knife","hall","lounge","library","kitchen"],
          ["mustard","candlestick","lead-pipe","billiard-room","dining-room","green"],
          ["white","revolver","wrench","conservatory","ballroom","peacock"]]}}`
	mt, err := e.m.Create(ctx, Spec{Game: "clue", Options: json.RawMessage(three),
		Seats: []SeatSpec{{Kind: Human}, {Kind: Human}, {Kind: Bot, Level: "easy"}}, BotTime: 200 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	if k := mt.VoteKinds(); len(k) != 0 {
		t.Fatalf("two people and a bot are offered votes %v", k)
	}
	for _, k := range []VoteKind{VotePass, VoteRemove} {
		if _, err := mt.CallVote(ctx, 1, k, 0); !errors.Is(err, ErrNoVotes) {
			t.Fatalf("a %s vote by one of two people, the bot saying yes: %v", k, err)
		}
	}
	if n := len(mt.Since(0)); n != 0 || mt.VoteOpen() != nil {
		t.Fatalf("a refused call stored %d steps", n)
	}

	_, mt = voteEnv(t, []SeatSpec{{Kind: Human}, {Kind: Human}, {Kind: Human}, {Kind: Bot, Level: "easy"}}, Policy{})
	if _, err := mt.CallVote(ctx, 1, VotePass, 3); !errors.Is(err, ErrVoteBot) {
		t.Fatalf("a vote on a bot: %v", err)
	}
	u, err := mt.CallVote(ctx, 1, VotePass, 0)
	if err != nil {
		t.Fatal(err)
	}
	v := voteOf(t, u)
	if v.Result != "" || !slices.Equal(v.Voters, []game.Seat{1, 2}) || !slices.Equal(v.Yes, []game.Seat{1}) || len(v.No) != 0 || v.Needed != 2 {
		t.Fatalf("the call at three people and a bot: %+v", v)
	}
	if sn := mt.Snapshot(0); sn.Vote == nil || sn.Vote.Subject != 0 || !sn.Vote.Until.Equal(e.clock.Now().Add(VoteTime)) || sn.Turn[0] != 0 {
		t.Fatalf("the one voted on does not see the open vote and its time: %+v turn %v", sn.Vote, sn.Turn)
	}
	if _, err := mt.CastVote(ctx, 3, true); !errors.Is(err, ErrNotVoter) {
		t.Fatalf("a ballot for the bot's seat: %v", err)
	}
	u, err = mt.CastVote(ctx, 2, true)
	if err != nil {
		t.Fatal(err)
	}
	if v := voteOf(t, u); v.Result != VoteCarried || u.Turn[0] != 1 {
		t.Fatalf("two people of three pass the third's turn: %+v turn %v", v, u.Turn)
	}
}

// A pass vote whose subject ends the turn first is void; a pass is only
// for the player to move.
func TestSpec5_PassVoteVoidWhenTheTurnEnds(t *testing.T) {
	ctx := context.Background()
	_, mt := voteEnv(t, humans(4), Policy{})
	if _, err := mt.CallVote(ctx, 1, VotePass, 2); !errors.Is(err, ErrNotToMove) {
		t.Fatalf("passing a player who is not to move: %v", err)
	}
	if _, err := mt.CallVote(ctx, 1, VotePass, 1); !errors.Is(err, ErrVoteSelf) {
		t.Fatalf("a vote on oneself: %v", err)
	}
	if _, err := mt.CallVote(ctx, 1, VotePass, 0); err != nil {
		t.Fatal(err)
	}
	play(t, mt, 0, "move hall-lounge")
	if mt.VoteOpen() == nil {
		t.Fatal("a move that does not end the turn ended the vote")
	}
	play(t, mt, 0, "end")
	all := mt.Since(0)
	last := all[len(all)-1]
	if v := voteOf(t, last); v.Result != VoteVoid || mt.VoteOpen() != nil {
		t.Fatalf("the vote after the turn ended: %+v", v)
	}
}

// Two seats are no table for a vote.
func TestVoteNotOfferedToTwo(t *testing.T) {
	e := newEnv(t)
	mt := e.create(Spec{Game: "race", Options: json.RawMessage(`{"target":30}`), Seats: humans(2)})
	if _, err := mt.CallVote(context.Background(), 0, VotePass, 1); !errors.Is(err, ErrNoVotes) {
		t.Fatalf("a vote at a table of two: %v", err)
	}
}

// A vote open at a crash is open after the restart, with its ballots and
// its time afresh (nobody could vote while the server was down), and a
// ballot then carries it.
func TestSpec5_OpenVoteSurvivesACrash(t *testing.T) {
	ctx := context.Background()
	e, mt := voteEnv(t, humans(4), Policy{})
	if _, err := mt.CallVote(ctx, 1, VotePass, 0); err != nil {
		t.Fatal(err)
	}
	if _, err := mt.CastVote(ctx, 2, true); err != nil {
		t.Fatal(err)
	}
	e.clock.Advance(VoteTime / 2)
	id := mt.ID()
	reopenGames(t, e)
	mt2, ok := e.m.Get(id)
	if !ok {
		t.Fatal("not recovered")
	}
	v := mt2.VoteOpen()
	if v == nil || !slices.Equal(v.Yes, []game.Seat{1, 2}) || len(v.No) != 0 || !v.Until.Equal(e.clock.Now().Add(VoteTime)) {
		t.Fatalf("the vote after a restart: %+v", v)
	}
	if _, err := mt2.CastVote(ctx, 2, true); !errors.Is(err, ErrVotedAlready) {
		t.Fatalf("a ballot cast before the crash: %v", err)
	}
	u, err := mt2.CastVote(ctx, 3, true)
	if err != nil {
		t.Fatal(err)
	}
	if v := voteOf(t, u); v.Result != VoteCarried || u.Turn[0] != 1 {
		t.Fatalf("after the restart the vote carries: %+v turn %v", v, u.Turn)
	}
}

// failFrom refuses appends from the n-th on, like a disk filling up.
type failFrom struct {
	Store
	n, count int
}

func (f *failFrom) Append(ctx context.Context, r store.Record) error {
	f.count++
	if f.n > 0 && f.count >= f.n {
		return errors.New("disk full")
	}
	return f.Store.Append(ctx, r)
}

// A ballot that decides a vote is stored even when the vote's end cannot
// be: the ballot is accepted, and the end follows shortly, as decided.
func TestVoteEndStoredLater(t *testing.T) {
	ctx := context.Background()
	e := newGamesEnv(t)
	fs := &failFrom{Store: e.st}
	e.m.Close(ctx)
	e.m = New(games.Registry(), fs, nil, Options{Clock: e.clock, BotTime: 200 * time.Millisecond})
	mt, err := e.m.Create(ctx, Spec{Game: "clue", Options: json.RawMessage(clue4), Seats: humans(4)})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := mt.CallVote(ctx, 1, VotePass, 0); err != nil {
		t.Fatal(err)
	}
	if _, err := mt.CastVote(ctx, 2, true); err != nil {
		t.Fatal(err)
	}
	fs.n = fs.count + 2 // the next ballot is stored, the end is not
	if _, err := mt.CastVote(ctx, 3, true); err != nil {
		t.Fatalf("a stored ballot reported as failed: %v", err)
	}
	if v := mt.VoteOpen(); v == nil || len(v.Yes) != 3 {
		t.Fatalf("the ballot stands: %+v", v)
	}
	fs.n = 0
	e.clock.Advance(policyRetry)
	all := mt.Since(0)
	if v := voteOf(t, all[len(all)-1]); v.Result != VoteCarried || mt.VoteOpen() != nil {
		t.Fatalf("the end after the store came back: %+v", v)
	}
	if sn := mt.Snapshot(0); sn.Turn[0] != 1 {
		t.Fatalf("turn %v", sn.Turn)
	}
}

// A match written from a game log whose entries hold a vote's decision
// (a loaded save's copy) rebuilds to the same game.
func TestDecisionRecordRebuilds(t *testing.T) {
	ctx := context.Background()
	e, mt := voteEnv(t, humans(4), Policy{})
	if _, err := mt.CallVote(ctx, 1, VoteRemove, 0); err != nil {
		t.Fatal(err)
	}
	for _, s := range []game.Seat{2, 3} {
		if _, err := mt.CastVote(ctx, s, true); err != nil {
			t.Fatal(err)
		}
	}
	l := logOf(t, mt)
	seats, _ := json.Marshal(humans(4))
	if err := e.st.CreateMatch(ctx, store.MatchHeader{ID: "copy", Game: l.Game, Options: l.Options, Seed: l.Seed,
		Seats: seats, Settings: json.RawMessage(`{}`), Created: e.clock.Now()}); err != nil {
		t.Fatal(err)
	}
	for i, en := range l.Moves {
		rec := store.Record{Match: "copy", Index: int64(i + 1), Seat: en.Seat, Move: en.Move, At: e.clock.Now()}
		if en.Decision != "" {
			rec.Move, rec.Event = nil, DecisionRecord(en.Seat, en.Decision)
		}
		if err := e.st.Append(ctx, rec); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := e.m.Recover(ctx); err != nil {
		t.Fatal(err)
	}
	cp, ok := e.m.Get("copy")
	if !ok {
		t.Fatal("the copy did not rebuild")
	}
	for _, s := range []game.Seat{game.Spectator, 0, 1} {
		if a, b := string(cp.Snapshot(s).View), string(mt.Snapshot(s).View); a != b {
			t.Errorf("seat %d: the copy's view differs:\n%s\n%s", s, a, b)
		}
	}
	if cp.VoteOpen() != nil || jsonOf(t, logOf(t, cp)) != jsonOf(t, l) {
		t.Fatalf("the copy's log %s, the original's %s", jsonOf(t, logOf(t, cp)), jsonOf(t, l))
	}
}
