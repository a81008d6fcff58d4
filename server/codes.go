package server

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/parlor-games/parlor/game"
	"github.com/parlor-games/parlor/match"
	"github.com/parlor-games/parlor/refusal"
	"github.com/parlor-games/parlor/store"
)

// Codes of error replies, for programs: the text beside them is for
// people. Package refusal names them and says when each is used; these
// are their spellings as the server's replies carry them. A move the
// game's rules refuse carries the game's own code instead
// (game.MoveError: "already-drawn", "not-your-turn"), which is never one
// of these.
const (
	codeBadRequest  = string(refusal.BadRequest)
	codeNotFound    = string(refusal.NotFound)
	codeForbidden   = string(refusal.Forbidden)
	codeConflict    = string(refusal.Conflict)
	codeRateLimited = string(refusal.RateLimited)
	codeUnavailable = string(refusal.Unavailable)
	codeInternal    = string(refusal.Internal)
	codeTooLarge    = string(refusal.TooLarge)
)

// replyError is a handler's refusal: the code and the text of its error
// reply. err, when not nil, is the cause, kept for errors.Is and logs. A
// replyError without a code takes its cause's (see errorCode): a handler
// that words a match's refusal its own way keeps the match's error as the
// cause.
type replyError struct {
	code string
	text string
	err  error
}

func (e *replyError) Error() string { return e.text }
func (e *replyError) Unwrap() error { return e.err }

// refuse returns a refusal with code and a formatted text.
func refuse(code, format string, args ...any) error {
	return &replyError{code: code, text: fmt.Sprintf(format, args...)}
}

func badRequest(format string, args ...any) error {
	return refuse(codeBadRequest, format, args...)
}

func notFound(format string, args ...any) error {
	return refuse(codeNotFound, format, args...)
}

func forbidden(format string, args ...any) error {
	return refuse(codeForbidden, format, args...)
}

func conflict(format string, args ...any) error {
	return refuse(codeConflict, format, args...)
}

// withCode gives err a code, keeping its text: for errors of other
// packages whose meaning the handler knows (a game's options, a bot
// level).
func withCode(code string, err error) error {
	return &replyError{code: code, text: err.Error(), err: err}
}

// unavailable is a failure of the store, said in text; cause is logged
// by the caller or kept for errors.Is.
func unavailable(cause error, text string) error {
	return &replyError{code: codeUnavailable, text: text, err: cause}
}

// reword is err, coded as errorCode codes it, with the handler's own
// text.
func reword(err error, format string, args ...any) error {
	return &replyError{text: fmt.Sprintf(format, args...), err: err}
}

// errorCode is the code of the error reply for err. It is the one place
// where errors of other packages get their codes: a replyError's own
// code first, then the match's refusals and failures, then a game's rule
// refusal; anything else, untyped, is a bad request (games word a move
// they cannot read, and options they refuse, as plain errors).
func errorCode(err error) string {
	var re *replyError
	if errors.As(err, &re) && re.code != "" {
		return re.code
	}
	switch {
	case errors.Is(err, match.ErrOver), errors.Is(err, match.ErrBotPlays),
		errors.Is(err, match.ErrNotTakenOver), errors.Is(err, match.ErrClockSpent),
		errors.Is(err, match.ErrPaused):
		return codeConflict
	case errors.Is(err, match.ErrBotSeat):
		return codeForbidden
	case errors.Is(err, match.ErrNotStored), errors.Is(err, match.ErrClosed),
		errors.Is(err, store.ErrClosed),
		errors.Is(err, context.Canceled), errors.Is(err, context.DeadlineExceeded):
		return codeUnavailable
	}
	var me *game.MoveError
	if errors.As(err, &me) && me.Code != "" {
		return me.Code
	}
	return codeBadRequest
}

// unavailableText is what a player reads when the server could not do
// what they asked for a reason of its own (it is stopping, its store
// failed) that no handler worded: the cause's text, a Go or database
// error, is for the log, never for a player.
const unavailableText = "the server could not do this just now (it may be restarting); nothing was changed: try again in a moment"

// errorText is the sentence of the error reply for err with code.
func errorText(err error, code string) string {
	var re *replyError
	if code == codeUnavailable && !(errors.As(err, &re) && re.text != "") {
		return unavailableText
	}
	return err.Error()
}

// errorReplyMsg is {"t":"reply","id":N,"ok":false,"error":"...","code":"..."}.
type errorReplyMsg struct {
	T     string `json:"t"`
	ID    int64  `json:"id"`
	OK    bool   `json:"ok"`
	Error string `json:"error"`
	Code  string `json:"code"`
}

// errorReply builds the error reply to request id: err's text and code.
func errorReply(id int64, err error) []byte {
	code := errorCode(err)
	b, merr := json.Marshal(errorReplyMsg{T: "reply", ID: id, Error: errorText(err, code), Code: code})
	if merr != nil {
		panic(merr)
	}
	return b
}
