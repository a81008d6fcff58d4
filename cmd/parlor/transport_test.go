package main

import (
	"io"
	"runtime"
	"strings"
	"testing"

	"github.com/parlor-games/parlor/server"
)

// TestServeTransportFlag: -transport defaults to epoll on Linux and to
// goroutine elsewhere, takes either by name, and refuses anything else
// with a sentence naming both.
func TestServeTransportFlag(t *testing.T) {
	want := server.TransportGoroutine
	if runtime.GOOS == "linux" {
		want = server.TransportEpoll
	}
	if f, err := parseServeFlags(nil, io.Discard); err != nil || f.transport != want {
		t.Fatalf("default transport %q, %v; want %s on %s", f.transport, err, want, runtime.GOOS)
	}
	for _, tr := range []server.Transport{server.TransportGoroutine, server.TransportEpoll} {
		if f, err := parseServeFlags([]string{"-transport", string(tr)}, io.Discard); err != nil || f.transport != tr {
			t.Fatalf("-transport %s gave %q, %v", tr, f.transport, err)
		}
	}
	_, err := parseServeFlags([]string{"-transport", "threads"}, io.Discard)
	if err == nil || !strings.Contains(err.Error(), "-transport") || !strings.Contains(err.Error(), "goroutine or epoll") {
		t.Fatalf("-transport threads: %v, want a refusal naming the choices", err)
	}
}
