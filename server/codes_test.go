package server

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/parlor-games/parlor/game"
	"github.com/parlor-games/parlor/match"
	"github.com/parlor-games/parlor/store"
)

// TestErrorCode: the code of an error reply comes from the handler's own
// refusal first, then from the match's refusals and failures, then from
// a game's rule refusal, wrapped or not; anything untyped is a bad
// request. The text is the error's, whatever gives the code.
func TestErrorCode(t *testing.T) {
	for _, tc := range []struct {
		err  error
		code string
	}{
		{badRequest("table.sit needs seat"), codeBadRequest},
		{notFound("no table %q", "x"), codeNotFound},
		{forbidden("you do not hold seat %d", 1), codeForbidden},
		{conflict("the match has not started"), codeConflict},
		{refuse(codeRateLimited, "too many messages: slow down"), codeRateLimited},
		{unavailable(errors.New("disk I/O error"), "could not save the table; try again"), codeUnavailable},
		{refuse(codeInternal, "internal error"), codeInternal},

		{match.ErrOver, codeConflict},
		{match.ErrBotPlays, codeConflict},
		{match.ErrNotTakenOver, codeConflict},
		{fmt.Errorf("reclaim: %w", match.ErrClockSpent), codeConflict},
		{reword(match.ErrOver, "the match is already over"), codeConflict},
		{reword(match.ErrNotTakenOver, "no bot plays seat %d: it is yours to play", 0), codeConflict},
		{match.ErrBotSeat, codeForbidden},
		{match.ErrClosed, codeUnavailable},
		{fmt.Errorf("the move could not be stored: %w", match.ErrNotStored), codeUnavailable},
		{store.ErrClosed, codeUnavailable},
		{context.Canceled, codeUnavailable},

		{game.Illegal("already-drawn", "that line is already drawn"), "already-drawn"},
		{game.NotYourTurn(1), "not-your-turn"},
		{fmt.Errorf("move 3: %w", game.Illegal("already-fired", "you have already fired at %s", "B7")), "already-fired"},
		{&game.MoveError{Msg: "a refusal without a code"}, codeBadRequest},

		// A handler's code comes before the cause's.
		{withCode(codeInternal, game.Illegal("too-far", "those dots are too far apart")), codeInternal},
		{withCode(codeBadRequest, errors.New(`unknown game "chess"`)), codeBadRequest},
		{errors.New(`move "zz": write two dots joined by a dash, like "b3-c3"`), codeBadRequest},
	} {
		if got := errorCode(tc.err); got != tc.code {
			t.Errorf("errorCode(%q) = %q, want %q", tc.err, got, tc.code)
		}
	}
	if got := reword(match.ErrOver, "the match is already over").Error(); got != "the match is already over" {
		t.Errorf("a reworded refusal reads %q", got)
	}
	if err := withCode(codeBadRequest, errors.New("options must be a JSON object")); err.Error() != "options must be a JSON object" {
		t.Errorf("withCode changed the text: %q", err)
	}
}

// TestErrorReplyShape: an error reply is the protocol's object, with the
// code after the text; its id and text are as given.
func TestErrorReplyShape(t *testing.T) {
	got := string(errorReply(7, game.Illegal("already-drawn", "that line is already drawn")))
	want := `{"t":"reply","id":7,"ok":false,"error":"that line is already drawn","code":"already-drawn"}`
	if got != want {
		t.Errorf("error reply\n got %s\nwant %s", got, want)
	}
	got = string(errorReply(0, badRequest(`unknown message type %q`, "<x>")))
	want = `{"t":"reply","id":0,"ok":false,"error":"unknown message type \"\u003cx\u003e\"","code":"bad-request"}`
	if got != want {
		t.Errorf("error reply\n got %s\nwant %s", got, want)
	}
}

// TestChatLimitsCoded: the chat's own refusals carry their codes: a line
// over the rate limit is rate-limited, an empty or overlong one a bad
// request.
func TestChatLimitsCoded(t *testing.T) {
	ch := newChat(0, nil)
	t0 := time.Date(2030, 1, 1, 12, 0, 0, 0, time.UTC)
	line := func(ms int, text string) ChatMessage {
		return ChatMessage{Channel: "lobby", Text: text, At: t0.Add(time.Duration(ms) * time.Millisecond)}
	}
	if err := ch.post(1, line(0, "  ")); errorCode(err) != codeBadRequest || err.Error() != "a chat message cannot be empty" {
		t.Errorf("an empty line: %v (%s)", err, errorCode(err))
	}
	long := strings.Repeat("x", chatMaxLen+1)
	if err := ch.post(1, line(0, long)); errorCode(err) != codeBadRequest || err.Error() != "a chat message is at most 500 characters (this one has 501)" {
		t.Errorf("an overlong line: %v (%s)", err, errorCode(err))
	}
	for i := range chatBurst {
		if err := ch.post(1, line(i, "hi")); err != nil {
			t.Fatalf("line %d: %v", i, err)
		}
	}
	if err := ch.post(1, line(10, "hi")); errorCode(err) != codeRateLimited || err.Error() != "at most 5 chat messages per 10 seconds: wait a moment" {
		t.Errorf("a line over the limit: %v (%s)", err, errorCode(err))
	}
}
