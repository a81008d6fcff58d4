package main

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/term"
	"github.com/parlor-games/parlor/client"
	"github.com/parlor-games/parlor/tui"
)

// runPlay is the terminal client: `parlor play -server HOST -port N -name
// NAME` joins a server as a guest of that name (or, with -login, as an
// account), and opens the lobby. The session is kept under the user's
// config directory, so the next start with the same server and name comes
// back as the same guest or account without asking again.
func runPlay(args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("play", flag.ContinueOnError)
	fs.SetOutput(stderr)
	host := fs.String("server", "127.0.0.1", "the server's host name or address")
	port := fs.Int("port", 8080, "the server's port")
	addr := fs.String("addr", "", "the server as host:port or an http(s):// address (instead of -server and -port)")
	name := fs.String("name", "", "your name: a guest of that name, or your account with -login")
	login := fs.Bool("login", false, "log in to the account named by -name (the password is asked for, without echo)")
	register := fs.Bool("register", false, "make an account named by -name (the password is asked for, without echo) and log in to it")
	changePW := fs.Bool("change-password", false, "change the password of the account (with -login, or a kept session of it) before opening the lobby: the current and the new one are asked for, without echo; the account's other sessions end")
	table := fs.String("table", "", "open this table at once (the id of an invite link /t/ID)")
	noSave := fs.Bool("no-session", false, "do not keep the session for the next start")
	myGames := fs.Bool("my-games", false, "print your games in play, those waiting on you first with their deadlines, and exit (for a shell prompt or cron)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("play takes flags only; unexpected %q", fs.Arg(0))
	}
	if *name == "" {
		return errors.New("give your name with -name NAME")
	}
	if *port < 1 || *port > 65535 {
		return fmt.Errorf("-port %d is not a port: give 1 to 65535", *port)
	}
	base := *addr
	if base == "" {
		base = net.JoinHostPort(*host, strconv.Itoa(*port))
	}
	c, err := client.New(base)
	if err != nil {
		return err
	}
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	if *register && *login {
		return errors.New("choose -login or -register, not both")
	}
	if f, ok := stdin.(*os.File); !ok || !term.IsTerminal(f.Fd()) {
		// Lines piped in (a script's passwords) are read through one
		// buffer, which every prompt shares (bufio.NewReader of it is
		// itself), so that none reads ahead of the next.
		stdin = bufio.NewReader(stdin)
	}
	user, err := signIn(ctx, c, *name, *register, *login, stdin, stderr)
	if err != nil {
		return err
	}
	if *changePW {
		if err := changePassword(ctx, c, user, stdin, stderr); err != nil {
			return err
		}
	}
	if *myGames {
		if err := printMyGames(ctx, c, stdout); err != nil {
			return explain(c, err)
		}
		if !*noSave {
			keepOrSay(c, user, stderr)
		}
		return nil
	}
	// One connection before the screen opens, so that a server speaking
	// another protocol version, or refusing the session, is a sentence
	// here rather than a reconnecting screen.
	probe, err := c.Dial(ctx)
	if err != nil {
		return explain(c, err)
	}
	probe.Close()
	if !*noSave {
		keepOrSay(c, user, stderr)
	}
	return runScreen(c, *table, stdin, stdout)
}

// signIn makes the account and logs in to it (register), logs in to it
// (login), or starts a guest's or a kept session.
func signIn(ctx context.Context, c *client.Client, name string, register, login bool, stdin io.Reader, stderr io.Writer) (client.User, error) {
	if register {
		return registerAccount(ctx, c, name, stdin, stderr)
	}
	return startSession(ctx, c, name, login, stdin, stderr)
}

// keepOrSay keeps the session for the next start, or says why it
// could not.
func keepOrSay(c *client.Client, user client.User, stderr io.Writer) {
	if err := keepForNextStart(c, user); err != nil {
		fmt.Fprintln(stderr, "note: the session could not be kept for the next start:", err)
	}
}

// runScreen runs the terminal client until the player quits; table, when
// not "", is the table it opens at once.
func runScreen(c *client.Client, table string, stdin io.Reader, stdout io.Writer) error {
	opts := []tea.ProgramOption{tea.WithOutput(stdout)}
	if f, ok := stdin.(*os.File); ok {
		opts = append(opts, tea.WithInput(f))
	} else {
		opts = append(opts, tea.WithInput(stdin))
	}
	m := tui.New(tui.Config{Client: c, NoColor: os.Getenv("NO_COLOR") != "", Table: table})
	_, err := tea.NewProgram(m, opts...).Run()
	m.Close()
	return err
}

// startSession comes back with a kept session of this server and name, or
// starts a new one: a guest, or an account with a password asked for.
func startSession(ctx context.Context, c *client.Client, name string, login bool, stdin io.Reader, stderr io.Writer) (client.User, error) {
	if tok := keptSession(c.Base(), name); tok != "" {
		c.SetSession(tok)
		if u, err := c.Me(ctx); err == nil && strings.EqualFold(u.Name, name) && (!login || !u.Guest) {
			return u, nil
		} else if client.Unreachable(err) || client.Code(err) == "unavailable" {
			// The session may be good: it stays kept for the next start.
			return client.User{}, explain(c, err)
		}
		c.SetSession("")
	}
	if !login {
		// The guest key kept from an earlier start brings back the same
		// guest after a logout, with its seats.
		c.SetGuestKey(readSessions()[guestKeyEntry(c.Base())])
		u, err := c.Guest(ctx, name)
		if err != nil {
			return u, explain(c, err)
		}
		return u, nil
	}
	pw, err := readPassword(fmt.Sprintf("Password for %s: ", name), stdin, stderr)
	if err != nil {
		return client.User{}, err
	}
	u, err := c.Login(ctx, name, pw)
	if err != nil {
		return u, explain(c, err)
	}
	return u, nil
}

// registerAccount makes an account and starts its session; the password
// is asked for twice, without echo on a terminal.
func registerAccount(ctx context.Context, c *client.Client, name string, stdin io.Reader, stderr io.Writer) (client.User, error) {
	in := bufio.NewReader(stdin)
	pw, err := readPasswordFrom(fmt.Sprintf("New password for %s (8 to 128 characters): ", name), stdin, in, stderr)
	if err != nil {
		return client.User{}, err
	}
	again, err := readPasswordFrom("The same password again: ", stdin, in, stderr)
	if err != nil {
		return client.User{}, err
	}
	if pw != again {
		return client.User{}, errors.New("the two passwords differ; nothing was made")
	}
	u, err := c.Register(ctx, name, pw)
	if err != nil {
		return u, explain(c, err)
	}
	return u, nil
}

func readPassword(prompt string, stdin io.Reader, stderr io.Writer) (string, error) {
	return readPasswordFrom(prompt, stdin, bufio.NewReader(stdin), stderr)
}

// readPasswordFrom reads a line without echo from a terminal, or a plain
// line from anything else (a script's pipe), through in.
func readPasswordFrom(prompt string, stdin io.Reader, in *bufio.Reader, stderr io.Writer) (string, error) {
	fmt.Fprint(stderr, prompt)
	if f, ok := stdin.(*os.File); ok && term.IsTerminal(f.Fd()) {
		pw, err := term.ReadPassword(f.Fd())
		fmt.Fprintln(stderr)
		if err != nil {
			return "", fmt.Errorf("reading the password: %w", err)
		}
		return string(pw), nil
	}
	line, err := in.ReadString('\n')
	line = strings.TrimRight(line, "\r\n")
	if err == io.EOF && line != "" {
		err = nil
	}
	if err != nil {
		return "", fmt.Errorf("reading the password: %w", err)
	}
	return line, nil
}

// explain turns the first errors a person may meet into sentences that
// say what to do.
func explain(c *client.Client, err error) error {
	if client.Unreachable(err) {
		return fmt.Errorf("no Parlor server answers at %s: is it running, and are the host and port right? (%v)", c.Base(), err)
	}
	var h *client.HTTPError
	if errors.As(err, &h) {
		switch h.Code {
		case "conflict":
			return fmt.Errorf("the name is taken on %s: %s; choose another with -name, or log in with -login if it is your account", c.Base(), h.Message)
		case "bad-request":
			return fmt.Errorf("the server refused the name: %s", h.Message)
		case "unauthorized":
			return fmt.Errorf("the server refused the login: %s", h.Message)
		case "unavailable":
			return fmt.Errorf("the server at %s cannot serve you at the moment: %s", c.Base(), h.Message)
		}
		return fmt.Errorf("the server at %s refused: %s", c.Base(), h.Message)
	}
	return err
}

// sessionsFile is where sessions are kept: a JSON object from "server
// name" (lower case) to the session token, readable by the user only.
func sessionsFile() (string, error) {
	dir, err := os.UserConfigDir()
	if err != nil {
		return "", err
	}
	return filepath.Join(dir, "parlor", "sessions.json"), nil
}

func sessionKey(base, name string) string { return base + " " + strings.ToLower(name) }

func readSessions() map[string]string {
	out := map[string]string{}
	if f, err := sessionsFile(); err == nil {
		if b, err := os.ReadFile(f); err == nil {
			_ = json.Unmarshal(b, &out)
		}
	}
	return out
}

func keptSession(base, name string) string { return readSessions()[sessionKey(base, name)] }

func keepSession(base, name, token string) error {
	return keepEntry(sessionKey(base, name), token)
}

// keepForNextStart keeps the session, and the server's guest key, for
// the next start of the client (startSession).
func keepForNextStart(c *client.Client, user client.User) error {
	if err := keepSession(c.Base(), user.Name, c.Session()); err != nil {
		return err
	}
	return keepEntry(guestKeyEntry(c.Base()), c.GuestKey())
}

// guestKeyEntry is where the guest key of a server is kept, beside the
// sessions: "" is no name, so it meets no session's entry.
func guestKeyEntry(base string) string { return sessionKey(base, "") }

// keepEntry writes one entry of the sessions file; an empty value
// changes nothing.
func keepEntry(key, value string) error {
	if value == "" {
		return nil
	}
	f, err := sessionsFile()
	if err != nil {
		return err
	}
	all := readSessions()
	all[key] = value
	b, _ := json.MarshalIndent(all, "", "  ")
	if err := os.MkdirAll(filepath.Dir(f), 0o700); err != nil {
		return err
	}
	return os.WriteFile(f, b, 0o600)
}
