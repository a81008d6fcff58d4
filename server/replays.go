package server

import (
	"net/http"
	"strconv"
	"strings"

	"github.com/parlor-games/parlor/game"
	"github.com/parlor-games/parlor/match"
	"github.com/parlor-games/parlor/store"
)

// replayStep is one step of a replay: the update as the history of a
// watch gives it, with every seat's view and the scores after it.
type replayStep struct {
	historyEntry
	Views map[string]any `json:"views"`
	// Scores (since v6) are the game's scores after the step, as the
	// live push of that step carried them; absent when the game keeps
	// none.
	Scores []int `json:"scores,omitempty"`
}

// apiReplay replays a finished match step by step. The match is over, so
// every seat's view is included: secrets are revealed. Nothing else of a
// match that hides facts is ever copied (saves of it are bookmarks), so a
// replay can reveal only the match that has ended, with one exception
// kept closed: copies made by earlier versions (legacyCopy).
func (s *Server) apiReplay(w http.ResponseWriter, r *http.Request) {
	ml, ok := s.finishedMatch(w, r)
	if !ok {
		return
	}
	l := ml.Log()
	var steps []replayStep
	views := func(st game.State) map[string]any {
		// A replay plays nothing: its views leave out what the mover may do.
		// The match is over, so the spectator's view shows what the
		// game hid at every step (game.Revealer: both fleets).
		v := map[string]any{"-1": game.RevealedView(st)}
		for i := 0; i < st.Seats(); i++ {
			v[strconv.Itoa(i)] = game.PlainView(st, game.Seat(i))
		}
		return v
	}
	_, outcome, err := s.walkMatch(ml, false, func(ws walkedStep) {
		e := historyEntry{Seat: ws.Seat, Events: ws.Events}
		if ws.Record != nil {
			e.Seq = ws.Record.Index
			e.Move = ws.Record.Move
			if ws.Move != nil {
				e.Text = game.Describe(ws.After, ws.Seat, ws.Move, ws.Events)
			}
		}
		steps = append(steps, replayStep{e, views(ws.After), ws.After.Scores()})
	})
	if err != nil {
		httpError(w, http.StatusInternalServerError, err.Error())
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"log": l, "seats": ml.Seats, "outcome": outcome, "steps": steps})
}

// finishedMatch loads the match a replay route names and answers for it
// when it cannot be replayed: unknown, not over, or a closed legacy copy.
func (s *Server) finishedMatch(w http.ResponseWriter, r *http.Request) (*store.MatchLog, bool) {
	ml, err := s.cfg.Store.LoadMatch(r.Context(), r.PathValue("match"))
	if err != nil {
		s.storeError(w, err, "no such match")
		return nil, false
	}
	if !ml.Finished {
		httpError(w, http.StatusConflict, "replays are for finished matches only")
		return nil, false
	}
	if s.replayClosed(ml.ID, ml.Game) {
		httpError(w, http.StatusForbidden, "this match was copied from a save by an earlier version of Parlor; its replay stays closed, since it would show hidden facts of the match it was copied from, which may still be played")
		return nil, false
	}
	return ml, true
}

// replayClosed reports whether a finished match's replay stays closed: a
// copy by an earlier version of a game that hides facts (legacyCopy).
// The list of a player's games leaves out the same matches.
func (s *Server) replayClosed(id, gameName string) bool {
	if !legacyCopy(id) {
		return false
	}
	def, err := s.reg.Lookup(gameName)
	return err == nil && !def.Forkable()
}

// walkedStep is one step of a finished match as walkMatch replays it.
type walkedStep struct {
	// Record is the log's record, nil for step 0 (the start position).
	Record *store.Record
	Seat   game.Seat
	// Move is the parsed move, nil for step 0 and for the match's own
	// decisions (a resignation, a timeout, a carried vote).
	Move   game.Move
	Events []game.Event
	// Before is a copy of the position before the step (nil for step 0,
	// and when walkMatch was not asked to keep it);
	// After is the live state after it, valid only during the call.
	Before game.State
	After  game.State
}

// walkMatch replays a finished match from its log, calling each once per
// replay step in order, the start position first, and returns the end
// position and the outcome. Every record is a step, the match's own
// decisions as well as the moves, numbered by seq as the live pushes were,
// so a replay and its analysis count steps alike. keepBefore asks for a
// copy of each position before its step, which only an analysis needs.
func (s *Server) walkMatch(ml *store.MatchLog, keepBefore bool, each func(walkedStep)) (game.State, *game.Outcome, error) {
	_, st, err := s.reg.Start(ml.Log())
	if err != nil {
		return nil, nil, err
	}
	each(walkedStep{Seat: game.Spectator, Events: []game.Event{}, After: st})
	outcome := st.Outcome()
	for i := range ml.Records {
		rec := &ml.Records[i]
		var before game.State
		if keepBefore {
			before = st.Clone()
		}
		if rec.Move == nil {
			ev, out, err := match.EventOf(*rec)
			if err != nil {
				return nil, nil, err
			}
			evs := []game.Event{ev}
			if d := match.DecisionOf(ev); d != "" {
				// A carried vote changed the game (match/vote.go).
				devs, err := game.ApplyDecision(st, rec.Seat, d)
				if err != nil {
					return nil, nil, err
				}
				evs = append(evs, devs...)
				if o := st.Outcome(); o != nil {
					outcome = o
				}
			}
			if out != nil {
				outcome = out
				// The match ended itself (a resignation, a forfeit):
				// the game shows what its end shows, as it did live.
				evs = append(evs, game.Conclude(st, *out)...)
			}
			each(walkedStep{Record: rec, Seat: rec.Seat, Events: evs, Before: before, After: st})
			continue
		}
		m, err := st.ParseMove(rec.Seat, rec.Move)
		if err != nil {
			return nil, nil, err
		}
		evs, err := st.Apply(rec.Seat, m)
		if err != nil {
			return nil, nil, err
		}
		if evs == nil {
			evs = []game.Event{}
		}
		each(walkedStep{Record: rec, Seat: rec.Seat, Move: m, Events: evs, Before: before, After: st})
		if o := st.Outcome(); o != nil {
			outcome = o
		}
	}
	return st, outcome, nil
}

// legacyCopy reports whether a match id is that of a copy of a saved
// match (createFrom). Earlier versions copied matches of games that hide
// facts too; such a copy ended shows the facts of the match it was copied
// from, which may still be played, so its replay stays closed. Match ids
// made by package match are hexadecimal and never start with "m".
func legacyCopy(id string) bool { return strings.HasPrefix(id, copyIDPrefix) }
