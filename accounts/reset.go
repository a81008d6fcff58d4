package accounts

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/parlor-games/parlor/mail"
	"github.com/parlor-games/parlor/store"
)

// A forgotten password is reset by a link mailed to the account's
// verified address. Asking for one answers alike whatever was asked
// about: an unknown name, an account without an address, an address
// nobody verified and a real account all get the same answer in about
// the same time (the search and the mail happen in the background), so
// the form cannot
// be used to learn who plays here or by which address.

// RequestReset mails a reset link to the verified address of the account
// named who, or to every account that verified the address who. It
// returns at once, having only checked who: the search, the links and the
// mail happen in the background (WaitMail waits for them), so that
// neither the answer nor its time depends on what was found.
func (s *Service) RequestReset(ctx context.Context, who string) error {
	if s.manage.mail == nil {
		return ErrNoMail
	}
	who = strings.TrimSpace(who)
	if who == "" {
		return invalid("give your name or your e-mail address")
	}
	if utf8.RuneCountInString(who) > maxAddressLen {
		return invalid("that is longer than any name or e-mail address")
	}
	s.manage.sending.Add(1)
	go func() {
		defer s.manage.sending.Done()
		ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 2*time.Minute)
		defer cancel()
		if err := s.mailResets(ctx, who); err != nil {
			s.log.Error("mailing a password reset failed", "err", err)
		}
	}()
	return nil
}

// mailResets finds the accounts RequestReset means, and mails each a link.
func (s *Service) mailResets(ctx context.Context, who string) error {
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
		err = s.manage.mail.Send(ctx, mail.Message{
			To:      t.address,
			Subject: "Reset your Parlor password",
			Text: fmt.Sprintf("Hello %s,\n\nSomeone, hopefully you, asked to reset the password of your Parlor account %s. "+
				"To choose a new password, open this link:\n\n%s\n\nIt works once, until %s. "+
				"If you did not ask for this, ignore this mail: your password stays as it is.\n",
				t.user.Name, t.user.Name, url, exp.UTC().Format("2 January 2006 15:04 MST")),
		})
		if err != nil {
			return err
		}
	}
	return nil
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
