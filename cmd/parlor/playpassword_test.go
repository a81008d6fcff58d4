package main

import (
	"context"
	"os"
	"os/exec"
	"strings"
	"testing"

	"github.com/parlor-games/parlor/client"
)

// TestPlayChangePassword: from the terminal, -change-password asks for
// the current password and the new one twice, changes it and goes on to
// the lobby; the old password no longer logs in and the new one does,
// and a wrong current password changes nothing.
func TestPlayChangePassword(t *testing.T) {
	p := startServe(t, t.TempDir())
	ctx := context.Background()
	c, err := client.New(p.base)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := c.Register(ctx, "Pat", "first password"); err != nil {
		t.Fatal(err)
	}
	home := t.TempDir()
	cmd := exec.Command(parlorBin, "play", "-addr", p.base, "-no-session", "-name", "Pat", "-login", "-change-password")
	cmd.Env = append(os.Environ(), "HOME="+home, "XDG_CONFIG_HOME="+home)
	cmd.Stdin = strings.NewReader("first password\nnot it at all\nsecond password\nsecond password\n")
	if out, _ := cmd.CombinedOutput(); !strings.Contains(string(out), "the current password is not right") {
		t.Fatalf("a wrong current password: %s", out)
	}

	tt := startTermSize(t, "pat", 80, 24, "play", "-addr", p.base, "-name", "Pat", "-login", "-change-password", "-no-session")
	tt.waitFor("Password for Pat")
	tt.keys("=first password", "Enter")
	tt.waitFor("Current password of Pat")
	tt.keys("=first password", "Enter")
	tt.waitFor("New password")
	tt.keys("=second password", "Enter")
	tt.waitFor("The same new password again")
	tt.keys("=second password", "Enter")
	if s := tt.waitFor("Pat  connected"); strings.Contains(s, "second password") {
		t.Fatalf("the password was echoed:\n%s", s)
	}
	if _, err := c.Login(ctx, "Pat", "first password"); client.Code(err) != "unauthorized" {
		t.Fatalf("the old password after the change: %v", err)
	}
	if _, err := c.Login(ctx, "Pat", "second password"); err != nil {
		t.Fatalf("the new password: %v", err)
	}
}
