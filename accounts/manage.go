package accounts

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/parlor-games/parlor/mail"
	"github.com/parlor-games/parlor/store"
)

// What a person can do to their own account beyond signing in: change
// the password (here), keep a verified e-mail address (email.go), reset a
// forgotten password by a mailed link (reset.go), and delete the account
// (here). Taking one's data away is the server's export, since it reads
// matches, which this package does not know.

// DeletedName is the name a deleted account's row and seats are shown
// under. Nobody may take it as a name (NormalizeName), so that a deleted
// player cannot be impersonated.
const DeletedName = store.DeletedName

// Defaults of Options.VerifyTTL and ResetTTL: a verification may wait for
// a person to get round to their mail; a reset link, which hands over the
// account, works only briefly.
const (
	DefaultVerifyTTL = 24 * time.Hour
	DefaultResetTTL  = time.Hour
)

// Defaults of Options.ResetPerIP and ResetPerTarget. Each request may
// send a mail, so a script must not be able to use the server to flood a
// mailbox: a few at once per name or address asked about, then one every
// ten minutes; per asker, more, since many share an address.
var (
	defaultResetIPLimit     = Limit{Burst: 10, Every: time.Minute}
	defaultResetTargetLimit = Limit{Burst: 3, Every: 10 * time.Minute}
	// userLimit bounds the changes one account asks for (each checks
	// the password): more than a login's, since a person at the settings
	// may try several things in a row, but still far too slow to guess.
	userLimit = Limit{Burst: 10, Every: 12 * time.Second}
)

// Errors of account management, with sentences for the person at the
// screen.
var (
	// ErrWrongPassword: the current password given to confirm a change
	// is not the account's.
	ErrWrongPassword = errors.New("the current password is not right")
	// ErrGuestAccount: a guest has no password to change, no address and
	// nothing to delete; it becomes an account by choosing a password.
	ErrGuestAccount = errors.New("a guest has no password or e-mail address: choose a password to make this guest an account first")
	// ErrNoMail: the server was started without a mail relay.
	ErrNoMail = errors.New("this server sends no e-mail, so addresses and password resets by mail are off; ask its operator")
	// ErrMailFailed: the relay did not take the message.
	ErrMailFailed = errors.New("the mail could not be sent just now; nothing was changed: try again in a few minutes")
	// ErrBadLink: a mailed link that is unknown, used, replaced or expired.
	ErrBadLink = errors.New("this link does not work any more: it was used already, replaced by a newer one, or it expired; ask for a new one")
	// ErrSeated: the account holds a seat in a game not over.
	ErrSeated = errors.New("you hold a seat in a game that is not over: finish it or resign it, then delete the account")
)

// manageState is the part of a Service that account management uses.
type manageState struct {
	mail                mail.Sender
	site                string
	verifyTTL, resetTTL time.Duration
	resetByIP, resetBy  *limiter
	byUser              *limiter
	// ended is told the account whose sessions were all (or all but the
	// asker's) ended, so that the server closes their connections.
	ended atomic.Pointer[func(userID int64, kept string)]
	// sending counts the work done in the background (a reset request's
	// search and mail, a change's notice), so that a test may wait for
	// it (WaitMail).
	sending sync.WaitGroup
}

func newManageState(opts Options, now func() time.Time) *manageState {
	m := &manageState{
		mail:      opts.Mail,
		site:      strings.TrimRight(opts.SiteURL, "/"),
		verifyTTL: opts.VerifyTTL,
		resetTTL:  opts.ResetTTL,
	}
	if m.verifyTTL <= 0 {
		m.verifyTTL = DefaultVerifyTTL
	}
	if m.resetTTL <= 0 {
		m.resetTTL = DefaultResetTTL
	}
	ip, target := opts.ResetPerIP, opts.ResetPerTarget
	if ip == (Limit{}) {
		ip = defaultResetIPLimit
	}
	if target == (Limit{}) {
		target = defaultResetTargetLimit
	}
	m.resetByIP, m.resetBy = newLimiter(ip, now), newLimiter(target, now)
	m.byUser = newLimiter(userLimit, now)
	return m
}

// OnSessionsEnded sets fn to be called, after a password change or
// reset and after a deletion, with the account whose sessions ended and
// the key (SessionKey) of the one session kept, "" when none was: the
// server closes the connections opened with the others.
func (s *Service) OnSessionsEnded(fn func(userID int64, kept string)) { s.manage.ended.Store(&fn) }

func (s *Service) sessionsEnded(userID int64, kept string) {
	if fn := s.manage.ended.Load(); fn != nil {
		(*fn)(userID, kept)
	}
}

// MailOn reports whether the server sends mail (Options.Mail).
func (s *Service) MailOn() bool { return s.manage.mail != nil }

// WaitMail waits for the mail being sent in the background (RequestReset,
// the notice of a changed password).
func (s *Service) WaitMail() { s.manage.sending.Wait() }

// checkCurrent confirms that password is userID's, for a change that
// needs it. A guest has none (ErrGuestAccount).
func (s *Service) checkCurrent(ctx context.Context, userID int64, password string) error {
	encoded, err := s.st.PasswordOf(ctx, userID)
	if errors.Is(err, store.ErrNotFound) {
		return ErrNoSession
	}
	if err != nil {
		return err
	}
	if encoded == "" {
		return ErrGuestAccount
	}
	var ok bool
	var cerr error
	if err := s.withHashSlot(ctx, func() { ok, _, cerr = checkPassword(encoded, password, s.hash) }); err != nil {
		return err
	}
	if cerr != nil {
		return cerr
	}
	if !ok {
		return ErrWrongPassword
	}
	return nil
}

// ChangePassword sets a new password for userID, once the current one is
// confirmed, and ends every other session of the account: whoever signed
// in with the old password is signed out. keepToken is the session that
// asked, which stays.
func (s *Service) ChangePassword(ctx context.Context, userID int64, keepToken, current, next string) error {
	if err := validatePassword(next); err != nil {
		return err
	}
	if err := s.checkCurrent(ctx, userID, current); err != nil {
		return err
	}
	h, err := s.hashPW(ctx, next)
	if err != nil {
		return err
	}
	if err := s.st.ChangePassword(ctx, userID, h, tokenHash(keepToken)); err != nil {
		if errors.Is(err, store.ErrNotFound) {
			return ErrGuestAccount
		}
		return err
	}
	s.sessionsEnded(userID, tokenHash(keepToken))
	s.noticeChanged(ctx, userID)
	return nil
}

// noticeChanged tells the account's verified address, if any, that the
// password was changed: should someone else have changed it (with a
// stolen session and a guessed password), the owner hears of it and can
// take the account back by a reset. It is sent in the background; a
// failure is only logged.
func (s *Service) noticeChanged(ctx context.Context, userID int64) {
	if s.manage.mail == nil {
		return
	}
	e, _, err := s.st.EmailOf(ctx, userID, s.now())
	if err != nil {
		return
	}
	u, err := s.UserByID(ctx, userID)
	if err != nil {
		return
	}
	at := s.now().UTC().Format("2 January 2006 15:04 MST")
	s.manage.sending.Add(1)
	go func() {
		defer s.manage.sending.Done()
		ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
		defer cancel()
		err := s.manage.mail.Send(ctx, mail.Message{
			To:      e.Address,
			Subject: "Your Parlor password was changed",
			Text: fmt.Sprintf("Hello %s,\n\nThe password of your Parlor account %s was changed on %s, and its other sessions were signed out.\n\n"+
				"If that was not you, ask for a new password with \"Forgot your password?\" at %s/ and a link will come to this address.\n",
				u.Name, u.Name, at, s.manage.site),
		})
		if err != nil {
			s.log.Error("sending a password change notice failed", "err", err)
		}
	}()
}

// DeleteAccount deletes userID's account once its password is confirmed
// (see store.DeleteAccount for what goes and what stays): its games stay,
// their seats shown as DeletedName; its name is free for anyone at once;
// every session ends.
func (s *Service) DeleteAccount(ctx context.Context, userID int64, password string) error {
	if err := s.checkCurrent(ctx, userID, password); err != nil {
		return err
	}
	err := s.st.DeleteAccount(ctx, userID, s.now(), DeletedName)
	if err == nil {
		s.sessionsEnded(userID, "")
	}
	switch {
	case errors.Is(err, store.ErrSeated):
		return ErrSeated
	case errors.Is(err, store.ErrNotFound):
		return ErrGuestAccount
	}
	return err
}
