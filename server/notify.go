package server

import (
	"context"
	"errors"
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/parlor-games/parlor/game"
	"github.com/parlor-games/parlor/match"
	"github.com/parlor-games/parlor/store"
)

// Notices for a player who is not looking (since v9). A turn-based game
// played across days needs to reach its players when they are elsewhere:
// "your move" when a move hands them the turn, "a game ended" when a game
// of theirs ended in their absence, and, from other parts of the server,
// a challenge or a friend coming online. The server decides when a notice
// is due; a Notifier delivers it through each channel the player chose
// (Web Push today, mail later).
//
// "Not looking" means that no page of the player is shown anywhere: no
// connection to any node, or only connections whose page is hidden
// (presence.set away). A page in view tells its player itself; a hidden
// tab does not catch the eye, which is what a notice is for.
//
// Several nodes, one notice: the node that sees the cause (the node that
// holds the table, or where a challenge was made) decides, from its own
// connections and the other nodes' lobby parts (lobbybus.go), and claims
// the notice's key in the database before it sends (Store.ClaimNotice),
// so that a table handed over, a retry or a second node seeing the same
// cause never sends it twice.

// NoticeKind is what a notice is about; a player chooses per kind.
type NoticeKind string

const (
	NoticeTurn         NoticeKind = "turn"
	NoticeChallenge    NoticeKind = "challenge"
	NoticeEnded        NoticeKind = "ended"
	NoticeFriendOnline NoticeKind = "friendOnline"
)

// NoticeKinds lists every kind, in the order settings show them.
var NoticeKinds = []NoticeKind{NoticeTurn, NoticeChallenge, NoticeEnded, NoticeFriendOnline}

// NoticeChannel is a way a notice reaches a player.
type NoticeChannel string

// ChannelPush is Web Push, to each browser the player subscribed.
const ChannelPush NoticeChannel = "push"

// NoticeChannels lists every channel.
var NoticeChannels = []NoticeChannel{ChannelPush, ChannelMail}

// Notice is one message for one player.
type Notice struct {
	Kind   NoticeKind
	UserID int64
	// Key names the notice's cause uniquely ("turn:<match>:<seq>:<user>"):
	// a key already claimed is not sent again.
	Key   string
	Title string
	Body  string
	// URL is the client path the notice opens ("/t/<table>").
	URL string
	// Tag groups notices that replace each other on the player's screen
	// (one per table): the newest "your move" stands for the others.
	Tag string
}

// Notifier delivers a notice through every channel its player chose for
// its kind. It is called off the path of any move, and may take the time
// a push service takes to answer.
type Notifier interface {
	Notify(ctx context.Context, n Notice) error
}

// noticeStore is what notices need from the store: *store.Store has it.
// A store without it (a test's) sends no notices.
type noticeStore interface {
	SavePushSubscription(ctx context.Context, sub store.PushSubscription) error
	PushSubscriptions(ctx context.Context, userID int64) ([]store.PushSubscription, error)
	DeletePushSubscription(ctx context.Context, userID int64, endpoint string) error
	NotifyPrefs(ctx context.Context, userID int64) ([]store.NotifyPref, error)
	SetNotifyPrefs(ctx context.Context, userID int64, prefs []store.NotifyPref) error
	ClaimNotice(ctx context.Context, key string) (bool, error)
}

// notices is the server's part of notifications.
type notices struct {
	store    noticeStore // nil: notifications are off
	notifier Notifier
	push     *pushSender // nil when Web Push is off
	mail     *mailer     // nil when mail is off (mailnotify.go)

	// turns remembers, per match, the users whose turn it was at its
	// last update, so that only a turn newly theirs is announced: in a
	// simultaneous phase, the other seat's moves are not news.
	mu    sync.Mutex
	turns map[string][]int64

	// sending counts the notices under way, for WaitNotices.
	sending inflight
}

// inflight counts work under way that anyone may start at any time and
// a test may wait out. A sync.WaitGroup does not fit: its Add from zero
// must not run beside a Wait, and a notice may begin (a friend comes
// online, a move hands over the turn) while a test waits for the others.
type inflight struct {
	mu   sync.Mutex
	n    int
	zero *sync.Cond
}

func (f *inflight) add() {
	f.mu.Lock()
	f.n++
	f.mu.Unlock()
}

func (f *inflight) done() {
	f.mu.Lock()
	f.n--
	if f.n == 0 && f.zero != nil {
		f.zero.Broadcast()
	}
	f.mu.Unlock()
}

// wait returns once nothing is under way.
func (f *inflight) wait() {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.zero == nil {
		f.zero = sync.NewCond(&f.mu)
	}
	for f.n > 0 {
		f.zero.Wait()
	}
}

// initNotices sets up notifications from the configuration.
func (s *Server) initNotices(ctx context.Context) error {
	s.notices = &notices{turns: make(map[string][]int64)}
	ns, ok := s.cfg.Store.(noticeStore)
	if !ok {
		return nil
	}
	s.notices.store = ns
	p, err := newPushSender(ctx, s.cfg.Store, s.cfg.Push)
	if err != nil {
		return err
	}
	s.notices.push = p
	s.notices.notifier = s.cfg.Notifier
	if s.notices.notifier == nil {
		s.notices.notifier = &channelNotifier{s: s}
	}
	return s.initMail()
}

// looking reports whether userID has a page shown, on this node or
// another.
func (s *Server) looking(userID int64) bool {
	h := s.hub
	h.mu.Lock()
	p := h.online[userID]
	here := p != nil && p.shown()
	h.mu.Unlock()
	if here {
		return true
	}
	return s.relay != nil && s.relay.shownElsewhere(userID)
}

// shownElsewhere reports whether another node lists userID among its
// players present (it lists only those with a page shown).
func (r *relay) shownElsewhere(userID int64) bool {
	r.lobby.mu.Lock()
	defer r.lobby.mu.Unlock()
	for _, st := range r.lobby.nodes {
		if _, ok := st.users[userID]; ok {
			return true
		}
	}
	return false
}

// DefaultNoticeDelay is Config.NoticeDelay's default: long enough for a
// page to reload and connect again, short beside a turn of a game.
const DefaultNoticeDelay = 5 * time.Second

// NotifyAway sends n to its player unless they are looking, once for
// its key. It returns at once; the sending is done in the background,
// after the notice delay, and only if the player is still not looking
// then. Other parts of the server (challenges, friends) call it with
// notices of their kinds.
func (s *Server) NotifyAway(n Notice) {
	ns := s.notices
	if ns == nil || ns.store == nil || n.UserID == 0 || n.Key == "" || s.looking(n.UserID) {
		return
	}
	delay := s.cfg.NoticeDelay
	if delay == 0 {
		delay = DefaultNoticeDelay
	}
	ns.sending.add()
	go func() {
		defer ns.sending.done()
		if delay > 0 {
			t := time.NewTimer(delay)
			select {
			case <-t.C:
			case <-s.ctx.Done():
				t.Stop()
				return
			}
			if s.looking(n.UserID) {
				return
			}
		}
		ctx, cancel := context.WithTimeout(s.ctx, 30*time.Second)
		defer cancel()
		first, err := ns.store.ClaimNotice(ctx, n.Key)
		if err != nil {
			s.log.Warn("notice not sent", "key", n.Key, "err", err)
			return
		}
		if !first {
			return
		}
		if err := ns.notifier.Notify(ctx, n); err != nil {
			s.log.Warn("notice not delivered", "key", n.Key, "user", n.UserID, "err", err)
		}
	}()
}

// WaitNotices waits until the notices under way are sent, for tests and
// a server that stops.
func (s *Server) WaitNotices() {
	if s.notices != nil {
		s.notices.sending.wait()
	}
}

// noticeAfter announces the turn to each player whom u made it newly
// theirs, and who is not looking. Called on the match's delivery path,
// once per move: it reads the turn without copying the seats, and builds
// a notice (its sentence names seats through a regular expression) only
// for a player who is away, which a player at a table rarely is. Building
// every notice and then dropping it for a player looking was 5% of a
// move's CPU in the peer benchmark.
func (t *table) noticeAfter(u match.Update) {
	ns := t.s.notices
	if ns == nil || ns.store == nil {
		return
	}
	var nowBuf, beforeBuf [4]int64
	now := nowBuf[:0]
	var mover int64
	t.mu.Lock()
	matchID := t.matchID
	if u.Outcome == nil {
		for _, st := range u.Turn {
			if int(st) < len(t.seats) && t.seats[st].Kind == match.Human && t.seats[st].UserID != 0 && !slices.Contains(now, t.seats[st].UserID) {
				now = append(now, t.seats[st].UserID)
			}
		}
	}
	if u.Move != nil && int(u.Seat) < len(t.seats) {
		mover = t.seats[u.Seat].UserID
	}
	t.mu.Unlock()
	ns.mu.Lock()
	prev := ns.turns[matchID]
	before := append(beforeBuf[:0], prev...)
	if len(now) == 0 {
		delete(ns.turns, matchID)
	} else {
		// The list the map holds is the map's own: reuse its array.
		ns.turns[matchID] = append(prev[:0], now...)
	}
	ns.mu.Unlock()
	for _, user := range now {
		if slices.Contains(before, user) || user == mover || t.s.looking(user) {
			continue
		}
		t.mu.Lock()
		gameName := t.game
		seats := append([]seat(nil), t.seats...)
		t.mu.Unlock()
		t.s.NotifyAway(t.s.turnNotice(t.id, matchID, gameName, seats, u, user))
	}
}

// gameTitle is the name people read of a game.
func (s *Server) gameTitle(name string) string {
	if d, err := s.reg.Lookup(name); err == nil && d.Title != "" {
		return d.Title
	}
	return name
}

// seatName is how a seat is called in a notice.
func seatName(seats []seat, i game.Seat) string {
	if int(i) >= len(seats) {
		return "someone"
	}
	st := seats[i]
	switch {
	case st.Name != "":
		return st.Name
	case st.Kind == match.Bot:
		return "the computer"
	}
	return "someone"
}

// seatWords finds the seats a server's sentence names ("seat 1", as
// game.SeatWord writes them), for a notice to name their players
// instead, as the clients do.
var seatWords = regexp.MustCompile(`\bseat (\d+)\b`)

func namedSeats(text string, seats []seat) string {
	return seatWords.ReplaceAllStringFunc(text, func(w string) string {
		n, err := strconv.Atoi(strings.TrimPrefix(w, "seat "))
		if err != nil || n >= len(seats) {
			return w
		}
		return seatName(seats, game.Seat(n))
	})
}

// othersOf names the other people at the table, for "with Ann and Bob".
func othersOf(seats []seat, user int64) string {
	var names []string
	for i, st := range seats {
		if st.UserID == user {
			continue
		}
		if n := seatName(seats, game.Seat(i)); !slices.Contains(names, n) {
			names = append(names, n)
		}
	}
	switch len(names) {
	case 0:
		return ""
	case 1:
		return names[0]
	}
	return strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1]
}

// holderName is the name user plays under at the table.
func holderName(seats []seat, user int64) string {
	for i, st := range seats {
		if st.UserID == user {
			return seatName(seats, game.Seat(i))
		}
	}
	return ""
}

func (s *Server) turnNotice(tableID, matchID, gameName string, seats []seat, u match.Update, user int64) Notice {
	title := "Your move in " + s.gameTitle(gameName)
	if name := holderName(seats, user); name != "" {
		title = "Your move, " + name + ": " + s.gameTitle(gameName)
	}
	body := "It is your turn"
	if others := othersOf(seats, user); others != "" {
		body += " in your game with " + others
	}
	body += "."
	if u.Move != nil && u.Text != "" {
		// The game's sentence is the rest of one whose subject is the
		// mover ("drew the line a1 to b1"), naming other seats "seat N".
		body = fmt.Sprintf("%s %s. %s", seatName(seats, u.Seat), namedSeats(u.Text, seats), body)
	}
	return Notice{
		Kind: NoticeTurn, UserID: user,
		Key:   fmt.Sprintf("turn:%s:%d:%d", matchID, u.Seq, user),
		Title: title, Body: body,
		URL: "/t/" + tableID, Tag: "table-" + tableID,
	}
}

// noticeEnded tells each of absent, holders who were not at the table
// when its match ended, of the end, unless they are looking elsewhere
// (the lobby's list of ends tells them then).
func (t *table) noticeEnded(seats []seat, o *game.Outcome, absent []int64) {
	if o == nil {
		return
	}
	t.mu.Lock()
	tableID, matchID, gameName := t.id, t.matchID, t.game
	t.mu.Unlock()
	for _, user := range absent {
		var mine []game.Seat
		for i, st := range seats {
			if st.UserID == user {
				mine = append(mine, game.Seat(i))
			}
		}
		result := "Nobody won"
		switch {
		case len(o.Winners) > 1 && slices.ContainsFunc(mine, func(s game.Seat) bool { return slices.Contains(o.Winners, s) }):
			result = "You shared the win"
		case slices.ContainsFunc(mine, func(s game.Seat) bool { return slices.Contains(o.Winners, s) }):
			result = "You won"
		case len(o.Winners) > 0:
			result = seatName(seats, o.Winners[0]) + " won"
		}
		body := result
		if o.Reason != "" {
			body += ": " + namedSeats(o.Reason, seats)
		}
		body += "."
		if others := othersOf(seats, user); others != "" {
			body += " Your game with " + others + " is over."
		}
		t.s.NotifyAway(Notice{
			Kind: NoticeEnded, UserID: user,
			Key:   fmt.Sprintf("ended:%s:%d", matchID, user),
			Title: "Game over: " + t.s.gameTitle(gameName),
			Body:  body,
			URL:   "/t/" + tableID, Tag: "table-" + tableID,
		})
	}
}

// channelNotifier is the server's Notifier: each channel the player has
// not turned off for the notice's kind.
type channelNotifier struct{ s *Server }

func (c *channelNotifier) Notify(ctx context.Context, n Notice) error {
	prefs, err := c.s.noticePrefs(ctx, n.UserID)
	if err != nil {
		return err
	}
	var errs []error
	for _, ch := range NoticeChannels {
		if !prefs.on(n.Kind, ch) {
			continue
		}
		switch ch {
		case ChannelPush:
			if c.s.notices.push != nil {
				errs = append(errs, c.s.notices.push.notify(ctx, c.s.notices.store, n))
			}
		case ChannelMail:
			if c.s.notices.mail != nil {
				errs = append(errs, c.s.notices.mail.queue(ctx, n))
			}
		}
	}
	return errors.Join(errs...)
}
