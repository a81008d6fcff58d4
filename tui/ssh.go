package tui

import (
	"context"
	"crypto/ed25519"
	"crypto/rand"
	"encoding/binary"
	"encoding/json"
	"encoding/pem"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"
	"github.com/parlor-games/parlor/client"
	"golang.org/x/crypto/ssh"
)

// SSHConfig is what ServeSSH needs.
type SSHConfig struct {
	// Server is the address of the Parlor server the sessions play on,
	// usually this process's own HTTP listener on the loopback.
	Server string
	// Dir is the directory where the host key (ssh_host_ed25519_key) and
	// the public keys seen before (ssh_keys.json) are kept: the data
	// directory, so that the host key survives restarts and clients do not
	// see a changed host.
	Dir string
	// Log receives a line per connection; nil discards.
	Log *slog.Logger
}

// ServeSSH serves the terminal client over SSH on ln until ctx ends: a
// person runs `ssh -p PORT name@host` with nothing installed and lands in
// the lobby as a guest called by their SSH user name. A public key seen
// before brings back the same guest (or the account that guest became),
// so the key is the person's login. Each SSH session is a terminal
// client like `parlor play`, speaking the protocol to cfg.Server.
func ServeSSH(ctx context.Context, ln net.Listener, cfg SSHConfig) error {
	if cfg.Log == nil {
		cfg.Log = slog.New(slog.NewTextHandler(io.Discard, nil))
	}
	signer, err := hostKey(filepath.Join(cfg.Dir, "ssh_host_ed25519_key"))
	if err != nil {
		return err
	}
	book := &keyBook{path: filepath.Join(cfg.Dir, "ssh_keys.json")}
	sc := &ssh.ServerConfig{
		// Any key is welcome: it only names the person, it grants nothing
		// a guest could not have.
		PublicKeyCallback: func(_ ssh.ConnMetadata, key ssh.PublicKey) (*ssh.Permissions, error) {
			return &ssh.Permissions{Extensions: map[string]string{"key": ssh.FingerprintSHA256(key)}}, nil
		},
		// People without a key come in too, as plain guests.
		KeyboardInteractiveCallback: func(ssh.ConnMetadata, ssh.KeyboardInteractiveChallenge) (*ssh.Permissions, error) {
			return &ssh.Permissions{}, nil
		},
		ServerVersion: "SSH-2.0-Parlor",
	}
	sc.AddHostKey(signer)
	go func() {
		<-ctx.Done()
		ln.Close()
	}()
	var wg sync.WaitGroup
	defer wg.Wait()
	for {
		nc, err := ln.Accept()
		if err != nil {
			if ctx.Err() != nil {
				return nil
			}
			return err
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			serveSSHConn(ctx, nc, sc, cfg, book)
		}()
	}
}

func serveSSHConn(ctx context.Context, nc net.Conn, sc *ssh.ServerConfig, cfg SSHConfig, book *keyBook) {
	_ = nc.SetDeadline(time.Now().Add(30 * time.Second)) // the handshake only
	conn, chans, reqs, err := ssh.NewServerConn(nc, sc)
	if err != nil {
		nc.Close()
		return
	}
	_ = nc.SetDeadline(time.Time{})
	defer conn.Close()
	go ssh.DiscardRequests(reqs)
	key := conn.Permissions.Extensions["key"]
	cfg.Log.Info("ssh connection", "user", conn.User(), "remote", conn.RemoteAddr().String(), "key", key != "")
	for nch := range chans {
		if nch.ChannelType() != "session" {
			nch.Reject(ssh.UnknownChannelType, "only sessions are served here")
			continue
		}
		ch, chReqs, err := nch.Accept()
		if err != nil {
			continue
		}
		go serveSSHSession(ctx, ch, chReqs, conn.User(), key, sshPort(nc), cfg, book)
	}
}

// sshPort is the port the person connected to, for a sentence that tells
// them how to connect again: the listener's, as the client dialled it.
func sshPort(nc net.Conn) string {
	if _, port, err := net.SplitHostPort(nc.LocalAddr().String()); err == nil {
		return port
	}
	return "22" // the SSH port when nothing else is known
}

// serveSSHSession waits for the terminal (pty-req) and the shell, then
// runs the client in it until the person quits or the connection ends.
func serveSSHSession(ctx context.Context, ch ssh.Channel, reqs <-chan *ssh.Request, user, key, port string, cfg SSHConfig, book *keyBook) {
	defer ch.Close()
	term, w, h := "xterm-256color", 80, 24
	var prog *tea.Program
	started := make(chan struct{})
	var once sync.Once
	for req := range reqs {
		switch req.Type {
		case "pty-req":
			if t, cols, rows, ok := parsePty(req.Payload); ok {
				term, w, h = t, cols, rows
			}
			req.Reply(true, nil)
		case "window-change":
			if len(req.Payload) >= 8 && prog != nil {
				cols, rows := int(binary.BigEndian.Uint32(req.Payload)), int(binary.BigEndian.Uint32(req.Payload[4:]))
				prog.Send(tea.WindowSizeMsg{Width: cols, Height: rows})
			}
			if req.WantReply {
				req.Reply(true, nil)
			}
		case "shell":
			req.Reply(true, nil)
			once.Do(func() {
				p, m, c, err := sshProgram(ctx, ch, user, key, port, term, w, h, cfg, book)
				if err != nil {
					fmt.Fprintf(ch, "%s\r\n", err)
					ch.SendRequest("exit-status", false, ssh.Marshal(struct{ Status uint32 }{1}))
					ch.Close()
					return
				}
				prog = p
				go func() {
					_, _ = p.Run()
					// However the session ended (a quit, or the SSH
					// connection dropped), its person leaves the server
					// now.
					m.Close()
					if key == "" {
						// Without a key nothing could bring this guest
						// back: end the session, so the name is free
						// again at once.
						lctx, cancel := context.WithTimeout(context.Background(), reqTimeout)
						_ = c.Logout(lctx)
						cancel()
					}
					ch.SendRequest("exit-status", false, ssh.Marshal(struct{ Status uint32 }{0}))
					ch.Close()
					close(started)
				}()
			})
		default:
			if req.WantReply {
				req.Reply(false, nil)
			}
		}
	}
	if prog != nil {
		prog.Quit()
		<-started
	}
}

// parsePty reads an SSH pty-req: the TERM value, then columns and rows.
func parsePty(b []byte) (term string, cols, rows int, ok bool) {
	if len(b) < 4 {
		return "", 0, 0, false
	}
	n := int(binary.BigEndian.Uint32(b))
	if len(b) < 4+n+8 {
		return "", 0, 0, false
	}
	term = string(b[4 : 4+n])
	cols = int(binary.BigEndian.Uint32(b[4+n:]))
	rows = int(binary.BigEndian.Uint32(b[8+n:]))
	return term, cols, rows, cols > 0 && rows > 0
}

// sshProgram starts the session of user: back to the guest or account a
// known key belongs to, or a new guest named by the SSH user name.
func sshProgram(ctx context.Context, ch ssh.Channel, user, key, port, term string, w, h int, cfg SSHConfig, book *keyBook) (*tea.Program, *Model, *client.Client, error) {
	c, err := client.New(cfg.Server)
	if err != nil {
		return nil, nil, nil, err
	}
	rctx, cancel := context.WithTimeout(ctx, reqTimeout)
	defer cancel()
	var u client.User
	// The key brings back the person it came in as under the name typed:
	// the name typed wins, and one key may come in under several names,
	// each kept apart.
	tok := book.get(sessionEntry(key, user))
	if tok == "" {
		tok = book.get(key) // a book from before names were kept apart
	}
	if tok != "" {
		c.SetSession(tok)
		if u, err = c.Me(rctx); err != nil || !strings.EqualFold(u.Name, user) {
			c.SetSession("")
			u = client.User{}
		}
	}
	if u.Name == "" {
		// The key's guest key brings back the guest this SSH key was
		// under this name before a logout, with its seats (see
		// client.GuestKey).
		c.SetGuestKey(book.get(guestKeyEntry(key, user)))
		if u, err = c.Guest(rctx, user); err != nil {
			// The host the person typed is not known here (SSH does not
			// send it): the sentence names what to change instead.
			return nil, nil, nil, fmt.Errorf("Parlor could not let you in as %q: %v. Connect again with the same ssh command (port %s) and another name before the @: othername@ in place of %s@", user, err, port, user)
		}
		if key != "" {
			err := book.put(sessionEntry(key, user), c.Session())
			if err == nil {
				err = book.put(guestKeyEntry(key, user), c.GuestKey())
			}
			if err != nil {
				cfg.Log.Warn("ssh key not kept", "err", err)
			}
		}
	}
	m := New(Config{Client: c, NoColor: strings.HasPrefix(term, "dumb")})
	env := []string{"TERM=" + term}
	return tea.NewProgram(m,
		tea.WithInput(ch), tea.WithOutput(crlf{ch}),
		tea.WithWindowSize(w, h),
		tea.WithEnvironment(env),
		// The output is an SSH channel, not a terminal of this process,
		// which Bubble Tea would take for no terminal at all and strip of
		// every colour and attribute (the cursor's reverse video too):
		// the person's terminal is the one their pty request named.
		tea.WithColorProfile(colorprofile.Env(env)),
		tea.WithoutSignalHandler(),
		tea.WithContext(ctx),
	), m, c, nil
}

// crlf turns each "\n" into "\r\n" on the way out, as a terminal's
// line discipline does (onlcr): an SSH session has no pseudo-terminal on
// this side, and the client's terminal, in raw mode, moves down a line on
// "\n" without going back to its start.
type crlf struct{ w io.Writer }

func (c crlf) Write(p []byte) (int, error) {
	if !strings.Contains(string(p), "\n") {
		return c.w.Write(p)
	}
	out := make([]byte, 0, len(p)+16)
	for i, b := range p {
		if b == '\n' && (i == 0 || p[i-1] != '\r') {
			out = append(out, '\r')
		}
		out = append(out, b)
	}
	if _, err := c.w.Write(out); err != nil {
		return 0, err
	}
	return len(p), nil
}

// hostKey reads the server's host key, making one the first time.
func hostKey(path string) (ssh.Signer, error) {
	if b, err := os.ReadFile(path); err == nil {
		return ssh.ParsePrivateKey(b)
	} else if !errors.Is(err, os.ErrNotExist) {
		return nil, err
	}
	_, priv, err := ed25519.GenerateKey(rand.Reader)
	if err != nil {
		return nil, err
	}
	block, err := ssh.MarshalPrivateKey(priv, "parlor host key")
	if err != nil {
		return nil, err
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		return nil, err
	}
	if err := os.WriteFile(path, pem.EncodeToMemory(block), 0o600); err != nil {
		return nil, err
	}
	return ssh.NewSignerFromKey(priv)
}

// keyBook remembers, per public key fingerprint, the session the key's
// owner last had, so that the key brings the same person back.
type keyBook struct {
	mu   sync.Mutex
	path string
}

// sessionEntry is where the book keeps the session of a public key's
// person under the name typed; "" without a public key. (A book written
// before names were kept apart holds a session under the key alone: it is
// read too, and kept only when its name is the one typed.)
func sessionEntry(key, user string) string {
	if key == "" {
		return ""
	}
	return key + " as " + strings.ToLower(user)
}

// guestKeyEntry is where the book keeps the guest key of a public key's
// guest under the name typed, beside its session; "" without a public
// key.
func guestKeyEntry(key, user string) string {
	if key == "" {
		return ""
	}
	return "guest " + sessionEntry(key, user)
}

func (b *keyBook) read() map[string]string {
	out := map[string]string{}
	if data, err := os.ReadFile(b.path); err == nil {
		_ = json.Unmarshal(data, &out)
	}
	return out
}

func (b *keyBook) get(key string) string {
	if key == "" {
		return ""
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.read()[key]
}

func (b *keyBook) put(key, token string) error {
	b.mu.Lock()
	defer b.mu.Unlock()
	all := b.read()
	all[key] = token
	data, _ := json.MarshalIndent(all, "", "  ")
	tmp := b.path + ".tmp"
	if err := os.WriteFile(tmp, data, 0o600); err != nil {
		return err
	}
	return os.Rename(tmp, b.path)
}
