package server

import (
	"context"
	"encoding/json"
	"net/http"
	"time"

	"github.com/parlor-games/parlor/clock"
	"github.com/parlor-games/parlor/match"
	"github.com/parlor-games/parlor/store"
)

// Vacations. A player of correspondence games may stop their move clocks
// for a while: a trip, an illness, a busy week. Lichess-style unlimited
// pauses would let a losing player stall for ever, so a vacation is
// rationed: at most VacationsPerYear started in one calendar year (UTC),
// each of at most VacationMaxDays days, one at a time. It can be ended
// early; the days not taken are not given back as another vacation.
// During it the clocks of every correspondence seat the player holds
// stand still (match.SetVacations); live tables are not touched.

// Vacation limits.
const (
	VacationsPerYear = 3
	VacationMaxDays  = 14
)

// vacationLookback is how far back a player's vacations are read for
// their clocks: a move's clock never started earlier than a year ago
// plus every vacation, for any game worth listing.
const vacationLookback = 366 * 24 * time.Hour

// VacationJSON is a player's vacation state, as GET /api/vacation and the
// list of their games show it.
type VacationJSON struct {
	// Until is the end of the vacation under way; nil when none is.
	Until *time.Time `json:"until,omitempty"`
	// Left is how many vacations the player may still start this year.
	Left    int `json:"left"`
	PerYear int `json:"perYear"`
	MaxDays int `json:"maxDays"`
}

// vacationState reads userID's vacations at now: the stored ones since a
// year ago, and the state the player is shown.
func (s *Server) vacationState(ctx context.Context, userID int64, now time.Time) ([]store.Vacation, VacationJSON, error) {
	vs, err := s.cfg.Store.Vacations(ctx, userID, now.Add(-vacationLookback))
	if err != nil {
		return nil, VacationJSON{}, err
	}
	out := VacationJSON{Left: VacationsPerYear, PerYear: VacationsPerYear, MaxDays: VacationMaxDays}
	year := now.UTC().Year()
	for _, v := range vs {
		if v.From.UTC().Year() == year {
			out.Left--
		}
		if !now.Before(v.From) && now.Before(v.Until) {
			until := v.Until.UTC()
			out.Until = &until
		}
	}
	out.Left = max(out.Left, 0)
	return vs, out, nil
}

func (s *Server) apiVacation(w http.ResponseWriter, r *http.Request, u Identity) {
	_, st, err := s.vacationState(r.Context(), u.ID, s.clock().Now())
	if err != nil {
		s.storeError(w, err, "no vacation")
		return
	}
	writeJSON(w, http.StatusOK, st)
}

// vacationReq is POST /api/vacation: the number of days.
type vacationReq struct {
	Days int `json:"days"`
}

// apiVacationStart starts a vacation of the days asked for, from now.
func (s *Server) apiVacationStart(w http.ResponseWriter, r *http.Request, u Identity) {
	var req vacationReq
	dec := json.NewDecoder(http.MaxBytesReader(w, r.Body, 1<<10))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&req); err != nil {
		httpError(w, http.StatusBadRequest, "send {\"days\": n}, n a whole number of days")
		return
	}
	if req.Days < 1 || req.Days > VacationMaxDays {
		httpError(w, http.StatusBadRequest, "a vacation lasts from 1 to 14 days")
		return
	}
	now := s.clock().Now()
	_, st, err := s.vacationState(r.Context(), u.ID, now)
	if err != nil {
		s.storeError(w, err, "no vacation")
		return
	}
	if st.Until != nil {
		httpError(w, http.StatusConflict, "you are on vacation already; end it before starting another")
		return
	}
	if st.Left == 0 {
		httpError(w, http.StatusConflict, "you have taken every vacation this year allows (3); the count starts again on 1 January")
		return
	}
	v := store.Vacation{From: now, Until: now.Add(time.Duration(req.Days) * 24 * time.Hour)}
	if err := s.cfg.Store.AddVacation(r.Context(), u.ID, v); err != nil {
		s.storeError(w, err, "no vacation")
		return
	}
	s.vacationsChanged(r.Context(), u.ID)
	s.apiVacation(w, r, u)
}

// apiVacationEnd ends the vacation under way, if any: the clocks run
// again from now.
func (s *Server) apiVacationEnd(w http.ResponseWriter, r *http.Request, u Identity) {
	if err := s.cfg.Store.EndVacation(r.Context(), u.ID, s.clock().Now()); err != nil {
		s.storeError(w, err, "no vacation")
		return
	}
	s.vacationsChanged(r.Context(), u.ID)
	s.apiVacation(w, r, u)
}

// vacationsChanged gives userID's vacations to the matches of their
// correspondence tables on this server, whose deadlines move with them,
// and tells those tables' watchers.
func (s *Server) vacationsChanged(ctx context.Context, userID int64) {
	vs, _, err := s.vacationState(ctx, userID, s.clock().Now())
	if err != nil {
		s.log.Warn("vacations not read back; clocks keep their deadlines until the next change", "user", userID, "err", err)
		return
	}
	spans := spansOf(vs)
	for _, t := range s.tables.heldBy(userID) {
		t.mu.Lock()
		mt, corr := t.mt, correspondence(t.policy) && t.status == statusPlaying
		seats := t.heldByLocked(userID)
		t.mu.Unlock()
		if mt == nil || !corr {
			continue
		}
		for _, seat := range seats {
			mt.SetVacations(seat, spans)
		}
		// The deadlines moved: so do their warnings.
		t.mu.Lock()
		if t.mt == mt {
			t.noticeTurnsLocked(mt, false)
		}
		t.mu.Unlock()
		s.tables.changed(t)
	}
}

// giveVacationsLocked gives the match of a correspondence table the
// vacations of each player at it, when it is attached (started, or
// rebuilt after a restart). Callers hold t.mu.
func (t *table) giveVacationsLocked(mt *match.Match) {
	if !correspondence(t.policy) {
		return
	}
	now := t.s.clock().Now()
	done := map[int64]bool{}
	for _, st := range t.seats {
		if st.Kind != match.Human || done[st.UserID] {
			continue
		}
		done[st.UserID] = true
		vs, _, err := t.s.vacationState(t.s.ctx, st.UserID, now)
		if err != nil {
			t.s.log.Warn("vacations not read; the clocks run as without them", "table", t.id, "user", st.UserID, "err", err)
			continue
		}
		if len(vs) == 0 {
			continue
		}
		spans := spansOf(vs)
		for _, seat := range t.heldByLocked(st.UserID) {
			mt.SetVacations(seat, spans)
		}
	}
}

// VacationReader is the part of the store VacationSource reads.
type VacationReader interface {
	Vacations(ctx context.Context, userID int64, since time.Time) ([]store.Vacation, error)
}

// VacationSource is match.Options.Vacations over the store: a user's
// vacations of the last year, as the server gives them to a match it
// attaches, for the matches rebuilt before the server starts. A store
// that cannot answer gives none, and the server gives them again when it
// attaches the match.
func VacationSource(st VacationReader, clk clock.Clock) func(userID int64) []match.Span {
	if clk == nil {
		clk = clock.Real{}
	}
	return func(userID int64) []match.Span {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		vs, err := st.Vacations(ctx, userID, clk.Now().Add(-vacationLookback))
		if err != nil {
			return nil
		}
		return spansOf(vs)
	}
}

func spansOf(vs []store.Vacation) []match.Span {
	out := make([]match.Span, len(vs))
	for i, v := range vs {
		out[i] = match.Span{From: v.From, Until: v.Until}
	}
	return out
}

// heldBy lists this server's tables at which userID holds a seat.
func (ts *tables) heldBy(userID int64) []*table {
	ts.mu.Lock()
	all := make([]*table, 0, len(ts.m))
	for _, t := range ts.m {
		all = append(all, t)
	}
	ts.mu.Unlock()
	var out []*table
	for _, t := range all {
		t.mu.Lock()
		if len(t.heldByLocked(userID)) > 0 {
			out = append(out, t)
		}
		t.mu.Unlock()
	}
	return out
}
