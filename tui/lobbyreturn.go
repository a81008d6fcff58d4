package tui

import (
	"slices"
	"time"

	"github.com/parlor-games/parlor/client"
)

// Coming back to one's own table from the lobby. A player who left a
// game in play (q, a closed terminal, a lost connection) finds it first
// in the lobby's list, selected, with what is happening to their seat
// counted down under it ("Your seat waits for you: it forfeits in 0:48")
// and Enter named for what it does, taking them back to it: the same
// news the web lobby gives with its Return button.

// mySeat reports whether the player holds s: a seat of theirs by name,
// or at a table played at one screen, by its player.
func (m *Model) mySeat(s client.Seat) bool {
	me := m.user.Name
	return s.Mine || (me != "" && s.Kind == client.SeatHuman && (s.Player == me || (s.Player == "" && s.Name == me)))
}

// mineAt reports whether the player holds a seat at t.
func (m *Model) mineAt(t client.Table) bool {
	return slices.ContainsFunc(t.Seats, m.mySeat)
}

// waiting reports whether s is a seat of the player's whose wait counts
// down while they are away.
func (m *Model) waiting(s client.Seat) bool {
	return m.mySeat(s) && !s.Connected && s.GoneUntil != nil
}

// ownTable reports whether t is a table of the player's still to play or
// being played: one they may go back to.
func (m *Model) ownTable(t client.Table) bool {
	return t.Status != client.StatusOver && m.mineAt(t)
}

// returnWords is the line under the player's own table in the lobby, at
// now: what happens to their seat while they are away, or, when nothing
// is counting down, that Enter takes them back.
func (m *Model) returnWords(t client.Table, now time.Time) string {
	back := "Enter takes you back to it."
	if t.Paused {
		return "The game is paused until you return. " + back
	}
	for _, s := range t.Seats {
		if !m.waiting(s) {
			continue
		}
		left := s.GoneUntil.Sub(now)
		if left <= 0 {
			break
		}
		clock := client.Clock(left)
		switch s.Then {
		case client.Forfeit:
			return "Your seat waits for you: it forfeits in " + clock + ". " + back
		case client.BotTakes:
			return "Your seat waits for you: a bot plays it in " + clock + ". " + back
		case client.End:
			return "Your seat waits for you: the game ends for everyone in " + clock + ". " + back
		case client.Pause:
			return "Your seat waits for you: the game pauses in " + clock + ". " + back
		}
	}
	if t.Status == client.StatusPlaying {
		return "Your game. " + back
	}
	return "Your table. " + back
}

// lobbyCounting reports whether the lobby shows a countdown of the
// player's own seat, so that it is redrawn every second.
func (m *Model) lobbyCounting() bool {
	if m.screen != screenLobby {
		return false
	}
	for _, t := range m.lobby.tables {
		if m.ownTable(t) && slices.ContainsFunc(t.Seats, m.waiting) {
			return true
		}
	}
	return false
}
