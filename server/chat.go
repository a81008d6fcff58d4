package server

import (
	"slices"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"github.com/parlor-games/parlor/protocol"
	"github.com/parlor-games/parlor/store"
)

// Chat limits, as docs/protocol.md states them.
const (
	chatHistory = 100
	chatMaxLen  = 500
	chatBurst   = 5
	chatWindow  = 10 * time.Second
)

// DefaultChatKeep is how many lines of each channel the store keeps
// unless Config.ChatKeep says otherwise: five times what chat.history
// returns, so well beyond what anyone scrolls back to, while the lobby,
// which every player writes to and which is never deleted, stays a few
// hundred rows.
const DefaultChatKeep = 500

// ChatMessage is one line of chat: the protocol's Chat.
type ChatMessage = protocol.Chat

// chat keeps each user's recent sends for the rate limit, and how many
// lines each channel got since it was last pruned. The lines themselves
// are in the store (AddChat), so that a channel's history outlives a
// restart; the rate limit, a matter of seconds, starts afresh after one.
type chat struct {
	mu     sync.Mutex
	recent map[int64][]time.Time

	// keep is how many lines a channel keeps (0 or less: all of them); a
	// channel is pruned after every pruneEvery lines stored, so it holds
	// at most keep + pruneEvery - 1 lines between two prunings (a
	// restart, which forgets the counts, prunes every channel).
	keep, pruneEvery int
	unpruned         map[string]int
	// When unpruned reaches sweepAt channels, the counts of channels
	// that are gone (forgotten tables, whose lines are deleted) are
	// dropped; live reports whether a channel still exists.
	sweepAt int
	live    func(channel string) bool
}

func newChat(keep int, live func(channel string) bool) *chat {
	return &chat{
		recent:     make(map[int64][]time.Time),
		keep:       keep,
		pruneEvery: max(1, keep/10),
		unpruned:   make(map[string]int),
		sweepAt:    chatSweepMin,
		live:       live,
	}
}

// chatSweepMin is the fewest channels whose counts are swept.
const chatSweepMin = 64

// chatChannelLive reports whether a channel's lines can still be read:
// the lobby's always, a table's while the server knows the table.
func (s *Server) chatChannelLive(channel string) bool {
	id, ok := strings.CutPrefix(channel, "table:")
	return !ok || s.tables.get(id) != nil
}

// post checks a message against the length limit and counts it toward the
// user's rate limit, refusing it if the user is over the limit. A message
// that is then not delivered gives its place back with unpost.
func (ch *chat) post(userID int64, m ChatMessage) error {
	n := utf8.RuneCountInString(m.Text)
	if strings.TrimSpace(m.Text) == "" {
		return badRequest("a chat message cannot be empty")
	}
	if n > chatMaxLen {
		return badRequest("a chat message is at most %d characters (this one has %d)", chatMaxLen, n)
	}
	ch.mu.Lock()
	defer ch.mu.Unlock()
	keep := ch.recent[userID][:0]
	for _, t := range ch.recent[userID] {
		if m.At.Sub(t) < chatWindow {
			keep = append(keep, t)
		}
	}
	if len(keep) >= chatBurst {
		ch.recent[userID] = keep
		return refuse(codeRateLimited, "at most %d chat messages per %d seconds: wait a moment", chatBurst, int(chatWindow/time.Second))
	}
	ch.recent[userID] = append(keep, m.At)
	return nil
}

// unpost takes back the count post made for a message sent at at, which
// was refused after all (the store failed): only delivered lines count
// toward the limit.
func (ch *chat) unpost(userID int64, at time.Time) {
	ch.mu.Lock()
	defer ch.mu.Unlock()
	recent := ch.recent[userID]
	if i := slices.IndexFunc(recent, at.Equal); i >= 0 {
		ch.recent[userID] = slices.Delete(recent, i, i+1)
	}
}

// stored counts a line stored in channel and reports whether the channel
// is due to be pruned.
func (ch *chat) stored(channel string) bool {
	if ch.keep <= 0 {
		return false
	}
	ch.mu.Lock()
	defer ch.mu.Unlock()
	ch.unpruned[channel]++
	if ch.unpruned[channel] < ch.pruneEvery {
		if len(ch.unpruned) >= ch.sweepAt {
			ch.sweepLocked()
		}
		return false
	}
	delete(ch.unpruned, channel)
	return true
}

// sweepLocked drops the counts of channels that are gone, and sets the
// next sweep at twice the channels left, so that sweeps cost O(1) per
// line stored.
func (ch *chat) sweepLocked() {
	for c := range ch.unpruned {
		if !ch.live(c) {
			delete(ch.unpruned, c)
		}
	}
	ch.sweepAt = max(chatSweepMin, 2*len(ch.unpruned))
}

// envelope is the part every request shares; request types embed it so
// that strict decoding accepts "t" and "id".
type envelope struct {
	T  string `json:"t"`
	ID int64  `json:"id"`
}

type chatSendReq struct {
	envelope
	Channel *string `json:"channel"`
	Text    *string `json:"text"`
}

type chatHistoryReq struct {
	envelope
	Channel *string `json:"channel"`
}

// lobbyJoinReq asks for the lobby's pushes; Changes (since v5) asks for
// the lists' changes after the first whole lists (lobbydiff.go).
type lobbyJoinReq struct {
	envelope
	Changes bool `json:"changes"`
	// Page, when positive, asks for Page tables from the From-th (the
	// first, by default) and one's own instead of every table (since v6);
	// Online and OnlineFrom the same of the online list (lobbypage.go).
	Page       int `json:"page"`
	From       int `json:"from"`
	Online     int `json:"online"`
	OnlineFrom int `json:"onlineFrom"`
}

// lobbyPageMax is the largest page of a lobby's list a member may ask
// for: a page is for a lobby too long to send whole, and a screen shows
// far fewer. lobbyFromMax bounds where a page may start.
const (
	lobbyPageMax = 500
	lobbyFromMax = 1_000_000
)

// lobbyPage checks one list's page of a lobby.join.
func lobbyPage(what, pageField, fromField string, n, from int) (pageKey, error) {
	switch {
	case n < 0 || n > lobbyPageMax:
		return pageKey{}, badRequest("a page of the lobby's %s (%s) holds 1 to %d (0 for all of them)", what, pageField, lobbyPageMax)
	case from < 0 || from > lobbyFromMax:
		return pageKey{}, badRequest("a page of the lobby's %s starts (%s) at 0 to %d", what, fromField, lobbyFromMax)
	case from > 0 && n == 0:
		return pageKey{}, badRequest("%s is where a page of the lobby's %s starts: give %s too", fromField, what, pageField)
	}
	return pageKey{from: from, n: n}, nil
}

func handleLobbyJoin(c *conn, data []byte) (any, error) {
	var req lobbyJoinReq
	if err := decodeStrict(data, &req); err != nil {
		return nil, err
	}
	var pages [2]pageKey // as lobbyPushes: the online list, the tables
	var err error
	if pages[0], err = lobbyPage("online list", "online", "onlineFrom", req.Online, req.OnlineFrom); err != nil {
		return nil, err
	}
	if pages[1], err = lobbyPage("tables", "page", "from", req.Page, req.From); err != nil {
		return nil, err
	}
	c.h.joinLobby(c, req.Changes, pages)
	return nil, nil
}

func handleLobbyLeave(c *conn, data []byte) (any, error) {
	var req envelope
	if err := decodeStrict(data, &req); err != nil {
		return nil, err
	}
	c.h.leaveLobby(c)
	return nil, nil
}

// chatAudience checks that c may write to (write) or read channel and
// returns who receives its messages.
func (c *conn) chatAudience(channel string, write bool) ([]*conn, error) {
	if channel == "lobby" {
		return c.h.lobbyMembers(), nil
	}
	id, ok := strings.CutPrefix(channel, "table:")
	if !ok {
		return nil, badRequest("unknown channel %q (use \"lobby\" or \"table:ID\")", channel)
	}
	t := c.h.s.tables.get(id)
	if t == nil {
		return nil, notFound("no table %q", id)
	}
	return t.chatAudience(c, write)
}

func handleChatSend(c *conn, data []byte) (any, error) {
	var req chatSendReq
	if err := decodeStrict(data, &req); err != nil {
		return nil, err
	}
	if req.Channel == nil || req.Text == nil {
		return nil, badRequest("chat.send needs channel and text")
	}
	to, err := c.chatAudience(*req.Channel, true)
	if err != nil {
		return nil, err
	}
	// The store keeps milliseconds: the pushed line carries the same time
	// as the one chat.history returns after a restart, so that a client
	// can tell it has seen the line.
	m := ChatMessage{Channel: *req.Channel, From: c.user.Name, Text: *req.Text, At: time.Now().UTC().Truncate(time.Millisecond)}
	if err := c.h.s.silenced(c); err != nil {
		return nil, err
	}
	if err := c.h.chat.post(c.user.ID, m); err != nil {
		return nil, err
	}
	// Durable before anyone sees it, like a move: a line that was shown
	// is still in the history after a crash.
	line := store.ChatLine{Channel: m.Channel, UserID: c.user.ID, From: m.From, Text: m.Text, At: m.At}
	if err := c.h.s.cfg.Store.AddChat(c.h.s.ctx, line); err != nil {
		c.h.chat.unpost(c.user.ID, m.At)
		c.h.s.log.Error("chat line not stored", "channel", m.Channel, "err", err)
		return nil, unavailable(err, "the message could not be saved; try again")
	}
	msg := mustJSON(struct {
		T string `json:"t"`
		ChatMessage
	}{"chat", m})
	for _, o := range to {
		// Whoever blocked or muted the writer is not shown the line.
		if !c.h.s.hidesChat(o.user.ID, c.user.ID) {
			o.push(msg)
		}
	}
	if r := c.h.s.relay; r != nil && m.Channel == "lobby" {
		r.publishLobbyChat(msg, c.user.ID)
	}
	if c.h.chat.stored(m.Channel) {
		// The line is stored and delivered: a failure here only delays
		// the pruning to the channel's next turn.
		if err := c.h.s.cfg.Store.PruneChat(c.h.s.ctx, m.Channel, c.h.chat.keep); err != nil {
			c.h.s.log.Warn("chat not pruned", "channel", m.Channel, "err", err)
		}
	}
	return nil, nil
}

func handleChatHistory(c *conn, data []byte) (any, error) {
	var req chatHistoryReq
	if err := decodeStrict(data, &req); err != nil {
		return nil, err
	}
	if req.Channel == nil {
		return nil, badRequest("chat.history needs channel")
	}
	if _, err := c.chatAudience(*req.Channel, false); err != nil {
		return nil, err
	}
	lines, err := c.h.s.cfg.Store.ChatLines(c.h.s.ctx, *req.Channel, chatHistory)
	if err != nil {
		c.h.s.log.Error("chat history not read", "channel", *req.Channel, "err", err)
		return nil, unavailable(err, "the chat history could not be read; try again")
	}
	msgs := make([]ChatMessage, 0, len(lines))
	var ties *tieSet
	if _, err := c.h.s.socialStore(); err == nil {
		if ties, err = c.h.s.ties(c.h.s.ctx, c.user.ID); err != nil {
			return nil, unavailable(err, "the chat history could not be read; try again")
		}
	}
	for _, l := range lines {
		if ties != nil && l.UserID != c.user.ID && ties.hides(l.UserID) {
			continue
		}
		msgs = append(msgs, ChatMessage{Channel: l.Channel, From: l.From, Text: l.Text, At: l.At})
	}
	return map[string]any{"messages": msgs}, nil
}
