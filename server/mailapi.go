package server

import (
	"errors"
	"html"
	"net/http"
	"slices"
	"time"

	"github.com/parlor-games/parlor/store"
)

// The endpoints of notices by mail (docs/protocol.md, "Notifications"):
// the player's address and interval, and the links of the mails, which
// need no session: the token they carry is the proof.

func (s *Server) mailRoutes(mux *http.ServeMux) {
	mux.HandleFunc("GET /api/notify/mail", s.authed(s.apiMail))
	mux.HandleFunc("PUT /api/notify/mail", s.authed(s.apiMailSet))
	mux.HandleFunc("DELETE /api/notify/mail", s.authed(s.apiMailDelete))
	mux.HandleFunc("GET /api/notify/mail/verify", s.apiMailVerify)
	mux.HandleFunc("GET /api/notify/mail/unsubscribe", s.apiMailUnsubscribePage)
	mux.HandleFunc("POST /api/notify/mail/unsubscribe", s.apiMailUnsubscribe)
}

// mailOff is the refusal when this server sends no mail.
const mailOff = "this server sends no mail"

// mailJSON is a player's mail settings as the endpoints show them.
type mailJSON struct {
	Address  string `json:"address"`
	Verified bool   `json:"verified"`
	// Every is the digest's interval in minutes.
	Every int `json:"every"`
}

func (s *Server) mailer() *mailer {
	if s.notices == nil {
		return nil
	}
	return s.notices.mail
}

func (s *Server) apiMail(w http.ResponseWriter, r *http.Request, u Identity) {
	m := s.mailer()
	if m == nil {
		httpError(w, http.StatusNotFound, mailOff)
		return
	}
	a, err := m.store.MailAddressOf(r.Context(), u.ID)
	if errors.Is(err, store.ErrNotFound) {
		writeJSON(w, http.StatusOK, mailJSON{Every: mailIntervals[len(mailIntervals)-1]})
		return
	}
	if err != nil {
		s.storeError(w, err, "")
		return
	}
	writeJSON(w, http.StatusOK, mailJSON{Address: a.Address, Verified: a.Verified, Every: int(a.Every / time.Minute)})
}

func (s *Server) apiMailSet(w http.ResponseWriter, r *http.Request, u Identity) {
	m := s.mailer()
	if m == nil {
		httpError(w, http.StatusNotFound, mailOff)
		return
	}
	var req mailJSON
	if !readJSON(w, r, &req) {
		return
	}
	if err := checkAddress(req.Address); err != nil {
		httpError(w, http.StatusBadRequest, err.Error())
		return
	}
	if !slices.Contains(mailIntervals, req.Every) {
		httpError(w, http.StatusBadRequest, "every must be 60, 360 or 1440 minutes")
		return
	}
	if req.Verified {
		httpError(w, http.StatusBadRequest, "an address is verified from the mail the server sends it, not by asking")
		return
	}
	// One confirmation mail a minute per player, so that the endpoint
	// cannot fill someone's mailbox.
	prev, err := m.store.MailAddressOf(r.Context(), u.ID)
	if err != nil && !errors.Is(err, store.ErrNotFound) {
		s.storeError(w, err, "")
		return
	}
	if err == nil && time.Since(prev.SetAt) < time.Minute {
		w.Header().Set("Retry-After", "60")
		httpError(w, http.StatusTooManyRequests, "one confirmation mail a minute: try again in a minute")
		return
	}
	a, err := m.store.SetMailAddress(r.Context(), u.ID, req.Address, time.Duration(req.Every)*time.Minute)
	if err != nil {
		s.storeError(w, err, "")
		return
	}
	link := m.cfg.BaseURL + "/api/notify/mail/verify?token=" + a.Token
	body := "Someone, you we hope, asked Parlor to send notices of their games to this address.\n\n" +
		"To confirm, open:\n" + link + "\n\nIf it was not you, do nothing: without confirmation nothing more is sent.\n"
	if err := m.send(r.Context(), a, "Confirm your address for Parlor", body, false); err != nil {
		s.log.Warn("verification mail not sent", "user", u.ID, "err", err)
		httpError(w, http.StatusServiceUnavailable, "the confirmation mail could not be sent just now; try again")
		return
	}
	writeJSON(w, http.StatusOK, mailJSON{Address: a.Address, Every: req.Every})
}

func (s *Server) apiMailDelete(w http.ResponseWriter, r *http.Request, u Identity) {
	m := s.mailer()
	if m == nil {
		httpError(w, http.StatusNotFound, mailOff)
		return
	}
	if err := m.store.DeleteMailAddress(r.Context(), u.ID); err != nil {
		s.storeError(w, err, "")
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

// apiMailVerify is the link of the confirmation mail: it confirms the
// address and shows the settings.
func (s *Server) apiMailVerify(w http.ResponseWriter, r *http.Request) {
	m := s.mailer()
	if m == nil {
		httpError(w, http.StatusNotFound, mailOff)
		return
	}
	if _, err := m.store.VerifyMail(r.Context(), r.URL.Query().Get("token")); err != nil {
		s.storeError(w, err, "this confirmation link is not valid (any more): add the address again in Settings")
		return
	}
	http.Redirect(w, r, "/settings?mail=confirmed", http.StatusSeeOther)
}

// apiMailUnsubscribePage is the link in a digest: a page with one button,
// since link checkers in mail services open links by themselves and must
// not stop anybody's mail.
func (s *Server) apiMailUnsubscribePage(w http.ResponseWriter, r *http.Request) {
	tok := r.URL.Query().Get("token")
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	_, _ = w.Write([]byte(`<!doctype html><html lang="en"><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>Parlor: no more mail</title>` +
		`<form method="post" action="/api/notify/mail/unsubscribe?token=` + html.EscapeString(tok) + `"><p>Stop all mail from Parlor to this address?</p><button>Stop the mail</button></form></html>`))
}

// apiMailUnsubscribe stops the mail at once (RFC 8058's one-click POST,
// or the page's button).
func (s *Server) apiMailUnsubscribe(w http.ResponseWriter, r *http.Request) {
	m := s.mailer()
	if m == nil {
		httpError(w, http.StatusNotFound, mailOff)
		return
	}
	a, err := m.store.VerifyMail(r.Context(), r.URL.Query().Get("token"))
	if errors.Is(err, store.ErrNotFound) {
		// Already stopped, or never: either way no mail goes.
		w.Header().Set("Content-Type", "text/plain; charset=utf-8")
		_, _ = w.Write([]byte("No mail goes to this address.\n"))
		return
	}
	if err == nil {
		err = m.store.DeleteMailAddress(r.Context(), a.UserID)
	}
	if err != nil {
		s.storeError(w, err, "")
		return
	}
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	_, _ = w.Write([]byte("Done: Parlor sends no more mail to this address.\n"))
}
