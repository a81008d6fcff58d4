package server

import (
	"errors"
	"fmt"
	"sort"
	"strings"
	"sync"
	"time"
	"unicode/utf8"
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

// chat keeps the last messages of every channel in memory (chat is not
// worth a database write per line) and each user's recent sends for the
// rate limit.
type chat struct {
	mu      sync.Mutex
	history map[string][]ChatMessage
	recent  map[int64][]time.Time
}

func newChat() *chat {
	return &chat{history: make(map[string][]ChatMessage), recent: make(map[int64][]time.Time)}
}

// post records a message if the user is within the rate limit.
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
	h := append(ch.history[m.Channel], m)
	if len(h) > chatHistory {
		h = append([]ChatMessage(nil), h[len(h)-chatHistory:]...)
	}
	ch.history[m.Channel] = h
	return nil
}

func (ch *chat) last(channel string) []ChatMessage {
	ch.mu.Lock()
	defer ch.mu.Unlock()
	return append([]ChatMessage{}, ch.history[channel]...)
}

func (ch *chat) forget(channel string) {
	ch.mu.Lock()
	delete(ch.history, channel)
	ch.mu.Unlock()
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
	m := ChatMessage{Channel: *req.Channel, From: c.user.Name, Text: *req.Text, At: time.Now().UTC()}
	if err := c.h.chat.post(c.user.ID, m); err != nil {
		return nil, err
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
	return map[string]any{"messages": c.h.chat.last(*req.Channel)}, nil
}
