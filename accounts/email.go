package accounts

import (
	"context"
	"crypto/rand"
	"encoding/base64"
	"errors"
	"fmt"
	netmail "net/mail"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/parlor-games/parlor/mail"
	"github.com/parlor-games/parlor/store"
)

// An account may keep one e-mail address, verified: it becomes the
// account's only once a link mailed to it is opened, so that nobody can
// give an address they do not read and then have reset links sent there.
// The address is optional; without one a forgotten password cannot be
// reset.

// maxAddressLen is the longest address SMTP can carry (RFC 5321's path
// limit less its brackets).
const maxAddressLen = 254

// Email is what an account's settings show of its address.
type Email struct {
	// Address is the verified address, "" when there is none.
	Address string `json:"address,omitempty"`
	// Pending is an address a verification link was sent to and not yet
	// opened, "" when none is waiting.
	Pending string `json:"pending,omitempty"`
	// Mail says whether the server sends mail at all.
	Mail bool `json:"mail"`
}

// normalizeAddress checks an e-mail address as a person typed it and
// returns it trimmed, with its key (lower-cased) for comparing.
func normalizeAddress(raw string) (addr, key string, err error) {
	addr = strings.TrimSpace(raw)
	if addr == "" {
		return "", "", invalid("an e-mail address is required")
	}
	if !utf8.ValidString(addr) || len(addr) > maxAddressLen {
		return "", "", invalid("that e-mail address is too long or not valid text")
	}
	a, err := netmail.ParseAddress(addr)
	if err != nil || a.Name != "" || a.Address != addr || !strings.Contains(addr[strings.LastIndex(addr, "@")+1:], ".") {
		return "", "", invalid("%q is not an e-mail address (write it as name@example.org)", addr)
	}
	return addr, addressKey(addr), nil
}

// addressKey is how addresses are compared: without regard to case,
// which almost every mail system ignores.
func addressKey(addr string) string { return strings.ToLower(addr) }

// newLinkToken returns a fresh token of 256 random bits for a mailed link.
func newLinkToken() (string, error) {
	raw := make([]byte, 32)
	if _, err := rand.Read(raw); err != nil {
		return "", err
	}
	return base64.RawURLEncoding.EncodeToString(raw), nil
}

// link stores a link for purpose and returns its address on the site.
func (s *Service) link(ctx context.Context, userID int64, purpose store.LinkPurpose, address, path string, ttl time.Duration) (string, time.Time, error) {
	token, err := newLinkToken()
	if err != nil {
		return "", time.Time{}, err
	}
	now := s.now()
	exp := now.Add(ttl)
	if err := s.st.AddLink(ctx, store.Link{TokenHash: tokenHash(token), UserID: userID, Purpose: purpose, Address: address, Created: now, Expires: exp}); err != nil {
		return "", time.Time{}, err
	}
	return s.manage.site + path + token, exp, nil
}

// EmailOf returns what userID's settings show of its address.
func (s *Service) EmailOf(ctx context.Context, userID int64) (Email, error) {
	e, pending, err := s.st.EmailOf(ctx, userID, s.now())
	if err != nil && !errors.Is(err, store.ErrNotFound) {
		return Email{}, err
	}
	return Email{Address: e.Address, Pending: pending, Mail: s.MailOn()}, nil
}

// AddEmail mails a verification link to address for userID, once the
// account's password is confirmed (whoever holds a stolen session must
// not be able to give the account an address of theirs and then reset
// its password). The address becomes the account's when the link is
// opened (VerifyEmail); until then the verified address, if any, stays.
func (s *Service) AddEmail(ctx context.Context, userID int64, password, address string) (Email, error) {
	if s.manage.mail == nil {
		return Email{}, ErrNoMail
	}
	addr, _, err := normalizeAddress(address)
	if err != nil {
		return Email{}, err
	}
	if err := s.checkCurrent(ctx, userID, password); err != nil {
		return Email{}, err
	}
	u, err := s.UserByID(ctx, userID)
	if err != nil {
		return Email{}, err
	}
	url, exp, err := s.link(ctx, userID, store.LinkVerify, addr, "/verify-email/", s.manage.verifyTTL)
	if err != nil {
		return Email{}, err
	}
	msg := mail.Message{
		To:      addr,
		Subject: "Confirm your e-mail address for Parlor",
		Text: fmt.Sprintf("Hello %s,\n\nTo make %s the e-mail address of your Parlor account, open this link:\n\n%s\n\n"+
			"It works once, until %s. If you did not ask for this, ignore this mail: nothing changes.\n",
			u.Name, addr, url, exp.UTC().Format("2 January 2006 15:04 MST")),
	}
	if err := s.manage.mail.Send(ctx, msg); err != nil {
		s.log.ErrorContext(ctx, "sending a verification mail failed", "err", err)
		return Email{}, ErrMailFailed
	}
	return s.EmailOf(ctx, userID)
}

// VerifyEmail opens a verification link: its address becomes its
// account's verified address. The link works once.
func (s *Service) VerifyEmail(ctx context.Context, token string) (User, string, error) {
	if token == "" {
		return User{}, "", ErrBadLink
	}
	id, addr, err := s.st.VerifyEmail(ctx, tokenHash(token), s.now(), addressKey)
	if errors.Is(err, store.ErrNotFound) {
		return User{}, "", ErrBadLink
	}
	if err != nil {
		return User{}, "", err
	}
	u, err := s.UserByID(ctx, id)
	return u, addr, err
}

// RemoveEmail forgets userID's address, verified or waiting, and makes
// every link mailed for the account stop working.
func (s *Service) RemoveEmail(ctx context.Context, userID int64) (Email, error) {
	if err := s.st.RemoveEmail(ctx, userID); err != nil {
		return Email{}, err
	}
	return s.EmailOf(ctx, userID)
}
