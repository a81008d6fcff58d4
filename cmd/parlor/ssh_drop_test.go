package main

import (
	"crypto/ed25519"
	"crypto/rand"
	"slices"
	"testing"
	"time"

	"github.com/parlor-games/parlor/client"
	"golang.org/x/crypto/ssh"
)

// TestServeSSHDroppedSessionIsAway (issue 31, point 7): Kim plays Dots and
// Boxes over SSH against Bob's terminal; her SSH connection drops in the
// middle of the game, as when her terminal is closed. Bob's table then
// counts down what happens to her seat, and the lobby no longer lists her
// online: the SSH session's end closed her WebSocket, as the end of a
// local client does.
func TestServeSSHDroppedSessionIsAway(t *testing.T) {
	sshAddr := freeAddr(t)
	p := startServe(t, t.TempDir(), "-ssh", sshAddr)
	_, priv, _ := ed25519.GenerateKey(rand.Reader)
	signer, err := ssh.NewSignerFromKey(priv)
	if err != nil {
		t.Fatal(err)
	}

	bob := startTermSize(t, "bob", 80, 24, "play", "-addr", p.base, "-name", "Bob")
	bob.waitFor("Bob (guest)  connected")
	bob.dotsForm(3)
	bob.keys("Enter")
	bob.waitFor("Waiting for players")

	kim := dialSSHWhenUp(t, sshAddr, "Kim", signer)
	kim.waitFor("Kim (guest)  connected")
	kim.waitFor("Bob, (open)")
	kim.send("\r")
	kim.waitFor("Waiting for players")
	bob.waitFor("2 Kim")
	bob.keys("g")
	bob.waitFor("Your move")

	// Someone in the lobby sees Kim online while she plays.
	sc := lobbyGuest(t, p, "Spec")
	var lobby client.Lobby
	kimOnline := func() bool {
		return slices.ContainsFunc(lobby.Online, func(o client.Online) bool { return o.Name == "Kim" })
	}
	waitLobby := func(online bool) {
		t.Helper()
		deadline := time.After(serveWait)
		for kimOnline() != online {
			select {
			case p := <-sc.Pushes():
				lobby.Apply(p)
			case <-deadline:
				t.Fatalf("the lobby's online list never had Kim online=%v: %+v", online, lobby.Online)
			}
		}
	}
	waitLobby(true)

	// The connection drops, with nothing said first.
	kim.conn.Close()
	bob.waitFor("Kim is away")
	bob.waitFor("forfeits in")
	bob.keep("kim-gone")
	waitLobby(false)
}
