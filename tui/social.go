package tui

import (
	"context"
	"fmt"
	"strings"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/parlor-games/parlor/client"
)

// Friends and challenges in the terminal (protocol v9). The lobby shows,
// above the tables, the player's friends online and where they play, the
// private tables their challenges opened, and the challenges waiting: to
// the player, with y to accept and u to refuse; from them, with u to
// withdraw. f follows a player by name, C challenges one ("Bob", or "Bob"
// and a game's name), b blocks one; p returns to the first private
// table.

// socialState is the lobby's part of the friends and challenges.
type socialState struct {
	list client.Social
	// asked is when social.list was last asked for: the lobby's pushes
	// ask again, at most once a second.
	asked      time.Time
	challenges []client.Challenge
}

// refreshSocial asks for the friends list, at most once a second.
func (m *Model) refreshSocial() tea.Cmd {
	if m.conn == nil || time.Since(m.social.asked) < time.Second {
		// Without a connection there is nothing to ask, nor to say: the
		// list is asked for at the next push.
		return nil
	}
	m.social.asked = time.Now()
	return m.request("the friends list", func(ctx context.Context, c *client.Conn) (func(*Model) tea.Cmd, error) {
		s, err := c.Social(ctx)
		if err != nil {
			return nil, err
		}
		return func(m *Model) tea.Cmd { m.social.list = s; return nil }, nil
	})
}

// setChallenge follows a challenge push or reply.
func (m *Model) setChallenge(ch client.Challenge) tea.Cmd {
	cs := m.social.challenges[:0:0]
	for _, c := range m.social.challenges {
		if c.ID != ch.ID {
			cs = append(cs, c)
		}
	}
	mine := ch.From == m.user.Name
	switch ch.State {
	case client.ChallengeOpen:
		cs = append(cs, ch)
		if !mine {
			m.status = ch.From + " challenges you to " + ch.Title + ": y accepts, u refuses"
		}
	case client.ChallengeAccepted:
		if mine && ch.Table != "" {
			m.social.challenges = cs
			if m.screen == screenLobby {
				m.status = ch.To + " accepted your challenge"
				m.table = newTableState(ch.Table)
				m.show(screenTable)
				return tea.Batch(m.watch(m.table.f), m.refreshSocial())
			}
			m.status = ch.To + " accepted your challenge to " + ch.Title + ": it is in the lobby (p)"
		}
	case client.ChallengeDeclined:
		m.status = "you refused " + ch.From + "'s challenge"
		if mine {
			m.status = ch.To + " declined your challenge to " + ch.Title
		}
	case client.ChallengeWithdrawn:
		m.status = "you withdrew your challenge to " + ch.To
		if !mine {
			m.status = ch.From + " withdrew the challenge to " + ch.Title
		}
	case client.ChallengeLapsed:
		m.status = "the challenge to " + ch.Title + " lapsed"
	}
	m.social.challenges = cs
	return m.startTicking()
}

// openChallenges are the challenges still open by now.
func (m *Model) openChallenges() []client.Challenge {
	var out []client.Challenge
	for _, c := range m.social.challenges {
		if c.Until.After(time.Now()) {
			out = append(out, c)
		}
	}
	return out
}

// challengeKey answers the first open challenge: y accepts one to the
// player, u refuses it or withdraws one of theirs. It reports whether the
// key was the challenges'.
func (m *Model) challengeKey(s string) (tea.Cmd, bool) {
	open := m.openChallenges()
	if len(open) == 0 || (s != "y" && s != "u") {
		return nil, false
	}
	ch := open[0]
	for _, c := range open {
		if c.To == m.user.Name {
			ch = c
			break
		}
	}
	if s == "y" {
		if ch.To != m.user.Name {
			m.status = "waiting for " + ch.To + " to answer (u withdraws)"
			return nil, true
		}
		return m.request("accept the challenge", func(ctx context.Context, c *client.Conn) (func(*Model) tea.Cmd, error) {
			t, err := c.AcceptChallenge(ctx, ch.ID)
			if err != nil {
				return nil, err
			}
			return func(m *Model) tea.Cmd {
				m.dropChallenge(ch.ID)
				m.table = newTableState(t.ID)
				m.show(screenTable)
				return m.watch(m.table.f)
			}, nil
		}), true
	}
	return m.request("answer the challenge", func(ctx context.Context, c *client.Conn) (func(*Model) tea.Cmd, error) {
		if err := c.DeclineChallenge(ctx, ch.ID); err != nil {
			return nil, err
		}
		return func(m *Model) tea.Cmd { m.dropChallenge(ch.ID); return nil }, nil
	}), true
}

func (m *Model) dropChallenge(id string) {
	var cs []client.Challenge
	for _, c := range m.social.challenges {
		if c.ID != id {
			cs = append(cs, c)
		}
	}
	m.social.challenges = cs
}

// socialSubmit runs what was typed after f, g or b.
func (m *Model) socialSubmit(kind inputKind, text string) tea.Cmd {
	switch kind {
	case inputFollow, inputBlock:
		rel := client.Follow
		done := "you follow " + text
		if kind == inputBlock {
			rel, done = client.Block, text+" is blocked: they cannot challenge, follow or write to you"
		}
		return m.request(string(rel), func(ctx context.Context, c *client.Conn) (func(*Model) tea.Cmd, error) {
			s, err := c.SetTie(ctx, rel, text, true)
			if err != nil {
				return nil, err
			}
			return func(m *Model) tea.Cmd { m.social.list, m.status = s, done; return nil }, nil
		})
	case inputChallenge:
		fields := strings.Fields(text)
		req := client.SendChallenge{To: fields[0], Game: challengeGame}
		if len(fields) > 1 {
			req.Game = fields[1]
		}
		if len(fields) > 2 {
			m.status = "challenge: type a name, and a game's name if not " + challengeGame + " (such as: Bob " + challengeOther + ")"
			return nil
		}
		return m.request("challenge", func(ctx context.Context, c *client.Conn) (func(*Model) tea.Cmd, error) {
			ch, err := c.Challenge(ctx, req)
			if err != nil {
				return nil, err
			}
			return func(m *Model) tea.Cmd {
				cmd := m.setChallenge(ch)
				m.status = "challenge sent to " + ch.To + ": waiting for an answer (u withdraws)"
				return cmd
			}, nil
		})
	}
	return nil
}

// privateKey returns to the first private table of the player's.
func (m *Model) privateKey() tea.Cmd {
	if len(m.social.list.Private) == 0 {
		m.status = "no private game: challenge someone with g"
		return nil
	}
	return m.open(m.social.list.Private[0].ID, -1)
}

// socialLines are the lobby's lines of challenges, friends and private
// games, wrapped to the screen.
func (m *Model) socialLines() []string {
	w := max(m.w, 20)
	var out []string
	add := func(text string, warn bool) {
		for _, l := range wrap(text, w) {
			if warn {
				out = append(out, m.st.warn.Render(l))
			} else {
				out = append(out, l)
			}
		}
	}
	for _, c := range m.openChallenges() {
		left := client.Span(time.Until(c.Until).Seconds())
		if c.To == m.user.Name {
			add(fmt.Sprintf("%s challenges you to %s (lapses in %s): y accepts, u refuses", c.From, c.Title, left), true)
		} else {
			add(fmt.Sprintf("Your challenge to %s, %s: waiting (lapses in %s; u withdraws)", c.To, c.Title, left), true)
		}
	}
	for _, p := range m.social.list.Private {
		add(fmt.Sprintf("Your private game: %s with %s (p returns)", m.gameTitle(p.Game), p.With), false)
	}
	var on []string
	for _, f := range m.social.list.Friends {
		if !f.Online {
			continue
		}
		s := f.Name
		if len(f.Tables) > 0 {
			s += " at " + m.gameTitle(f.Tables[0].Game)
		}
		on = append(on, s)
	}
	if len(m.social.list.Friends) > 0 {
		text := "Friends online: none"
		if len(on) > 0 {
			text = "Friends online: " + strings.Join(on, ", ")
		}
		add(text, false)
	}
	return out
}
