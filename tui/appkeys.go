package tui

import (
	"context"
	"fmt"
	"strings"

	tea "charm.land/bubbletea/v2"

	"github.com/parlor-games/parlor/client"
)

func (m *Model) key(k tea.KeyPressMsg) tea.Cmd {
	s := k.String()
	if s == "ctrl+c" {
		return m.quit()
	}
	if m.inputFor != inputNone {
		switch s {
		case "esc":
			m.closeInput()
			return nil
		case "enter":
			text := strings.TrimSpace(m.input.Value())
			kind := m.inputFor
			m.closeInput()
			if text == "" {
				return nil
			}
			return m.submit(kind, text)
		}
		var cmd tea.Cmd
		m.input, cmd = m.input.Update(k)
		return cmd
	}
	if m.confirm != "" {
		q := m.confirm
		m.confirm = ""
		if s == "y" || s == "Y" {
			return m.confirmed(q)
		}
		m.status = "not done"
		return nil
	}
	if m.help && m.screen == screenTable && m.table != nil {
		// At a table the help stands beside or under the board and the
		// game's keys still play (as a game's spec asks of its help): only ?
		// and Esc close it, and PgUp/PgDn scroll it.
		switch s {
		case "?", "esc":
			m.help = false
			return nil
		case "pgup":
			m.helpTop = max(m.helpTop-max(m.helpPage, 1), 0)
			return nil
		case "pgdown":
			m.helpTop += max(m.helpPage, 1)
			return nil
		}
	} else if m.help {
		// A help longer than the screen scrolls; any other key closes it.
		switch s {
		case "up", "k":
			m.helpTop = max(m.helpTop-1, 0)
		case "down", "j", "space", " ":
			m.helpTop++
		case "pgup":
			m.helpTop = max(m.helpTop-m.room, 0)
		case "pgdown":
			m.helpTop += m.room
		default:
			m.help = false
		}
		return nil
	}
	if s == "?" {
		m.help, m.helpTop = true, 0
		return nil
	}
	switch m.screen {
	case screenCreate:
		return m.create.key(m, s)
	case screenTable:
		return m.table.key(m, k)
	case screenReplay:
		if m.replay != nil {
			return m.replay.key(m, s)
		}
	case screenMyGames:
		return m.myGamesKey(s)
	}
	return m.lobbyKey(s)
}

// show goes to screen s. The status line is cleared: it spoke of the
// screen left (a game's result, a refusal), and kept it would tell of
// another table on the next one.
func (m *Model) show(s screen) {
	m.screen, m.status = s, ""
}

func (m *Model) quit() tea.Cmd {
	m.quitting = true
	go m.line.close()
	return tea.Quit
}

func (m *Model) openInput(kind inputKind, prompt string) tea.Cmd {
	m.inputFor = kind
	m.input.Prompt = prompt
	m.input.Reset()
	return m.input.Focus()
}

func (m *Model) closeInput() {
	m.inputFor = inputNone
	m.input.Blur()
	m.input.Reset()
}

func (m *Model) submit(kind inputKind, text string) tea.Cmd {
	switch kind {
	case inputFollow, inputChallenge, inputBlock:
		return m.socialSubmit(kind, text)
	case inputChat:
		channel := client.LobbyChannel
		if m.screen == screenTable && m.table != nil {
			channel = client.TableChannel(m.table.t.ID)
		}
		return m.request("chat", func(ctx context.Context, c *client.Conn) (func(*Model) tea.Cmd, error) {
			return nil, c.Say(ctx, channel, text)
		})
	case inputMove:
		if m.table != nil {
			return m.table.play(m, text)
		}
	case inputSave:
		if m.table != nil {
			id := m.table.t.ID
			return m.request("save", func(ctx context.Context, c *client.Conn) (func(*Model) tea.Cmd, error) {
				sv, err := c.SaveMatch(ctx, id, text)
				return func(m *Model) tea.Cmd {
					m.status = fmt.Sprintf("saved as %q (%d moves)", sv.Name, sv.Moves)
					return nil
				}, err
			})
		}
	}
	return nil
}

func (m *Model) confirmed(q string) tea.Cmd {
	if m.table != nil && q == "resign" {
		return m.table.resign(m)
	}
	if m.table != nil && q == confirmLeave {
		return m.table.leave(m)
	}
	return nil
}
