package server

import (
	"errors"
	"fmt"
	"slices"
	"sort"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"github.com/parlor-games/parlor/store"
)

// Chat limits, as docs/protocol.md states them.
const (
	chatHistory = 100
	chatMaxLen  = 500
	chatBurst   = 5
	chatWindow  = 10 * time.Second
)

// ChatMessage is one line of chat.
type ChatMessage struct {
	Channel string    `json:"channel"`
	From    string    `json:"from"`
	Text    string    `json:"text"`
	At      time.Time `json:"at"`
}

// chat keeps each user's recent sends for the rate limit. The lines
// themselves are in the store (AddChat), so that a channel's history
// outlives a restart; the rate limit, a matter of seconds, starts afresh
// after one.
type chat struct {
	mu     sync.Mutex
	recent map[int64][]time.Time
}

func newChat() *chat {
	return &chat{recent: make(map[int64][]time.Time)}
}

// post checks a message against the length limit and counts it toward the
// user's rate limit, refusing it if the user is over the limit. A message
// that is then not delivered gives its place back with unpost.
func (ch *chat) post(userID int64, m ChatMessage) error {
	n := utf8.RuneCountInString(m.Text)
	if strings.TrimSpace(m.Text) == "" {
		return errors.New("a chat message cannot be empty")
	}
	if n > chatMaxLen {
		return fmt.Errorf("a chat message is at most %d characters (this one has %d)", chatMaxLen, n)
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
		return fmt.Errorf("at most %d chat messages per %d seconds: wait a moment", chatBurst, int(chatWindow/time.Second))
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

func sortOnline(users []onlineUser) {
	sort.Slice(users, func(i, j int) bool {
		return strings.ToLower(users[i].Name) < strings.ToLower(users[j].Name)
	})
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

func handleLobbyJoin(c *conn, data []byte) (any, error) {
	var req envelope
	if err := decodeStrict(data, &req); err != nil {
		return nil, err
	}
	c.h.joinLobby(c)
	return nil, nil
}

func handleLobbyLeave(c *conn, data []byte) (any, error) {
	var req envelope
	if err := decodeStrict(data, &req); err != nil {
		return nil, err
	}
	c.h.mu.Lock()
	delete(c.h.lobby, c)
	c.h.mu.Unlock()
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
		return nil, fmt.Errorf("unknown channel %q (use \"lobby\" or \"table:ID\")", channel)
	}
	t := c.h.s.tables.get(id)
	if t == nil {
		return nil, fmt.Errorf("no table %q", id)
	}
	return t.chatAudience(c, write)
}

func handleChatSend(c *conn, data []byte) (any, error) {
	var req chatSendReq
	if err := decodeStrict(data, &req); err != nil {
		return nil, err
	}
	if req.Channel == nil || req.Text == nil {
		return nil, errors.New("chat.send needs channel and text")
	}
	to, err := c.chatAudience(*req.Channel, true)
	if err != nil {
		return nil, err
	}
	// The store keeps milliseconds: the pushed line carries the same time
	// as the one chat.history returns after a restart, so that a client
	// can tell it has seen the line.
	m := ChatMessage{Channel: *req.Channel, From: c.user.Name, Text: *req.Text, At: time.Now().UTC().Truncate(time.Millisecond)}
	if err := c.h.chat.post(c.user.ID, m); err != nil {
		return nil, err
	}
	// Durable before anyone sees it, like a move: a line that was shown
	// is still in the history after a crash.
	line := store.ChatLine{Channel: m.Channel, UserID: c.user.ID, From: m.From, Text: m.Text, At: m.At}
	if err := c.h.s.cfg.Store.AddChat(c.h.s.ctx, line); err != nil {
		c.h.chat.unpost(c.user.ID, m.At)
		c.h.s.log.Error("chat line not stored", "channel", m.Channel, "err", err)
		return nil, errors.New("the message could not be saved; try again")
	}
	msg := mustJSON(struct {
		T string `json:"t"`
		ChatMessage
	}{"chat", m})
	for _, o := range to {
		o.push(msg)
	}
	return nil, nil
}

func handleChatHistory(c *conn, data []byte) (any, error) {
	var req chatHistoryReq
	if err := decodeStrict(data, &req); err != nil {
		return nil, err
	}
	if req.Channel == nil {
		return nil, errors.New("chat.history needs channel")
	}
	if _, err := c.chatAudience(*req.Channel, false); err != nil {
		return nil, err
	}
	lines, err := c.h.s.cfg.Store.ChatLines(c.h.s.ctx, *req.Channel, chatHistory)
	if err != nil {
		c.h.s.log.Error("chat history not read", "channel", *req.Channel, "err", err)
		return nil, errors.New("the chat history could not be read; try again")
	}
	msgs := make([]ChatMessage, 0, len(lines))
	for _, l := range lines {
		msgs = append(msgs, ChatMessage{Channel: l.Channel, From: l.From, Text: l.Text, At: l.At})
	}
	return map[string]any{"messages": msgs}, nil
}
