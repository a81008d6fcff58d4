package tui

import "github.com/parlor-games/parlor/client"

// A noticer is a board with lines about the players rather than the
// board (a detective out of the game after a wrong accusation).
type noticer interface {
	notices() []string
}

// notices are the table's lines between the board and the sentence of
// what to do now: news about the seats and the match that a player must
// not miss. The table's layout budgets for them before the board (they
// wrap and are never cut), so a line added here fits at 80x24: a seat's
// countdown while its player is away, a question before leaving, a vote
// each belong here, one function call each.
func (ts *tableState) notices(m *Model) []string {
	out := ts.awayLines(m)
	out = append(out, ts.votes.lines(m, ts)...)
	out = append(out, m.rematchLines(ts.t.ID)...)
	if n, ok := ts.board.(noticer); ok && ts.t.Status != client.StatusOpen {
		out = append(out, n.notices()...)
	}
	return out
}
