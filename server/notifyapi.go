package server

import (
	"context"
	"errors"
	"io"
	"net/http"
	"slices"

	"github.com/parlor-games/parlor/store"
	"github.com/parlor-games/parlor/webpush"
)

// The HTTP endpoints of notifications (docs/protocol.md, "Notifications"):
// the server's Web Push key, a browser's subscription, and the player's
// choices of what they are told and how.

func (s *Server) notifyRoutes(mux *http.ServeMux) {
	mux.HandleFunc("GET /api/push/key", s.apiPushKey)
	mux.HandleFunc("POST /api/push/subscribe", s.authed(s.apiPushSubscribe))
	mux.HandleFunc("POST /api/push/unsubscribe", s.authed(s.apiPushUnsubscribe))
	mux.HandleFunc("GET /api/notify/prefs", s.authed(s.apiNotifyPrefs))
	mux.HandleFunc("PUT /api/notify/prefs", s.authed(s.apiNotifyPrefsSet))
	s.mailRoutes(mux)
}

// pushOff is the refusal when this server sends no push messages.
const pushOff = "this server sends no push notifications"

func (s *Server) apiPushKey(w http.ResponseWriter, r *http.Request) {
	if s.notices == nil || s.notices.push == nil {
		httpError(w, http.StatusNotFound, pushOff)
		return
	}
	writeJSON(w, http.StatusOK, map[string]string{"key": s.notices.push.sender.VAPID.PublicKey()})
}

// readJSON decodes a small request body strictly, answering the request
// itself when it cannot.
func readJSON(w http.ResponseWriter, r *http.Request, v any) bool {
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, 16<<10))
	if err != nil {
		httpError(w, http.StatusRequestEntityTooLarge, "the body is at most 16 KiB")
		return false
	}
	if err := decodeStrict(body, v); err != nil {
		httpError(w, http.StatusBadRequest, err.Error())
		return false
	}
	return true
}

// subscribeReq is a PushSubscription as the browser's toJSON() gives it,
// whose expirationTime is read and ignored (the push service says when a
// subscription is gone).
type subscribeReq struct {
	webpush.Subscription
	ExpirationTime *float64 `json:"expirationTime"`
}

func (s *Server) apiPushSubscribe(w http.ResponseWriter, r *http.Request, u Identity) {
	if s.notices == nil || s.notices.push == nil {
		httpError(w, http.StatusNotFound, pushOff)
		return
	}
	var req subscribeReq
	if !readJSON(w, r, &req) {
		return
	}
	if err := req.Check(s.notices.push.insecure); err != nil {
		httpError(w, http.StatusBadRequest, "not a push subscription: "+err.Error())
		return
	}
	err := s.notices.store.SavePushSubscription(r.Context(), store.PushSubscription{
		Endpoint: req.Endpoint, UserID: u.ID, P256dh: req.Keys.P256dh, Auth: req.Keys.Auth})
	if err != nil {
		s.storeError(w, err, "")
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

func (s *Server) apiPushUnsubscribe(w http.ResponseWriter, r *http.Request, u Identity) {
	if s.notices == nil || s.notices.store == nil {
		httpError(w, http.StatusNotFound, pushOff)
		return
	}
	var req struct {
		Endpoint string `json:"endpoint"`
	}
	if !readJSON(w, r, &req) {
		return
	}
	if req.Endpoint == "" {
		httpError(w, http.StatusBadRequest, "unsubscribe needs the endpoint")
		return
	}
	if err := s.notices.store.DeletePushSubscription(r.Context(), u.ID, req.Endpoint); err != nil {
		s.storeError(w, err, "")
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

// NoticePref is one choice as the endpoints show it.
type NoticePref struct {
	Kind    NoticeKind    `json:"kind"`
	Channel NoticeChannel `json:"channel"`
	Enabled bool          `json:"enabled"`
}

// noticePrefs is a player's choices; a kind and channel absent is on.
type noticePrefs map[NoticeKind]map[NoticeChannel]bool

func (p noticePrefs) on(k NoticeKind, ch NoticeChannel) bool {
	on, set := p[k][ch]
	return on || !set
}

// list is every kind on every channel, in settings' order.
func (p noticePrefs) list() []NoticePref {
	var out []NoticePref
	for _, k := range NoticeKinds {
		for _, ch := range NoticeChannels {
			out = append(out, NoticePref{Kind: k, Channel: ch, Enabled: p.on(k, ch)})
		}
	}
	return out
}

func (s *Server) noticePrefs(ctx context.Context, userID int64) (noticePrefs, error) {
	rows, err := s.notices.store.NotifyPrefs(ctx, userID)
	if err != nil {
		return nil, err
	}
	p := noticePrefs{}
	for _, r := range rows {
		k, ch := NoticeKind(r.Kind), NoticeChannel(r.Channel)
		if p[k] == nil {
			p[k] = map[NoticeChannel]bool{}
		}
		p[k][ch] = r.Enabled
	}
	return p, nil
}

func (s *Server) apiNotifyPrefs(w http.ResponseWriter, r *http.Request, u Identity) {
	if s.notices == nil || s.notices.store == nil {
		httpError(w, http.StatusNotFound, pushOff)
		return
	}
	p, err := s.noticePrefs(r.Context(), u.ID)
	if err != nil {
		s.storeError(w, err, "")
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"prefs": p.list()})
}

// errPrefs is the refusal of a choice of an unknown kind or channel.
var errPrefs = errors.New("prefs lists choices of a known kind (turn, challenge, ended, friendOnline) and channel (push, mail)")

func (s *Server) apiNotifyPrefsSet(w http.ResponseWriter, r *http.Request, u Identity) {
	if s.notices == nil || s.notices.store == nil {
		httpError(w, http.StatusNotFound, pushOff)
		return
	}
	var req struct {
		Prefs []NoticePref `json:"prefs"`
	}
	if !readJSON(w, r, &req) {
		return
	}
	if len(req.Prefs) == 0 || len(req.Prefs) > len(NoticeKinds)*len(NoticeChannels) {
		httpError(w, http.StatusBadRequest, errPrefs.Error())
		return
	}
	rows := make([]store.NotifyPref, 0, len(req.Prefs))
	for _, p := range req.Prefs {
		if !slices.Contains(NoticeKinds, p.Kind) || !slices.Contains(NoticeChannels, p.Channel) {
			httpError(w, http.StatusBadRequest, errPrefs.Error())
			return
		}
		rows = append(rows, store.NotifyPref{Kind: string(p.Kind), Channel: string(p.Channel), Enabled: p.Enabled})
	}
	if err := s.notices.store.SetNotifyPrefs(r.Context(), u.ID, rows); err != nil {
		s.storeError(w, err, "")
		return
	}
	s.apiNotifyPrefs(w, r, u)
}
