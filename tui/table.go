package tui

import (
	"context"
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/parlor-games/parlor/client"
)

// tableState is one table as the client follows it.
type tableState struct {
	t       client.Table
	f       *client.Follower
	mine    []int // the seats this connection holds
	seat    int   // the seat whose view the board shows (-1: spectator)
	turn    []int
	scores  []int
	outcome *client.Outcome
	clocks  client.Clocks
	board   board
	log     []string
	chat    []client.Chat
	// boardTop is where the board was last drawn, for mouse clicks, and
	// boardFirst the first line of the board's drawing shown there (a
	// board taller than the screen scrolls with its cursor).
	boardTop, boardFirst int
	boardSticky          int  // the board's top lines that do not scroll
	boardHidden          bool // the moves and chat stand in the board's place
	// boardRows is how many lines of the board are on screen: a click
	// under them (on the help, say) is not one on the board's lines
	// scrolled out of sight.
	boardRows int
	// panel shows the moves and the chat in place of the board, on a
	// screen too small to show both (L switches).
	panel bool
	// handover is the seat whose hand-over the server waits for, at a
	// table where this player holds several seats of a game with secrets;
	// -1 when none.
	handover int
	// answering is set while a watch of the table is asked for, until its
	// answer is applied; the follower is then the request's, and the
	// match pushes that come meanwhile (bots move at once) wait in early,
	// to be applied after the answer's snapshot.
	answering bool
	early     []client.Update
	// earlyTable is the newest table push that came before the first
	// watch was answered (push, watched).
	earlyTable *client.Table
	// views are the seats' views held, by seat key: whole from a snapshot
	// or a push, or brought up to date by a push's patches (protocol v5),
	// which over SSH spares a terminal a whole large board (an island of
	// hexes) with every move.
	views map[string]json.RawMessage
	// unanswered is the move sent whose answer has not come (protocol
	// v6, moves sent again).
	unanswered *sentMove
	// created marks a table this player just made (or a rematch): its
	// seat was never away, so no "seat kept" note (leaving.go).
	created bool
	// votes are the players' votes (vote.go).
	votes voteState
	// bots keeps what a computer played for a seat it took over, to tell
	// its holder on coming back (botplayed.go).
	bots botWatch
}

func newTableState(id string) *tableState {
	return &tableState{f: &client.Follower{Table: id, Views: true, Patches: true, History: true}, seat: -1, handover: -1, views: map[string]json.RawMessage{}}
}

// watch (re)starts following the table: a snapshot the first time, a
// resume by seq after a reconnect.
func (m *Model) watch(f *client.Follower) tea.Cmd {
	if m.conn != nil && m.table != nil && m.table.f == f {
		m.table.answering = true
	}
	return m.request("watch the table", func(ctx context.Context, c *client.Conn) (func(*Model) tea.Cmd, error) {
		w, err := f.Watch(ctx, c)
		if err != nil {
			return nil, err
		}
		chat, _ := c.ChatHistory(ctx, client.TableChannel(f.Table))
		return func(m *Model) tea.Cmd {
			if m.table == nil || m.table.f != f {
				return nil
			}
			cmd := m.table.watched(m, w, chat)
			m.table.keptNote(m, w)
			return tea.Batch(cmd, m.startTicking())
		}, nil
	})
}

// resync takes a fresh snapshot: after the match started under a watch
// that began before it, or after a gap in the pushes.
func (m *Model) resync(ts *tableState) tea.Cmd {
	f := ts.f
	ts.answering = m.conn != nil
	return m.request("follow the table", func(ctx context.Context, c *client.Conn) (func(*Model) tea.Cmd, error) {
		w, err := f.Resync(ctx, c)
		if err != nil {
			return nil, err
		}
		return func(m *Model) tea.Cmd {
			if m.table == ts {
				ts.log = nil
				return ts.watched(m, w, nil)
			}
			return nil
		}, nil
	})
}

func (ts *tableState) names() []string {
	out := make([]string, len(ts.t.Seats))
	for i, s := range ts.t.Seats {
		out[i] = seatName(s)
	}
	return out
}

// rename gives the board the seats' names as they are now. A board is
// made when the table is first seen, often before the seats are taken; a
// name read then ("(open)") would mark a joiner's boxes with "(".
func (ts *tableState) rename() {
	if r, ok := ts.board.(interface{ rename(names []string) }); ok {
		r.rename(ts.names())
	}
}

// seatName is how a sentence names a seat: a person by name, a bot by
// the name its game gave it when the match started (the character it
// plays, its home port), as the web client and the replay call it.
func seatName(s client.Seat) string {
	switch s.Kind {
	case client.SeatOpen:
		return "(open)"
	case client.SeatBot:
		if s.Name == "" {
			return "Computer"
		}
	}
	return s.Name
}

// seatWithLevel is how a list of seats names one: a bot with its level
// after its name, once ("Mustard (easy)").
func seatWithLevel(s client.Seat) string {
	if s.Kind == client.SeatBot && s.Level != "" {
		return seatName(s) + " (" + s.Level + ")"
	}
	return seatName(s)
}

// watched applies the answer to a watch, then the match pushes that came
// while it was asked for.
func (ts *tableState) watched(m *Model, w client.Watching, chat []client.Chat) tea.Cmd {
	if w.Table.ID != ts.t.ID || w.Table.Supersedes(ts.t) {
		// A push worked out after this answer may have come first.
		ts.t = w.Table
	}
	var startedMeanwhile bool
	if e := ts.earlyTable; e != nil {
		ts.earlyTable = nil
		if e.ID == ts.t.ID && e.Supersedes(ts.t) {
			startedMeanwhile = ts.t.Status == client.StatusOpen && e.Status == client.StatusPlaying
			ts.t = *e
		}
	}
	ts.mine = w.Seats
	ts.rename()
	if chat != nil {
		ts.chat = chat
	}
	if ts.board == nil {
		if mk, ok := boards[ts.t.Game]; ok {
			ts.board = mk(ts.names(), m.st)
		}
	}
	for _, u := range w.History {
		ts.log = append(ts.log, ts.describe(u))
	}
	ts.trackHistory(m, w.History)
	if s := w.Snapshot; s != nil {
		ts.turn, ts.scores, ts.outcome, ts.clocks = s.Turn, s.Scores, s.Outcome, s.Clocks
		ts.views = maps.Clone(s.Views)
		if ts.views == nil {
			ts.views = map[string]json.RawMessage{}
		}
		ts.setViews(m, s.Views)
		if s.Handover != nil {
			ts.handover = *s.Handover
		}
		ts.votes.fromSnapshot(s)
	}
	if !m.lost && w.Snapshot == nil && ts.f.Seq > 0 {
		m.status = fmt.Sprintf("resumed after move %d", ts.f.Seq)
	}
	ts.answering = false
	if startedMeanwhile {
		// The answer was of the table before its start, the push of
		// the start: the match's snapshot is still to be asked for.
		ts.early = nil
		m.status = "the game starts"
		return m.resync(ts)
	}
	early := ts.early
	ts.early = nil
	var cmds []tea.Cmd
	for _, u := range early {
		cmds = append(cmds, ts.apply(m, u))
		if ts.answering {
			// A gap: the fresh snapshot asked for holds the rest.
			break
		}
	}
	return tea.Batch(cmds...)
}

// setViews gives the board the view of the first seat held, or the
// spectator's.
func (ts *tableState) setViews(m *Model, views map[string]json.RawMessage) {
	if ts.board == nil || len(views) == 0 {
		return
	}
	ts.seat = -1
	if len(ts.mine) > 0 {
		ts.seat = ts.mine[0]
		// At one screen with several seats, show the seat to move.
		for _, s := range ts.mine {
			if slices.Contains(ts.turn, s) {
				ts.seat = s
				break
			}
		}
	}
	v, ok := views[strconv.Itoa(ts.seat)]
	if !ok {
		for k, vv := range views {
			ts.seat, _ = strconv.Atoi(k)
			v = vv
			break
		}
	}
	if err := ts.board.set(v, ts.seat, ts.owes(ts.seat)); err != nil {
		m.status = "the board could not read the server's view"
	}
}

func (ts *tableState) owes(seat int) bool {
	if seat < 0 || ts.outcome != nil {
		return false
	}
	for _, s := range ts.turn {
		if s == seat {
			return true
		}
	}
	return false
}

func (ts *tableState) push(m *Model, p client.Push) (cmd tea.Cmd) {
	switch p.T {
	case "table":
		// The follower's id, not ts.t's: a push may come before the
		// first watch is answered, and it may be newer than the answer
		// (a player who began to watch meanwhile, worked out after the
		// answer's seats). Dropped, the answer's older seats would stay
		// on screen until the table next changed; so it waits in
		// earlyTable, and watched applies it after the answer if it is
		// newer. (Shown at once, the seats would appear before the
		// answer says which are the player's.)
		t, err := p.Table()
		if err != nil || t.ID != ts.f.Table {
			return nil
		}
		if ts.t.ID == "" {
			if ts.earlyTable == nil || t.Supersedes(*ts.earlyTable) {
				ts.earlyTable = &t
			}
			return nil
		}
		if !t.Supersedes(ts.t) {
			return nil
		}
		started := ts.t.Status == client.StatusOpen && t.Status == client.StatusPlaying
		ts.t = t
		defer func() { cmd = tea.Batch(cmd, m.startTicking()) }()
		ts.rename()
		if started {
			m.status = "the game starts"
			return m.resync(ts)
		}
		if t.Rematch != "" && t.Status == client.StatusOver {
			m.status = "everyone accepted the rematch: press m to go to it"
		}
	case "match":
		u, err := p.Update()
		// The follower's id, not ts.t's: ts.t is known only once the
		// watch is answered, and a push may come before that.
		if err != nil || u.Table != ts.f.Table {
			return nil
		}
		if ts.answering {
			ts.early = append(ts.early, u)
			return nil
		}
		return ts.apply(m, u)
	case "handover":
		h, err := p.Handover()
		if err == nil && h.Table == ts.t.ID {
			ts.handover = h.Seat
		}
	}
	return nil
}

// apply applies a match push in its order: once, after the one before.
func (ts *tableState) apply(m *Model, u client.Update) tea.Cmd {
	ok, gap := ts.f.Accept(u)
	if gap {
		m.status = "missed an update: catching up"
		return m.resync(ts)
	}
	if !ok {
		return nil
	}
	for k, p := range u.ViewPatches {
		v, err := client.ApplyViewPatch(ts.views[k], p)
		if err != nil {
			m.status = "an update did not fit the board: catching up"
			return m.resync(ts)
		}
		ts.views[k] = v
	}
	maps.Copy(ts.views, u.Views)
	ts.turn, ts.scores, ts.outcome = u.Turn, u.Scores, u.Outcome
	ts.restartMoveClocks(m.now())
	if s := ts.votes.fromUpdate(u, ts.names()); s != "" {
		m.status = s
	}
	ts.log = append(ts.log, ts.describe(u))
	if ts.bots.track(u, ts.names()) && slices.Contains(ts.mine, u.Seat) {
		m.status = ts.backNote(u.Seat, u.Seq)
	}
	if u.ViewPatches != nil {
		ts.setViews(m, ts.views)
	} else {
		ts.setViews(m, u.Views)
	}
	if u.Outcome != nil {
		// The result is the table's hint (tablelayout.go): said on the
		// status line too, it took the lines of the board's end reveal.
		return tea.Batch(m.startTicking(), m.lessons(ts))
	}
	return m.startTicking()
}

// restartMoveClocks starts the move clock of each seat that owes a move
// now, as the server does; pushes do not carry clocks, and a resync
// brings the server's own figures.
func (ts *tableState) restartMoveClocks(now time.Time) {
	if ts.t.Policy.MoveClock <= 0 {
		return
	}
	n := len(ts.t.Seats)
	ts.clocks.Deadline = make([]time.Time, n)
	due := now.Add(time.Duration(ts.t.Policy.MoveClock * float64(time.Second)))
	for _, s := range ts.turn {
		if s >= 0 && s < n && ts.outcome == nil {
			ts.clocks.Deadline[s] = due
		}
	}
}

func joinLines(lines []string) string { return strings.Join(lines, "\n") }

func printedWidth(s string) int { return ansi.StringWidth(s) }

// widest is the printed width of the widest of lines: how many columns a
// board drawn in them takes beside its panel.
func widest(lines []string) int {
	w := 0
	for _, l := range lines {
		w = max(w, printedWidth(l))
	}
	return w
}
