package server

import (
	"bytes"
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"
)

// TestWriteFrames checks that the frames writeFrames builds are read by
// the WebSocket library as the messages they carry, at each size where
// the header's length encoding changes, and that a frame the library
// writes in between keeps its place.
func TestWriteFrames(t *testing.T) {
	sizes := []int{0, 1, 125, 126, 127, 1000, 65535, 65536, 70000}
	msgs := make([][]byte, len(sizes))
	for i, n := range sizes {
		msgs[i] = bytes.Repeat([]byte{byte('a' + i)}, n)
	}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		cw := &corkWriter{ResponseWriter: w}
		ws, err := websocket.Accept(cw, r, &websocket.AcceptOptions{CompressionMode: websocket.CompressionDisabled})
		if err != nil {
			t.Error(err)
			return
		}
		defer ws.CloseNow()
		if err := cw.conn.writeFrames(msgs[:4]); err != nil {
			t.Error(err)
		}
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		if err := ws.Write(ctx, websocket.MessageText, []byte("library")); err != nil {
			t.Error(err)
		}
		if err := cw.conn.writeFrames(msgs[4:]); err != nil {
			t.Error(err)
		}
		// Keep the connection open until the client has read everything.
		ws.Read(ctx)
	}))
	defer srv.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	c, _, err := websocket.Dial(ctx, "ws"+strings.TrimPrefix(srv.URL, "http"), nil)
	if err != nil {
		t.Fatal(err)
	}
	defer c.CloseNow()
	c.SetReadLimit(1 << 20)
	want := append(append(append([][]byte{}, msgs[:4]...), []byte("library")), msgs[4:]...)
	for i, w := range want {
		typ, got, err := c.Read(ctx)
		if err != nil {
			t.Fatalf("message %d: %v", i, err)
		}
		if typ != websocket.MessageText || !bytes.Equal(got, w) {
			t.Fatalf("message %d: got %d bytes of type %v, want %d bytes of text", i, len(got), typ, len(w))
		}
	}
	c.Close(websocket.StatusNormalClosure, "")
}
