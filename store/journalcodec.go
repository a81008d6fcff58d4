package store

import (
	"encoding/binary"
	"errors"
	"slices"
	"time"

	"github.com/parlor-games/parlor/game"
)

// Journal encoding. A row is journalVersion followed by its records, each:
//
//	uvarint length, match id
//	varint index, varint seat, varint time (Unix milliseconds)
//	byte kind (0: move, 1: event), uvarint length, its JSON
//
// Binary rather than JSON because the writer encodes every record on the
// hot path and LoadMatch decodes the whole journal; match ids and moves
// are copied as they are.

const (
	entryMove  = 0
	entryEvent = 1
)

func encodeEntry(b []byte, r *Record) []byte {
	at := r.At
	if at.IsZero() {
		at = time.Now()
	}
	b = binary.AppendUvarint(b, uint64(len(r.Match)))
	b = append(b, r.Match...)
	b = binary.AppendVarint(b, r.Index)
	b = binary.AppendVarint(b, int64(r.Seat))
	b = binary.AppendVarint(b, millis(at))
	data, kind := r.Move, byte(entryMove)
	if r.Move == nil {
		data, kind = r.Event, entryEvent
	}
	b = append(b, kind)
	b = binary.AppendUvarint(b, uint64(len(data)))
	return append(b, data...)
}

var errCorrupt = errors.New("corrupt journal row")

// rawEntry is one decoded journal record, its byte slices pointing into
// the row.
type rawEntry struct {
	match         []byte
	idx, seat, at int64
	kind          byte
	data          []byte
}

// entries calls fn for each record of a journal row, or returns
// errCorrupt if the row does not decode.
func entries(row []byte, fn func(e *rawEntry)) error {
	if len(row) == 0 || row[0] != journalVersion {
		return errCorrupt
	}
	d := decoder{b: row[1:]}
	var e rawEntry
	for len(d.b) > 0 && !d.bad {
		e.match = d.field()
		e.idx = d.varint()
		e.seat = d.varint()
		e.at = d.varint()
		e.kind = d.byte()
		e.data = d.field()
		if d.bad || e.kind > entryEvent {
			return errCorrupt
		}
		fn(&e)
	}
	return nil
}

// decoder reads a journal row; bad is set, and zero values returned, once
// the row runs short.
type decoder struct {
	b   []byte
	bad bool
}

func (d *decoder) varint() int64 {
	v, k := binary.Varint(d.b)
	if k <= 0 {
		d.bad = true
		return 0
	}
	d.b = d.b[k:]
	return v
}

func (d *decoder) byte() byte {
	if len(d.b) == 0 {
		d.bad = true
		return 0
	}
	c := d.b[0]
	d.b = d.b[1:]
	return c
}

// field reads a length-prefixed field, sliced out of the row.
func (d *decoder) field() []byte {
	n, k := binary.Uvarint(d.b)
	if k <= 0 || n > uint64(len(d.b)-k) {
		d.bad = true
		return nil
	}
	end := k + int(n)
	v := d.b[k:end:end]
	d.b = d.b[end:]
	return v
}

// decodeEntries appends to recs the records of match id in one journal
// row, copied out of the row.
func decodeEntries(recs []Record, row []byte, id string) ([]Record, error) {
	err := entries(row, func(e *rawEntry) {
		if string(e.match) != id {
			return
		}
		r := Record{Match: id, Index: e.idx, Seat: game.Seat(e.seat), At: fromMillis(e.at)}
		data := slices.Clone(e.data)
		if e.kind == entryMove {
			r.Move = data
		} else {
			r.Event = data
		}
		recs = append(recs, r)
	})
	return recs, err
}
