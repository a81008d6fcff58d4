package main

import (
	"context"
	"io"
	"strings"
	"testing"

	"github.com/parlor-games/parlor/client"
	"github.com/parlor-games/parlor/server/servertest"
)

// TestPlayGuestComesBackAfterLogout (issue 21, who is who): a guest of
// the terminal client who logged out (so the kept session is dead) starts
// again under the same name and is the same guest, by the guest key kept
// beside the sessions; another terminal, without that key, is refused the
// name while the guest's session lives.
func TestPlayGuestComesBackAfterLogout(t *testing.T) {
	home := t.TempDir()
	t.Setenv("HOME", home)
	t.Setenv("XDG_CONFIG_HOME", home)
	srv := servertest.Start(t)
	ctx := context.Background()

	first, _ := client.New(srv.URL)
	u1, err := startSession(ctx, first, "Gus", false, strings.NewReader(""), io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	if err := keepForNextStart(first, u1); err != nil {
		t.Fatal(err)
	}
	if err := first.Logout(ctx); err != nil {
		t.Fatal(err)
	}

	again, _ := client.New(srv.URL)
	u2, err := startSession(ctx, again, "Gus", false, strings.NewReader(""), io.Discard)
	if err != nil {
		t.Fatalf("Gus starting again after a logout: %v", err)
	}
	if u2.ID != u1.ID {
		t.Fatalf("Gus came back as user %d, want %d", u2.ID, u1.ID)
	}

	other, _ := client.New(srv.URL)
	if _, err := other.Guest(ctx, "Gus"); client.Code(err) != "conflict" {
		t.Fatalf("another terminal asking for Gus: %v", err)
	}
}
