package server

import (
	"strings"
	"testing"
	"time"
)

// TestChatUnpostGivesBackOnePlace: a line taken back with unpost frees
// exactly its own place in the rate limit, so the limit still holds for
// the lines that were delivered.
func TestChatUnpostGivesBackOnePlace(t *testing.T) {
	ch := newChat()
	t0 := time.Date(2030, 1, 1, 12, 0, 0, 0, time.UTC)
	at := func(ms int) ChatMessage {
		return ChatMessage{Channel: "lobby", Text: "hi", At: t0.Add(time.Duration(ms) * time.Millisecond)}
	}
	for i := range chatBurst {
		if err := ch.post(1, at(i)); err != nil {
			t.Fatalf("line %d: %v", i, err)
		}
	}
	if err := ch.post(1, at(10)); err == nil || !strings.Contains(err.Error(), "at most 5") {
		t.Fatalf("a sixth line: %v", err)
	}
	ch.unpost(1, at(2).At)
	ch.unpost(2, at(3).At) // another user's: nothing to give back
	if err := ch.post(1, at(11)); err != nil {
		t.Fatalf("a line after one was taken back: %v", err)
	}
	if err := ch.post(1, at(12)); err == nil {
		t.Fatal("a line over the limit after one was taken back was accepted")
	}
	if err := ch.post(2, at(12)); err != nil {
		t.Fatalf("another user's line: %v", err)
	}
}
