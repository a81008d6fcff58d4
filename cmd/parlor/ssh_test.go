package main

import (
	"context"
	"crypto/ed25519"
	"crypto/rand"
	"encoding/json"
	"net"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"
	"github.com/parlor-games/parlor/client"
	"golang.org/x/crypto/ssh"
)

// sshTerm is an SSH session with a pseudo-terminal, read as a stream of
// text with the escape sequences taken out.
type sshTerm struct {
	t    *testing.T
	conn *ssh.Client
	sess *ssh.Session
	in   interface{ Write([]byte) (int, error) }
	mu   sync.Mutex
	out  strings.Builder
}

func dialSSH(t *testing.T, addr, user string, signer ssh.Signer) (*sshTerm, error) {
	t.Helper()
	auth := []ssh.AuthMethod{ssh.KeyboardInteractive(func(string, string, []string, []bool) ([]string, error) { return nil, nil })}
	if signer != nil {
		auth = []ssh.AuthMethod{ssh.PublicKeys(signer)}
	}
	conn, err := ssh.Dial("tcp", addr, &ssh.ClientConfig{User: user, Auth: auth, HostKeyCallback: ssh.InsecureIgnoreHostKey(), Timeout: serveWait})
	if err != nil {
		return nil, err
	}
	sess, err := conn.NewSession()
	if err != nil {
		return nil, err
	}
	st := &sshTerm{t: t, conn: conn, sess: sess}
	in, err := sess.StdinPipe()
	if err != nil {
		return nil, err
	}
	st.in = in
	out, err := sess.StdoutPipe()
	if err != nil {
		return nil, err
	}
	go func() {
		buf := make([]byte, 4096)
		for {
			n, err := out.Read(buf)
			st.mu.Lock()
			st.out.Write(buf[:n])
			st.mu.Unlock()
			if err != nil {
				return
			}
		}
	}()
	// 80x24, the smallest size the docs promise.
	if err := sess.RequestPty("xterm-256color", 24, 80, ssh.TerminalModes{}); err != nil {
		return nil, err
	}
	if err := sess.Shell(); err != nil {
		return nil, err
	}
	t.Cleanup(func() { sess.Close(); conn.Close() })
	return st, nil
}

// dialSSHWhenUp is dialSSH to a server just started, whose SSH listener
// opens just after its HTTP one.
func dialSSHWhenUp(t *testing.T, addr, user string, signer ssh.Signer) *sshTerm {
	t.Helper()
	for i := 0; ; i++ {
		st, err := dialSSH(t, addr, user, signer)
		if err == nil {
			return st
		}
		if i > 50 {
			t.Fatal(err)
		}
		time.Sleep(100 * time.Millisecond)
	}
}

func (st *sshTerm) text() string {
	st.mu.Lock()
	defer st.mu.Unlock()
	return ansi.Strip(st.out.String())
}

// waitFor waits until the session has shown want, and returns all it
// has shown.
func (st *sshTerm) waitFor(want string) string {
	st.t.Helper()
	deadline := time.Now().Add(serveWait)
	for !strings.Contains(st.text(), want) {
		if time.Now().After(deadline) {
			st.t.Fatalf("the SSH session never showed %q; it showed:\n%s", want, st.text())
		}
		time.Sleep(50 * time.Millisecond)
	}
	return st.text()
}

func (st *sshTerm) send(s string) {
	st.t.Helper()
	if _, err := st.in.Write([]byte(s)); err != nil {
		st.t.Fatal(err)
	}
	time.Sleep(150 * time.Millisecond)
}

func freeAddr(t *testing.T) string {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	return ln.Addr().String()
}

// TestServeSSHLobbyAndAMove: with `serve -ssh`, an SSH client with a key
// lands in the lobby as a guest named by its SSH user, makes a
// Battleship table against a bot, places a random fleet and fires at A1,
// which a spectator sees; the same key later brings the same guest back,
// while the name without the key is refused as taken, with the port to
// come back on.
func TestServeSSHLobbyAndAMove(t *testing.T) {
	sshAddr := freeAddr(t)
	p := startServe(t, t.TempDir(), "-ssh", sshAddr)
	_, priv, _ := ed25519.GenerateKey(rand.Reader)
	signer, err := ssh.NewSignerFromKey(priv)
	if err != nil {
		t.Fatal(err)
	}
	kim := dialSSHWhenUp(t, sshAddr, "Kim", signer)
	kim.waitFor("Kim (guest)  connected")

	// A spectator follows the lobby to find Kim's table.
	ctx := context.Background()
	sc := lobbyGuest(t, p, "Spec")

	kim.send("n")
	kim.waitFor("New table")
	kim.send("\r") // the first game, Battleship, against a bot
	kim.waitFor("Lay your carrier")

	var table string
	var lobby client.Lobby
	deadline := time.After(serveWait)
	for table == "" {
		select {
		case p := <-sc.Pushes():
			if isList, _ := lobby.Apply(p); isList {
				for _, tb := range lobby.Tables {
					if tb.Game == "battleship" && len(tb.Seats) > 0 && tb.Seats[0].Name == "Kim" {
						table = tb.ID
					}
				}
			}
		case <-deadline:
			t.Fatal("Kim's table never showed in the lobby")
		}
	}
	if _, err := sc.Watch(ctx, client.Watch{Table: table}); err != nil {
		t.Fatal(err)
	}
	kim.send("a")
	kim.waitFor("Fire:")
	kim.send(":")
	kim.send("A1\r")
	deadline = time.After(serveWait)
	for shot := false; !shot; {
		select {
		case p := <-sc.Pushes():
			u, err := p.Update()
			if err != nil || u.Seat != 0 {
				continue
			}
			for _, e := range u.Events {
				var d struct{ Square string }
				json.Unmarshal(e.Data, &d)
				shot = shot || (e.Type == "shot" && d.Square == "A1")
			}
		case <-deadline:
			t.Fatal("the spectator never saw Kim's shot at A1")
		}
	}

	// The key brings Kim back; the name alone is taken.
	again, err := dialSSH(t, sshAddr, "Kim", signer)
	if err != nil {
		t.Fatal(err)
	}
	again.waitFor("Kim (guest)  connected")
	other, err := dialSSH(t, sshAddr, "Kim", nil)
	if err != nil {
		t.Fatal(err)
	}
	other.waitFor("that name is taken")
	// The sentence says what to change, with the port to connect to and
	// no placeholder for a host it does not know (issue 32, point 11).
	_, port, _ := net.SplitHostPort(sshAddr)
	s := other.waitFor("othername@ in place of Kim@")
	if !strings.Contains(s, "(port "+port+")") || strings.Contains(s, "@host") {
		t.Fatalf("the refusal over SSH:\n%s", s)
	}
}

// sgr finds the escape sequences that set colour and attributes (SGR).
var sgr = regexp.MustCompile(`\x1b\[([0-9;:]*)m`)

// sgrWith reports whether out sets the attribute or colour param (as
// "7" for reverse video, "38;5" for a colour of 256) in any SGR.
func sgrWith(out, param string) bool {
	for _, m := range sgr.FindAllStringSubmatch(out, -1) {
		if p := ";" + m[1] + ";"; strings.Contains(p, ";"+param+";") {
			return true
		}
	}
	return false
}

// TestServeSSHDrawsInColour (issue 32, point 11): an SSH session whose
// terminal is xterm-256color (the pty request's TERM) is drawn as that
// terminal can: the header in colour and bold, and the Battleship cursor
// in reverse video, as docs/terminal.md promises. The session's output
// is not a terminal of this process, and was taken for no terminal at
// all: no escape sequence set an attribute.
func TestServeSSHDrawsInColour(t *testing.T) {
	sshAddr := freeAddr(t)
	startServe(t, t.TempDir(), "-ssh", sshAddr)
	kim := dialSSHWhenUp(t, sshAddr, "Kim", nil)
	kim.waitFor("Kim (guest)  connected")
	kim.mu.Lock()
	lobby := kim.out.String()
	kim.mu.Unlock()
	if !sgrWith(lobby, "1") || !sgrWith(lobby, "38;5") {
		t.Fatalf("the lobby over SSH has no bold or no colour; its escape sequences: %q", sgr.FindAllString(lobby, -1))
	}
	kim.send("n")
	kim.waitFor("New table")
	kim.send("\r") // Battleship against a bot
	kim.waitFor("Lay your carrier")
	kim.mu.Lock()
	board := kim.out.String()[len(lobby):]
	kim.mu.Unlock()
	if !sgrWith(board, "7") {
		t.Fatalf("the Battleship cursor over SSH is not in reverse video; the escape sequences: %q", sgr.FindAllString(board, -1))
	}
}

// TestServeSSHTypedNameWins (issue 32, point 11): one public key that
// came in as Kim comes in as Lee when the SSH user name typed is Lee,
// where the key brought back Kim whatever was typed; the same key as Kim
// is still Kim, the same guest.
func TestServeSSHTypedNameWins(t *testing.T) {
	sshAddr := freeAddr(t)
	startServe(t, t.TempDir(), "-ssh", sshAddr)
	_, priv, _ := ed25519.GenerateKey(rand.Reader)
	signer, err := ssh.NewSignerFromKey(priv)
	if err != nil {
		t.Fatal(err)
	}
	kim := dialSSHWhenUp(t, sshAddr, "Kim", signer)
	kim.waitFor("Kim (guest)  connected")
	kim.send("q")

	lee, err := dialSSH(t, sshAddr, "Lee", signer)
	if err != nil {
		t.Fatal(err)
	}
	lee.waitFor("connected")
	if s := lee.text(); !strings.Contains(s, "Lee (guest)  connected") {
		t.Fatalf("the key of Kim, typing Lee, came in as someone else:\n%s", s)
	}
	lee.send("q")

	again, err := dialSSH(t, sshAddr, "Kim", signer)
	if err != nil {
		t.Fatal(err)
	}
	again.waitFor("Kim (guest)  connected")
}

// lobbyGuest signs a guest called name in to p and joins the lobby with
// it, for a test that watches the lobby as someone else would; the
// connection closes with the test.
func lobbyGuest(t *testing.T, p *serveProc, name string) *client.Conn {
	t.Helper()
	ctx := context.Background()
	cl, err := client.New(p.base)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := cl.Guest(ctx, name); err != nil {
		t.Fatal(err)
	}
	c, err := cl.Dial(ctx)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	if err := c.JoinLobby(ctx); err != nil {
		t.Fatal(err)
	}
	return c
}
