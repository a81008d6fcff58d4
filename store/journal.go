package store

import (
	"context"
	"time"
)

// The writer and the match journal.
//
// Appends are group-committed by one writer goroutine. A batch is not
// written as one match_moves row per record: inserting into that table's
// B-trees (and writing out every index page the inserts of many matches
// touch) was most of the CPU of an append. Instead each commit writes ONE
// row to match_journal holding every record of the batch, encoded by
// encodeEntry, together with the batch's other writes (finishes) in the
// same transaction. Once the journal holds enough rows, or the writer has
// been idle for a moment, or the store closes, the writer folds the journal
// into match_moves: it inserts the journal's records in (match, index)
// order, so each index page is written once per fold rather than once per
// commit, and deletes the folded rows, all in one transaction. A crash at
// any point leaves every record either in the journal or in match_moves,
// never both and never neither; Open folds what a crash left behind.
//
// Readers see both: LoadMatch reads match_moves and the journal in one
// statement, hence from one snapshot, and merges them by index.
//
// Since the journal does not pass through match_moves' constraints, the
// writer enforces them itself: it remembers, per match it has written to,
// the highest index stored, so the usual append (the next index of a known
// match) is checked without reading the database. This relies on the
// writer being the only one to write match logs to its database file, so
// only one Store may have a given file open.

const (
	// foldRows and foldEntries bound the journal: reaching either folds it.
	// Bigger folds write each match_moves page fewer times, but the journal
	// is read in full by every LoadMatch, and a fold delays the appends that
	// queue behind it.
	foldRows    = 64
	foldEntries = 8192
	// foldChunk is how many records one statement of a fold inserts.
	foldChunk = 32

	// maxYields bounds how many times the writer yields to let a batch
	// grow before committing it.
	maxYields = 4

	// maxBatch bounds one transaction, so one commit never holds the write
	// lock for long under a flood.
	maxBatch = 512

	// journalVersion is the first byte of every journal row, so that the
	// encoding can change without misreading old rows.
	journalVersion = 1
)

// foldIdle folds the journal once no write has come for this long, so that
// a quiet server keeps its moves in match_moves. Tests that need the
// journal to stay as it is lengthen it.
var foldIdle = 200 * time.Millisecond

type opKind uint8

const (
	opAppend opKind = iota
	opFinish
	opExec
)

// request is one write queued for the writer; done receives its result.
// Requests are pooled: Append allocates nothing per call in the steady
// state.
type request struct {
	kind   opKind
	rec    Record
	reason string
	// query and args are an opExec's statement. For an opExec, rec.Match
	// names the match the statement creates, if any (see CreateMatch).
	query string
	args  []any
	// stmts are an ExecAll's statements, run instead of query.
	stmts []Stmt
	done  chan error
	err   error // the writer's verdict on this request within its batch
}

func (s *Store) submit(ctx context.Context, req *request) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	s.mu.RLock()
	if s.closed {
		s.mu.RUnlock()
		return ErrClosed
	}
	s.reqs <- req
	s.mu.RUnlock()
	err := <-req.done
	s.noteWrite(err)
	return err
}
