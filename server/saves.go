package server

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"time"

	"github.com/parlor-games/parlor/game"
	"github.com/parlor-games/parlor/match"
	"github.com/parlor-games/parlor/store"
)

// A save keeps a match under a name for its owner, to come back to later.
// What loading it does depends on whether the match hides facts:
//
//   - A game that hides nothing (game.Definition.Forkable, a game of
//     open lines) may be copied freely. Its save holds the log, and loading it
//     starts a new, independent match from that position. A copy counts
//     for nothing (no ratings, stats or achievements): otherwise a player
//     could load the same save again and again until a lost ending is won.
//   - A game with secrets or chance to come (hidden fleets), while it is not
//     over, is saved as a bookmark of its match, never a copy: a copy
//     played out, or replayed, would show the other seats' secrets and the
//     draws to come of the match that is still being played, which is how
//     a cheater would peek. Loading a bookmark goes back to the same match
//     at its table, whose seats are as they were: the other person, or
//     the same bots, in their places, and at most one live instance ever.
//     Once the match is over the bookmark opens only as its replay.

// seatHolder is who held a seat when a match was saved: a user, or a bot
// of a level. A copy's default seats put the loader in the seats people
// held and each bot in its own (handleMatchLoad).
type seatHolder struct {
	User int64  `json:"user,omitempty"`
	Bot  string `json:"bot,omitempty"`
}

// readHolders decodes a save's holders; nil when unknown or unreadable.
func readHolders(raw json.RawMessage) []seatHolder {
	var hs []seatHolder
	if len(raw) == 0 || json.Unmarshal(raw, &hs) != nil {
		return nil
	}
	return hs
}

type saveReq struct {
	envelope
	tableRef
	Name *string `json:"name"`
}

// handleMatchSave keeps the table's match so far under a name for the
// requesting account: a copy of its log, or a bookmark of the match for a
// game that hides facts and is not over. Only someone at the table may
// save it.
func handleMatchSave(c *conn, data []byte) (any, error) {
	var req saveReq
	t, err := c.decodeForTable(data, &req)
	if err != nil {
		return nil, err
	}
	if req.Name == nil || strings.TrimSpace(*req.Name) == "" || len([]rune(*req.Name)) > 100 {
		return nil, badRequest("match.save needs a name of 1-100 characters")
	}
	t.mu.Lock()
	mt, matchID, def := t.mt, t.matchID, t.def
	held := len(t.heldByLocked(c.user.ID)) > 0
	names := make([]string, len(t.seats))
	holders := make([]seatHolder, len(t.seats))
	for i, st := range t.seats {
		names[i] = st.Name
		switch st.Kind {
		case match.Human:
			holders[i] = seatHolder{User: st.UserID}
		case match.Bot:
			holders[i] = seatHolder{Bot: st.Level}
		}
	}
	t.mu.Unlock()
	if mt == nil {
		return nil, conflict("the match has not started")
	}
	if !held {
		return nil, forbidden("only players can save a match")
	}
	l, err := mt.Log(c.h.s.ctx)
	if err != nil {
		c.h.s.log.Error("match log not read", "table", t.id, "err", err)
		return nil, unavailable(err, "the match could not be saved; try again")
	}
	bookmark := ""
	if !def.Forkable() && mt.Outcome() == nil {
		bookmark = matchID
	}
	sv, err := c.h.s.storeSave(c.h.s.ctx, c.user, *req.Name, l, names, holders, bookmark)
	if err != nil {
		c.h.s.log.Error("save not stored", "table", t.id, "err", err)
		return nil, unavailable(err, "the match could not be saved; try again")
	}
	return map[string]any{"save": sv}, nil
}

type loadReq struct {
	envelope
	Save  *string   `json:"save"`
	Seats []seatReq `json:"seats"`
}

// handleMatchLoad resumes a save: a bookmark goes back to its match's
// table; a copy opens a new table that continues the saved log, with the
// seats as saved (the loader in the seats people held, each bot in its
// own) or as given.
func handleMatchLoad(c *conn, data []byte) (any, error) {
	var req loadReq
	if err := decodeStrict(data, &req); err != nil {
		return nil, err
	}
	if req.Save == nil {
		return nil, badRequest("match.load needs save")
	}
	s := c.h.s
	sv, err := s.cfg.Store.GetSave(s.ctx, c.user.ID, *req.Save)
	if errors.Is(err, store.ErrNotFound) {
		return nil, notFound("no such save")
	}
	if err != nil {
		s.log.Error("save not read", "save", *req.Save, "err", err)
		return nil, unavailable(err, "the save could not be read; try again")
	}
	// A save was replayed when it was made: one that no longer reads or
	// replays is the server's fault, not the request's.
	var l game.Log
	if err := json.Unmarshal(sv.Log, &l); err != nil {
		s.log.Error("save not decoded", "save", *req.Save, "err", err)
		return nil, refuse(codeInternal, "the save is damaged: its log cannot be read")
	}
	st, err := s.reg.Replay(l)
	if err != nil {
		return nil, withCode(codeInternal, err)
	}
	def, _ := s.reg.Lookup(l.Game)
	if sv.Match != "" {
		return s.resumeBookmark(c, def, sv.Match, req.Seats != nil)
	}
	if !def.Forkable() && st.Outcome() == nil {
		return nil, conflict("this save of an unfinished %s game was made by an earlier version of Parlor, which resumed such games as copies; a copy would show hidden facts of a match that may still be played, so it can no longer be loaded", def.Title)
	}
	holders := readHolders(sv.Holders)
	if len(holders) != st.Seats() {
		holders = nil
	}
	reqs := req.Seats
	if reqs == nil {
		// By default the loader takes the seats people held, and each
		// bot its seat again.
		reqs = make([]seatReq, st.Seats())
		for i := range reqs {
			reqs[i] = seatReq{Kind: choiceMe}
			if holders != nil && holders[i].Bot != "" {
				reqs[i] = seatReq{Kind: choiceBot, Level: holders[i].Bot}
			}
		}
	}
	seats, err := s.buildSeats(def, reqs, st.Seats(), c.user)
	if err != nil {
		return nil, err
	}
	t, err := s.tables.createFrom(s.ctx, def, l, seats, c.user)
	if err != nil {
		return nil, err
	}
	return map[string]any{"table": t.json(c.user.ID)}, nil
}

// resumeBookmark answers match.load of a bookmark: the table where its
// match is being played, which the client then watches (in the seats the
// loader holds there, or as a spectator), or a refusal once the match is
// over, when the bookmark opens only as the match's replay.
func (s *Server) resumeBookmark(c *conn, def *game.Definition, matchID string, seatsGiven bool) (any, error) {
	if seatsGiven {
		return nil, badRequest("a save of an unfinished %s game marks its match: loading it goes back to that match with its players in their seats, so seats cannot be chosen", def.Title)
	}
	over, err := s.cfg.Store.MatchFinished(s.ctx, matchID)
	if errors.Is(err, store.ErrNotFound) {
		return nil, refuse(codeInternal, "the match this save marks is no longer kept")
	}
	if err != nil {
		s.log.Error("bookmark", "match", matchID, "err", err)
		return nil, unavailable(err, "the save could not be read; try again")
	}
	if over {
		return nil, conflict("that %s match is over: open its replay instead", def.Title)
	}
	t := s.tables.withMatch(matchID)
	if t == nil {
		return nil, refuse(codeInternal, "the match this save marks is not being played at any table")
	}
	return map[string]any{"table": t.json(c.user.ID)}, nil
}

// matchSettings mirrors the table settings package match stores with a
// match header, so that a loaded save can be written as a match log.
type matchSettings struct {
	Policy  match.Policy  `json:"policy"`
	BotTime time.Duration `json:"botTime,omitempty"`
	Unrated bool          `json:"unrated,omitempty"`
}

// copyIDPrefix starts the id of every match that is a copy of a save, so
// that a copy is known by its id alone (legacyCopy).
const copyIDPrefix = "m"

// createFrom opens a table whose match continues a saved log: a copy,
// made only of games that hide nothing (see the top of this file), and
// unrated. The match package creates matches only from their start, so
// the log is written to the store as a new match (with a fresh id and the
// saved seed) and the manager's Recover picks it up exactly as after a
// restart: replayed, with the same sequence numbers, bots and clocks
// restarted.
func (ts *tables) createFrom(ctx context.Context, def *game.Definition, l game.Log, seats []seat, creator Identity) (*table, error) {
	s := ts.s
	pol := defaultPolicy(def)
	specs := make([]match.SeatSpec, len(seats))
	for i, st := range seats {
		if st.Kind == match.Open {
			return nil, badRequest("a loaded match needs every seat filled (me or a bot)")
		}
		specs[i] = match.SeatSpec{Kind: st.Kind, Level: st.Level, UserID: st.UserID, Name: st.Name}
	}
	// The bots take their game's names, from the start position, as at a
	// match created from its start (match.Create).
	if _, start, err := s.reg.Start(game.Log{Game: l.Game, Options: l.Options, Seed: l.Seed}); err == nil {
		specs = match.NameBots(start, specs)
		for i := range seats {
			seats[i].Name = specs[i].Name
		}
	}
	sj, _ := json.Marshal(specs)
	setj, _ := json.Marshal(matchSettings{Policy: matchPolicy(pol, len(seats)), BotTime: s.cfg.BotBudget, Unrated: true})
	id := copyIDPrefix + newTableID() + newTableID()
	now := time.Now().UTC()
	notStored := func(err error) error {
		s.log.Error("loaded match not stored", "match", id, "err", err)
		return unavailable(err, "the saved match could not be stored; try again")
	}
	if err := s.cfg.Store.CreateMatch(ctx, store.MatchHeader{ID: id, Game: l.Game, Options: l.Options, Seed: l.Seed, Seats: sj, Settings: setj, Created: now, Holders: match.Holders(specs)}); err != nil {
		return nil, notStored(err)
	}
	for i, e := range l.Moves {
		rec := store.Record{Match: id, Index: int64(i + 1), Seat: e.Seat, Move: e.Move, At: now}
		if e.Decision != "" {
			// A carried vote's decision (match/vote.go).
			rec.Move, rec.Event = nil, match.DecisionRecord(e.Seat, e.Decision)
		}
		if err := s.cfg.Store.Append(ctx, rec); err != nil {
			return nil, notStored(err)
		}
	}
	if _, err := s.cfg.Matches.Recover(ctx); err != nil {
		return nil, notStored(err)
	}
	mt, ok := s.cfg.Matches.Get(id)
	if !ok {
		return nil, refuse(codeInternal, "the saved match did not resume")
	}
	opts := l.Options
	if len(opts) == 0 {
		opts = json.RawMessage("{}")
	}
	t := &table{
		s: s, id: newTableID(), game: def.Name, def: def, options: opts, seats: seats,
		creator: creator.ID, creatorName: creator.Name, policy: pol, status: statusPlaying,
		matchID: id, created: now, watchers: make(map[*conn]*watch), unrated: true,
	}
	t.mu.Lock()
	err := t.persist(ctx)
	if err == nil {
		t.attachLocked(mt)
	}
	t.mu.Unlock()
	if err != nil {
		return nil, err
	}
	ts.mu.Lock()
	ts.m[t.id] = t
	ts.mu.Unlock()
	ts.changed(t)
	return t, nil
}
