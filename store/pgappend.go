package store

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"
)

// pgAppend stores a batch's records, given as arrays, one element per
// record. It inserts nothing, rather than failing, for a record whose
// match does not exist or whose index is stored already, so that a bad
// record does not abort the transaction its whole batch shares; it
// returns the records it stored, and the writer fails the others alone.
const pgAppend = `INSERT INTO match_moves (match_id, idx, seat, move, event, at)
	SELECT r.match_id, r.idx, r.seat, r.move, r.event, r.at
	FROM unnest($1::text[], $2::bigint[], $3::integer[], $4::text[], $5::text[], $6::bigint[])
		AS r (match_id, idx, seat, move, event, at)
	WHERE EXISTS (SELECT 1 FROM matches m WHERE m.id = r.match_id)
	ON CONFLICT (match_id, idx) DO NOTHING
	RETURNING match_id, idx`

// pgAppends is a batch's appends as pgAppend's arrays, reused from batch
// to batch.
type pgAppends struct {
	reqs        []*request
	match       []string
	idx, at     []int64
	seat        []int32
	move, event []*string
	stored      []bool          // per request, once the insert has answered
	keys        map[moveKey]int // position in reqs of each record
}

type moveKey struct {
	match string
	idx   int64
}

func (a *pgAppends) reset() {
	a.reqs, a.match, a.idx, a.at, a.seat = a.reqs[:0], a.match[:0], a.idx[:0], a.at[:0], a.seat[:0]
	a.move, a.event, a.stored = a.move[:0], a.event[:0], a.stored[:0]
	if a.keys == nil {
		a.keys = make(map[moveKey]int)
	}
	clear(a.keys)
}

// add adds an append, or reports false if the batch holds its index
// already: one insert cannot tell which of the two it stored.
func (a *pgAppends) add(r *request) bool {
	k := moveKey{r.rec.Match, r.rec.Index}
	if _, dup := a.keys[k]; dup {
		return false
	}
	a.keys[k] = len(a.reqs)
	at := r.rec.At
	if at.IsZero() {
		at = time.Now()
	}
	a.reqs = append(a.reqs, r)
	a.match = append(a.match, r.rec.Match)
	a.idx = append(a.idx, r.rec.Index)
	a.seat = append(a.seat, int32(r.rec.Seat))
	a.move = append(a.move, textPtr(r.rec.Move))
	a.event = append(a.event, textPtr(r.rec.Event))
	a.at = append(a.at, millis(at))
	a.stored = append(a.stored, false)
	return true
}

// readStored reads which records the insert stored.
func (a *pgAppends) readStored(br pgx.BatchResults) error {
	rows, err := br.Query()
	if err != nil {
		return err
	}
	defer rows.Close()
	var k moveKey
	for rows.Next() {
		if err := rows.Scan(&k.match, &k.idx); err != nil {
			return err
		}
		if i, ok := a.keys[k]; ok {
			a.stored[i] = true
		}
	}
	return rows.Err()
}

// textPtr is JSON as a text array element, or NULL when there is none.
func textPtr(raw json.RawMessage) *string {
	if raw == nil {
		return nil
	}
	s := string(raw)
	return &s
}

// refused explains why an append inserted nothing: its match does not
// exist, or its index is stored already. It is the rare path, so it may
// cost a query.
func (w *pgWriter) refused(ctx context.Context, c *pgx.Conn, r *Record) error {
	var exists bool
	why := errors.New("index already stored")
	if err := c.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM matches WHERE id = $1)`, r.Match).Scan(&exists); err != nil {
		why = err
	} else if !exists {
		why = ErrNotFound
	}
	return fmt.Errorf("store: append to match %s at %d: %w", r.Match, r.Index, why)
}

// nullText is JSON as text, or NULL when there is none.
func nullText(raw json.RawMessage) any {
	if raw == nil {
		return nil
	}
	return string(raw)
}
