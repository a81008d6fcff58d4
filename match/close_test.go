package match

import (
	"context"
	"encoding/json"
	"errors"
	"reflect"
	"testing"

	"github.com/parlor-games/parlor/game"
)

// TestOperatorCloseEndsTheMatchDurably: an operator's close ends a match
// in play with no winner and the reason given; the end is stored, with
// its cause, survives a restart, and a second close changes nothing.
func TestOperatorCloseEndsTheMatchDurably(t *testing.T) {
	e := newEnv(t)
	mt := e.create(Spec{Game: "race", Options: json.RawMessage(`{"target":30}`), Seats: humans(2)})
	play(t, mt, 0, "1")
	u, err := mt.Close(context.Background(), "closed for abuse")
	if err != nil {
		t.Fatal(err)
	}
	want := &game.Outcome{Winners: []game.Seat{}, Reason: "closed for abuse"}
	if u.Seq != 2 || !reflect.DeepEqual(u.Outcome, want) || len(u.Events) == 0 || u.Events[0].Type != EventAbandoned {
		t.Fatalf("close update %+v", u)
	}
	if _, err := mt.Close(context.Background(), "again"); !errors.Is(err, ErrOver) {
		t.Fatalf("closing a finished match: %v", err)
	}
	if _, err := mt.Play(context.Background(), 1, []byte("1")); !errors.Is(err, ErrOver) {
		t.Fatalf("a move after the close: %v", err)
	}
	e.restart()
	ml, err := e.st.LoadMatch(context.Background(), mt.ID())
	if err != nil {
		t.Fatal(err)
	}
	if !ml.Finished || ml.Reason != "closed for abuse" || len(ml.Records) != 2 {
		t.Fatalf("stored: finished=%v reason=%q records=%d", ml.Finished, ml.Reason, len(ml.Records))
	}
	ev, out, err := EventOf(ml.Records[1])
	if err != nil || ev.Type != EventAbandoned || !reflect.DeepEqual(out, want) || ev.Data.(MatchEvent).Cause != CauseOperator {
		t.Fatalf("stored record decodes to %+v %+v %v", ev, out, err)
	}
}
