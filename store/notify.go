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
	// A player's address for notices by mail (one each), and the notices
	// waiting for their next digest.
	`CREATE TABLE mail_addresses (
		user_id BIGINT PRIMARY KEY,
		address TEXT NOT NULL,
		token TEXT NOT NULL UNIQUE,
		verified INTEGER NOT NULL,
		every_min BIGINT NOT NULL,
		last_sent BIGINT NOT NULL,
		set_at BIGINT NOT NULL
	)`,
	`CREATE TABLE mail_pending (
		user_id BIGINT NOT NULL,
		notice TEXT NOT NULL,
		title TEXT NOT NULL,
		body TEXT NOT NULL,
		url TEXT NOT NULL,
		at BIGINT NOT NULL,
		PRIMARY KEY (user_id, notice)
	)`,
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
	return s.claimedBy(ctx, key, me)
}

// MailAddress is a player's address for notices by mail, and how often
// a digest may go to it.
type MailAddress struct {
	UserID   int64
	Address  string
	Verified bool
	// Token is the secret the verification and unsubscribe links carry:
	// whoever reads the mailbox may confirm or stop the mail, with no
	// session.
	Token string
	Every time.Duration
	// LastSent is when the last digest went, zero for none.
	LastSent time.Time
	// SetAt is when the address was given.
	SetAt time.Time
}

// MailItem is one notice waiting for the next digest.
type MailItem struct {
	Notice, Title, Body, URL string
	At                       time.Time
}

// SetMailAddress gives userID the address, not yet verified, with a new
// token; the notices waiting for a former address are dropped.
func (s *Store) SetMailAddress(ctx context.Context, userID int64, address string, every time.Duration) (MailAddress, error) {
	a := MailAddress{UserID: userID, Address: address, Token: newID() + newID(), Every: every, SetAt: time.Now()}
	err := s.ExecAll(ctx,
		Stmt{`INSERT INTO mail_addresses (user_id, address, token, verified, every_min, last_sent, set_at) VALUES ($1, $2, $3, 0, $4, 0, $5)
			ON CONFLICT (user_id) DO UPDATE SET address = excluded.address, token = excluded.token, verified = 0, every_min = excluded.every_min, set_at = excluded.set_at`,
			[]any{userID, address, a.Token, int64(every / time.Minute), millis(a.SetAt)}},
		Stmt{`DELETE FROM mail_pending WHERE user_id = $1`, []any{userID}})
	if err != nil {
		return MailAddress{}, fmt.Errorf("store: mail address of user %d: %w", userID, err)
	}
	return a, nil
}

// MailAddressOf returns userID's address; ErrNotFound when there is none.
func (s *Store) MailAddressOf(ctx context.Context, userID int64) (MailAddress, error) {
	return s.mailAddress(ctx, `WHERE user_id = $1`, userID)
}

func (s *Store) mailAddress(ctx context.Context, where string, arg any) (MailAddress, error) {
	rows, err := s.query(ctx, `SELECT user_id, address, token, verified, every_min, last_sent, set_at FROM mail_addresses `+where, arg)
	if err != nil {
		return MailAddress{}, fmt.Errorf("store: mail address: %w", err)
	}
	defer rows.Close()
	if !rows.Next() {
		if err := rows.Err(); err != nil {
			return MailAddress{}, fmt.Errorf("store: mail address: %w", err)
		}
		return MailAddress{}, ErrNotFound
	}
	var a MailAddress
	var verified int
	var every, last, set int64
	if err := rows.Scan(&a.UserID, &a.Address, &a.Token, &verified, &every, &last, &set); err != nil {
		return MailAddress{}, fmt.Errorf("store: mail address: %w", err)
	}
	a.Verified, a.Every, a.SetAt = verified != 0, time.Duration(every)*time.Minute, time.UnixMilli(set)
	if last != 0 {
		a.LastSent = time.UnixMilli(last)
	}
	return a, nil
}

// VerifyMail marks the address holding token verified and returns it;
// ErrNotFound for a token no address holds.
func (s *Store) VerifyMail(ctx context.Context, token string) (MailAddress, error) {
	a, err := s.mailAddress(ctx, `WHERE token = $1`, token)
	if err != nil {
		return a, err
	}
	if err := s.ExecAll(ctx, Stmt{`UPDATE mail_addresses SET verified = 1 WHERE token = $1`, []any{token}}); err != nil {
		return a, fmt.Errorf("store: verify mail address: %w", err)
	}
	a.Verified = true
	return a, nil
}

// DeleteMailAddress forgets userID's address and what waits for it.
func (s *Store) DeleteMailAddress(ctx context.Context, userID int64) error {
	if err := s.ExecAll(ctx,
		Stmt{`DELETE FROM mail_addresses WHERE user_id = $1`, []any{userID}},
		Stmt{`DELETE FROM mail_pending WHERE user_id = $1`, []any{userID}}); err != nil {
		return fmt.Errorf("store: forget mail address of user %d: %w", userID, err)
	}
	return nil
}

// QueueMail keeps a notice for userID's next digest, if they have a
// verified address; a notice queued twice is kept once.
func (s *Store) QueueMail(ctx context.Context, userID int64, it MailItem) error {
	if err := s.ExecAll(ctx, Stmt{`INSERT INTO mail_pending (user_id, notice, title, body, url, at)
		SELECT $1, $2, $3, $4, $5, $6 WHERE EXISTS (SELECT 1 FROM mail_addresses WHERE user_id = $1 AND verified = 1)
		ON CONFLICT (user_id, notice) DO NOTHING`,
		[]any{userID, it.Notice, it.Title, it.Body, it.URL, millis(it.At)}}); err != nil {
		return fmt.Errorf("store: mail for user %d: %w", userID, err)
	}
	return nil
}

// DueDigests lists the users whose digest may go at now: a verified
// address, notices waiting, and their interval passed since the last.
func (s *Store) DueDigests(ctx context.Context, now time.Time) ([]int64, error) {
	rows, err := s.query(ctx, `SELECT a.user_id FROM mail_addresses a
		WHERE a.verified = 1 AND a.last_sent + a.every_min * 60000 <= $1
		AND EXISTS (SELECT 1 FROM mail_pending p WHERE p.user_id = a.user_id)
		ORDER BY a.user_id`, millis(now))
	if err != nil {
		return nil, fmt.Errorf("store: digests due: %w", err)
	}
	defer rows.Close()
	var out []int64
	for rows.Next() {
		var u int64
		if err := rows.Scan(&u); err != nil {
			return nil, fmt.Errorf("store: digests due: %w", err)
		}
		out = append(out, u)
	}
	return out, rows.Err()
}

// TakeDigest claims userID's digest at now and returns its address and
// the notices it holds, oldest first, removing them. Of several nodes
// taking the same digest one gets it (the claim moves last_sent on only
// from the value it read); the others get ErrNotFound, as does a user
// with nothing due.
func (s *Store) TakeDigest(ctx context.Context, userID int64, now time.Time) (MailAddress, []MailItem, error) {
	a, err := s.MailAddressOf(ctx, userID)
	if err != nil {
		return a, nil, err
	}
	last := int64(0)
	if !a.LastSent.IsZero() {
		last = millis(a.LastSent)
	}
	if !a.Verified || last+int64(a.Every/time.Millisecond) > millis(now) {
		return a, nil, ErrNotFound
	}
	me := newID()
	if err := s.ExecAll(ctx,
		Stmt{`UPDATE mail_addresses SET last_sent = $1 WHERE user_id = $2 AND last_sent = $3`, []any{millis(now), userID, last}},
		Stmt{`INSERT INTO notices_sent (notice, claimant, at) VALUES ($1, $2, $3) ON CONFLICT (notice) DO NOTHING`,
			[]any{fmt.Sprintf("digest:%d:%d", userID, last), me, millis(now)}}); err != nil {
		return a, nil, fmt.Errorf("store: digest of user %d: %w", userID, err)
	}
	won, err := s.claimedBy(ctx, fmt.Sprintf("digest:%d:%d", userID, last), me)
	if err != nil || !won {
		if err == nil {
			err = ErrNotFound
		}
		return a, nil, err
	}
	rows, err := s.query(ctx, `SELECT notice, title, body, url, at FROM mail_pending WHERE user_id = $1 ORDER BY at, notice`, userID)
	if err != nil {
		return a, nil, fmt.Errorf("store: digest of user %d: %w", userID, err)
	}
	var items []MailItem
	for rows.Next() {
		var it MailItem
		var at int64
		if err := rows.Scan(&it.Notice, &it.Title, &it.Body, &it.URL, &at); err != nil {
			rows.Close()
			return a, nil, fmt.Errorf("store: digest of user %d: %w", userID, err)
		}
		it.At = time.UnixMilli(at)
		items = append(items, it)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return a, nil, fmt.Errorf("store: digest of user %d: %w", userID, err)
	}
	del := make([]Stmt, 0, len(items))
	for _, it := range items {
		del = append(del, Stmt{`DELETE FROM mail_pending WHERE user_id = $1 AND notice = $2`, []any{userID, it.Notice}})
	}
	if err := s.ExecAll(ctx, del...); err != nil {
		return a, nil, fmt.Errorf("store: digest of user %d: %w", userID, err)
	}
	a.LastSent = now
	return a, items, nil
}

// claimedBy reports whether the notice key was claimed by claimant.
func (s *Store) claimedBy(ctx context.Context, key, claimant string) (bool, error) {
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
	return who == claimant, nil
}
