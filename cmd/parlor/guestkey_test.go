package main

import (
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"slices"
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

// TestPlayKeepsSessionWhileServerUnavailable (issue 31): a terminal
// client starting with a kept session while the server cannot check it
// (503, its database away) says so and keeps the session, rather than
// dropping it and starting a new guest.
func TestPlayKeepsSessionWhileServerUnavailable(t *testing.T) {
	home := t.TempDir()
	t.Setenv("HOME", home)
	t.Setenv("XDG_CONFIG_HOME", home)
	var asked []string
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		asked = append(asked, r.URL.Path)
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(http.StatusServiceUnavailable)
		io.WriteString(w, `{"code":"unavailable","error":"the server cannot reach its database at the moment; nothing was changed: try again in a moment"}`)
	}))
	defer srv.Close()
	c, _ := client.New(srv.URL)
	if err := keepSession(c.Base(), "Gus", "kept-token"); err != nil {
		t.Fatal(err)
	}
	_, err := startSession(context.Background(), c, "Gus", false, strings.NewReader(""), io.Discard)
	if err == nil || !strings.Contains(err.Error(), "try again in a moment") {
		t.Errorf("starting while the server is unavailable: %v, want the server's sentence", err)
	}
	if c.Session() != "kept-token" || keptSession(c.Base(), "Gus") != "kept-token" {
		t.Errorf("the session was dropped: the client holds %q, the file %q", c.Session(), keptSession(c.Base(), "Gus"))
	}
	if slices.Contains(asked, "/api/guest") {
		t.Error("a new guest was asked for while the kept session may be good")
	}
}
