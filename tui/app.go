// Package tui is Parlor's terminal client: the lobby, tables, chat and
// every game's board in a terminal, built on Bubble Tea's model, update
// and view. It speaks to the server only through package client, like
// any other program, so what it can do a script can do too.
//
// The model has two screens, the lobby and a table, a help screen over
// either, and one line at the bottom for typing (chat, a move in the
// game's notation, a save's name). A dropped connection is retried with
// growing pauses and the table is resumed by sequence number, so a
// player sees a "reconnecting" line and then the moves they missed.
package tui

import (
	"context"
	"errors"
	"fmt"
	"time"

	"charm.land/bubbles/v2/textinput"
	tea "charm.land/bubbletea/v2"

	"github.com/parlor-games/parlor/client"
)

// Config is what the client needs to run.
type Config struct {
	// Client holds the server's address and a session already started
	// (a guest or an account).
	Client *client.Client
	// NoColor draws without colour (NO_COLOR, or a terminal without it).
	NoColor bool
	// Table, when set, opens that table at once (an invite link's id).
	Table string
}

// errEnded is a dial's answer once the session has ended.
var errEnded = errors.New("the session has ended")

// reqTimeout bounds one request to the server.
const reqTimeout = 15 * time.Second

type screen int

const (
	screenLobby screen = iota
	screenCreate
	screenTable
	screenReplay
	screenMyGames
)

// inputKind says what the line at the bottom is being typed for.
type inputKind int

const (
	inputNone inputKind = iota
	inputChat
	inputMove
	inputSave
	inputFollow
	inputChallenge
	inputBlock
)

// Model is the whole client's state. Create it with New and run it with
// tea.NewProgram.
type Model struct {
	cfg  Config
	st   styles
	conn *client.Conn
	user client.User

	games []client.Game
	// rules are the games' rulebooks, read with the games: the help
	// shows the one of the game at hand (rulebook.go).
	rules   map[string]client.Rulebook
	w, h    int
	screen  screen
	help    bool
	helpTop int // the first line of the help shown, when it is longer than the screen
	// helpPage is how many lines of help a table shows under its board:
	// PgUp and PgDn turn that many.
	helpPage int
	status   string
	// room is how many lines the screen's body may take under the header,
	// once the status and input lines below it are counted; View sets it
	// before drawing the body.
	room     int
	quitting bool

	// line holds the connection so that the end of the session closes it.
	line    *lifeline
	lost    bool // the connection dropped and a new one is being made
	attempt int
	// presence follows the terminal's focus to tell the server when its
	// person is away (away.go).
	presence awayState

	lobby  lobbyState
	create *createForm
	table  *tableState
	replay *replayState

	input    textinput.Model
	inputFor inputKind
	ticking  bool   // a tick is scheduled
	confirm  string // a question waiting for y ("resign?")
	// rematch is the latest open rematch offer the player was told of
	// (rematch.go).
	rematch *client.RematchOffer
	// social is the friends and challenges the lobby shows (social.go).
	social socialState
	// mine is the player's games in play (mygames.go).
	mine myGamesState
}

// New returns the client's model.
func New(cfg Config) *Model {
	in := textinput.New()
	in.CharLimit = 500
	return &Model{cfg: cfg, st: newStyles(cfg.NoColor), input: in, w: 80, h: 24, lobby: lobbyState{pages: firstPages},
		line:     &lifeline{},
		presence: awayState{after: awayAfter}}
}

// Messages the model gets from its commands.
type (
	connectedMsg struct {
		conn    *client.Conn
		games   []client.Game
		rules   map[string]client.Rulebook
		history []client.Chat
		err     error
	}
	pushMsg struct {
		conn *client.Conn
		p    client.Push
	}
	lostMsg struct {
		conn *client.Conn
		err  error
	}
	retryMsg struct{}
	// tickMsg redraws a table with clocks once a second.
	tickMsg struct{}
	// doneMsg is the end of a request: what it was, its error, and a
	// function that applies its result to the model.
	doneMsg struct {
		what  string
		err   error
		apply func(*Model) tea.Cmd
	}
)

func (m *Model) Init() tea.Cmd { return m.connect() }

// connect dials, joins the lobby and reads the games and the lobby chat.
func (m *Model) connect() tea.Cmd {
	c := m.cfg.Client
	pages := m.lobby.pages
	line := m.line
	return func() tea.Msg {
		ctx, cancel := context.WithTimeout(context.Background(), reqTimeout)
		defer cancel()
		conn, err := c.Dial(ctx)
		if err != nil {
			return connectedMsg{err: err}
		}
		if !line.hold(conn) {
			return connectedMsg{err: errEnded}
		}
		out := connectedMsg{conn: conn}
		if out.games, err = c.Games(ctx); err == nil {
			out.rules = readRulebooks(ctx, c, out.games)
			if err = conn.JoinLobbyPages(ctx, pages); err == nil {
				out.history, err = conn.ChatHistory(ctx, client.LobbyChannel)
			}
		}
		if err != nil {
			conn.CloseNow()
			return connectedMsg{err: err}
		}
		return out
	}
}

// listen waits for the next push of conn.
func listen(conn *client.Conn) tea.Cmd {
	return func() tea.Msg {
		p, ok := <-conn.Pushes()
		if !ok {
			return lostMsg{conn: conn, err: conn.Err()}
		}
		return pushMsg{conn: conn, p: p}
	}
}

// request runs f against the connection in the background; apply, given
// f's result, changes the model once it is back.
func (m *Model) request(what string, f func(ctx context.Context, c *client.Conn) (func(*Model) tea.Cmd, error)) tea.Cmd {
	conn := m.conn
	if conn == nil {
		m.status = "not connected: " + what + " must wait"
		return nil
	}
	return func() tea.Msg {
		ctx, cancel := context.WithTimeout(context.Background(), reqTimeout)
		defer cancel()
		apply, err := f(ctx, conn)
		return doneMsg{what: what, err: err, apply: apply}
	}
}

func (m *Model) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		m.w, m.h = msg.Width, msg.Height
		return m, nil
	case connectedMsg:
		return m, m.connected(msg)
	case pushMsg:
		if msg.conn != m.conn {
			return m, nil
		}
		return m, tea.Batch(m.push(msg.p), listen(msg.conn))
	case lostMsg:
		if msg.conn != m.conn || m.quitting {
			return m, nil
		}
		m.conn = nil
		return m, m.retry(msg.err)
	case retryMsg:
		return m, m.connect()
	case tickMsg:
		if m.counting() {
			return m, tick()
		}
		m.ticking = false
		return m, nil
	case tea.FocusMsg:
		return m, m.focus(true)
	case tea.BlurMsg:
		return m, m.focus(false)
	case awayMsg:
		return m, m.awayWaited(msg)
	case awaySentMsg:
		return m, m.awaySent(msg)
	case moveDoneMsg:
		m.moveDone(msg)
		return m, nil
	case myGamesMsg:
		return m, m.tookMyGames(msg)
	case doneMsg:
		if msg.err != nil {
			m.status = msg.what + ": " + sentence(msg.err)
			return m, nil
		}
		if msg.apply != nil {
			return m, msg.apply(m)
		}
		return m, nil
	case tea.KeyPressMsg:
		return m, m.key(msg)
	case tea.MouseClickMsg:
		if m.screen == screenTable && m.table != nil {
			return m, m.table.click(m, msg.X, msg.Y)
		}
	}
	if m.inputFor != inputNone {
		var cmd tea.Cmd
		m.input, cmd = m.input.Update(msg)
		return m, cmd
	}
	return m, nil
}

// connected takes up a new connection: the lobby's state it brings, the
// table that was open watched again (and a move that was in flight sent
// again), or the table asked for at start opened.
func (m *Model) connected(msg connectedMsg) tea.Cmd {
	if msg.err != nil {
		return m.retry(msg.err)
	}
	m.conn, m.user, m.games, m.rules, m.lost = msg.conn, msg.conn.User(), msg.games, msg.rules, false
	m.lobby.chat = msg.history
	// The server pushes the ended games after hello only when there
	// are some: a list dismissed elsewhere meanwhile must not stay.
	m.lobby.ended = nil
	cmds := []tea.Cmd{listen(msg.conn), m.awayConnected(), m.fetchMyGames()}
	if m.attempt > 0 {
		m.status = "reconnected"
	}
	m.attempt = 0
	if m.table != nil {
		// The watch goes first: the connection answers in order, so
		// a move sent again is answered after the table caught up.
		if again := m.table.resendMove(m); again != nil {
			cmds = append(cmds, tea.Sequence(m.watch(m.table.f), again))
		} else {
			cmds = append(cmds, m.watch(m.table.f))
		}
	} else if m.cfg.Table != "" {
		cmds = append(cmds, m.open(m.cfg.Table, -1))
		m.cfg.Table = ""
	}
	return tea.Batch(cmds...)
}

// sentence is what a player reads of a request's error: the server's
// own sentence for a refusal, a plain one for a broken connection; never
// Go's wording of a network error.
func sentence(err error) string {
	var r *client.Refusal
	var h *client.HTTPError
	switch {
	case errors.As(err, &r):
		return r.Message
	case errors.As(err, &h):
		return h.Message
	case errors.Is(err, client.ErrClosed):
		return "the connection to the server is closed; reconnecting"
	case errors.Is(err, context.DeadlineExceeded):
		return "the server did not answer in time"
	}
	return "the server could not be reached"
}

func tick() tea.Cmd {
	return tea.Tick(time.Second, func(time.Time) tea.Msg { return tickMsg{} })
}

// counting reports whether something on screen counts down: the table's
// clocks or a gone seat's wait, or in the lobby the wait of the player's
// own seat.
func (m *Model) counting() bool {
	if m.table != nil && (len(m.table.clocks.Deadline) > 0 || m.table.counting()) && m.table.outcome == nil {
		return true
	}
	return m.lobbyCounting() || m.rematchCounting() || (m.screen == screenLobby && len(m.openChallenges()) > 0)
}

// startTicking redraws every second while the table has clocks, so that
// the seconds left count down on screen.
func (m *Model) startTicking() tea.Cmd {
	if m.ticking || !m.counting() {
		return nil
	}
	m.ticking = true
	return tick()
}

// retry schedules a new connection after a pause that grows with each
// failed attempt, up to ten seconds.
func (m *Model) retry(err error) tea.Cmd {
	m.lost = true
	m.attempt++
	wait := min(time.Duration(m.attempt)*time.Second/2, 10*time.Second)
	if m.attempt == 1 {
		wait = 200 * time.Millisecond
	}
	// The cause stays out of the line: a dial error is Go's wording, not
	// a player's, and what a player can act on is that the client keeps
	// trying and how often it has.
	_ = err
	m.status = fmt.Sprintf("connection lost: reconnecting, attempt %d (next in %s)", m.attempt, wait.Round(100*time.Millisecond))
	return tea.Tick(wait, func(time.Time) tea.Msg { return retryMsg{} })
}
