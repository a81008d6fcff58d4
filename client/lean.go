package client

import (
	"bufio"
	"context"
	"crypto/rand"
	"crypto/sha1"
	"encoding/base64"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"sync"
	"time"
)

// Lean is a connection to a server with nothing but the WebSocket
// framing: just what RFC 6455 asks of a client that sends small text
// messages and reads a server's unmasked frames. It is for load
// generators (parlor bench server): they share the machine with the
// server they measure, so every microsecond they spend is taken from the
// server, and a general library's client (contexts, locks, a goroutine
// per message, as Conn has) cost them about as much CPU per move as the
// server itself. Everything else should use Conn.
//
// A Lean sends and reads whole messages; the caller numbers its
// requests and reads replies and pushes itself. One goroutine may read
// while others write.
type Lean struct {
	nc net.Conn
	br *bufio.Reader

	wmu  sync.Mutex // one writer at a time: frames must not interleave
	wbuf []byte
	mask uint32 // masking key state, advanced per frame

	rbuf []byte // the message being read; valid until the next read
}

// wsGUID is the fixed string of the handshake (RFC 6455, section 1.3).
const wsGUID = "258EAFA5-E914-47DA-95CA-C5AB0DC85B11"

// DialLean opens a lean connection to the client's server over nc, a
// connection to the server's address the caller made (a load generator
// chooses its source address), with the client's session. The server's
// hello is the first message Read returns.
func (c *Client) DialLean(ctx context.Context, nc net.Conn) (*Lean, error) {
	cookie := ""
	if tok := c.Session(); tok != "" {
		cookie = SessionCookie + "=" + tok
	}
	return dialLean(ctx, nc, c.base.Host, "/api/ws", cookie)
}

func dialLean(ctx context.Context, nc net.Conn, host, path, cookie string) (*Lean, error) {
	var key [16]byte
	if _, err := rand.Read(key[:]); err != nil {
		return nil, err
	}
	k := base64.StdEncoding.EncodeToString(key[:])
	if d, ok := ctx.Deadline(); ok {
		nc.SetDeadline(d)
		defer nc.SetDeadline(time.Time{})
	}
	req := "GET " + path + " HTTP/1.1\r\nHost: " + host +
		"\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Key: " + k
	if cookie != "" {
		req += "\r\nCookie: " + cookie
	}
	req += "\r\n\r\n"
	if _, err := io.WriteString(nc, req); err != nil {
		return nil, err
	}
	br := bufio.NewReaderSize(nc, 8<<10)
	res, err := http.ReadResponse(br, nil)
	if err != nil {
		return nil, err
	}
	res.Body.Close()
	if res.StatusCode != http.StatusSwitchingProtocols {
		return nil, fmt.Errorf("websocket handshake: %s", res.Status)
	}
	sum := sha1.Sum([]byte(k + wsGUID))
	if res.Header.Get("Sec-WebSocket-Accept") != base64.StdEncoding.EncodeToString(sum[:]) {
		return nil, errors.New("websocket handshake: wrong Sec-WebSocket-Accept")
	}
	var seed [4]byte
	rand.Read(seed[:])
	return &Lean{nc: nc, br: br, mask: binary.LittleEndian.Uint32(seed[:]) | 1}, nil
}

// nextMask steps a xorshift generator: the masking key only has to vary
// from frame to frame and be unknown to the network, not to be secret.
func (c *Lean) nextMask() uint32 {
	x := c.mask
	x ^= x << 13
	x ^= x >> 17
	x ^= x << 5
	c.mask = x
	return x
}

// WriteText sends one masked text frame holding the concatenation of
// parts, with one system call.
func (c *Lean) WriteText(parts ...[]byte) error {
	return c.writeFrame(0x1, parts...)
}

func (c *Lean) writeFrame(op byte, parts ...[]byte) error {
	c.wmu.Lock()
	defer c.wmu.Unlock()
	n := 0
	for _, p := range parts {
		n += len(p)
	}
	b := append(c.wbuf[:0], 0x80|op)
	switch {
	case n < 126:
		b = append(b, 0x80|byte(n))
	case n <= 0xffff:
		b = append(b, 0x80|126, byte(n>>8), byte(n))
	default:
		b = append(b, 0x80|127, 0, 0, 0, 0, byte(n>>24), byte(n>>16), byte(n>>8), byte(n))
	}
	var key [4]byte
	binary.LittleEndian.PutUint32(key[:], c.nextMask())
	b = append(b, key[:]...)
	start := len(b)
	for _, p := range parts {
		b = append(b, p...)
	}
	for i := start; i < len(b); i++ {
		b[i] ^= key[(i-start)&3]
	}
	c.wbuf = b
	_, err := c.nc.Write(b)
	return err
}

// LeanClosed is the error Read returns for the server's close frame: its
// status (RFC 6455, section 7.4; 1005 when the frame carries none) and
// reason. It is io.EOF to errors.Is, as the end of the connection.
type LeanClosed struct {
	Status int
	Reason string
}

func (e *LeanClosed) Error() string {
	return fmt.Sprintf("websocket closed with status %d: %s", e.Status, e.Reason)
}

func (e *LeanClosed) Unwrap() error { return io.EOF }

// Read returns the next text or binary message, answering pings on the
// way; the bytes are valid until the next call. A close frame ends it
// with a *LeanClosed.
func (c *Lean) Read() ([]byte, error) {
	msg := c.rbuf[:0]
	for {
		var h [2]byte
		if _, err := io.ReadFull(c.br, h[:]); err != nil {
			return nil, err
		}
		fin, op := h[0]&0x80 != 0, h[0]&0x0f
		if h[1]&0x80 != 0 {
			return nil, errors.New("websocket: the server masked a frame")
		}
		n := uint64(h[1] & 0x7f)
		switch n {
		case 126:
			var x [2]byte
			if _, err := io.ReadFull(c.br, x[:]); err != nil {
				return nil, err
			}
			n = uint64(binary.BigEndian.Uint16(x[:]))
		case 127:
			var x [8]byte
			if _, err := io.ReadFull(c.br, x[:]); err != nil {
				return nil, err
			}
			n = binary.BigEndian.Uint64(x[:])
		}
		if n > 1<<24 {
			return nil, fmt.Errorf("websocket: frame of %d bytes", n)
		}
		start := len(msg)
		msg = append(msg, make([]byte, n)...)
		if _, err := io.ReadFull(c.br, msg[start:]); err != nil {
			return nil, err
		}
		switch op {
		case 0x8: // close: answer it and stop
			body := msg[start:]
			c.writeFrame(0x8, body[:min(len(body), 2)])
			closed := &LeanClosed{Status: 1005}
			if len(body) >= 2 {
				closed.Status, closed.Reason = int(binary.BigEndian.Uint16(body)), string(body[2:])
			}
			return nil, closed
		case 0x9: // ping
			c.writeFrame(0xa, msg[start:])
			msg = msg[:start]
			continue
		case 0xa: // pong
			msg = msg[:start]
			continue
		}
		if fin {
			c.rbuf = msg
			return msg, nil
		}
	}
}

// Close sends a normal closure and closes the connection without waiting
// for the server's answer.
func (c *Lean) Close() {
	c.writeFrame(0x8, []byte{0x03, 0xe8})
	c.nc.Close()
}

// SetReadDeadline sets when a Read waiting for the server gives up.
func (c *Lean) SetReadDeadline(t time.Time) error { return c.nc.SetReadDeadline(t) }

// CloseNow cuts the connection without a closing handshake.
func (c *Lean) CloseNow() { c.nc.Close() }
