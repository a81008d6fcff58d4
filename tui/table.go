package tui

import (
	"context"
	"encoding/json"
	"errors"
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

// describe is a line of the move log: the move in the game's own words
// (its text, game.Describe, with the seats named), else what the events
// say (a decision of the match, a vote).
func (ts *tableState) describe(u client.Update) string {
	return fmt.Sprintf("%3d. %s", u.Seq, describeUpdate(ts.board, ts.names(), u))
}

// logName names seat in the log: by its name, unless another seat has
// the same one (seats at one screen left unnamed, bots named by an older
// server), when the board's own label of
// the seat tells them apart (a character's name, "Bot medium (Mu)") or, on a
// board without one, the seat's number.
func logName(b board, names []string, seat int) string {
	n := names[seat]
	shared := false
	for i, o := range names {
		shared = shared || (i != seat && o == n)
	}
	if !shared {
		return n
	}
	if l, ok := b.(interface{ nameOf(seat int) string }); ok {
		return l.nameOf(seat)
	}
	return fmt.Sprintf("%s (seat %d)", n, seat+1)
}

// describeUpdate is a move's line without its number, "Ann: drew the
// line a1 to b1", as the table's log and the replay's caption say it; b
// may be nil.
func describeUpdate(b board, names []string, u client.Update) string {
	who := "the game"
	if u.Seat >= 0 && u.Seat < len(names) {
		who = logName(b, names, u.Seat)
	}
	// A move's text is the game's own sentence (game.Describe), with
	// "seat N" where it names another seat.
	what := reasonNamed(u.Text, names)
	if d, ok := b.(describer); ok && what != "" {
		var parts []string
		for _, e := range u.Events {
			if s := d.describe(e); s != "" {
				parts = append(parts, s)
			}
		}
		if said := strings.Join(parts, "; "); strings.HasPrefix(said, what) {
			what = said
		}
	}
	if v := voteLogEntry(u, names); v != "" {
		what = v
	}
	if what == "" {
		d, _ := b.(describer)
		var parts []string
		for _, e := range u.Events {
			s := ""
			if d != nil {
				s = d.describe(e)
			} else {
				s = eventText(e)
			}
			if s != "" {
				parts = append(parts, s)
			}
		}
		if len(parts) == 0 {
			// The board words none of them: the match's own decisions
			// (a resignation, a timeout) say what happened by name.
			for _, e := range u.Events {
				if decided(e) {
					parts = append(parts, eventText(e))
				}
			}
		}
		what = strings.Join(parts, "; ")
	}
	return who + ": " + what
}

// decided says whether e is the match's own decision (it names its
// action), not one of the game's events.
func decided(e client.Event) bool {
	var d struct {
		Action string `json:"action"`
	}
	return json.Unmarshal(e.Data, &d) == nil && d.Action != ""
}

// eventText words an event: its type, with the reason of a match's
// decision (a resignation, a timeout).
func eventText(e client.Event) string {
	var d struct {
		Cause  string `json:"cause"`
		Action string `json:"action"`
	}
	if json.Unmarshal(e.Data, &d) == nil && d.Action != "" && d.Cause != e.Type {
		return e.Type + " (" + d.Cause + ")"
	}
	return e.Type
}

func (ts *tableState) result() string {
	return resultText(ts.outcome, ts.scores, ts.names())
}

// resultText says who won, the score and why: "Ann wins 3–1 (the
// rules)"; "" for a match not over.
func resultText(o *client.Outcome, scores []int, names []string) string {
	if o == nil {
		return ""
	}
	var w []string
	for _, s := range o.Winners {
		if s >= 0 && s < len(names) {
			w = append(w, names[s])
		}
	}
	var out string
	switch len(w) {
	case 0:
		out = "nobody wins"
	case 1:
		out = w[0] + " wins"
	default:
		out = strings.Join(w, " and ") + " share the win"
	}
	out += scoreLine(scores, o.Winners, names)
	if o.Reason != "" {
		out += " (" + reasonNamed(o.Reason, names) + ")"
	}
	return out
}

// reasonNamed puts the players' names for the seat numbers of a reason
// ("seat 1 resigned" becomes "Bob resigned"), as the web client does.
func reasonNamed(reason string, names []string) string {
	pairs := make([]string, 0, 2*len(names))
	for i, n := range names {
		pairs = append(pairs, fmt.Sprintf("seat %d", i), n)
	}
	return strings.NewReplacer(pairs...).Replace(reason)
}

// scoreLine is the real score at the end, whatever ended the match (a
// resignation counts the hits made until then), in the order the result
// reads: the winners first, then the others by seat, so that "Bob wins
// 2–1" is Bob's 2; with more than two seats each is named (": Cy 5, Ann
// 3, Bob 1"). Empty for a game that keeps none.
func scoreLine(scores []int, winners []int, names []string) string {
	if len(scores) == 0 || len(scores) != len(names) {
		return ""
	}
	var order []int
	for _, w := range winners {
		if w >= 0 && w < len(scores) && !slices.Contains(order, w) {
			order = append(order, w)
		}
	}
	for i := range scores {
		if !slices.Contains(order, i) {
			order = append(order, i)
		}
	}
	if len(scores) == 2 {
		return " " + strconv.Itoa(scores[order[0]]) + "–" + strconv.Itoa(scores[order[1]])
	}
	parts := make([]string, len(order))
	for i, s := range order {
		parts[i] = names[s] + " " + strconv.Itoa(scores[s])
	}
	return ": " + strings.Join(parts, ", ")
}

func (ts *tableState) play(m *Model, move any) tea.Cmd {
	seat := ts.seat
	if seat < 0 {
		m.status = "you are watching: only players move"
		return nil
	}
	return ts.send(m, &sentMove{seat: seat, move: move, after: ts.f.Seq})
}

// sentMove is a move waiting for its answer: if the connection is lost
// first, it is sent again, with the same tag, once the table is watched
// again (resendMove), and the server answers as it did the first time if
// it had played it.
type sentMove struct {
	seat  int
	move  any
	after int64
}

func (ts *tableState) send(m *Model, sm *sentMove) tea.Cmd {
	ts.unanswered = sm
	conn := m.conn
	if conn == nil {
		m.status = "not connected: the move goes when the connection is back"
		return nil
	}
	id := ts.t.ID
	return func() tea.Msg {
		ctx, cancel := context.WithTimeout(context.Background(), reqTimeout)
		defer cancel()
		_, err := conn.PlayAfter(ctx, id, sm.seat, sm.move, sm.after)
		return moveDoneMsg{ts: ts, sm: sm, err: err}
	}
}

// moveDoneMsg is the answer to a sent move, or the error that kept it.
type moveDoneMsg struct {
	ts  *tableState
	sm  *sentMove
	err error
}

// moveDone applies a move's answer: played or refused, it waits no
// more; lost with the connection, it is sent again on the next one.
func (m *Model) moveDone(msg moveDoneMsg) {
	var refused *client.Refusal
	if msg.err == nil || errors.As(msg.err, &refused) {
		if msg.ts.unanswered == msg.sm {
			msg.ts.unanswered = nil
		}
	}
	if msg.err != nil {
		// The server's sentences number seats from 0 ("it is not seat 1's
		// turn"), for clients to name them; the screen numbers them from 1.
		m.status = "move: " + reasonNamed(sentence(msg.err), msg.ts.names())
		return
	}
	m.status = ""
}

// resendMove sends the move the lost connection left unanswered.
func (ts *tableState) resendMove(m *Model) tea.Cmd {
	if ts.unanswered == nil {
		return nil
	}
	return ts.send(m, ts.unanswered)
}

func (ts *tableState) resign(m *Model) tea.Cmd {
	id, seat := ts.t.ID, ts.seat
	return m.request("resign", func(ctx context.Context, c *client.Conn) (func(*Model) tea.Cmd, error) {
		_, err := c.Resign(ctx, id, seat)
		return nil, err
	})
}

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
