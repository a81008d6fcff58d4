package server

import (
	"encoding/json"
	"net/http"
	"strconv"
	"strings"

	"github.com/parlor-games/parlor/game"
	"github.com/parlor-games/parlor/match"
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
	ml, err := s.cfg.Store.LoadMatch(r.Context(), r.PathValue("match"))
	if err != nil {
		s.storeError(w, err, "no such match")
		return
	}
	if !ml.Finished {
		httpError(w, http.StatusConflict, "replays are for finished matches only")
		return
	}
	if legacyCopy(ml.ID) {
		def, err := s.reg.Lookup(ml.Game)
		if err == nil && !def.Forkable() {
			httpError(w, http.StatusForbidden, "this match was copied from a save by an earlier version of Parlor; its replay stays closed, since it would show hidden facts of the match it was copied from, which may still be played")
			return
		}
	}
	l := ml.Log()
	_, st, err := s.reg.Start(l)
	if err != nil {
		httpError(w, http.StatusInternalServerError, err.Error())
		return
	}
	views := func() map[string]any {
		v := map[string]any{"-1": st.View(game.Spectator)}
		for i := 0; i < st.Seats(); i++ {
			v[strconv.Itoa(i)] = st.View(game.Seat(i))
		}
		return v
	}
	steps := []replayStep{{historyEntry{Seq: 0, Seat: game.Spectator, Events: []game.Event{}}, views(), st.Scores()}}
	outcome := st.Outcome()
	// Every record is a step, the match's own decisions (a resignation, a
	// timeout, a bot taking over) as well as the moves, numbered by seq as
	// the live pushes were.
	for _, rec := range ml.Records {
		if rec.Move == nil {
			ev, out, err := match.EventOf(rec)
			if err != nil {
				httpError(w, http.StatusInternalServerError, err.Error())
				return
			}
			evs := []game.Event{ev}
			if d := match.DecisionOf(ev); d != "" {
				// A carried vote changed the game (match/vote.go).
				devs, err := game.ApplyDecision(st, rec.Seat, d)
				if err != nil {
					httpError(w, http.StatusInternalServerError, err.Error())
					return
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
			steps = append(steps, replayStep{historyEntry{Seq: rec.Index, Seat: rec.Seat, Events: evs}, views(), st.Scores()})
			continue
		}
		m, err := st.ParseMove(rec.Seat, rec.Move)
		if err != nil {
			httpError(w, http.StatusInternalServerError, err.Error())
			return
		}
		evs, err := st.Apply(rec.Seat, m)
		if err != nil {
			httpError(w, http.StatusInternalServerError, err.Error())
			return
		}
		if evs == nil {
			evs = []game.Event{}
		}
		steps = append(steps, replayStep{historyEntry{Seq: rec.Index, Seat: rec.Seat, Move: rec.Move, Text: m.String(), Events: evs}, views(), st.Scores()})
		if o := st.Outcome(); o != nil {
			outcome = o
		}
	}
	var names []string
	_ = json.Unmarshal(ml.Seats, &names)
	writeJSON(w, http.StatusOK, map[string]any{"log": l, "seats": ml.Seats, "outcome": outcome, "steps": steps})
}

// legacyCopy reports whether a match id is that of a copy of a saved
// match (createFrom). Earlier versions copied matches of games that hide
// facts too; such a copy ended shows the facts of the match it was copied
// from, which may still be played, so its replay stays closed. Match ids
// made by package match are hexadecimal and never start with "m".
func legacyCopy(id string) bool { return strings.HasPrefix(id, copyIDPrefix) }
