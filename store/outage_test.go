package store

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/parlor-games/parlor/store/pgtest"
)

// TestPostgresOutageAnswersTruly: appends to eight matches flood a
// PostgreSQL server of the test's own, which is stopped at once (every
// connection cut, commits in flight included) and started again, three
// times. Each append's answer is then held to the log: every append
// acknowledged is stored, and every append refused other than as
// ErrOutcomeUnknown is not; an append whose outcome was unknown is
// looked up, as match.settle does, and the match goes on from what the
// log holds.
func TestPostgresOutageAnswersTruly(t *testing.T) {
	pg := pgtest.Start(t)
	ctx := context.Background()
	s, err := OpenPostgres(ctx, pg.URL())
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	const matches = 8
	var stop atomic.Bool
	type answer struct {
		rec Record
		err error
	}
	answers := make([][]answer, matches)
	var wg sync.WaitGroup
	for m := range matches {
		id := fmt.Sprintf("m%d", m)
		if err := s.CreateMatch(ctx, header(id)); err != nil {
			t.Fatal(err)
		}
		wg.Go(func() {
			next := int64(1)
			for try := 0; !stop.Load(); try++ {
				r := Record{Match: id, Index: next, Move: json.RawMessage(fmt.Sprintf(`"%d-%d"`, next, try))}
				err := s.Append(ctx, r)
				answers[m] = append(answers[m], answer{r, err})
				switch {
				case err == nil:
					next++
				case errors.Is(err, ErrOutcomeUnknown):
					// Find out, as a match does, once the database answers.
					for !stop.Load() {
						ml, lerr := s.LoadMatch(ctx, id)
						if lerr == nil {
							if int64(len(ml.Records)) >= next {
								next++
							}
							break
						}
						time.Sleep(20 * time.Millisecond)
					}
				default:
					time.Sleep(5 * time.Millisecond)
				}
			}
		})
	}
	for range 3 {
		time.Sleep(300 * time.Millisecond)
		pg.Stop()
		time.Sleep(500 * time.Millisecond)
		pg.Start()
	}
	time.Sleep(300 * time.Millisecond)
	stop.Store(true)
	wg.Wait()

	var acked, refused, unknown, unknownStored, lost, refusedStored int
	for m := range matches {
		ml, err := s.LoadMatch(ctx, fmt.Sprintf("m%d", m))
		if err != nil {
			t.Fatal(err)
		}
		stored := map[int64]string{}
		for i, r := range ml.Records {
			if r.Index != int64(i+1) {
				t.Fatalf("match %d: record %d has index %d", m, i+1, r.Index)
			}
			stored[r.Index] = string(r.Move)
		}
		for _, a := range answers[m] {
			in := stored[a.rec.Index] == string(a.rec.Move)
			switch {
			case a.err == nil:
				acked++
				if !in {
					lost++
				}
			case errors.Is(a.err, ErrOutcomeUnknown):
				unknown++
				if in {
					unknownStored++
				}
			default:
				refused++
				if in {
					refusedStored++
				}
				if in && refusedStored <= 3 {
					t.Logf("match %d: append %d %s refused (%v), yet stored", m, a.rec.Index, a.rec.Move, a.err)
				}
			}
		}
	}
	t.Logf("acknowledged %d, refused %d, outcome unknown %d (found stored %d); lost %d, refused yet stored %d", acked, refused, unknown, unknownStored, lost, refusedStored)
	if lost != 0 || refusedStored != 0 {
		t.Errorf("%d acknowledged appends lost, %d refused appends stored", lost, refusedStored)
	}
}
