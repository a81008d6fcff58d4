package tui

import (
	"context"
	"slices"
	"sort"

	tea "charm.land/bubbletea/v2"

	"github.com/parlor-games/parlor/client"
)

// lobbyState is what the lobby shows: who is online, the tables, the chat.
type lobbyState struct {
	lists  client.Lobby // who is online and the tables, as the server's pushes tell them
	tables []client.Table
	sel    int
	chat   []client.Chat
	// pages are the pages of the lists joined (since v6): a screen shows
	// far fewer than a crowded server's thousands, and one's own tables
	// and entry come with any page.
	pages client.LobbyPages
	// ended are the player's games that ended while they were not at the
	// table, the most recent first, as the server's last ended push
	// listed them (since v7, ended.go).
	ended []client.RecentGame
	// endedSaid are the matches of ended already shown or said, across
	// connections, so that news is said once.
	endedSaid map[string]bool
	// dismissing is set by x among several ended games: the next key
	// says which to dismiss (ended.go).
	dismissing bool
}

// lobbyPageSize is how many tables, and how many people online, a page
// of the lobby holds.
const lobbyPageSize = 50

// firstPages are the lobby's pages on connecting.
var firstPages = client.LobbyPages{Tables: client.PageAt{N: lobbyPageSize}, Online: client.PageAt{N: lobbyPageSize}}

// turnPage joins the lobby again with the page of a list moved by step
// pages (1 the next, -1 the previous), if there is one that way.
func (m *Model) turnPage(tables bool, step int) tea.Cmd {
	pages := m.lobby.pages
	at, held := &pages.Online, m.lobby.lists.OnlinePage
	if tables {
		at, held = &pages.Tables, m.lobby.lists.TablesPage
	}
	// The page turns from the one shown, which the server's push names,
	// not from the one last asked for, whose reply may still be on its way.
	if held == nil || (step > 0 && !held.More) || (step < 0 && held.From == 0) {
		m.status = "no more pages that way"
		return nil
	}
	at.From = max(0, held.From+step*at.N)
	return m.request("turn the page", func(ctx context.Context, c *client.Conn) (func(*Model) tea.Cmd, error) {
		if err := c.JoinLobbyPages(ctx, pages); err != nil {
			return nil, err
		}
		return func(m *Model) tea.Cmd {
			m.lobby.pages = pages
			m.lobby.sel = 0
			return nil
		}, nil
	})
}

// push applies one push to the model.
func (m *Model) push(p client.Push) tea.Cmd {
	switch p.T {
	case "lobby.online", "lobby.online.diff":
		_, _ = m.lobby.lists.Apply(p) // a push that does not read changes nothing
		return m.refreshSocial()
	case "lobby.tables", "lobby.tables.diff":
		if _, err := m.lobby.lists.Apply(p); err == nil {
			// The player's own tables first (lobbyreturn.go), then those
			// still to play, then in the order the server keeps (oldest
			// first); finished tables last.
			ts := slices.Clone(m.lobby.lists.Tables)
			own := func(t client.Table) int {
				if m.ownTable(t) {
					return 0
				}
				return 1
			}
			sort.SliceStable(ts, func(i, j int) bool {
				if a, b := own(ts[i]), own(ts[j]); a != b {
					return a < b
				}
				return rank(ts[i].Status) < rank(ts[j].Status)
			})
			m.lobby.tables = lastFinished(ts, finishedShown)
			m.lobby.sel = min(m.lobby.sel, max(len(m.lobby.tables)-1, 0))
			return tea.Batch(m.startTicking(), m.refreshSocial(), m.fetchMyGames())
		}
	case "chat":
		c, err := p.Chat()
		if err != nil {
			return nil
		}
		if c.Channel == client.LobbyChannel {
			m.lobby.chat = appendChat(m.lobby.chat, c)
		} else if m.table != nil && c.Channel == client.TableChannel(m.table.t.ID) {
			m.table.chat = appendChat(m.table.chat, c)
		}
	case "ended":
		m.setEnded(p)
	case "rematch":
		if o, err := p.Rematch(); err == nil {
			return m.setRematch(o)
		}
	case "challenge":
		if ch, err := p.Challenge(); err == nil {
			return m.setChallenge(ch)
		}
	case "moderation":
		if n, err := p.Moderation(); err == nil {
			switch n.Kind {
			case "ban":
				m.status = "you are banned until " + n.Until.Local().Format("2 Jan 15:04") + ": " + n.Reason
			case "mute":
				m.status = "an operator muted you until " + n.Until.Local().Format("2 Jan 15:04") + ": " + n.Reason
			default:
				m.status = "an operator lifted your ban or mute"
			}
		}
	case "achievement":
		if a, err := p.Achievement(); err == nil {
			// Worded as a game's spec words achievement messages.
			m.status = "You've unlocked: " + a.Title + " - " + a.Description
		}
	case "error":
		m.status = "the server refused a message: " + string(p.Raw)
	case "table", "match", "handover":
		// A move anywhere may change the player's list of games.
		var cmd tea.Cmd
		if p.T == "match" {
			cmd = m.fetchMyGames()
		}
		if m.table != nil {
			return tea.Batch(m.table.push(m, p), cmd)
		}
		return cmd
	}
	return nil
}

// finishedShown is how many finished tables the lobby lists, the newest:
// each stays on the server's list for its replay, and kept all they
// pushed the tables still to play off an 80x24 screen. A player's own
// games that ended are in the ended note (ended.go) with their replays.
const finishedShown = 3

// lastFinished is ts, sorted with finished tables last in the server's
// order (oldest first), without all but the newest n of them.
func lastFinished(ts []client.Table, n int) []client.Table {
	over := 0
	for _, t := range ts {
		if t.Status == client.StatusOver {
			over++
		}
	}
	if over <= n {
		return ts
	}
	out := make([]client.Table, 0, len(ts)-over+n)
	skip := over - n
	for _, t := range ts {
		if t.Status == client.StatusOver && skip > 0 {
			skip--
			continue
		}
		out = append(out, t)
	}
	return out
}

func rank(s client.Status) int {
	switch s {
	case client.StatusOpen:
		return 0
	case client.StatusPlaying:
		return 1
	}
	return 2
}

// appendChat keeps the last 100 lines.
func appendChat(list []client.Chat, c client.Chat) []client.Chat {
	list = append(list, c)
	if len(list) > 100 {
		list = list[len(list)-100:]
	}
	return list
}

func (m *Model) lobbyKey(s string) tea.Cmd {
	if cmd, ok := m.endedKey(s); ok {
		return cmd
	}
	if cmd, ok := m.rematchKey(s, ""); ok {
		return cmd
	}
	if cmd, ok := m.challengeKey(s); ok {
		return cmd
	}
	n := len(m.lobby.tables)
	switch s {
	case "q":
		return m.quit()
	case "up", "k":
		if m.lobby.sel > 0 {
			m.lobby.sel--
		}
	case "down", "j":
		if m.lobby.sel+1 < n {
			m.lobby.sel++
		}
	case "c", "/":
		return m.openInput(inputChat, "lobby> ")
	case "f":
		return m.openInput(inputFollow, "follow> ")
	case "C":
		return m.openInput(inputChallenge, "challenge (name [game])> ")
	case "b":
		return m.openInput(inputBlock, "block> ")
	case "p":
		return m.privateKey()
	case "g":
		return m.goNextWaiting()
	case "l":
		m.show(screenMyGames)
		return m.fetchMyGames()
	case "]", "pgdown":
		return m.turnPage(true, 1)
	case "[", "pgup":
		return m.turnPage(true, -1)
	case "}":
		return m.turnPage(false, 1)
	case "{":
		return m.turnPage(false, -1)
	case "n":
		if len(m.games) == 0 {
			m.status = "the server offers no games"
			return nil
		}
		m.create = newCreateForm(m.games, m.user.Name)
		m.show(screenCreate)
	case "r":
		if n == 0 || m.lobby.tables[m.lobby.sel].Status != client.StatusOver {
			m.status = "only a finished table has a replay: choose one marked over"
			return nil
		}
		return m.openReplay(m.lobby.tables[m.lobby.sel].Match)
	case "enter", "w":
		if n == 0 {
			m.status = "no table yet: press n to make one"
			return nil
		}
		t := m.lobby.tables[m.lobby.sel]
		seat := -1
		if s == "enter" && t.Status == client.StatusOpen {
			for i, st := range t.Seats {
				if st.Kind == client.SeatOpen {
					seat = i
					break
				}
			}
		}
		return m.open(t.ID, seat)
	}
	return nil
}

// open goes to a table: sits in seat first when seat >= 0, then watches.
func (m *Model) open(id string, seat int) tea.Cmd {
	return m.request("open the table", func(ctx context.Context, c *client.Conn) (func(*Model) tea.Cmd, error) {
		if seat >= 0 {
			if _, err := c.Sit(ctx, id, seat); err != nil {
				return nil, err
			}
		}
		return func(m *Model) tea.Cmd {
			m.table = newTableState(id)
			m.show(screenTable)
			return m.watch(m.table.f)
		}, nil
	})
}
