package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"os/exec"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/parlor-games/parlor/client"
	"github.com/parlor-games/parlor/game"
	"github.com/parlor-games/parlor/games"
	"github.com/parlor-games/parlor/store/storetest"
)

// loadSeat is one player of TestNodesSIGKILLUnderLoad: a session, which
// every node accepts (sessions live in the shared database), and a
// connection to some node, made again on another when it breaks.
type loadSeat struct {
	session string
	home    int // the node the load balancer sends this player to first
	at      int // the node connected to
	conn    *client.Conn
}

// loadMatch is one match of the load, as its players see it.
type loadMatch struct {
	table, matchID string
	seats          [2]*loadSeat
	f              client.Follower // seat 0's connection follows the match
	local          game.State
	acked          map[int64]string // seq -> move, for every acknowledged move
	// refused holds, by the seq each was meant to be, the moves refused
	// as "unavailable", which says that nothing changed.
	refused map[int64][]string
	err     error
	trail   []string // what went wrong on the way, for a failure's message
	last    string   // the last thing noted, and how often again since
	again   int
	// pace is how long its players think before each move (0: none).
	pace time.Duration
}

func (m *loadMatch) note(format string, args ...any) {
	// A message like the last one only counts again; of the rest, the
	// first twenty and the last twenty: how trouble began and how it ended.
	msg := fmt.Sprintf(format, args...)
	if m.last == msg {
		m.again++
		return
	}
	if m.again > 0 {
		m.trail = append(m.trail, fmt.Sprintf("(%d times more)", m.again))
	}
	m.last, m.again = msg, 0
	m.trail = append(m.trail, time.Now().Format("15:04:05.000 ")+msg)
	if len(m.trail) > 40 {
		m.trail = append(m.trail[:20], m.trail[21:]...)
	}
}

// TestNodesSIGKILLUnderLoad: twelve Dots and Boxes matches between
// people connected to three nodes (each match's two players to
// different nodes, its table on the first player's), all playing as fast
// as they can, beside the load of `parlor bench server` spread over the
// three nodes (six pairs playing four games each at a human pace). When
// a fifth of the twelve matches' moves are made, node 0 is killed with
// SIGKILL. Its players reconnect to the other nodes and resume by
// sequence number, as the web client does; its tables are taken over.
// Every match is played to its end, and then: every acknowledged move is
// in the stored match at its sequence number (none lost), each stored
// move applied to the players' own copy of the game (none applied twice:
// Dots and Boxes refuses a line drawn again), and each player is counted
// as having played exactly once. The bench's players reconnect and
// resume the same way; the bench then holds each of its matches to the
// stored replay and reports no acknowledged move lost, none stored twice
// and no update missed.
func TestNodesSIGKILLUnderLoad(t *testing.T) {
	url := storetest.Postgres(t)
	_, bus := startNATS(t, 0)
	nodes := []*serveProc{startNode(t, url, bus, "n0"), startNode(t, url, bus, "n1"), startNode(t, url, bus, "n2")}
	bench := startBenchOver(t, nodes, "-matches", "6", "-games", "4", "-size", "5", "-think", "40ms", "-verify")
	t.Cleanup(func() {
		if !t.Failed() {
			return
		}
		// What the live nodes were doing, goroutines included.
		for i, n := range nodes[1:] {
			n.cmd.Process.Signal(syscall.SIGQUIT)
			select {
			case <-n.done:
			case <-time.After(5 * time.Second):
			}
			t.Logf("node %d's log:\n%s", i+1, n.log.String())
		}
	})
	var dead atomic.Int32 // 1 once node 0 is killed
	const options = `{"rows":4,"cols":4}`
	const n = 12
	ctx := context.Background()

	dial := func(s *loadSeat) error {
		for i := range nodes {
			k := (s.home + i) % len(nodes)
			if k == 0 && dead.Load() == 1 {
				continue
			}
			cl, err := client.New(nodes[k].base)
			if err != nil {
				return err
			}
			cl.SetSession(s.session)
			dctx, cancel := context.WithTimeout(ctx, 5*time.Second)
			c, err := cl.Dial(dctx)
			cancel()
			if err == nil {
				s.conn, s.at = c, k
				return nil
			}
		}
		return errors.New("no node answers")
	}
	matches := make([]*loadMatch, n)
	for i := range matches {
		matches[i] = newLoadMatch(t, nodes[0], i, len(nodes), dial, options)
	}

	var moves atomic.Int64
	var wg sync.WaitGroup
	for _, m := range matches {
		wg.Go(func() { m.err = m.play(ctx, dial, &moves) })
	}
	// A fifth of the way (12 matches of 24 moves), node 0 dies.
	for moves.Load() < n*24/5 {
		time.Sleep(5 * time.Millisecond)
	}
	dead.Store(1)
	nodes[0].cmd.Process.Kill()
	<-nodes[0].done
	killedAt := moves.Load()
	wg.Wait()
	t.Logf("node 0 killed after %d acknowledged moves; %d in all", killedAt, moves.Load())
	bench.check(t, 6*4)
	resumedAfterLoss(t, bench.out.String())
	lobbyAgrees(t, nodes[1:], matches)

	live := nodes[1:]
	for i, m := range matches {
		if m.err != nil {
			t.Fatalf("match %d: %v", i, m.err)
		}
		r := live[0].replay(m.matchID)
		if r.Outcome == nil || int64(len(r.Steps)-1) != m.f.Seq {
			t.Errorf("match %d: stored %d steps (outcome %v), followed %d", i, len(r.Steps)-1, r.Outcome, m.f.Seq)
		}
		for _, s := range r.Steps[1:] {
			if want, ok := m.acked[s.Seq]; ok && want != string(s.Move) {
				t.Errorf("match %d: acknowledged move %d was %s, stored %s", i, s.Seq, want, s.Move)
			}
		}
		for seq := range m.acked {
			if seq >= int64(len(r.Steps)) {
				t.Errorf("match %d: acknowledged move %d is not stored", i, seq)
			}
		}
		for s := range m.seats {
			name := fmt.Sprintf("Load%d-%d", i, s)
			if st := live[0].waitPlayed(name); st.Played != 1 {
				t.Errorf("%s played %d matches, want 1", name, st.Played)
			}
		}
		held := 0
		for _, p := range live {
			if p.holds(m.table) {
				held++
			}
		}
		if held != 1 {
			t.Errorf("match %d's table is held by %d live nodes", i, held)
		}
	}
}

// newLoadMatch starts load match i of a test over nodes nodes: two
// guests, made at node at, each connected (dial) first to its home node,
// seat 0's at i, seat 1's at the next; a Dots and Boxes table of seat 0's
// with seat 1 sat at it through its own node; the match started and
// followed by seat 0's connection.
func newLoadMatch(t *testing.T, at *serveProc, i, nodes int, dial func(*loadSeat) error, options string) *loadMatch {
	t.Helper()
	ctx := context.Background()
	m := &loadMatch{acked: make(map[int64]string), refused: make(map[int64][]string)}
	for s := range m.seats {
		cl, _ := client.New(at.base)
		if _, err := cl.Guest(ctx, fmt.Sprintf("Load%d-%d", i, s)); err != nil {
			t.Fatal(err)
		}
		m.seats[s] = &loadSeat{session: cl.Session(), home: (i + s) % nodes}
		if err := dial(m.seats[s]); err != nil {
			t.Fatal(err)
		}
	}
	tb, err := m.seats[0].conn.CreateTable(ctx, client.CreateTable{Game: "dots", Options: json.RawMessage(options),
		Seats: []client.SeatRequest{{Kind: "me"}, {Kind: "open"}}})
	if err != nil {
		t.Fatal(err)
	}
	m.table = tb.ID
	if _, err := m.seats[1].conn.Sit(ctx, m.table, 1); err != nil {
		t.Fatalf("sitting through another node: %v", err)
	}
	if tb, err = m.seats[0].conn.Start(ctx, m.table); err != nil {
		t.Fatal(err)
	}
	m.matchID = tb.Match
	m.f = client.Follower{Table: m.table}
	if _, err := m.f.Watch(ctx, m.seats[0].conn); err != nil {
		t.Fatal(err)
	}
	if err := watchSeat(ctx, m.seats[1].conn, m.table); err != nil {
		t.Fatal(err)
	}
	if _, m.local, err = games.Registry().Start(game.Log{Game: "dots", Options: json.RawMessage(options)}); err != nil {
		t.Fatal(err)
	}
	return m
}

// watchSeat watches table on c without views, dropping its pushes: a
// player at the table whose copy of the game is kept elsewhere.
func watchSeat(ctx context.Context, c *client.Conn, table string) error {
	views := false
	if _, err := c.Watch(ctx, client.Watch{Table: table, Views: &views}); err != nil {
		return err
	}
	go func() {
		for range c.Pushes() {
		}
	}()
	return nil
}

// play plays m to its end: whoever is to move plays the first legal
// line; a connection that breaks, or a node that says it is unavailable,
// is replaced by a connection to another node, where the players watch
// again from their last update. Only the pushes move the players' copy
// of the game, so a move whose answer was lost in a crash is learnt from
// the pushes if it was stored.
func (m *loadMatch) play(ctx context.Context, dial func(*loadSeat) error, moves *atomic.Int64) error {
	deadline := time.Now().Add(2 * time.Minute)
	broken := func(s *loadSeat) bool {
		if s.conn == nil {
			return true
		}
		select {
		case <-s.conn.Done():
			return true
		default:
			return false
		}
	}
	for m.local.Outcome() == nil {
		if time.Now().After(deadline) {
			if m.again > 0 {
				m.trail = append(m.trail, fmt.Sprintf("(%d times more)", m.again))
			}
			return fmt.Errorf("not over after 2 minutes, at seq %d; on the way: %q", m.f.Seq, m.trail)
		}
		for i, s := range m.seats {
			if !broken(s) {
				continue
			}
			if s.conn != nil {
				m.note("seat %d's connection to node %d ended: %v", i, s.at, s.conn.Err())
				s.conn.CloseNow()
			}
			time.Sleep(50 * time.Millisecond)
			if err := dial(s); err != nil {
				return err
			}
			if i == 0 {
				w, err := m.f.Watch(ctx, s.conn)
				if err != nil {
					m.note("seat 0 watch at %d: %v", m.f.Seq, err)
					s.conn.CloseNow() // the table may not be taken over yet
					continue
				}
				m.note("seat 0 watches from %d at node %d, the match at %d", m.f.Seq, s.at, w.Seq)
				// Take what was missed before playing: a move made on a
				// copy that is behind could repeat one whose reply the
				// broken connection lost.
				if err := m.takePushes(s.conn, w.Seq); err != nil {
					return err
				}
			} else {
				// Seat 1 is at the table too, as a player's client is,
				// or the match would take it for gone; its pushes are
				// dropped.
				if err := watchSeat(ctx, s.conn, m.table); err != nil {
					m.note("seat %d watch: %v", i, err)
					s.conn.CloseNow()
					continue
				}
			}
		}
		seat := int(m.local.Turn()[0])
		mv := game.Canonical(m.local.Legal(game.Seat(seat))[0])
		time.Sleep(m.pace)
		if !broken(m.seats[seat]) && !broken(m.seats[0]) {
			cctx, cancel := context.WithTimeout(ctx, 10*time.Second)
			seq, err := m.seats[seat].conn.Play(cctx, m.table, seat, json.RawMessage(mv))
			cancel()
			switch {
			case err == nil:
				m.note("seat %d's move %d acknowledged", seat, seq)
				if seq != m.f.Seq+1 {
					return fmt.Errorf("move acknowledged as %d after %d", seq, m.f.Seq)
				}
				m.acked[seq] = string(mv)
				moves.Add(1)
			case client.Code(err) == "unavailable" || errors.Is(err, client.ErrClosed) || cctx.Err() != nil:
				m.note("seat %d play at %d: %v", seat, m.f.Seq, err)
				if client.Code(err) == "unavailable" {
					m.refused[m.f.Seq+1] = append(m.refused[m.f.Seq+1], string(mv))
				}
				m.seats[seat].conn.CloseNow()
			default:
				m.note("seat %d play at %d refused: %v", seat, m.f.Seq, err)
			}
		}
		// Take the pushes up to the acknowledged move (or what came, for a
		// while, after an error).
		if !broken(m.seats[0]) {
			if err := m.takePushes(m.seats[0].conn, m.f.Seq+1); err != nil {
				return err
			}
		}
	}
	return nil
}

// takePushes applies the pushes that come on c to the players' copy of
// the game until it is at seq upTo, the connection ends, or three seconds
// pass.
func (m *loadMatch) takePushes(c *client.Conn, upTo int64) error {
	wait := time.After(3 * time.Second)
	for m.f.Seq < upTo {
		select {
		case p, ok := <-c.Pushes():
			if !ok {
				return nil
			}
			u, err := p.Update()
			if err != nil {
				continue
			}
			if ok, gap := m.f.Accept(u); gap {
				return fmt.Errorf("gap before seq %d after %d", u.Seq, m.f.Seq)
			} else if ok {
				if len(u.Move) > 0 && string(u.Move) != "null" {
					if err := game.Play(m.local, game.Seat(u.Seat), u.Move); err != nil {
						return fmt.Errorf("push %d does not apply: %v", u.Seq, err)
					}
				}
			}
		case <-wait:
			return nil
		}
	}
	return nil
}

// benchRun is a `parlor bench server` child spreading its load over nodes.
type benchRun struct {
	cmd  *exec.Cmd
	out  bytes.Buffer
	done chan error
}

func startBenchOver(t *testing.T, nodes []*serveProc, args ...string) *benchRun {
	t.Helper()
	var addrs []string
	for _, n := range nodes {
		addrs = append(addrs, strings.TrimPrefix(n.base, "http://"))
	}
	b := &benchRun{done: make(chan error, 1)}
	b.cmd = exec.Command(parlorBin, append([]string{"bench", "server", "-addr", strings.Join(addrs, ",")}, args...)...)
	b.cmd.Stdout, b.cmd.Stderr = &b.out, &b.out
	if err := b.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	go func() { b.done <- b.cmd.Wait() }()
	t.Cleanup(func() { b.cmd.Process.Kill() })
	return b
}

// check waits for the bench to end and reads its report: every game
// played to its end and verified against the stored replay with nothing
// lost, stored twice or missed, and no legal move refused.
func (b *benchRun) check(t *testing.T, games int) {
	t.Helper()
	select {
	case err := <-b.done:
		if err != nil {
			t.Fatalf("bench server: %v\n%s", err, b.out.String())
		}
	case <-time.After(3 * time.Minute):
		t.Fatalf("bench server still running after 3 minutes:\n%s", b.out.String())
	}
	out := b.out.String()
	t.Logf("bench server over three nodes:\n%s", out)
	m := regexp.MustCompile(`verified (\d+) finished matches against their stored replays: (\d+) acknowledged moves, 0 lost, 0 stored twice, 0 matches whose players missed an update`).FindStringSubmatch(out)
	if m == nil || m[1] != strconv.Itoa(games) {
		t.Fatalf("the bench did not verify %d games without a loss:\n%s", games, out)
	}
	if !strings.Contains(out, "(refused 0)") {
		t.Errorf("the bench's legal moves were refused:\n%s", out)
	}
}

// lobbyAgrees checks that a person in the lobby of either live node sees
// the same tables in the same states, the load's own among them, tables
// of the dead node included: the lobby is one across nodes. The nodes
// share their parts of the lobby within moments, so it waits a while for
// them to agree.
func lobbyAgrees(t *testing.T, live []*serveProc, matches []*loadMatch) {
	t.Helper()
	ctx := context.Background()
	tables := func(p *serveProc, name string) map[string]string {
		cl, _ := client.New(p.base)
		if _, err := cl.Guest(ctx, name); err != nil {
			t.Fatal(err)
		}
		c, err := cl.Dial(ctx)
		if err != nil {
			t.Fatal(err)
		}
		defer c.CloseNow()
		if err := c.JoinLobby(ctx); err != nil {
			t.Fatal(err)
		}
		for {
			select {
			case push := <-c.Pushes():
				if tbs, err := push.Tables(); err == nil {
					out := make(map[string]string)
					for _, tb := range tbs {
						out[tb.ID] = string(tb.Status)
					}
					return out
				}
			case <-time.After(serveWait):
				t.Fatalf("no lobby.tables from %s", p.base)
			}
		}
	}
	var a, b map[string]string
	for try := 0; ; try++ {
		a, b = tables(live[0], fmt.Sprintf("LookA%d", try)), tables(live[1], fmt.Sprintf("LookB%d", try))
		if maps.Equal(a, b) {
			break
		}
		if try == 20 {
			t.Fatalf("the live nodes' lobbies differ:\n%v\n%v", a, b)
		}
		time.Sleep(250 * time.Millisecond)
	}
	for i, m := range matches {
		if st, ok := a[m.table]; !ok || st != string(client.StatusOver) {
			t.Errorf("match %d's table %s shows in the lobby as %q (listed %v), want over", i, m.table, st, ok)
		}
	}
}

// nodeLoss is the bench's count of what the nodes' failures and
// hand-overs cost its players: reconnects, matches resumed by sequence
// number, acknowledgements lost with a connection, moves sent again,
// moves answered "unavailable", set-ups abandoned.
type nodeLoss struct {
	reconnects, resumed, ackLost, resent, unavailable, setUps int
}

// nodeLossOf reads the bench's line about several nodes.
func nodeLossOf(t *testing.T, out string) nodeLoss {
	t.Helper()
	m := regexp.MustCompile(`several nodes: (\d+) reconnects, (\d+) matches resumed by sequence number, (\d+) moves whose acknowledgement was lost with a connection, (\d+) moves sent again after a lost answer, (\d+) moves answered unavailable while a table changed node, (\d+) set-ups abandoned`).FindStringSubmatch(out)
	if m == nil {
		t.Fatalf("the bench reported nothing about several nodes:\n%s", out)
	}
	var n [6]int
	for i := range n {
		n[i], _ = strconv.Atoi(m[i+1])
	}
	return nodeLoss{n[0], n[1], n[2], n[3], n[4], n[5]}
}

// resumedAfterLoss fails the test unless some bench player reconnected
// and resumed its match after a node stopped.
func resumedAfterLoss(t *testing.T, out string) {
	t.Helper()
	if l := nodeLossOf(t, out); l.reconnects == 0 || l.resumed == 0 {
		t.Errorf("no bench player reconnected and resumed after node 0 stopped:\n%s", out)
	}
}
