package match

import (
	"context"
	"encoding/json"
	"errors"
	"reflect"
	"testing"

	"github.com/parlor-games/parlor/game"
)

// TestResignEndsTheMatchDurably: a resigning seat loses and the other
// wins, whoever's turn it is; the end is stored, survives a restart and
// is reported once to OnEnd; a second resignation changes nothing.
func TestResignEndsTheMatchDurably(t *testing.T) {
	e := newEnv(t)
	mt := e.create(Spec{Game: "race", Options: json.RawMessage(`{"target":30}`), Seats: humans(2)})
	play(t, mt, 0, "1")
	// Seat 1 owes the move; seat 0 resigns anyway.
	var got []Update
	cancel := mt.Subscribe(func(u Update) { got = append(got, u) })
	defer cancel()
	u, err := mt.Resign(context.Background(), 0)
	if err != nil {
		t.Fatal(err)
	}
	want := &game.Outcome{Winners: []game.Seat{1}, Reason: "seat 0 resigned"}
	if u.Seq != 2 || u.Move != nil || u.Seat != 0 || !reflect.DeepEqual(u.Outcome, want) ||
		len(u.Events) != 1 || u.Events[0].Type != EventResign {
		t.Fatalf("resign update %+v", u)
	}
	if len(got) != 1 || got[0].Seq != 2 {
		t.Fatalf("subscriber got %+v", got)
	}
	if o := e.endings(mt.ID()); len(o) != 1 || !reflect.DeepEqual(&o[0], want) {
		t.Fatalf("OnEnd got %+v", o)
	}
	if _, err := mt.Resign(context.Background(), 1); !errors.Is(err, ErrOver) {
		t.Fatalf("resigning a finished match: %v", err)
	}
	if _, err := mt.Play(context.Background(), 1, []byte("1")); !errors.Is(err, ErrOver) {
		t.Fatalf("a move after the resignation: %v", err)
	}
	if mt.Seq() != 2 {
		t.Fatalf("seq %d after refused calls, want 2", mt.Seq())
	}

	e.restart()
	ml, err := e.st.LoadMatch(context.Background(), mt.ID())
	if err != nil {
		t.Fatal(err)
	}
	if !ml.Finished || ml.Reason != "seat 0 resigned" || len(ml.Records) != 2 {
		t.Fatalf("stored: finished=%v reason=%q records=%d", ml.Finished, ml.Reason, len(ml.Records))
	}
	ev, out, err := EventOf(ml.Records[1])
	if err != nil || ev.Type != EventResign || ev.Seat != 0 || !reflect.DeepEqual(out, want) {
		t.Fatalf("stored record decodes to %+v %+v %v", ev, out, err)
	}
}

// TestResignRefusals: a seat that does not exist and a bot's own seat
// cannot resign, and the match goes on unchanged.
func TestResignRefusals(t *testing.T) {
	e := newEnv(t)
	mt := e.create(Spec{Game: "race", Options: json.RawMessage(`{"target":1000}`),
		Seats: []SeatSpec{{Kind: Human}, {Kind: Bot, Level: "slow"}}, BotTime: 1 << 62})
	for _, seat := range []game.Seat{-1, 2, 1} {
		if _, err := mt.Resign(context.Background(), seat); err == nil {
			t.Errorf("seat %d resigned", seat)
		}
	}
	if mt.Outcome() != nil || mt.Seq() != 0 {
		t.Fatalf("refused resignations changed the match: seq %d outcome %+v", mt.Seq(), mt.Outcome())
	}
}
