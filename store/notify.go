package store

import (
	"context"
	"errors"
	"fmt"
	"time"
)

// What the notifications of players who are not looking keep (see the
// server's notify.go): each browser's push subscription, each player's
// choice of what they are told and how, and which notices were sent, so
// that a notice goes out once however many nodes see its cause.

// notifySchema is the tables of the owner "notify" on SQLite;
// pgNotifySchema is the same on PostgreSQL.
var notifySchema = []string{
	// One row per browser: the endpoint is the browser's own, so a
	// browser that signs in as someone else moves its row to them.
	`CREATE TABLE push_subscriptions (
		endpoint TEXT PRIMARY KEY,
		user_id BIGINT NOT NULL,
		p256dh TEXT NOT NULL,
		auth TEXT NOT NULL,
		created BIGINT NOT NULL
	)`,
	`CREATE INDEX push_subscriptions_user ON push_subscriptions (user_id, created)`,
	// A row only for a choice that differs from the default (every kind
	// on every channel): most players never change them.
	`CREATE TABLE notify_prefs (
		user_id BIGINT NOT NULL,
		kind TEXT NOT NULL,
		channel TEXT NOT NULL,
		enabled INTEGER NOT NULL,
		PRIMARY KEY (user_id, kind, channel)
	)`,
	// Who claimed each notice (ClaimNotice): a random id per claim.
	`CREATE TABLE notices_sent (
		notice TEXT PRIMARY KEY,
		claimant TEXT NOT NULL,
		at BIGINT NOT NULL
	)`,
	`CREATE INDEX notices_sent_at ON notices_sent (at)`,
}

var pgNotifySchema = notifySchema

// PushSubscription is one browser's subscription to push messages, its
// keys in base64url as the browser gave them.
type PushSubscription struct {
	Endpoint string
	UserID   int64
	P256dh   string
	Auth     string
	Created  time.Time
}

// MaxPushSubscriptions is how many browsers one player may have
// subscribed at once; a new one past it replaces the oldest, so that an
// account cannot grow the table without end.
const MaxPushSubscriptions = 10

// SavePushSubscription keeps sub for its user, replacing the row of the
// same endpoint (whoever it belonged to) and dropping the user's oldest
// subscriptions past MaxPushSubscriptions.
func (s *Store) SavePushSubscription(ctx context.Context, sub PushSubscription) error {
	if sub.Endpoint == "" || sub.UserID == 0 {
		return errors.New("store: a push subscription needs an endpoint and a user")
	}
	err := s.ExecAll(ctx,
		Stmt{`INSERT INTO push_subscriptions (endpoint, user_id, p256dh, auth, created) VALUES ($1, $2, $3, $4, $5)
			ON CONFLICT (endpoint) DO UPDATE SET user_id = excluded.user_id, p256dh = excluded.p256dh, auth = excluded.auth, created = excluded.created`,
			[]any{sub.Endpoint, sub.UserID, sub.P256dh, sub.Auth, millis(time.Now())}},
		// The one just saved stays, whatever the clock says of the others.
		Stmt{`DELETE FROM push_subscriptions WHERE user_id = $1 AND endpoint <> $2 AND endpoint NOT IN (
			SELECT endpoint FROM push_subscriptions WHERE user_id = $1 AND endpoint <> $2 ORDER BY created DESC, endpoint LIMIT $3)`,
			[]any{sub.UserID, sub.Endpoint, MaxPushSubscriptions - 1}})
	if err != nil {
		return fmt.Errorf("store: push subscription of user %d: %w", sub.UserID, err)
	}
	return nil
}

// PushSubscriptions lists userID's subscriptions, newest first.
func (s *Store) PushSubscriptions(ctx context.Context, userID int64) ([]PushSubscription, error) {
	rows, err := s.query(ctx, `SELECT endpoint, p256dh, auth, created FROM push_subscriptions
		WHERE user_id = $1 ORDER BY created DESC, endpoint`, userID)
	if err != nil {
		return nil, fmt.Errorf("store: push subscriptions of user %d: %w", userID, err)
	}
	defer rows.Close()
	var out []PushSubscription
	for rows.Next() {
		sub := PushSubscription{UserID: userID}
		var created int64
		if err := rows.Scan(&sub.Endpoint, &sub.P256dh, &sub.Auth, &created); err != nil {
			return nil, fmt.Errorf("store: push subscriptions of user %d: %w", userID, err)
		}
		sub.Created = time.UnixMilli(created)
		out = append(out, sub)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("store: push subscriptions of user %d: %w", userID, err)
	}
	return out, nil
}

// DeletePushSubscription forgets endpoint; with userID not 0, only when
// it is that user's (a player unsubscribing), and with 0 whoever's it is
// (the push service said it is gone).
func (s *Store) DeletePushSubscription(ctx context.Context, userID int64, endpoint string) error {
	st := Stmt{`DELETE FROM push_subscriptions WHERE endpoint = $1`, []any{endpoint}}
	if userID != 0 {
		st = Stmt{`DELETE FROM push_subscriptions WHERE endpoint = $1 AND user_id = $2`, []any{endpoint, userID}}
	}
	if err := s.ExecAll(ctx, st); err != nil {
		return fmt.Errorf("store: forget push subscription: %w", err)
	}
	return nil
}

// NotifyPref is one choice of a player: whether notices of Kind reach
// them through Channel. The store keeps the names as given; the server
// says which exist.
type NotifyPref struct {
	Kind    string
	Channel string
	Enabled bool
}

// NotifyPrefs returns the choices userID has made; a kind and channel
// not listed keeps its default.
func (s *Store) NotifyPrefs(ctx context.Context, userID int64) ([]NotifyPref, error) {
	rows, err := s.query(ctx, `SELECT kind, channel, enabled FROM notify_prefs WHERE user_id = $1 ORDER BY kind, channel`, userID)
	if err != nil {
		return nil, fmt.Errorf("store: notification choices of user %d: %w", userID, err)
	}
	defer rows.Close()
	var out []NotifyPref
	for rows.Next() {
		var p NotifyPref
		var on int
		if err := rows.Scan(&p.Kind, &p.Channel, &on); err != nil {
			return nil, fmt.Errorf("store: notification choices of user %d: %w", userID, err)
		}
		p.Enabled = on != 0
		out = append(out, p)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("store: notification choices of user %d: %w", userID, err)
	}
	return out, nil
}

// SetNotifyPrefs stores prefs for userID, all of them or none.
func (s *Store) SetNotifyPrefs(ctx context.Context, userID int64, prefs []NotifyPref) error {
	stmts := make([]Stmt, 0, len(prefs))
	for _, p := range prefs {
		on := 0
		if p.Enabled {
			on = 1
		}
		stmts = append(stmts, Stmt{`INSERT INTO notify_prefs (user_id, kind, channel, enabled) VALUES ($1, $2, $3, $4)
			ON CONFLICT (user_id, kind, channel) DO UPDATE SET enabled = excluded.enabled`, []any{userID, p.Kind, p.Channel, on}})
	}
	if err := s.ExecAll(ctx, stmts...); err != nil {
		return fmt.Errorf("store: notification choices of user %d: %w", userID, err)
	}
	return nil
}

// noticeKeep is how long a sent notice is remembered: far longer than
// any two nodes could disagree about sending it.
const noticeKeep = 7 * 24 * time.Hour

// ClaimNotice records that the notice named key is being sent and
// reports whether this call is the first to claim it: of several nodes
// (or several tries) that see the same cause, exactly one sends. The
// claim is a write like any other of the node (it rides in the writer's
// batches, and on PostgreSQL is refused to a node whose lease is gone),
// and the winner is read back: each claim carries an id of its own.
// Claims older than a week are dropped on the way.
func (s *Store) ClaimNotice(ctx context.Context, key string) (bool, error) {
	if key == "" {
		return false, errors.New("store: a notice needs a key")
	}
	now, me := time.Now(), newID()
	err := s.ExecAll(ctx,
		Stmt{`INSERT INTO notices_sent (notice, claimant, at) VALUES ($1, $2, $3) ON CONFLICT (notice) DO NOTHING`, []any{key, me, millis(now)}},
		Stmt{`DELETE FROM notices_sent WHERE at < $1`, []any{millis(now.Add(-noticeKeep))}})
	if err != nil {
		return false, fmt.Errorf("store: claim notice %s: %w", key, err)
	}
	rows, err := s.query(ctx, `SELECT claimant FROM notices_sent WHERE notice = $1`, key)
	if err != nil {
		return false, fmt.Errorf("store: claim notice %s: %w", key, err)
	}
	defer rows.Close()
	var who string
	if rows.Next() {
		if err := rows.Scan(&who); err != nil {
			return false, fmt.Errorf("store: claim notice %s: %w", key, err)
		}
	}
	if err := rows.Err(); err != nil {
		return false, fmt.Errorf("store: claim notice %s: %w", key, err)
	}
	return who == me, nil
}
