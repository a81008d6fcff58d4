package accounts

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/parlor-games/parlor/mail"
	"github.com/parlor-games/parlor/store"
)

// A forgotten password is reset by a link mailed to the account's
// verified address. Asking for one answers alike whatever was asked
// about: an unknown name, an account without an address, an address
// nobody verified and a real account all get the same answer in about
// the same time (the mail leaves in the background), so the form cannot
// be used to learn who plays here or by which address.

// RequestReset mails a reset link to the verified address of the account
// named who, or to every account that verified the address who. It
// returns nil whatever it found; only the limits (ErrRateLimited, applied
// by the caller) and a store that does not answer show.
func (s *Service) RequestReset(ctx context.Context, who string) error {
	if s.manage.mail == nil {
		return ErrNoMail
	}
	who = strings.TrimSpace(who)
	if who == "" {
		return invalid("give your name or your e-mail address")
	}
	type target struct {
		user    store.User
		address string
	}
	var targets []target
	if strings.Contains(who, "@") {
		users, addrs, err := s.st.UsersByEmail(ctx, addressKey(who))
		if err != nil {
			return err
		}
		for i, u := range users {
			targets = append(targets, target{u, addrs[i]})
		}
	} else {
		u, err := s.st.UserByNameKey(ctx, nameKey(who))
		if err != nil && !errors.Is(err, store.ErrNotFound) {
			return err
		}
		if err == nil && !u.Guest {
			e, _, err := s.st.EmailOf(ctx, u.ID, s.now())
			if err != nil && !errors.Is(err, store.ErrNotFound) {
				return err
			}
			if err == nil {
				targets = append(targets, target{u, e.Address})
			}
		}
	}
	for _, t := range targets {
		url, exp, err := s.link(ctx, t.user.ID, store.LinkReset, t.address, "/reset/", s.manage.resetTTL)
		if err != nil {
			return err
		}
		s.sendLater(mail.Message{
			To:      t.address,
			Subject: "Reset your Parlor password",
			Text: fmt.Sprintf("Hello %s,\n\nSomeone, hopefully you, asked to reset the password of your Parlor account %s. "+
				"To choose a new password, open this link:\n\n%s\n\nIt works once, until %s. "+
				"If you did not ask for this, ignore this mail: your password stays as it is.\n",
				t.user.Name, t.user.Name, url, exp.UTC().Format("2 January 2006 15:04 MST")),
		})
	}
	return nil
}

// sendLater sends m in the background, so that how long a request takes
// does not tell whether a mail went out. A failure is logged: the person
// sees no mail and may ask again.
func (s *Service) sendLater(m mail.Message) {
	s.manage.sending.Add(1)
	go func() {
		defer s.manage.sending.Done()
		ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
		defer cancel()
		if err := s.manage.mail.Send(ctx, m); err != nil {
			s.log.Error("sending a password reset mail failed", "err", err)
		}
	}()
}

// ResetPassword opens a reset link: the account's password becomes
// password, every session of the account ends, and the link and every
// other reset link of the account stop working.
func (s *Service) ResetPassword(ctx context.Context, token, password string) (User, error) {
	if err := validatePassword(password); err != nil {
		return User{}, err
	}
	if token == "" {
		return User{}, ErrBadLink
	}
	h, err := s.hashPW(ctx, password)
	if err != nil {
		return User{}, err
	}
	u, err := s.st.ResetPassword(ctx, tokenHash(token), s.now(), h)
	if errors.Is(err, store.ErrNotFound) {
		return User{}, ErrBadLink
	}
	if err != nil {
		return User{}, err
	}
	s.sessionsEnded(u.ID, "")
	return User{ID: u.ID, Name: u.Name, Guest: u.Guest}, nil
}
