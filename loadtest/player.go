package loadtest

import (
	"context"
	"encoding/json"
	"fmt"
	"net"
	"net/http"
	"net/url"
	"os"
	"strconv"
	"sync"
	"sync/atomic"
	"time"

	"github.com/parlor-games/parlor/client"
	"github.com/parlor-games/parlor/game"
)

// player is one bench client: a guest with its own cookie and source
// address (loopback has many; spreading clients over them keeps the
// server's per-address sign-up limit and the port range out of the way).
//
// Its reader goroutine does all of a match's work itself: it reads the
// server's messages, follows the board, and sends the next move when its
// seat owes one, without a goroutine or a channel per move. Setting up
// and leaving a table go through call and the general decoder.
type player struct {
	b      *bench
	name   string
	ws     atomic.Pointer[client.Lean]
	src    net.IP
	cl     *client.Client // the player's session, for connecting again
	dialer *net.Dialer
	at     int // index in b.bases of the node connected to
	quit   atomic.Bool
	// trouble is the last thing that went wrong on resuming, for the
	// error of a match that stops moving.
	trouble atomic.Value

	mu      sync.Mutex
	nextID  int64
	waiting map[int64]chan benchMsg
	closed  chan struct{}

	play atomic.Pointer[seatPlay] // the seat being played, if any
}

type benchMsg struct {
	T       string          `json:"t"`
	ID      int64           `json:"id"`
	OK      bool            `json:"ok"`
	Error   string          `json:"error"`
	Seq     int64           `json:"seq"`
	Seat    game.Seat       `json:"seat"`
	Move    json.RawMessage `json:"move"`
	Outcome json.RawMessage `json:"outcome"`
	Code    string          `json:"code"`
	Table   json.RawMessage `json:"table"`
	Snap    *struct {
		Seq int64 `json:"seq"`
	} `json:"snapshot"`

	lost bool // not from the server: the connection failed before a reply
}

func (b *bench) newPlayer(ctx context.Context) (*player, error) {
	n := b.nextUser.Add(1)
	// 127.x.y.z: 20 sign-ups per address stay within the server's limit.
	k := n / 20
	src := net.IPv4(127, byte(1+k/60000), byte(k/250%240+1), byte(k%250+1))
	name := fmt.Sprintf("bench-%d-%d", os.Getpid()%10000, n)
	if b.lateNames.Load() {
		name = fmt.Sprintf("bench-%d-z%d", os.Getpid()%10000, n) // "z" sorts after every digit
	}
	p := &player{b: b, name: name, src: src, waiting: map[int64]chan benchMsg{}, closed: make(chan struct{})}
	p.at = int(n) % len(b.bases)
	if u, _ := url.Parse(b.bases[p.at]); !net.ParseIP(u.Hostname()).IsLoopback() {
		p.src = nil // a remote server: use the default route
	}
	p.dialer = &net.Dialer{Timeout: 10 * time.Second}
	if p.src != nil {
		p.dialer.LocalAddr = &net.TCPAddr{IP: p.src}
	}
	hc := &http.Client{Timeout: 30 * time.Second, Transport: &http.Transport{DialContext: p.dialer.DialContext, MaxIdleConnsPerHost: 1}}
	cl, err := client.NewWithHTTP(b.bases[p.at], hc)
	if err != nil {
		return nil, err
	}
	if _, err := cl.Guest(ctx, p.name); err != nil {
		return nil, fmt.Errorf("guest sign-up: %w", err)
	}
	hc.CloseIdleConnections()
	p.cl = cl
	ws, err := p.dial(ctx, p.at)
	if err != nil {
		return nil, err
	}
	p.ws.Store(ws)
	go p.readLoop(ws)
	return p, nil
}

// dial opens a lean connection to node k with the player's session: the
// moves go over a lean connection, which costs the machine the server
// shares with the bench far less than a Conn.
func (p *player) dial(ctx context.Context, k int) (*client.Lean, error) {
	u, _ := url.Parse(p.b.bases[k])
	nc, err := p.dialer.DialContext(ctx, "tcp", u.Host)
	if err != nil {
		return nil, err
	}
	cl, err := client.New(p.b.bases[k])
	if err != nil {
		nc.Close()
		return nil, err
	}
	cl.SetSession(p.cl.Session())
	ws, err := cl.DialLean(ctx, nc)
	if err != nil {
		nc.Close()
		return nil, err
	}
	return ws, nil
}

func (p *player) readLoop(ws *client.Lean) {
	for {
		data, err := ws.Read()
		if err != nil {
			if p.b.resume && !p.quit.Load() {
				p.lost()
				go p.resume()
			} else {
				close(p.closed)
			}
			return
		}
		if sp := p.play.Load(); sp != nil && sp.handle(data) {
			continue
		}
		if isLobbyPush(data) {
			p.b.lobbyBytes.Add(int64(len(data)))
			continue
		}
		var m benchMsg
		if err := json.Unmarshal(data, &m); err != nil {
			continue
		}
		if m.T == "reply" {
			p.mu.Lock()
			ch := p.waiting[m.ID]
			delete(p.waiting, m.ID)
			p.mu.Unlock()
			if ch != nil {
				ch <- m
			}
		}
	}
}

// send sends a request; the reply arrives on the returned channel.
func (p *player) send(t string, fields string) (chan benchMsg, error) {
	ch := make(chan benchMsg, 1)
	p.mu.Lock()
	p.nextID++
	id := p.nextID
	p.waiting[id] = ch
	p.mu.Unlock()
	msg := `{"t":"` + t + `","id":` + strconv.FormatInt(id, 10)
	if fields != "" {
		msg += "," + fields
	}
	msg += "}"
	return ch, p.ws.Load().WriteText([]byte(msg))
}

func (p *player) call(t, fields string) (benchMsg, error) {
	ch, err := p.send(t, fields)
	if err != nil {
		return benchMsg{}, err
	}
	select {
	case m := <-ch:
		if m.lost {
			return m, errConnLost
		}
		if !m.OK {
			return m, &benchRefusal{t: t, code: m.Code, msg: m.Error}
		}
		return m, nil
	case <-p.closed:
		return benchMsg{}, fmt.Errorf("%s: connection closed", t)
	case <-time.After(60 * time.Second):
		return benchMsg{}, fmt.Errorf("%s: no reply", t)
	}
}

func tableIDOf(m benchMsg) string {
	id, _ := tableAndMatch(m)
	return id
}

// tableAndMatch reads a reply's table id and its match's id.
func tableAndMatch(m benchMsg) (table, match string) {
	var t struct {
		ID    string `json:"id"`
		Match string `json:"match"`
	}
	_ = json.Unmarshal(m.Table, &t)
	return t.ID, t.Match
}

// setUp opens a table for the pair and starts its match. It returns the
// table's id and the match's.
func (b *bench) setUp(a, c *player) (string, string, error) {
	create, err := json.Marshal(client.CreateTable{Game: "dots", Options: map[string]int{"rows": b.f.Size, "cols": b.f.Size},
		Seats: []client.SeatRequest{{Kind: client.ChooseMe}, {Kind: client.ChooseOpen}}})
	if err != nil {
		return "", "", err
	}
	// call takes the request's fields without the braces.
	r, err := a.call("table.create", string(create[1:len(create)-1]))
	if err != nil {
		return "", "", err
	}
	id := tableIDOf(r)
	if _, err := c.call("table.sit", `"table":"`+id+`","seat":1`); err != nil {
		return "", "", err
	}
	r, err = a.call("table.start", `"table":"`+id+`"`)
	if err != nil {
		return "", "", err
	}
	_, match := tableAndMatch(r)
	return id, match, nil
}
