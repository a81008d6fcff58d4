package server

import (
	"errors"
	"strings"
	"sync"
	"sync/atomic"
	"time"
	"unicode/utf8"

	"github.com/parlor-games/parlor/match"
	"github.com/parlor-games/parlor/store"
)

// Moderation (since v9). A player reports another, or one of their chat
// lines, with a reason (social.report); the operators read the reports
// with `parlor admin`, which bans or mutes an account or an address for a
// time, renames or deletes an account, or closes a table. parlor admin
// writes to the database the servers share, and every server acts on
// what it wrote at once: it reads the store's log of actions every
// Config.ModerationPoll, and at once when the bus brings a nudge
// (socialbus.go). A banned person's connections are told why and until
// when, and closed; a new one is refused the same way. A muted person's
// chat is refused from their next line, since every line asks the store.

// DefaultModerationPoll is how often a server reads the operators'
// actions when Config.ModerationPoll is 0: on one server with SQLite,
// where no bus nudges it, this is how long an action takes at most.
const DefaultModerationPoll = time.Second

// moderation is a server's side of the operators' actions.
type moderation struct {
	mu    sync.Mutex
	last  int64 // the last action read
	nudge chan struct{}
	// bans are the bans in force as last read, checked at each new
	// connection without asking the store: read at start-up and again
	// after each action that adds or lifts a sanction. nil until read.
	bans atomic.Pointer[[]store.Sanction]
}

// loadBans reads the bans in force.
func (s *Server) loadBans(st socialStore) {
	all, err := st.Sanctions(s.ctx, time.Now())
	if err != nil {
		if s.ctx.Err() == nil {
			s.log.Warn("bans not read", "err", err)
		}
		return
	}
	var bans []store.Sanction
	for _, sn := range all {
		if sn.Kind == store.Ban {
			bans = append(bans, sn)
		}
	}
	s.mod.bans.Store(&bans)
}

// watchModeration reads and applies the operators' actions until the
// server stops.
func (s *Server) watchModeration() {
	st, err := s.socialStore()
	if err != nil {
		return
	}
	s.mod.nudge = make(chan struct{}, 1)
	last, err := st.LastModerationAction(s.ctx)
	if err != nil {
		s.log.Warn("moderation actions not read", "err", err)
	}
	s.mod.last = last
	s.loadBans(st)
	every := s.cfg.ModerationPoll
	if every <= 0 {
		every = DefaultModerationPoll
	}
	tick := time.NewTicker(every)
	s.wg.Add(1)
	go func() {
		defer s.wg.Done()
		defer tick.Stop()
		for {
			select {
			case <-s.ctx.Done():
				return
			case <-tick.C:
			case <-s.mod.nudge:
			}
			s.readModeration(st)
		}
	}()
}

// moderationNudge asks for the actions to be read now.
func (s *Server) moderationNudge() {
	if s.mod.nudge == nil {
		return
	}
	select {
	case s.mod.nudge <- struct{}{}:
	default:
	}
}

func (s *Server) readModeration(st socialStore) {
	s.mod.mu.Lock()
	defer s.mod.mu.Unlock()
	acts, err := st.ModerationActions(s.ctx, s.mod.last)
	if err != nil {
		if s.ctx.Err() == nil {
			s.log.Warn("moderation actions not read", "err", err)
		}
		return
	}
	for _, a := range acts {
		if a.Kind == store.ActSanction || a.Kind == store.ActLift {
			s.loadBans(st)
			break
		}
	}
	for _, a := range acts {
		s.mod.last = a.ID
		s.applyAction(a)
	}
}

// ModerationNotice is the moderation push: what an operator decided about
// the person it is pushed to.
type ModerationNotice struct {
	// Kind is ban or mute; Reason the operator's words; Until when it
	// ends. A lift is kind "lifted".
	Kind   string    `json:"kind"`
	Reason string    `json:"reason,omitempty"`
	Until  time.Time `json:"until,omitzero"`
}

// applyAction does, on this node, what an operator's action asks.
func (s *Server) applyAction(a store.Action) {
	s.log.Info("moderation action", "id", a.ID, "kind", a.Kind, "user", a.UserID, "address", a.Address, "table", a.Table)
	switch a.Kind {
	case store.ActSanction:
		sn, ok := s.sanctionOf(a)
		if !ok {
			return
		}
		for _, c := range s.connsOfTarget(a.UserID, a.Address) {
			c.push(mustJSON(map[string]any{"t": "moderation", "notice": ModerationNotice{Kind: string(sn.Kind), Reason: sn.Reason, Until: sn.Until}}))
			if sn.Kind == store.Ban {
				why := bannedError(sn)
				c.refuse(0, "", why)
				c.close(closePolicy, closeReason(why))
			}
		}
	case store.ActLift:
		for _, c := range s.connsOfTarget(a.UserID, a.Address) {
			c.push(mustJSON(map[string]any{"t": "moderation", "notice": ModerationNotice{Kind: "lifted"}}))
		}
	case store.ActRename:
		// Everyone's lists name them: all are read again.
		s.rereadAllTies()
		for _, c := range s.connsOfTarget(a.UserID, "") {
			c.close(closePolicy, "an operator renamed your account; reconnect")
		}
	case store.ActDelete:
		s.rereadAllTies()
		for _, c := range s.connsOfTarget(a.UserID, "") {
			c.close(closePolicy, "this account was deleted")
		}
	case store.ActClose:
		if t := s.tables.get(a.Table); t != nil {
			s.closeTable(t, a.Text)
		}
	}
}

// sanctionOf reads the sanction an action announced: the one in force
// for its account or address.
func (s *Server) sanctionOf(a store.Action) (store.Sanction, bool) {
	st, err := s.socialStore()
	if err != nil {
		return store.Sanction{}, false
	}
	sn, ok, err := st.ActiveSanction(s.ctx, store.SanctionKind(a.Text), a.UserID, a.Address, time.Now())
	if err != nil {
		s.log.Warn("sanction not read", "action", a.ID, "err", err)
		return store.Sanction{}, false
	}
	return sn, ok
}

// connsOfTarget is the connections on this node of an account, or from
// an address.
func (s *Server) connsOfTarget(user int64, addr string) []*conn {
	if user != 0 {
		return s.hub.connsOf(user)
	}
	if addr == "" {
		return nil
	}
	h := s.hub
	h.mu.Lock()
	defer h.mu.Unlock()
	var out []*conn
	for c := range h.conns {
		if c.addr == addr {
			out = append(out, c)
		}
	}
	return out
}

// closeTable ends a table as an operator asks: a match in play ends for
// all with no winner, a table waiting for players closes.
func (s *Server) closeTable(t *table, reason string) {
	if reason == "" {
		reason = "the site's operator closed the table"
	} else {
		reason = "the site's operator closed the table: " + reason
	}
	t.mu.Lock()
	mt, status := t.mt, t.status
	t.mu.Unlock()
	switch {
	case mt != nil && status == statusPlaying:
		if _, err := mt.Close(s.ctx, reason); err != nil && !errors.Is(err, match.ErrOver) {
			s.log.Error("table not closed", "table", t.id, "err", err)
		}
	case status == statusOpen:
		t.mu.Lock()
		t.status = statusOver
		err := t.persist(s.ctx)
		t.mu.Unlock()
		if err != nil {
			return
		}
		s.tables.changed(t)
		s.tables.ended(t)
	}
}

// bannedError is what a banned person is told.
func bannedError(sn store.Sanction) error {
	why := sn.Reason
	if why == "" {
		why = "no reason given"
	}
	return forbidden("you are banned from this server until %s (%s)", sn.Until.UTC().Format("2006-01-02 15:04 UTC"), why)
}

// banned refuses a connection of user from addr while a ban holds; nil
// when none does. It asks no store: the bans in force are kept (loadBans),
// and a ban taken since is applied within a poll by applyAction, which
// closes the connection it finds.
func (s *Server) banned(user int64, addr string) error {
	bans := s.mod.bans.Load()
	if bans == nil {
		return nil
	}
	now := time.Now()
	var found *store.Sanction
	for i, sn := range *bans {
		if sn.Until.After(now) && ((sn.UserID != 0 && sn.UserID == user) || (sn.Address != "" && sn.Address == addr)) &&
			(found == nil || sn.Until.After(found.Until)) {
			found = &(*bans)[i]
		}
	}
	if found == nil {
		return nil
	}
	return bannedError(*found)
}

// silenced refuses a chat line of c's while its account or address is
// banned or muted by an operator.
func (s *Server) silenced(c *conn) error {
	st, err := s.socialStore()
	if err != nil {
		return nil
	}
	now := time.Now()
	if sn, ok, err := st.ActiveSanction(s.ctx, store.Ban, c.user.ID, c.addr, now); err == nil && ok {
		return bannedError(sn)
	}
	sn, ok, err := st.ActiveSanction(s.ctx, store.Silence, c.user.ID, c.addr, now)
	if err != nil {
		return unavailable(err, "the message could not be checked; try again")
	}
	if ok {
		why := sn.Reason
		if why == "" {
			why = "no reason given"
		}
		return forbidden("an operator has muted you until %s (%s)", sn.Until.UTC().Format("2006-01-02 15:04 UTC"), why)
	}
	return nil
}

// reportReasonMax bounds a report's reason.
const reportReasonMax = 500

type socialReportReq struct {
	envelope
	Name    *string    `json:"name"`
	Reason  *string    `json:"reason"`
	Channel string     `json:"channel"`
	At      *time.Time `json:"at"`
}

// handleSocialReport is social.report: a report of a person or, with
// channel and at, of one of their chat lines, which is kept with the
// report as it was written (the channel may be pruned later).
func handleSocialReport(c *conn, data []byte) (any, error) {
	var req socialReportReq
	if err := decodeStrict(data, &req); err != nil {
		return nil, err
	}
	if req.Name == nil || req.Reason == nil {
		return nil, badRequest("social.report needs name and reason")
	}
	reason := strings.TrimSpace(*req.Reason)
	if reason == "" {
		return nil, badRequest("say why you report them: the reason cannot be empty")
	}
	if n := utf8.RuneCountInString(reason); n > reportReasonMax {
		return nil, badRequest("a reason is at most %d characters (this one has %d)", reportReasonMax, n)
	}
	if (req.Channel == "") != (req.At == nil) {
		return nil, badRequest("a report of a chat line needs both channel and at")
	}
	s := c.h.s
	st, err := s.socialStore()
	if err != nil {
		return nil, err
	}
	target, err := s.playerNamed(*req.Name)
	if err != nil {
		return nil, err
	}
	if target.ID == c.user.ID {
		return nil, badRequest("you cannot report yourself")
	}
	if req.Channel != "" {
		// Only a line one could read can be reported.
		if _, err := c.chatAudience(req.Channel, false); err != nil {
			return nil, err
		}
	}
	r := store.Report{Reporter: c.user.ID, ReporterName: c.user.Name, Target: target.ID, TargetName: target.Name,
		Reason: reason, Created: time.Now()}
	if req.At != nil {
		l, err := st.ChatLineAt(s.ctx, req.Channel, target.ID, *req.At)
		if errors.Is(err, store.ErrNotFound) {
			return nil, notFound("%s wrote no line at that time in %s", target.Name, req.Channel)
		}
		if err != nil {
			return nil, unavailable(err, "the report could not be stored; try again")
		}
		r.Channel, r.LineAt, r.LineText = l.Channel, l.At, l.Text
	}
	if err := st.AddReport(s.ctx, r); err != nil {
		return nil, unavailable(err, "the report could not be stored; try again")
	}
	return nil, nil
}

// rereadAllTies forgets every user's ties and reads again those of the
// users connected here, so that their chat stays filtered meanwhile as
// far as a read allows.
func (s *Server) rereadAllTies() {
	s.tieCache.clear()
	for id := range s.onlineHere() {
		s.warmTies(id)
	}
}

// onlineHere is the users connected to this node.
func (s *Server) onlineHere() map[int64]bool {
	h := s.hub
	h.mu.Lock()
	defer h.mu.Unlock()
	out := make(map[int64]bool, len(h.online))
	for id := range h.online {
		out[id] = true
	}
	return out
}
