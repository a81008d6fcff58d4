package tui

import (
	"context"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/parlor-games/parlor/client"
)

// A terminal that has lost focus is the terminal's hidden page: after
// awayAfter without focus the client tells the server it is away
// (presence.set, protocol v6), so that others see its person offline in
// the lobby and at their seats, as the web client does for a page hidden
// that long; a quick switch of windows costs the lobby nothing. Focus
// back, it is present again at once. The model asks the terminal to
// report focus (View's ReportFocus); a terminal that never reports it
// sends no FocusMsg or BlurMsg, and its person is never away.

// awayAfter is how long the terminal stays without focus before its
// person is shown away: the web client's wait for a hidden page.
const awayAfter = 3 * time.Second

// presenceVersion is the first protocol version with presence.set; an
// older server is never asked.
const presenceVersion = 6

type (
	// awayMsg is the end of the wait after a blur. gen names the blur it
	// follows: focus back, or another blur, makes it stale.
	awayMsg struct{ gen int }
	// awaySentMsg is the server's answer to a presence.set on conn.
	awaySentMsg struct {
		conn *client.Conn
		away bool
	}
)

// awayState is what the model knows of its presence.
type awayState struct {
	after   time.Duration // the wait after a blur: awayAfter
	blurs   int           // counts blurs and focuses, so that a stale wait is known
	away    bool          // what the server should be told
	told    bool          // what this connection was last told (a new one is not away)
	sending bool          // a presence.set is on its way
}

// focus follows the terminal's focus: a blur starts the wait, focus
// cancels it and says the person is back.
func (m *Model) focus(focused bool) tea.Cmd {
	m.presence.blurs++
	if focused {
		m.presence.away = false
		return m.tellAway()
	}
	gen := m.presence.blurs
	return tea.Tick(m.presence.after, func(time.Time) tea.Msg { return awayMsg{gen: gen} })
}

// awayWaited is the end of the wait after a blur: away, unless focus
// came back (or the terminal blurred again) meanwhile.
func (m *Model) awayWaited(msg awayMsg) tea.Cmd {
	if msg.gen != m.presence.blurs {
		return nil
	}
	m.presence.away = true
	return m.tellAway()
}

// tellAway sends presence.set when the connection was told otherwise,
// one at a time: each command runs on its own goroutine, so two in
// flight could reach the server in the wrong order, and the next is sent
// on the answer to the last (awaySent).
func (m *Model) tellAway() tea.Cmd {
	p := &m.presence
	conn := m.conn
	if conn == nil || p.sending || p.told == p.away || conn.ServerVersion() < presenceVersion {
		return nil
	}
	p.sending = true
	away := p.away
	return func() tea.Msg {
		ctx, cancel := context.WithTimeout(context.Background(), reqTimeout)
		defer cancel()
		// A failure is not shown: a dropped connection is made again
		// and told then; a refusal would change nothing the player can
		// act on.
		_ = conn.SetAway(ctx, away)
		return awaySentMsg{conn: conn, away: away}
	}
}

// awaySent takes the answer to a presence.set and sends the next if the
// focus changed while it was on its way.
func (m *Model) awaySent(msg awaySentMsg) tea.Cmd {
	if msg.conn != m.conn {
		return nil // a connection since replaced, told afresh when it came
	}
	m.presence.sending, m.presence.told = false, msg.away
	return m.tellAway()
}

// awayConnected tells a new connection, which the server counts as
// present, that the terminal is still away.
func (m *Model) awayConnected() tea.Cmd {
	m.presence.told, m.presence.sending = false, false
	return m.tellAway()
}
