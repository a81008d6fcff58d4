package main

import (
	"io"
	"strings"
	"testing"

	"github.com/parlor-games/parlor/server"
)

// TestServeTransportFlag: -transport takes goroutine (the default) or
// epoll, and anything else is refused with a sentence naming both.
func TestServeTransportFlag(t *testing.T) {
	if f, err := parseServeFlags(nil, io.Discard); err != nil || f.transport != server.TransportGoroutine {
		t.Fatalf("default transport %q, %v; want goroutine", f.transport, err)
	}
	if f, err := parseServeFlags([]string{"-transport", "epoll"}, io.Discard); err != nil || f.transport != server.TransportEpoll {
		t.Fatalf("-transport epoll gave %q, %v", f.transport, err)
	}
	_, err := parseServeFlags([]string{"-transport", "threads"}, io.Discard)
	if err == nil || !strings.Contains(err.Error(), "-transport") || !strings.Contains(err.Error(), "goroutine or epoll") {
		t.Fatalf("-transport threads: %v, want a refusal naming the choices", err)
	}
}
