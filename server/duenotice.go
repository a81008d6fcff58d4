package server

import (
	"fmt"
	"time"
)

// A correspondence move that is due soon is worth a notice of its own:
// the player told "your move" three days ago may have forgotten. The
// turn hook (turnhook.go) knows when a deadline comes near; unless the
// server was given a hook of its own (Config.OnTurn), the notices
// (notify.go) pass that on, as a "turn" notice, so that a player who
// turned "your move" off is not told either. The turn itself is told by
// the notices' own watch of each update, which names the move.

// dueNotice is the server's own turn hook: it passes on a deadline near.
// It is called with the table's lock held, so the notice is sent from
// a goroutine of its own.
func (s *Server) dueNotice(n TurnNotice) {
	if n.Kind != DeadlineNear || n.TableKind != KindCorrespondence || n.UserID == 0 || n.Deadline.IsZero() {
		return
	}
	left := n.Deadline.Sub(s.clock().Now()).Round(time.Hour)
	note := Notice{
		Kind:   NoticeTurn,
		UserID: n.UserID,
		// One notice per deadline: a vacation that moves it makes a new one.
		Key:   fmt.Sprintf("due:%s:%d:%d", n.Table, n.Deadline.Unix(), n.UserID),
		Title: "Your move is due soon: " + s.gameTitle(n.Game),
		Body:  fmt.Sprintf("Your move is due in about %s (%s UTC); who runs out of time loses.", dueWords(left), n.Deadline.UTC().Format("Mon 2 Jan 15:04")),
		URL:   "/t/" + n.Table,
		Tag:   "table-" + n.Table,
	}
	go s.NotifyAway(note)
}

// dueWords says a time left in hours, or in days and hours past a day.
func dueWords(d time.Duration) string {
	h := int(d / time.Hour)
	switch {
	case h < 1:
		return "less than an hour"
	case h == 1:
		return "an hour"
	case h < 24:
		return fmt.Sprintf("%d hours", h)
	case h == 24:
		return "a day"
	case h < 48:
		return fmt.Sprintf("a day and %d hours", h-24)
	case h%24 == 0:
		return fmt.Sprintf("%d days", h/24)
	}
	return fmt.Sprintf("%d days and %d hours", h/24, h%24)
}
