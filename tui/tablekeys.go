package tui

import (
	"context"
	"maps"
	"strings"

	tea "charm.land/bubbletea/v2"

	"github.com/parlor-games/parlor/client"
)

func (ts *tableState) key(m *Model, k tea.KeyPressMsg) tea.Cmd {
	s := k.String()
	if ts.handover >= 0 {
		// The screen is a curtain until the next player confirms.
		if s != "enter" {
			return nil
		}
		return ts.handOver(m)
	}
	if cmd, ok := ts.votes.key(m, ts, s); ok {
		return cmd
	}
	if cmd, ok := m.rematchKey(s, ts.t.ID); ok {
		return cmd
	}
	switch s {
	case "esc", "q":
		return ts.askLeave(m)
	case "c", "/":
		return m.openInput(inputChat, "table> ")
	case "L":
		ts.panel = !ts.panel
		return nil
	case ":":
		if ts.seat < 0 {
			m.status = "you are watching: only players move"
			return nil
		}
		return m.openInput(inputMove, "move> ")
	case "R":
		ts.askResign(m)
		return nil
	case "S":
		return m.openInput(inputSave, "save as> ")
	case "s":
		if ts.t.Status == client.StatusOpen {
			if ts.maySit(m) {
				return m.sitAndRewatch(ts, ts.openSeat())
			}
			m.status = ts.whyNotSit(m)
		}
		return nil
	case "r":
		if ts.t.Status == client.StatusOpen {
			return m.nextRole(ts)
		}
		if ts.outcome != nil || ts.t.Status == client.StatusOver {
			return m.openReplay(ts.t.Match)
		}
	case "g":
		if ts.t.Status != client.StatusOpen {
			return ts.nextGame(m)
		}
		return ts.start(m)
	case "m":
		if ts.outcome != nil || ts.t.Status == client.StatusOver {
			return m.askRematch(ts.t.ID)
		}
	}
	if ts.board == nil {
		return nil
	}
	move, note := ts.board.key(k)
	if note != "" {
		m.status = note
	}
	if move != nil {
		return ts.play(m, move)
	}
	return nil
}

// handOver lifts the hot-seat curtain: the server shows the next seat's
// board.
func (ts *tableState) handOver(m *Model) tea.Cmd {
	id, seat := ts.t.ID, ts.handover
	return m.request("hand over", func(ctx context.Context, c *client.Conn) (func(*Model) tea.Cmd, error) {
		snap, err := c.Handover(ctx, id, seat)
		return func(m *Model) tea.Cmd {
			if m.table == ts {
				ts.handover = -1
				ts.turn, ts.scores = snap.Turn, snap.Scores
				maps.Copy(ts.views, snap.Views)
				ts.setViews(m, snap.Views)
			}
			return nil
		}, err
	})
}

// start starts an open table's game, when this player may.
func (ts *tableState) start(m *Model) tea.Cmd {
	if !ts.mayStart(m) {
		m.status = ts.whyNotStart(m)
		return nil
	}
	id := ts.t.ID
	return m.request("start", func(ctx context.Context, c *client.Conn) (func(*Model) tea.Cmd, error) {
		_, err := c.Start(ctx, id)
		return nil, err
	})
}

// askResign asks this player to confirm resigning, with what resigning
// means at this table.
func (ts *tableState) askResign(m *Model) {
	if ts.seat < 0 || ts.outcome != nil || ts.t.Status != client.StatusPlaying {
		m.status = "nothing to resign"
		return
	}
	m.status = client.ResignWarning(ts.seat, ts.names())
	m.confirm = "resign"
}

// roles returns the characters of a game, or nil.
func (m *Model) roles(game string) *client.Roles {
	for _, g := range m.games {
		if g.Name == game {
			return g.Roles
		}
	}
	return nil
}

func (m *Model) roleName(game, key string) string {
	if rs := m.roles(game); rs != nil {
		for _, r := range rs.Choices {
			if r.Key == key {
				return r.Name
			}
		}
	}
	return key
}

// nextRole gives the first seat this player holds the next character
// nobody else has chosen.
func (m *Model) nextRole(ts *tableState) tea.Cmd {
	rs := m.roles(ts.t.Game)
	if rs == nil {
		m.status = "this game has no characters to choose"
		return nil
	}
	mine := -1
	taken := map[string]bool{}
	for i, s := range ts.t.Seats {
		if s.Kind == client.SeatHuman && strings.EqualFold(s.Name, m.user.Name) && mine < 0 {
			mine = i
			continue
		}
		taken[s.Role] = true
	}
	if mine < 0 {
		m.status = "sit down first (s)"
		return nil
	}
	cur := ts.t.Seats[mine].Role
	start := -1
	for i, r := range rs.Choices {
		if r.Key == cur {
			start = i
		}
	}
	for k := 1; k <= len(rs.Choices); k++ {
		r := rs.Choices[(start+k+len(rs.Choices))%len(rs.Choices)]
		if !taken[r.Key] {
			id := ts.t.ID
			return m.request("choose a character", func(ctx context.Context, c *client.Conn) (func(*Model) tea.Cmd, error) {
				t, err := c.SetRole(ctx, id, mine, r.Key)
				return func(m *Model) tea.Cmd {
					if m.table == ts && t.Supersedes(ts.t) {
						ts.t = t
					}
					return nil
				}, err
			})
		}
	}
	m.status = "every other character is taken"
	return nil
}

func (m *Model) sitAndRewatch(ts *tableState, seat int) tea.Cmd {
	id := ts.t.ID
	return m.request("sit", func(ctx context.Context, c *client.Conn) (func(*Model) tea.Cmd, error) {
		if _, err := c.Sit(ctx, id, seat); err != nil {
			return nil, err
		}
		return func(m *Model) tea.Cmd {
			if m.table == ts {
				return m.resync(ts)
			}
			return nil
		}, nil
	})
}

func (ts *tableState) click(m *Model, x, y int) tea.Cmd {
	if ts.board == nil || ts.boardHidden {
		return nil
	}
	line := y - ts.boardTop
	if line < 0 || line >= ts.boardRows {
		return nil
	}
	if line >= ts.boardSticky {
		line += ts.boardFirst
	}
	move, note := ts.board.click(x, line)
	if note != "" {
		m.status = note
	}
	if move != nil {
		return ts.play(m, move)
	}
	return nil
}

func (ts *tableState) keys() []string {
	return []string{
		": type a move in the game's notation",
		"c: chat at the table",
		"R: resign (asks first)   V: call or answer a players' vote",
		"S: save the game",
		"s: sit in an open seat (before the start)   g: start (the table's creator)",
		"g, once the game is on: the next of your games waiting on you (from a correspondence game, or one you only watch or that is over)",
		"m: rematch, after the end   r: the match's replay, after the end",
		"L: moves and chat in place of the board, on a small screen",
		"q or Esc: back to the lobby",
	}
}
