package store

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"time"
)

// ChatLine is one line of chat of a channel ("lobby", "table:ID"), kept so
// that a channel's history outlives a restart of the server.
type ChatLine struct {
	Channel string
	UserID  int64 // the sender's account or guest id
	From    string
	Text    string
	At      time.Time // stored to the millisecond
}

const insertChat = `INSERT INTO chat_lines (channel, user_id, from_name, text, at) VALUES ($1, $2, $3, $4, $5)`

// AddChat stores a line of chat and returns once it is durable. It goes
// through the writer's group commit (Exec), so a line costs no transaction
// or sync of its own, and a line the server has sent to anyone is never
// lost by a crash.
func (s *Store) AddChat(ctx context.Context, l ChatLine) error {
	if l.Channel == "" {
		return errors.New("store: a chat line needs a channel")
	}
	if err := s.Exec(ctx, insertChat, l.Channel, l.UserID, l.From, l.Text, millis(l.At)); err != nil {
		return fmt.Errorf("store: add chat line: %w", err)
	}
	return nil
}

// ChatLines returns the last n lines of a channel, oldest first, in the
// order they were stored.
func (s *Store) ChatLines(ctx context.Context, channel string, n int) ([]ChatLine, error) {
	if n <= 0 {
		return nil, nil
	}
	rows, err := s.db.QueryContext(ctx,
		`SELECT user_id, from_name, text, at FROM chat_lines WHERE channel = $1 ORDER BY id DESC LIMIT $2`, channel, n)
	if err != nil {
		return nil, fmt.Errorf("store: chat lines: %w", err)
	}
	defer rows.Close()
	var out []ChatLine
	for rows.Next() {
		l := ChatLine{Channel: channel}
		var at int64
		if err := rows.Scan(&l.UserID, &l.From, &l.Text, &at); err != nil {
			return nil, fmt.Errorf("store: chat lines: %w", err)
		}
		l.At = fromMillis(at)
		out = append(out, l)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("store: chat lines: %w", err)
	}
	slices.Reverse(out)
	return out, nil
}

// DeleteChat removes a channel's stored lines: the server calls it when it
// forgets a finished table, whose chat nobody can read any more.
func (s *Store) DeleteChat(ctx context.Context, channel string) error {
	if err := s.Exec(ctx, `DELETE FROM chat_lines WHERE channel = $1`, channel); err != nil {
		return fmt.Errorf("store: delete chat: %w", err)
	}
	return nil
}
