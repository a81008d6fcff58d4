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
// through the writer's group commit (exec), so a line costs no transaction
// or sync of its own, and a line the server has sent to anyone is never
// lost by a crash.
func (s *Store) AddChat(ctx context.Context, l ChatLine) error {
	if l.Channel == "" {
		return errors.New("store: a chat line needs a channel")
	}
	if err := s.exec(ctx, insertChat, l.Channel, l.UserID, l.From, l.Text, millis(l.At)); err != nil {
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

// PruneChat deletes all but the newest keep lines of a channel, so that a
// busy channel (the lobby) does not grow for ever. It goes through the
// writer's group commit, like AddChat. The statement walks the channel's
// index from its newest line, so it costs about keep index steps however
// long the channel is: the server calls it every so many lines of a
// channel rather than for each one.
func (s *Store) PruneChat(ctx context.Context, channel string, keep int) error {
	if keep <= 0 {
		return fmt.Errorf("store: prune chat: keep %d lines: must be positive", keep)
	}
	// With keep lines or fewer the subquery is NULL and nothing matches.
	err := s.exec(ctx, `DELETE FROM chat_lines WHERE channel = $1 AND id <= (
		SELECT id FROM chat_lines WHERE channel = $1 ORDER BY id DESC LIMIT 1 OFFSET $2)`, channel, keep)
	if err != nil {
		return fmt.Errorf("store: prune chat: %w", err)
	}
	return nil
}

// PruneAllChat is PruneChat for every channel at once, for start-up: it
// reads the whole table, which retention keeps small.
func (s *Store) PruneAllChat(ctx context.Context, keep int) error {
	if keep <= 0 {
		return fmt.Errorf("store: prune chat: keep %d lines: must be positive", keep)
	}
	err := s.exec(ctx, `DELETE FROM chat_lines WHERE id IN (
		SELECT id FROM (
			SELECT id, ROW_NUMBER() OVER (PARTITION BY channel ORDER BY id DESC) AS n FROM chat_lines
		) AS ranked WHERE n > $1)`, keep)
	if err != nil {
		return fmt.Errorf("store: prune chat: %w", err)
	}
	return nil
}

// DeleteChat removes a channel's stored lines: the server calls it when it
// forgets a finished table, whose chat nobody can read any more.
func (s *Store) DeleteChat(ctx context.Context, channel string) error {
	if err := s.exec(ctx, `DELETE FROM chat_lines WHERE channel = $1`, channel); err != nil {
		return fmt.Errorf("store: delete chat: %w", err)
	}
	return nil
}
