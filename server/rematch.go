package server

import (
	"slices"
	"sync"
	"time"

	"github.com/parlor-games/parlor/match"
)

// A rematch is an offer (since v8). A player who asks for one after the
// end of a match with other people does not seat them in a new match:
// that would start it at once, with nobody asked, and forfeit and rate
// whoever had gone back to the lobby or was still reading the result.
// So the request opens an offer to every person of the old match; each
// is told of it wherever they are (at the table, in the lobby, on any
// node), and the new table opens only once every one of them has
// accepted, with the bots in their seats as before. A person may decline,
// which ends the offer for all, and an offer nobody completes lapses
// after RematchWait. A player alone with bots, or alone at one screen,
// needs nobody's word: their request opens the new table at once, as
// before.

// RematchState is where an offer stands, as the rematch push tells it.
type RematchState string

const (
	// RematchOpen: waiting for the people who have not accepted yet.
	RematchOpen RematchState = "open"
	// RematchStarted: everyone accepted; Next is the new table.
	RematchStarted RematchState = "started"
	// RematchDeclined: a person said no; nothing was opened.
	RematchDeclined RematchState = "declined"
	// RematchLapsed: the offer ended before everyone accepted; Lapse
	// says why.
	RematchLapsed RematchState = "lapsed"
)

// RematchLapse is why an offer lapsed (since v9 of the push; an offer
// without it lapsed on its timer).
type RematchLapse string

const (
	// LapseTime: the wait ran out before everyone accepted.
	LapseTime RematchLapse = "time"
	// LapseQuit: a person of the offer quit the finished table
	// (table.leave); Left names them.
	LapseQuit RematchLapse = "quit"
	// LapseSignedOut: a person of the offer signed out; Left names them.
	LapseSignedOut RematchLapse = "signed-out"
	// LapseGone: a person of the offer had no connection left and did
	// not come back within the table's leaving wait; Left names them.
	LapseGone RematchLapse = "gone"
	// LapseStopped: the server holding the finished table stopped
	// (rematchstop.go).
	LapseStopped RematchLapse = "stopped"
)

// DefaultRematchWait is how long an offer waits for every person's
// answer when Config.RematchWait is 0: long enough to notice it from the
// lobby, short enough that nobody accepts a game their opponents have
// long given up on.
const DefaultRematchWait = 2 * time.Minute

func (s *Server) rematchWait() time.Duration {
	if s.cfg.RematchWait > 0 {
		return s.cfg.RematchWait
	}
	return DefaultRematchWait
}

// RematchJSON is an offer as the people it concerns see it.
type RematchJSON struct {
	// Table is the finished table the offer is about.
	Table string `json:"table"`
	Game  string `json:"game"`
	Title string `json:"title"`
	// By is the name of the person who asked.
	By     string          `json:"by"`
	People []RematchPerson `json:"people"`
	// Until is when an open offer lapses.
	Until time.Time    `json:"until,omitzero"`
	State RematchState `json:"state"`
	// Next is the new table, once the offer has started.
	Next string `json:"next,omitempty"`
	// DeclinedBy names who declined a declined offer.
	DeclinedBy string `json:"declinedBy,omitempty"`
	// Lapse says why a lapsed offer lapsed, and Left who left, when a
	// person's leaving ended it.
	Lapse RematchLapse `json:"lapse,omitempty"`
	Left  string       `json:"left,omitempty"`
}

// RematchPerson is one person of the old match and their answer so far.
type RematchPerson struct {
	Name     string `json:"name"`
	Accepted bool   `json:"accepted"`
}

// rematchOffer is the open offer of a finished table, under the table's
// rematchMu.
type rematchOffer struct {
	by    Identity
	users []int64 // the people of the match, each once
	names []string
	yes   []bool
	until time.Time
	timer *time.Timer
	game  string // the game's name and title, for the push
	title string
	// gone holds when each person found without a connection was
	// last seen leaving (rematchleave.go).
	gone map[int64]time.Time
}

func (o *rematchOffer) json(t *table, state RematchState) RematchJSON {
	out := RematchJSON{Table: t.id, Game: o.game, Title: o.title, By: o.by.Name, State: state}
	if state == RematchOpen {
		out.Until = o.until
	}
	for i, n := range o.names {
		out.People = append(out.People, RematchPerson{Name: n, Accepted: o.yes[i]})
	}
	return out
}

func (o *rematchOffer) complete() bool { return !slices.Contains(o.yes, false) }

// peopleLocked lists the people who hold the table's human seats, each
// once, with the name they play under. Callers hold t.mu.
func (t *table) peopleLocked() (users []int64, names []string) {
	for _, st := range t.seats {
		if st.Kind != match.Human || st.UserID == 0 || slices.Contains(users, st.UserID) {
			continue
		}
		name := st.Name
		if st.Player != "" {
			name = st.Player
		}
		users = append(users, st.UserID)
		names = append(names, name)
	}
	return users, names
}

// handleMatchRematch asks for a rematch, or accepts the open offer: a new
// table with the same game, options, seats and settings and a new seed,
// opened once every person of the match has said yes. Before the end only
// a player who holds every human seat may ask (a restart at one screen):
// an opponent must not find themselves in a second match while the first
// goes on.
func handleMatchRematch(c *conn, data []byte) (any, error) {
	var req tableReq
	t, err := c.decodeForTable(data, &req)
	if err != nil {
		return nil, err
	}
	s := c.h.s
	// One offer and one new table per table, even when players answer at
	// the same moment.
	t.rematchMu.Lock()
	defer t.rematchMu.Unlock()
	t.mu.Lock()
	held := len(t.heldByLocked(c.user.ID)) > 0
	users, names := t.peopleLocked()
	over := t.status == statusOver || (t.mt != nil && t.mt.Outcome() != nil)
	seats := append([]seat(nil), t.seats...)
	def, opts, specChat, pol, next, unrated := t.def, t.options, t.spectatorChat, t.policy, t.rematch, t.unrated
	t.mu.Unlock()
	if !held {
		return nil, forbidden("only players can ask for a rematch")
	}
	alone := len(users) <= 1
	if !over && !alone {
		return nil, conflict("the game is still being played: a rematch can be asked for after the end")
	}
	if next != "" {
		// Everyone accepted already: each goes to the same new table.
		if nt := s.tables.get(next); nt != nil {
			return map[string]any{"table": nt.json(c.user.ID)}, nil
		}
	}
	o := t.offer
	if o == nil && !alone {
		o = &rematchOffer{by: c.user, users: users, names: names, yes: make([]bool, len(users)),
			until: time.Now().Add(s.rematchWait()), game: def.Name, title: def.Title}
		o.timer = time.AfterFunc(s.rematchWait(), func() { t.lapseRematch(o, LapseTime, 0) })
		t.offer = o
		s.offers.add(t)
		// Someone already gone when the offer is made is given the
		// table's leaving wait to come back, as one who leaves later.
		for _, u := range o.users {
			if !s.connectedAnywhere(u) {
				t.awaitReturnLocked(o, u)
			}
		}
	}
	creator := c.user
	if o != nil {
		i := slices.Index(o.users, c.user.ID)
		if i < 0 {
			return nil, forbidden("only players can ask for a rematch")
		}
		o.yes[i] = true
		if !o.complete() {
			offer := o.json(t, RematchOpen)
			s.tellRematch(o.users, offer)
			return map[string]any{"offer": offer}, nil
		}
		creator = o.by
	}
	nt, err := s.tables.create(s.ctx, def, opts, seats, creator, specChat, pol, unrated)
	if err != nil {
		// The offer stays open: the last answer can be sent again.
		return nil, err
	}
	// The old table's watchers learn where the rematch is from a table
	// push carrying its id; the people elsewhere from the rematch push.
	t.mu.Lock()
	t.rematch = nt.id
	t.mu.Unlock()
	s.tables.changed(t)
	if o != nil {
		t.endOfferLocked(o)
		done := o.json(t, RematchStarted)
		done.Next = nt.id
		s.tellRematch(o.users, done)
	}
	return map[string]any{"table": nt.json(c.user.ID)}, nil
}

// handleMatchRematchDecline is match.rematch.decline: a person of the
// match says no to the open offer, which ends it for everyone.
func handleMatchRematchDecline(c *conn, data []byte) (any, error) {
	var req tableReq
	t, err := c.decodeForTable(data, &req)
	if err != nil {
		return nil, err
	}
	t.rematchMu.Lock()
	defer t.rematchMu.Unlock()
	o := t.offer
	if o == nil {
		t.mu.Lock()
		held := len(t.heldByLocked(c.user.ID)) > 0
		t.mu.Unlock()
		if !held {
			return nil, forbidden("only players can answer a rematch")
		}
		return nil, conflict("no rematch is on offer at this table")
	}
	i := slices.Index(o.users, c.user.ID)
	if i < 0 {
		return nil, forbidden("only players can answer a rematch")
	}
	t.endOfferLocked(o)
	end := o.json(t, RematchDeclined)
	end.DeclinedBy = o.names[i]
	c.h.s.tellRematch(o.users, end)
	return nil, nil
}

// endOfferLocked ends o, the table's open offer: its timer stops and
// the server forgets it. Callers hold t.rematchMu and tell its people.
func (t *table) endOfferLocked(o *rematchOffer) {
	o.timer.Stop()
	t.offer = nil
	t.s.offers.remove(t)
}

// lapseRematch ends offer o for why, if it is still the table's open
// offer, and tells its people; left is the person whose leaving ended
// it (0 for none). It reports whether o lapsed.
func (t *table) lapseRematch(o *rematchOffer, why RematchLapse, left int64) bool {
	t.rematchMu.Lock()
	defer t.rematchMu.Unlock()
	if t.offer != o {
		return false
	}
	t.endOfferLocked(o)
	end := o.json(t, RematchLapsed)
	end.Lapse = why
	if i := slices.Index(o.users, left); i >= 0 {
		end.Left = o.names[i]
	}
	t.s.tellRematch(o.users, end)
	return true
}

// rematchBoard keeps, on every node, the open offers each connected user
// was told of, so that a connection opened later (a reload, a second
// device) is shown them too. It learns them from the offers' node, by
// tellRematch and the bus.
type rematchBoard struct {
	mu sync.Mutex
	m  map[int64]map[string]RematchJSON // by user, then by old table
}

// note keeps offer for users while it is open and forgets it otherwise.
// Offers past their time go too: their end may never come (their node
// stopped).
func (b *rematchBoard) note(users []int64, offer RematchJSON) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.m == nil {
		b.m = make(map[int64]map[string]RematchJSON)
	}
	now := time.Now()
	for u, os := range b.m {
		for id, o := range os {
			if !o.Until.After(now) {
				delete(os, id)
			}
		}
		if len(os) == 0 {
			delete(b.m, u)
		}
	}
	for _, u := range users {
		if offer.State != RematchOpen {
			delete(b.m[u], offer.Table)
			if len(b.m[u]) == 0 {
				delete(b.m, u)
			}
			continue
		}
		if b.m[u] == nil {
			b.m[u] = make(map[string]RematchJSON)
		}
		b.m[u][offer.Table] = offer
	}
}

// open lists userID's offers that have not lapsed by now.
func (b *rematchBoard) open(userID int64, now time.Time) []RematchJSON {
	b.mu.Lock()
	defer b.mu.Unlock()
	var out []RematchJSON
	for _, o := range b.m[userID] {
		if o.Until.After(now) {
			out = append(out, o)
		}
	}
	return out
}

// rematchPush is the rematch push of offer.
func rematchPush(offer RematchJSON) []byte {
	return mustJSON(map[string]any{"t": "rematch", "offer": offer})
}

// tellRematch tells users of offer's news on this node and, through the
// bus, on the others.
func (s *Server) tellRematch(users []int64, offer RematchJSON) {
	s.rematchHere(users, offer)
	if s.relay != nil {
		s.relay.publishRematch(users, offer)
	}
}

// rematchHere keeps offer for users and pushes it to their connections
// on this node.
func (s *Server) rematchHere(users []int64, offer RematchJSON) {
	s.rematches.note(users, offer)
	b := rematchPush(offer)
	for _, u := range users {
		for _, c := range s.hub.connsOf(u) {
			c.push(b)
		}
	}
}

// announceRematches shows a new connection the offers waiting for its
// user's answer.
func (s *Server) announceRematches(c *conn) {
	for _, o := range s.rematches.open(c.user.ID, time.Now()) {
		c.push(rematchPush(o))
	}
}
