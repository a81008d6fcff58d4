// Package refusal names the codes Parlor's refusals carry, and writes an
// HTTP refusal in the one shape every endpoint shares:
// {"code":"...","error":"sentence"}. The code is for programs (a client,
// a remote bot, a test) and stays stable; the sentence is for people and
// may be reworded. WebSocket error replies carry the same codes
// (docs/protocol.md, Error codes). It is its own package so that the
// server and the accounts service, which the server imports, answer alike.
package refusal

import (
	"encoding/json"
	"net/http"
)

// Code is a refusal's stable identifier.
type Code string

// The codes of the protocol. A move a game's rules refuse carries the
// game's own code instead (game.MoveError), which is never one of these.
const (
	// BadRequest: the request is malformed or a value in it is not
	// acceptable; sending it again changes nothing.
	BadRequest Code = "bad-request"
	// NotFound: no such table, save, match or endpoint.
	NotFound Code = "not-found"
	// Forbidden: well formed but not the sender's to make.
	Forbidden Code = "forbidden"
	// Conflict: the request does not fit the state of things now.
	Conflict Code = "conflict"
	// RateLimited: too many requests; wait.
	RateLimited Code = "rate-limited"
	// Unavailable: the store failed or the server is shutting down;
	// nothing changed, and the same request may succeed later.
	Unavailable Code = "unavailable"
	// Internal: a fault of the server; retrying does not help.
	Internal Code = "internal"
	// Unauthorized (HTTP only): no session, or a wrong name or password.
	Unauthorized Code = "unauthorized"
	// TooLarge (HTTP only): the body is over the endpoint's limit.
	TooLarge Code = "too-large"
	// UnsupportedMedia (HTTP only): the body is not sent as JSON.
	UnsupportedMedia Code = "unsupported-media"
)

// ForStatus is the code of an HTTP status: one code per status, so that
// the two never disagree.
func ForStatus(status int) Code {
	switch status {
	case http.StatusBadRequest:
		return BadRequest
	case http.StatusUnauthorized:
		return Unauthorized
	case http.StatusForbidden:
		return Forbidden
	case http.StatusNotFound:
		return NotFound
	case http.StatusConflict:
		return Conflict
	case http.StatusRequestEntityTooLarge:
		return TooLarge
	case http.StatusUnsupportedMediaType:
		return UnsupportedMedia
	case http.StatusTooManyRequests:
		return RateLimited
	case http.StatusServiceUnavailable:
		return Unavailable
	}
	if status >= 500 {
		return Internal
	}
	return BadRequest
}

// Body is the JSON body of every HTTP refusal.
type Body struct {
	Code  Code   `json:"code"`
	Error string `json:"error"`
}

// WriteHTTP answers with status and the sentence msg, under the status's
// code.
func WriteHTTP(w http.ResponseWriter, status int, msg string) {
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(Body{Code: ForStatus(status), Error: msg})
}
