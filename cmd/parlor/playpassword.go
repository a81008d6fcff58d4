package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"

	"github.com/parlor-games/parlor/client"
)

// changePassword is parlor play -change-password: it asks for the
// account's current password and a new one twice, without echo on a
// terminal, and changes it. The session that asked stays; every other
// session of the account ends.
func changePassword(ctx context.Context, c *client.Client, u client.User, stdin io.Reader, stderr io.Writer) error {
	if u.Guest {
		return errors.New("-change-password is for an account: a guest has no password (log in with -login)")
	}
	in := bufio.NewReader(stdin)
	cur, err := readPasswordFrom(fmt.Sprintf("Current password of %s: ", u.Name), stdin, in, stderr)
	if err != nil {
		return err
	}
	next, err := readPasswordFrom("New password (8 to 128 characters): ", stdin, in, stderr)
	if err != nil {
		return err
	}
	again, err := readPasswordFrom("The same new password again: ", stdin, in, stderr)
	if err != nil {
		return err
	}
	if next != again {
		return errors.New("the two new passwords differ; the password stays as it was")
	}
	if err := c.ChangePassword(ctx, cur, next); err != nil {
		var h *client.HTTPError
		if errors.As(err, &h) {
			return fmt.Errorf("the password was not changed: %s", h.Message)
		}
		return explain(c, err)
	}
	fmt.Fprintln(stderr, "The password is changed; the account's other sessions are signed out.")
	return nil
}
