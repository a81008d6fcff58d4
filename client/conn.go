package client

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"sync"

	"github.com/coder/websocket"
)

// Refusal is a request the server refused. Nothing changed on the server.
// Code is the protocol's code ("conflict", "not-found"...) or a game's
// rule code ("already-drawn"); Message is the sentence for a person.
type Refusal struct {
	Code    string
	Message string
}

func (r *Refusal) Error() string { return r.Message }

// Code returns the code of a *Refusal or *HTTPError in err's chain, or "".
func Code(err error) string {
	var r *Refusal
	if errors.As(err, &r) {
		return r.Code
	}
	var h *HTTPError
	if errors.As(err, &h) {
		return h.Code
	}
	return ""
}

// Push is a message the server sent without being asked: T is its kind
// ("match", "table", "chat", "lobby.online"...) and Raw its whole JSON.
// Decode it with the methods of the kind, or with json.Unmarshal.
type Push struct {
	T   string
	Raw json.RawMessage
}

// ErrClosed is returned by requests on a connection that has closed.
var ErrClosed = errors.New("the connection to the server is closed")

// Conn is one WebSocket connection. Requests may be made from several
// goroutines; pushes arrive in order on Pushes.
type Conn struct {
	ws    *websocket.Conn
	hello struct {
		V    int  `json:"v"`
		User User `json:"user"`
	}

	mu      sync.Mutex
	nextID  int64
	waiting map[int64]chan reply
	err     error // why the connection ended, once it has

	queue  chan Push     // pushes for the pump, unbounded behind it
	pushes chan Push     // what the caller reads
	raw    func([]byte)  // sees every message first, when set
	done   chan struct{} // closed when the reader has ended
	quit   chan struct{} // closed by Close: the pump drops what is left
	once   sync.Once
}

type reply struct {
	raw  json.RawMessage
	err  error
	code string
}

// DialOption changes how Dial connects.
type DialOption func(*dialConfig)

type dialConfig struct {
	origin string
	raw    func([]byte)
}

// WithOrigin sends an Origin header, as a browser would. Servers refuse a
// foreign origin; tests use it to check that.
func WithOrigin(origin string) DialOption { return func(d *dialConfig) { d.origin = origin } }

// WithRaw calls f with every message the server sends, before it is
// decoded, in the order received. Tests use it to look for leaks in the
// bytes themselves; f must not block.
func WithRaw(f func([]byte)) DialOption { return func(d *dialConfig) { d.raw = f } }

// Dial opens the WebSocket with the client's session and waits for the
// server's hello.
func (c *Client) Dial(ctx context.Context, opts ...DialOption) (*Conn, error) {
	var cfg dialConfig
	for _, o := range opts {
		o(&cfg)
	}
	h := http.Header{}
	if tok := c.Session(); tok != "" {
		h.Set("Cookie", SessionCookie+"="+tok)
	}
	if cfg.origin != "" {
		h.Set("Origin", cfg.origin)
	}
	u := *c.base
	u.Scheme = strings.Replace(u.Scheme, "http", "ws", 1)
	u.Path = "/api/ws"
	ws, res, err := websocket.Dial(ctx, u.String(), &websocket.DialOptions{HTTPHeader: h})
	if err != nil {
		if res != nil {
			switch res.StatusCode {
			case http.StatusUnauthorized:
				return nil, &HTTPError{Status: res.StatusCode, Code: "unauthorized", Message: "the server does not know this session: log in again"}
			case http.StatusForbidden:
				return nil, &HTTPError{Status: res.StatusCode, Code: "forbidden", Message: "the server refused the connection from this origin"}
			case http.StatusServiceUnavailable:
				// The server could not check the session (its database is
				// away) or is shutting down: the session is kept, and a
				// later Dial may succeed with it.
				return nil, &HTTPError{Status: res.StatusCode, Code: "unavailable", Message: "the server cannot let you in at the moment (your session is kept); trying again"}
			}
		}
		return nil, fmt.Errorf("cannot open a connection to %s: %w", c.base.Host, err)
	}
	ws.SetReadLimit(4 << 20)
	cn := &Conn{
		ws:      ws,
		waiting: make(map[int64]chan reply),
		queue:   make(chan Push, 64),
		pushes:  make(chan Push),
		raw:     cfg.raw,
		done:    make(chan struct{}),
		quit:    make(chan struct{}),
	}
	// The hello comes first, before any push.
	_, b, err := ws.Read(ctx)
	if err != nil {
		ws.CloseNow()
		return nil, fmt.Errorf("the server at %s said nothing after the upgrade: %w", c.base.Host, err)
	}
	if cn.raw != nil {
		cn.raw(b)
	}
	var t struct {
		T     string
		OK    *bool
		Error string
		Code  string
	}
	if json.Unmarshal(b, &t) == nil && t.T == "reply" && t.OK != nil && !*t.OK && t.Code != "" {
		// Refused at once, such as over the server's cap on one account's
		// connections (code rate-limited): the server closes the socket.
		ws.CloseNow()
		return nil, &Refusal{Code: t.Code, Message: t.Error}
	}
	if t.T != "hello" || json.Unmarshal(b, &cn.hello) != nil {
		ws.CloseNow()
		return nil, fmt.Errorf("the server at %s does not speak Parlor's protocol (its first message was not hello)", c.base.Host)
	}
	if cn.hello.V < Version {
		ws.CloseNow()
		return nil, fmt.Errorf("the server at %s speaks protocol version %d; this client needs version %d or later", c.base.Host, cn.hello.V, Version)
	}
	go cn.pump()
	go cn.readLoop()
	return cn, nil
}

// User is the connection's user, from the server's hello.
func (c *Conn) User() User { return c.hello.User }

// ServerVersion is the protocol version the server named in hello.
func (c *Conn) ServerVersion() int { return c.hello.V }

// Pushes delivers the server's pushes in order. It is closed after the
// connection ends; Err then says why.
func (c *Conn) Pushes() <-chan Push { return c.pushes }

// Done is closed when the connection has ended; pushes received before
// may still be waiting on Pushes.
func (c *Conn) Done() <-chan struct{} { return c.done }

// Err says why the connection ended, or nil while it is open.
func (c *Conn) Err() error {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.err
}

// Close ends the connection normally. Pushes not yet read are dropped.
func (c *Conn) Close() error {
	c.once.Do(func() { close(c.quit) })
	err := c.ws.Close(websocket.StatusNormalClosure, "")
	<-c.done
	return err
}

// CloseNow drops the connection without the closing handshake, as a
// broken network would: tests of reconnection use it.
func (c *Conn) CloseNow() {
	c.once.Do(func() { close(c.quit) })
	c.ws.CloseNow()
	<-c.done
}

func (c *Conn) readLoop() {
	defer close(c.done)
	var err error
	for {
		var b []byte
		_, b, err = c.ws.Read(context.Background())
		if err != nil {
			break
		}
		if c.raw != nil {
			c.raw(b)
		}
		var head struct {
			T     string `json:"t"`
			ID    int64  `json:"id"`
			OK    bool   `json:"ok"`
			Error string `json:"error"`
			Code  string `json:"code"`
		}
		if json.Unmarshal(b, &head) != nil {
			continue // not JSON: nothing in the protocol, so nothing to act on
		}
		if head.T != "reply" {
			c.enqueue(Push{T: head.T, Raw: b})
			continue
		}
		c.mu.Lock()
		ch := c.waiting[head.ID]
		delete(c.waiting, head.ID)
		c.mu.Unlock()
		r := reply{raw: b}
		if !head.OK {
			r.err = &Refusal{Code: head.Code, Message: head.Error}
		}
		if ch != nil {
			ch <- r
		} else if head.ID == 0 && !head.OK {
			// A refusal of a message the server could not tie to a
			// request (rate limit): callers learn of it as a push.
			c.enqueue(Push{T: "error", Raw: b})
		}
	}
	// The error keeps the WebSocket's own (websocket.CloseStatus reads
	// the status from it) and ErrClosed (errors.Is).
	var ce websocket.CloseError
	switch {
	case errors.As(err, &ce) && ce.Code == websocket.StatusNormalClosure:
		err = fmt.Errorf("%w (%w)", ErrClosed, err)
	case errors.As(err, &ce) && ce.Code == websocket.StatusGoingAway:
		err = fmt.Errorf("the server is going away (restarting?): %w (%w)", ErrClosed, err)
	case errors.As(err, &ce):
		err = fmt.Errorf("the server closed the connection (%d %s): %w (%w)", ce.Code, ce.Reason, ErrClosed, err)
	default:
		err = fmt.Errorf("the connection dropped: %w (%w)", ErrClosed, err)
	}
	c.mu.Lock()
	c.err = err
	for id, ch := range c.waiting {
		ch <- reply{err: err}
		delete(c.waiting, id)
	}
	c.mu.Unlock()
	close(c.queue)
}

func (c *Conn) enqueue(p Push) {
	select {
	case c.queue <- p:
	case <-c.quit:
	}
}

// pump moves pushes from the reader to the caller through a list that
// grows as needed, so that a slow reader of Pushes never stalls the
// replies behind them.
func (c *Conn) pump() {
	defer close(c.pushes)
	var list []Push
	in := c.queue
	for in != nil || len(list) > 0 {
		var out chan Push
		var next Push
		if len(list) > 0 {
			out, next = c.pushes, list[0]
		}
		select {
		case p, ok := <-in:
			if !ok {
				in = nil
				if len(list) == 0 {
					return
				}
				continue
			}
			list = append(list, p)
		case out <- next:
			list = list[1:]
		case <-c.quit:
			return
		}
	}
}

// Call sends a request of kind t with fields (a struct or map, marshalled
// into the request's object beside "t" and "id"), waits for its reply and
// decodes the reply's fields into out (when not nil). A refusal is
// returned as a *Refusal.
func (c *Conn) Call(ctx context.Context, t string, fields, out any) error {
	raw, err := c.CallRaw(ctx, t, fields)
	if err != nil {
		return err
	}
	if out == nil {
		return nil
	}
	if err := json.Unmarshal(raw, out); err != nil {
		return fmt.Errorf("the reply to %s does not read: %w", t, err)
	}
	return nil
}

// CallRaw is Call returning the reply's bytes.
func (c *Conn) CallRaw(ctx context.Context, t string, fields any) (json.RawMessage, error) {
	obj := map[string]json.RawMessage{}
	if fields != nil {
		b, err := json.Marshal(fields)
		if err != nil {
			return nil, err
		}
		if err := json.Unmarshal(b, &obj); err != nil {
			return nil, fmt.Errorf("the fields of %s must make a JSON object: %w", t, err)
		}
	}
	ch := make(chan reply, 1)
	c.mu.Lock()
	if c.err != nil {
		err := c.err
		c.mu.Unlock()
		return nil, err
	}
	c.nextID++
	id := c.nextID
	c.waiting[id] = ch
	c.mu.Unlock()
	obj["t"], _ = json.Marshal(t)
	obj["id"], _ = json.Marshal(id)
	b, _ := json.Marshal(obj)
	if err := c.ws.Write(ctx, websocket.MessageText, b); err != nil {
		c.forget(id)
		return nil, fmt.Errorf("sending %s: %w", t, err)
	}
	select {
	case r := <-ch:
		return r.raw, r.err
	case <-ctx.Done():
		c.forget(id)
		return nil, ctx.Err()
	}
}

// Send writes bytes as they are, in a text frame, for tests of what the
// server does with any message; its reply arrives only through WithRaw.
func (c *Conn) Send(ctx context.Context, b []byte) error {
	return c.ws.Write(ctx, websocket.MessageText, b)
}

// SendBinary writes bytes in a binary frame, which the protocol does not
// use: tests check that the server refuses it.
func (c *Conn) SendBinary(ctx context.Context, b []byte) error {
	return c.ws.Write(ctx, websocket.MessageBinary, b)
}

func (c *Conn) forget(id int64) {
	c.mu.Lock()
	delete(c.waiting, id)
	c.mu.Unlock()
}
