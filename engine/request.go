package engine

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/parlor-games/parlor/game"
)

// request is a decoded request line: its command and its other fields,
// still raw, so that each command takes the fields it knows and refuses
// the rest.
type request struct {
	cmd    string
	fields map[string]json.RawMessage
	used   map[string]bool
}

// parseRequest splits a line into its command and fields. id is returned
// even when the rest is refused, so that the refusal can carry it.
func parseRequest(line []byte) (*request, json.RawMessage, error) {
	if len(bytes.TrimSpace(line)) == 0 {
		return nil, nil, errors.New("empty request: send one JSON object per line")
	}
	var fields map[string]json.RawMessage
	if err := json.Unmarshal(line, &fields); err != nil || fields == nil {
		return nil, nil, errors.New("request is not a JSON object")
	}
	var id json.RawMessage
	if raw, ok := fields["id"]; ok {
		if !json.Valid(raw) {
			return nil, nil, errors.New("request is not a JSON object")
		}
		id = raw
		delete(fields, "id")
	}
	raw, ok := fields["cmd"]
	if !ok {
		return nil, id, errors.New(`missing field "cmd"`)
	}
	delete(fields, "cmd")
	var cmd string
	if err := json.Unmarshal(raw, &cmd); err != nil {
		return nil, id, errors.New(`field "cmd" must be a string`)
	}
	return &request{cmd: cmd, fields: fields, used: map[string]bool{}}, id, nil
}

// has reports whether the request carries field k (null counts as absent).
func (q *request) has(k string) bool {
	raw, ok := q.fields[k]
	return ok && !bytes.Equal(bytes.TrimSpace(raw), []byte("null"))
}

func (q *request) str(k string, required bool) (string, error) {
	if !q.has(k) {
		if required {
			return "", fmt.Errorf("missing field %q", k)
		}
		return "", nil
	}
	var s string
	if err := json.Unmarshal(q.fields[k], &s); err != nil {
		return "", fmt.Errorf("field %q must be a string", k)
	}
	return s, nil
}

func (q *request) integer(k string) (int64, error) {
	var n int64
	if err := json.Unmarshal(q.fields[k], &n); err != nil {
		return 0, fmt.Errorf("field %q must be an integer", k)
	}
	return n, nil
}

// seat reads the "seat" field. When optional and absent it is Spectator.
func (e *engine) seat(q *request, required bool) (game.Seat, error) {
	if !q.has("seat") {
		if required {
			return 0, errors.New(`missing field "seat"`)
		}
		return game.Spectator, nil
	}
	n, err := q.integer("seat")
	if err != nil {
		return 0, err
	}
	if n == int64(game.Spectator) && !required {
		return game.Spectator, nil
	}
	if n < 0 || n >= int64(e.state.Seats()) {
		return 0, fmt.Errorf("no seat %d at this table (seats 0 to %d)", n, e.state.Seats()-1)
	}
	return game.Seat(n), nil
}

// duration reads "ms" as a positive number of milliseconds, or def.
func (q *request) duration(def time.Duration) (time.Duration, error) {
	if !q.has("ms") {
		return def, nil
	}
	n, err := q.integer("ms")
	if err != nil {
		return 0, err
	}
	if n <= 0 || n > 24*3600*1000 {
		return 0, errors.New(`field "ms" must be between 1 and 86400000`)
	}
	return time.Duration(n) * time.Millisecond, nil
}
