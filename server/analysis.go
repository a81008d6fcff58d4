package server

import (
	"context"
	"encoding/json"
	"net/http"
	"sync"
	"time"

	"github.com/parlor-games/parlor/game"
)

// analysisTimeout bounds one analysis. Games count their search in work
// (game.Budget), so the same match always gets the same answer; the
// deadline only stops a runaway search on a machine far slower than any
// the budgets were set on.
const analysisTimeout = 2 * time.Minute

// analysisCacheSize is how many finished matches' analyses a node keeps.
// An analysis is a few KiB to a few hundred; a replay shared in a chat is
// opened by many people within minutes, so a small cache serves them all.
const analysisCacheSize = 128

// analyses computes and keeps the analyses of finished matches. A finished
// match never changes, so an answer is good for ever; one analysis runs
// at a time on a node, so that people opening replays never take the
// cores from the matches being played, and people asking for the same
// match while it runs wait for that one run.
type analyses struct {
	mu      sync.Mutex
	done    map[string]json.RawMessage
	order   []string // oldest first, for eviction
	running map[string]*analysisRun
	// turn lets one analysis run at a time.
	turn chan struct{}
}

type analysisRun struct {
	ready chan struct{}
	body  json.RawMessage
	err   error
}

func newAnalyses() *analyses {
	return &analyses{
		done:    map[string]json.RawMessage{},
		running: map[string]*analysisRun{},
		turn:    make(chan struct{}, 1),
	}
}

// get returns the analysis of match id, computing it with run unless it is
// kept or already being computed.
func (a *analyses) get(ctx context.Context, id string, run func(context.Context) (any, error)) (json.RawMessage, error) {
	a.mu.Lock()
	if body, ok := a.done[id]; ok {
		a.mu.Unlock()
		return body, nil
	}
	if r, ok := a.running[id]; ok {
		a.mu.Unlock()
		select {
		case <-r.ready:
			return r.body, r.err
		case <-ctx.Done():
			return nil, ctx.Err()
		}
	}
	r := &analysisRun{ready: make(chan struct{})}
	a.running[id] = r
	a.mu.Unlock()

	// The run belongs to no one request: a person who closes the page
	// does not waste the work for the next who opens the same replay.
	go func() {
		a.turn <- struct{}{}
		rctx, cancel := context.WithTimeout(context.Background(), analysisTimeout)
		v, err := run(rctx)
		cancel()
		<-a.turn
		if err == nil {
			r.body, r.err = json.Marshal(v)
		} else {
			r.err = err
		}
		a.mu.Lock()
		delete(a.running, id)
		if r.err == nil {
			a.done[id] = r.body
			a.order = append(a.order, id)
			if len(a.order) > analysisCacheSize {
				delete(a.done, a.order[0])
				a.order = a.order[1:]
			}
		}
		a.mu.Unlock()
		close(r.ready)
	}()
	select {
	case <-r.ready:
		return r.body, r.err
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}

// apiAnalysis answers GET /api/replays/{match}/analysis: what the game's
// analysis (game.Definition.Analyze) says of a finished match, step by
// step as the replay numbers them. Like the replay it may reveal every
// secret, and for the same reason: the match is over. A game without an
// analysis answers 404.
func (s *Server) apiAnalysis(w http.ResponseWriter, r *http.Request) {
	ml, ok := s.finishedMatch(w, r)
	if !ok {
		return
	}
	def, err := s.reg.Lookup(ml.Game)
	if err != nil || def.Analyze == nil {
		httpError(w, http.StatusNotFound, "this game has no analysis of its replays")
		return
	}
	body, err := s.analyses.get(r.Context(), ml.ID, func(ctx context.Context) (any, error) {
		var steps []game.ReplayStep
		final, _, err := s.walkMatch(ml, true, func(ws walkedStep) {
			before := ws.Before
			if before == nil {
				before = ws.After.Clone()
			}
			steps = append(steps, game.ReplayStep{Seat: ws.Seat, Move: ws.Move, Before: before})
		})
		if err != nil {
			return nil, err
		}
		return def.Analyze(ctx, steps, final)
	})
	if err != nil {
		if r.Context().Err() != nil {
			return // the person left; the run goes on for the next
		}
		s.log.Warn("replay analysis failed", "match", ml.ID, "game", ml.Game, "err", err)
		httpError(w, http.StatusServiceUnavailable, "the analysis of this match could not be made now; try again later")
		return
	}
	w.Header().Set("Cache-Control", "private, max-age=86400")
	writeJSON(w, http.StatusOK, body)
}
