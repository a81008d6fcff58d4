package server

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"time"

	"github.com/parlor-games/parlor/webpush"
)

// PushConfig sets up Web Push (pushnotify.go).
type PushConfig struct {
	// Contact is the operator's address given to push services with each
	// message (a mailto: or https: URL), for them to write to about the
	// server's traffic; "" gives DefaultPushContact.
	Contact string
	// Insecure accepts subscriptions whose push service is a plain http
	// URL: a push service on a private network, or a test's.
	Insecure bool
	// Client makes the requests to push services; nil means one with a
	// 10-second timeout.
	Client *http.Client
}

// DefaultPushContact is PushConfig.Contact's default. Push services ask
// for a contact, and a server with none to give still sends.
const DefaultPushContact = "mailto:operator@parlor.invalid"

// vapidKeyName is the server key (Store.Key) whose 32 bytes are the
// VAPID private key: kept in the database, so every node signs with the
// same key and the browsers' subscriptions, made with its public half,
// stay valid across restarts.
const vapidKeyName = "vapid"

// pushTTL is how long a push service keeps a notice for a device that is
// offline: a day, after which a "your move" is stale (the lobby lists it).
const pushTTL = 24 * time.Hour

// pushSender sends the server's notices by Web Push.
type pushSender struct {
	sender   *webpush.Sender
	insecure bool
}

func newPushSender(ctx context.Context, st Store, cfg PushConfig) (*pushSender, error) {
	secret, err := st.Key(ctx, vapidKeyName)
	if err != nil {
		return nil, fmt.Errorf("server: the Web Push key: %w", err)
	}
	contact := cfg.Contact
	if contact == "" {
		contact = DefaultPushContact
	}
	v, err := webpush.NewVAPID(secret, contact)
	if err != nil {
		return nil, fmt.Errorf("server: the Web Push key: %w", err)
	}
	return &pushSender{sender: &webpush.Sender{VAPID: v, Client: cfg.Client}, insecure: cfg.Insecure}, nil
}

// pushPayload is what the service worker receives (web/src/sw.ts).
type pushPayload struct {
	Kind  NoticeKind `json:"kind"`
	Title string     `json:"title"`
	Body  string     `json:"body"`
	URL   string     `json:"url"`
	Tag   string     `json:"tag,omitempty"`
}

// notify sends n to every browser its player subscribed, forgetting
// those their push service says are gone.
func (p *pushSender) notify(ctx context.Context, ns noticeStore, n Notice) error {
	subs, err := ns.PushSubscriptions(ctx, n.UserID)
	if err != nil || len(subs) == 0 {
		return err
	}
	body, err := json.Marshal(pushPayload{Kind: n.Kind, Title: n.Title, Body: n.Body, URL: n.URL, Tag: n.Tag})
	if err != nil {
		return err
	}
	msg := webpush.Message{Payload: body, TTL: pushTTL, Urgency: webpush.UrgencyNormal}
	if n.Kind == NoticeTurn || n.Kind == NoticeChallenge {
		msg.Urgency = webpush.UrgencyHigh
	}
	var errs []error
	for _, sub := range subs {
		var ws webpush.Subscription
		ws.Endpoint, ws.Keys.P256dh, ws.Keys.Auth = sub.Endpoint, sub.P256dh, sub.Auth
		err := p.sender.Send(ctx, ws, msg)
		if errors.Is(err, webpush.ErrGone) {
			if err := ns.DeletePushSubscription(ctx, 0, sub.Endpoint); err != nil {
				errs = append(errs, err)
			}
			continue
		}
		errs = append(errs, err)
	}
	return errors.Join(errs...)
}
