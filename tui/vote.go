package tui

import (
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/parlor-games/parlor/client"
)

// The players' vote (docs/protocol.md "Votes"): V opens a small menu. With
// no vote open it offers to call one (p: pass the turn of the player to
// move; 1-6: remove that player, where the game allows it); with a vote
// open that this seat has not answered, it is the ballot (y / n). The open
// vote stays on screen for everyone, spectators too, with its tally and
// the seconds left.

// voteState is what the table knows of votes: the kinds offered, the open
// vote, and the menu while it is shown.
type voteState struct {
	kinds []client.VoteKind
	open  *client.Vote
	menu  bool
}

// fromSnapshot takes the votes of a snapshot.
func (vs *voteState) fromSnapshot(s *client.Snapshot) {
	vs.kinds, vs.open = s.Votes, s.Vote
}

// fromUpdate follows a vote's update, and returns the line for the
// status bar when the vote ended; other updates leave it.
func (vs *voteState) fromUpdate(u client.Update, names []string) string {
	v := client.VoteOf(u)
	if v == nil {
		if u.Outcome != nil {
			vs.open, vs.menu = nil, false
		}
		return ""
	}
	if v.Result != "" {
		vs.open, vs.menu = nil, false
		return voteLogLine(u, names)
	}
	vs.open = v
	return ""
}

// canBallot reports whether the seat shown has a ballot to cast now.
func (vs *voteState) canBallot(seat int) bool {
	return vs.open != nil && seat >= 0 && vs.open.Voter(seat) && !vs.open.Voted(seat)
}

// key handles V and the menu's keys; ok is false for keys it leaves to
// the table.
func (vs *voteState) key(m *Model, ts *tableState, s string) (tea.Cmd, bool) {
	if !vs.menu {
		if s != "V" {
			return nil, false
		}
		switch {
		case len(vs.kinds) == 0:
			m.status = "no vote at this table: votes are for three or more players at their own screens"
		case ts.seat < 0 || ts.outcome != nil || ts.t.Status != client.StatusPlaying:
			m.status = "only players vote, while the game is played"
		case vs.open != nil && !vs.canBallot(ts.seat):
			m.status = "a vote is open and you have no ballot in it"
		default:
			vs.menu = true
		}
		return nil, true
	}
	vs.menu = false
	id, seat := ts.t.ID, ts.seat
	if vs.open != nil {
		if s != "y" && s != "n" {
			return nil, true
		}
		yes := s == "y"
		return m.request("vote", func(ctx context.Context, c *client.Conn) (func(*Model) tea.Cmd, error) {
			_, err := c.CastVote(ctx, id, seat, yes)
			return nil, err
		}), true
	}
	kind, subject := client.VoteKind(""), -1
	if s == "p" && slices.Contains(vs.kinds, client.VotePass) && len(ts.turn) == 1 {
		kind, subject = client.VotePass, ts.turn[0]
	} else if n, err := strconv.Atoi(s); err == nil && slices.Contains(vs.kinds, client.VoteRemove) && n >= 1 && n <= len(ts.t.Seats) {
		kind, subject = client.VoteRemove, n-1
	}
	if kind == "" {
		return nil, true
	}
	return m.request("call a vote", func(ctx context.Context, c *client.Conn) (func(*Model) tea.Cmd, error) {
		_, err := c.CallVote(ctx, id, seat, kind, subject)
		return nil, err
	}), true
}

// lines are the vote's lines above the key bar: the open vote, and the
// menu while it is shown.
func (vs *voteState) lines(m *Model, ts *tableState) []string {
	var out []string
	names := ts.names()
	if v := vs.open; v != nil {
		left := max(int(time.Until(v.Until).Seconds()), 0)
		out = append(out, m.st.warn.Render(fmt.Sprintf("Vote: %s? yes %d, no %d of %d; %d carry it; %ds left",
			voteQuestion(v.Kind, v.Subject, names), len(v.Yes), len(v.No), len(v.Voters), v.Needed, left)))
		if vs.canBallot(ts.seat) && !vs.menu {
			out = append(out, "V to vote")
		}
	}
	if !vs.menu {
		return out
	}
	if vs.open != nil {
		return append(out, "Your vote: y yes   n no   Esc later")
	}
	var offers []string
	if slices.Contains(vs.kinds, client.VotePass) && len(ts.turn) == 1 && ts.turn[0] != ts.seat {
		offers = append(offers, "p pass "+nameOf(names, ts.turn[0])+"'s turn")
	}
	if slices.Contains(vs.kinds, client.VoteRemove) {
		offers = append(offers, fmt.Sprintf("1-%d remove that player", len(names)))
	}
	return append(out, "Call a vote: "+strings.Join(offers, "   ")+"   Esc cancel")
}

// voteQuestion words what a vote decides.
func voteQuestion(kind client.VoteKind, subject int, names []string) string {
	if kind == client.VoteRemove {
		return "remove " + nameOf(names, subject) + " from the game"
	}
	return "pass " + nameOf(names, subject) + "'s turn"
}

func nameOf(names []string, seat int) string {
	if seat >= 0 && seat < len(names) {
		return names[seat]
	}
	return fmt.Sprintf("seat %d", seat+1)
}

// voteLogLine is a sentence for the status line about a vote's update,
// or "" for other updates.
func voteLogLine(u client.Update, names []string) string {
	v := client.VoteOf(u)
	if v == nil {
		return ""
	}
	q := voteQuestion(v.Kind, v.Subject, names)
	switch u.Events[0].Type {
	case client.EventVote:
		return nameOf(names, u.Seat) + " calls a vote to " + q
	case client.EventBallot:
		if slices.Contains(v.Yes, u.Seat) {
			return nameOf(names, u.Seat) + " votes yes"
		}
		return nameOf(names, u.Seat) + " votes no"
	}
	switch v.Result {
	case client.VoteCarried:
		return "the vote to " + q + " carried"
	case client.VoteLapsed:
		return "the vote to " + q + " lapsed"
	case client.VoteVoid:
		return "the vote to " + q + " no longer applies"
	}
	return "the vote to " + q + " failed"
}

// voteLogEntry words a vote's update for the move log, after the name of
// its seat (the caller, the voter, or for the end the player voted on),
// or returns "" for other updates.
func voteLogEntry(u client.Update, names []string) string {
	v := client.VoteOf(u)
	if v == nil {
		return ""
	}
	switch u.Events[0].Type {
	case client.EventVote:
		return "calls a vote to " + voteQuestion(v.Kind, v.Subject, names)
	case client.EventBallot:
		if slices.Contains(v.Yes, u.Seat) {
			return "votes yes"
		}
		return "votes no"
	}
	pass := v.Kind == client.VotePass
	switch v.Result {
	case client.VoteCarried:
		if pass {
			return "had the turn passed by a vote"
		}
		return "was removed from the game by a vote"
	case client.VoteVoid:
		return "ended the turn first (the vote to pass it no longer applies)"
	}
	how := "failed"
	if v.Result == client.VoteLapsed {
		how = "lapsed"
	}
	if pass {
		return "keeps the turn (the vote to pass it " + how + ")"
	}
	return "stays in the game (the vote to remove them " + how + ")"
}

// barKey is the vote's entry in the key bar, where a player may vote.
func (vs *voteState) barKey(ts *tableState) string {
	if len(vs.kinds) == 0 || ts.seat < 0 || ts.outcome != nil {
		return ""
	}
	return "V vote   "
}
