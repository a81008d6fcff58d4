package store

import (
	"bytes"
	"cmp"
	"fmt"
	"slices"
)

// fold moves every journal row into match_moves in one transaction.
//
// It commits with synchronous=NORMAL, without its own sync: every record
// it moves was already synced in its journal row, and the fold's writes go
// to the end of the write-ahead log, whose checksummed frames SQLite
// replays only as an unbroken prefix. So if a crash loses the fold, the
// journal rows are still there and the next fold (at the latest on Open)
// does it again; and the next synced commit makes the fold durable too.
//
// With forget, it also forgets the finished matches, which is only right
// between batches: within one, the batch's records are not in the journal
// yet and the writer's memory of them is all there is.
func (w *rawWriter) fold(forget bool) error {
	if err := w.syncNormal.Exec(); err != nil {
		return fmt.Errorf("store: fold: %w", err)
	}
	defer w.syncFull.Exec()
	if err := w.begin.Exec(); err != nil {
		return fmt.Errorf("store: fold: %w", err)
	}
	if err := w.foldTx(); err != nil {
		w.rb.Exec()
		return fmt.Errorf("store: fold: %w", err)
	}
	if err := w.commitStmt.Exec(); err != nil {
		w.rb.Exec()
		return fmt.Errorf("store: fold: %w", err)
	}
	w.rows, w.entries = 0, 0
	if forget {
		for id, st := range w.matches {
			if st.finished {
				delete(w.matches, id)
			}
		}
	}
	return nil
}

func (w *rawWriter) foldTx() error {
	// Copy every row out of SQLite first (its blobs are valid only until
	// the next step), then decode in place: a fold allocates nothing in
	// the steady state.
	w.arena, w.rowEnds, w.folding = w.arena[:0], w.rowEnds[:0], w.folding[:0]
	maxID := int64(-1)
	q := w.journalAll
	for q.Step() {
		maxID = q.ColumnInt64(0)
		w.arena = append(w.arena, q.ColumnRawBlob(1)...)
		w.rowEnds = append(w.rowEnds, len(w.arena))
	}
	if err := q.Reset(); err != nil {
		return err
	}
	if maxID >= w.nextID {
		w.nextID = maxID + 1
	}
	if maxID < 0 {
		return nil
	}
	start := 0
	for _, end := range w.rowEnds {
		err := entries(w.arena[start:end:end], func(e *rawEntry) { w.folding = append(w.folding, *e) })
		if err != nil {
			return err
		}
		start = end
	}
	w.sortFolding()
	// foldChunk rows per statement, then one by one: running a statement
	// (opening cursors, starting, halting) costs about as much as the
	// insert itself.
	rest := w.folding
	for len(rest) > 0 {
		st, n := w.moveAdd, 1
		if len(rest) >= foldChunk {
			st, n = w.moveAddChunk, foldChunk
		}
		for i := range n {
			e := &rest[i]
			p := 6 * i
			st.BindRawText(p+1, e.match)
			st.BindInt64(p+2, e.idx)
			st.BindInt64(p+3, e.seat)
			if e.kind == entryMove {
				st.BindRawText(p+4, e.data)
				st.BindNull(p + 5)
			} else {
				st.BindNull(p + 4)
				st.BindRawText(p+5, e.data)
			}
			st.BindInt64(p+6, e.at)
		}
		if err := st.Exec(); err != nil {
			return fmt.Errorf("match %s from %d: %w", rest[0].match, rest[0].idx, err)
		}
		rest = rest[n:]
	}
	w.journalDel.BindInt64(1, maxID)
	return w.journalDel.Exec()
}

// sortFolding puts the records to fold in (match, index) order, so that
// the inserts of one match follow each other on the same index pages and
// the matches come in the index's order (in journal order, an append cost
// about 60% more CPU in BenchmarkAppend). Rather than sort every record, it
// sorts the few distinct matches and places each record in its match's
// run, then sorts each run by index, which is already in order but for
// appends that filled a gap.
func (w *rawWriter) sortFolding() {
	clear(w.matchNo)
	w.keys, w.nos = w.keys[:0], w.nos[:0]
	for i := range w.folding {
		m := w.folding[i].match
		k, ok := w.matchNo[string(m)]
		if !ok {
			k = len(w.keys)
			w.matchNo[string(m)] = k
			w.keys = append(w.keys, matchRun{match: m})
		}
		w.keys[k].n++
		w.nos = append(w.nos, k)
	}
	order := w.order[:0]
	for k := range w.keys {
		order = append(order, k)
	}
	slices.SortFunc(order, func(a, b int) int { return bytes.Compare(w.keys[a].match, w.keys[b].match) })
	w.order = order
	at := 0
	for _, k := range order {
		w.keys[k].start, w.keys[k].next = at, at
		at += w.keys[k].n
	}
	w.sorted = slices.Grow(w.sorted[:0], len(w.folding))[:len(w.folding)]
	for i, k := range w.nos {
		w.sorted[w.keys[k].next] = w.folding[i]
		w.keys[k].next++
	}
	for _, r := range w.keys {
		slices.SortFunc(w.sorted[r.start:r.next], func(a, b rawEntry) int { return cmp.Compare(a.idx, b.idx) })
	}
	w.folding, w.sorted = w.sorted, w.folding
}

// matchRun is where a match's records go in a sorted fold.
type matchRun struct {
	match          []byte
	n, start, next int
}
