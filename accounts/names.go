package accounts

import (
	"errors"
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Errors the HTTP layer (and the server) can tell apart with errors.Is.
// Their texts are written for the person at the screen.
var (
	// ErrInvalid wraps every input validation error; the wrapped text says
	// what is wrong.
	ErrInvalid = errors.New("invalid input")
	// ErrNameTaken: the name is held by an account or a live guest.
	ErrNameTaken = errors.New("that name is taken")
	// ErrWrongLogin is returned for both an unknown name and a wrong
	// password, so a caller cannot learn which names exist.
	ErrWrongLogin = errors.New("wrong name or password")
	// ErrNoSession: no cookie, or the session is unknown or expired.
	ErrNoSession = errors.New("not logged in")
	// ErrNotGuest: claim was asked for a user that already has a password.
	ErrNotGuest = errors.New("this user is already an account")
	// ErrNotFound: no such user.
	ErrNotFound = errors.New("no such user")
	// ErrRateLimited: too many login attempts; try again later.
	ErrRateLimited = errors.New("too many attempts; wait a minute and try again")
	// ErrUnknownGame: the game has no achievement of the kind asked for.
	ErrUnknownGame = errors.New("unknown game")
)

// invalid returns a validation error that wraps ErrInvalid but reads as msg.
func invalid(format string, args ...any) error {
	return &inputError{msg: fmt.Sprintf(format, args...)}
}

type inputError struct{ msg string }

func (e *inputError) Error() string        { return e.msg }
func (e *inputError) Is(target error) bool { return target == ErrInvalid }

const (
	maxNameLen     = 24
	minPasswordLen = 8
	maxPasswordLen = 128
)

// NormalizeName trims the name and checks it: 1-24 characters (runes, not
// bytes, so accented names are not penalised) of letters, digits, space, _
// and -. Runs of inner spaces are kept as typed; only the ends are trimmed.
// It returns the display form and the key used for case-insensitive
// uniqueness.
func NormalizeName(name string) (display, key string, err error) {
	name = strings.TrimSpace(name)
	if name == "" {
		return "", "", invalid("a name is required")
	}
	if !utf8.ValidString(name) {
		return "", "", invalid("the name is not valid text")
	}
	if n := utf8.RuneCountInString(name); n > maxNameLen {
		return "", "", invalid("the name is %d characters long; the limit is %d", n, maxNameLen)
	}
	for _, r := range name {
		switch {
		case unicode.IsLetter(r), unicode.IsDigit(r), r == ' ', r == '_', r == '-':
		default:
			return "", "", invalid("the name may hold only letters, digits, spaces, _ and - (not %q)", r)
		}
	}
	key = nameKey(name)
	if strings.Join(strings.Fields(key), " ") == DeletedName {
		return "", "", invalid("%q stands for the players of deleted accounts; choose another name", DeletedName)
	}
	return name, key, nil
}

// nameKey is the form names are compared in. Full case folding of every
// rune (ToLower of ToUpper) makes "STRASSE"-like pairs and Greek final sigma
// collide the way a reader expects.
func nameKey(name string) string {
	return strings.ToLower(strings.ToUpper(strings.TrimSpace(name)))
}

// validatePassword counts length in runes so that a passphrase in any
// script gets the same allowance.
func validatePassword(pw string) error {
	n := utf8.RuneCountInString(pw)
	switch {
	case !utf8.ValidString(pw):
		return invalid("the password is not valid text")
	case n < minPasswordLen:
		return invalid("the password must be at least %d characters", minPasswordLen)
	case n > maxPasswordLen:
		return invalid("the password must be at most %d characters", maxPasswordLen)
	}
	return nil
}
