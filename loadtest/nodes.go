package loadtest

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"maps"
	"net/http"
	"slices"
	"strconv"
	"sync/atomic"
	"time"
)

// Load spread over several nodes (parlor bench server -addr a,b,c).
// Players are spread over the nodes round robin, so most matches have
// their two players on different nodes and every request of one of them
// is forwarded. When a node dies, its players' connections break, and so
// do those of players elsewhere whose table it held: each reconnects, to
// the next node that answers, and watches its match again from the last
// sequence number it took, as the web client does. With -verify the bench
// then holds every match it played to the end against the stored replay.

// resumeWithin is how long a player keeps trying to reconnect and watch
// its match again: a dead node's tables wait for its lease to run out
// (at most 10 s) before another node takes them.
const resumeWithin = 60 * time.Second

// errConnLost is a request's answer when the connection failed first.
var errConnLost = errors.New("connection lost before the reply")

// benchRefusal is a request the server refused, with its code.
type benchRefusal struct{ t, code, msg string }

func (r *benchRefusal) Error() string { return r.t + ": " + r.msg }

// refusedAs reports whether err is a refusal with that code.
func refusedAs(err error, code string) bool {
	var r *benchRefusal
	return errors.As(err, &r) && r.code == code
}

// setUpLost reports whether a table's set-up failed because a node did:
// the connection broke, or the table's node is gone and not yet replaced.
func setUpLost(err error) bool {
	return errors.Is(err, errConnLost) || refusedAs(err, "unavailable")
}

// nodeLoss counts what the loss of a node cost the bench's players.
type nodeLoss struct {
	reconnects  atomic.Int64 // connections made again after one broke
	ackLost     atomic.Int64 // moves whose acknowledgement the broken connection took with it
	unavailable atomic.Int64 // moves answered "unavailable" while a table had no node
	setUps      atomic.Int64 // tables abandoned because a node failed during their set-up
	rewatched   atomic.Int64 // matches watched again from their last sequence number
	resent      atomic.Int64 // moves sent again, with their first tag, after a lost answer
}

func (n *nodeLoss) report(w io.Writer) {
	fmt.Fprintf(w, "several nodes: %d reconnects, %d matches resumed by sequence number, %d moves whose acknowledgement was lost with a connection, %d moves sent again after a lost answer, %d moves answered unavailable while a table changed node, %d set-ups abandoned\n",
		n.reconnects.Load(), n.rewatched.Load(), n.ackLost.Load(), n.resent.Load(), n.unavailable.Load(), n.setUps.Load())
}

// lost fails the requests waiting on the broken connection and forgets
// the move in flight: whether it was stored, the resumed watch will say.
func (p *player) lost() {
	p.mu.Lock()
	for id, ch := range p.waiting {
		ch <- benchMsg{lost: true}
		delete(p.waiting, id)
	}
	p.mu.Unlock()
	if sp := p.play.Load(); sp != nil {
		sp.mu.Lock()
		if sp.busy && sp.pending != 0 {
			sp.busy, sp.pending = false, 0
			p.b.nodeLoss.ackLost.Add(1)
		}
		sp.resuming = true
		sp.mu.Unlock()
	}
}

// resume connects again, to the next node first (the one just lost may
// be dead) and to the same one last, and watches the match in play again.
func (p *player) resume() {
	deadline := time.Now().Add(resumeWithin)
	for {
		for i := 1; i <= len(p.b.bases); i++ {
			k := (p.at + i) % len(p.b.bases)
			ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
			ws, err := p.dial(ctx, k)
			cancel()
			if err != nil {
				continue
			}
			p.at = k
			p.ws.Store(ws)
			p.b.nodeLoss.reconnects.Add(1)
			go p.readLoop(ws)
			if sp := p.play.Load(); sp != nil {
				if err := p.watch(sp); err == nil {
					p.b.nodeLoss.rewatched.Add(1)
				} else {
					p.trouble.Store(fmt.Sprintf("watching %s again at node %d: %v", sp.g.table, k, err))
				}
			}
			return
		}
		if p.quit.Load() || time.Now().After(deadline) {
			close(p.closed) // the bench reports the match as broken
			return
		}
		time.Sleep(200 * time.Millisecond)
	}
}

// watch watches sp's table from the last update sp took (0 at the start:
// every update, without a snapshot), then lets sp move if it owes one. A
// table between nodes answers "unavailable" and is asked again; a
// connection that breaks meanwhile leaves the watch to the next resume.
func (p *player) watch(sp *seatPlay) error {
	deadline := time.Now().Add(resumeWithin)
	for {
		ws := p.ws.Load()
		r, err := p.call("table.watch", `"table":"`+sp.g.table+`","since":`+strconv.FormatInt(sp.lastSeq(), 10)+`,"views":`+strconv.FormatBool(p.b.f.Views))
		switch {
		case err == nil, refusedAs(err, "conflict") && p.ws.Load() == ws:
			// Watched (a conflict: the resume and the set-up both asked
			// on this connection, and the other got there first).
			sp.mu.Lock()
			sp.resuming = false
			sp.upTo = max(sp.upTo, r.Seq) // the pushes of what was missed follow the reply
			if sp.flying {
				// The move whose answer was lost goes again, as it was:
				// played already, it is answered with its first answer.
				p.b.nodeLoss.resent.Add(1)
				sp.send(sp.line, sp.after)
			} else {
				sp.next()
			}
			sp.mu.Unlock()
			return nil
		case !p.b.resume:
			return err
		case errors.Is(err, errConnLost):
			return nil // the next resume watches again
		case refusedAs(err, "unavailable") && time.Now().Before(deadline):
			time.Sleep(200 * time.Millisecond)
		default:
			return err
		}
	}
}

// state says where a seat of a stuck match is, for the watchdog's error.
func (sp *seatPlay) state() string {
	sp.mu.Lock()
	defer sp.mu.Unlock()
	t, _ := sp.p.trouble.Load().(string)
	return fmt.Sprintf("seat %d at node %d: seq %d, owes %v, move in flight %v; %s", sp.seat, sp.p.at, sp.seq, sp.mine, sp.busy, t)
}

func (sp *seatPlay) lastSeq() int64 {
	sp.mu.Lock()
	defer sp.mu.Unlock()
	return sp.seq
}

// finishedMatch is what the two seats of a match played to its end saw:
// the last update and every move acknowledged to them.
type finishedMatch struct {
	match string
	seq   int64
	acked map[int64]int
}

// record is what the seats saw of g, and whether they saw its end.
func (g *pairGame) record() (finishedMatch, bool) {
	f := finishedMatch{match: g.match, acked: make(map[int64]int)}
	over := false
	for _, sp := range g.seats {
		sp.mu.Lock()
		f.seq = max(f.seq, sp.seq)
		maps.Copy(f.acked, sp.acked)
		over = over || sp.over
		sp.mu.Unlock()
	}
	return f, over
}

// verify fetches each finished match's replay from a node that answers
// and checks, against what the players were told: every acknowledged
// move stored at its sequence number (none lost), no line stored twice
// and the sequence numbers without a gap (none applied twice), and the
// stored match as long as the updates the players took (no push missed).
func (b *bench) verify() error {
	b.mu.Lock()
	done := slices.Clone(b.finished)
	b.mu.Unlock()
	hc := &http.Client{Timeout: 30 * time.Second}
	var acked, lost, twice, missed int
	for _, f := range done {
		steps, err := b.replaySteps(hc, f.match)
		if err != nil {
			return err
		}
		lines := make(map[int]bool)
		for i, s := range steps {
			if s.Seq != int64(i+1) {
				twice++
				continue
			}
			if s.Move == nil {
				continue // an event of the match (a takeover), not a move
			}
			l := b.board.line(s.Move.From, s.Move.To)
			if lines[l] {
				twice++
			}
			lines[l] = true
		}
		for seq, line := range f.acked {
			acked++
			if seq < 1 || seq > int64(len(steps)) || steps[seq-1].Move == nil || b.board.line(steps[seq-1].Move.From, steps[seq-1].Move.To) != line {
				lost++
			}
		}
		if f.seq != int64(len(steps)) {
			missed++
		}
	}
	fmt.Fprintf(b.out, "verified %d finished matches against their stored replays: %d acknowledged moves, %d lost, %d stored twice, %d matches whose players missed an update\n",
		len(done), acked, lost, twice, missed)
	if lost+twice+missed > 0 {
		return errors.New("the stored matches disagree with what the players were told")
	}
	return nil
}

// replayStep is the part of a replay's step the check reads.
type replayStep struct {
	Seq  int64     `json:"seq"`
	Move *dotsLine `json:"move"`
}

// replaySteps reads a finished match's moves from the first node that
// gives its replay, without the initial step.
func (b *bench) replaySteps(hc *http.Client, match string) ([]replayStep, error) {
	var last error
	for _, base := range b.bases {
		res, err := hc.Get(base + "/api/replays/" + match)
		if err != nil {
			last = err
			continue
		}
		var r struct {
			Steps []replayStep `json:"steps"`
		}
		err = json.NewDecoder(res.Body).Decode(&r)
		res.Body.Close()
		if res.StatusCode != http.StatusOK || err != nil {
			last = fmt.Errorf("replay of %s: status %d (%v)", match, res.StatusCode, err)
			continue
		}
		var steps []replayStep
		for _, s := range r.Steps {
			if s.Seq > 0 { // step 0 is the match before its first move
				steps = append(steps, s)
			}
		}
		return steps, nil
	}
	return nil, last
}
