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
	ch := newChat(0, nil)
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

// TestChatPruneSchedule: with keep n a channel is due for pruning every
// n/10 lines stored (every line below 10), counted per channel; with keep
// 0 never; and the counts of channels that are gone are dropped, those
// of live ones kept.
func TestChatPruneSchedule(t *testing.T) {
	gone := map[string]bool{}
	ch := newChat(50, func(c string) bool { return !gone[c] })
	var due []int
	for i := 1; i <= 12; i++ {
		if ch.stored("lobby") {
			due = append(due, i)
		}
		if i%3 == 0 && ch.stored("table:a") {
			t.Fatalf("table:a due after %d lines", i/3)
		}
	}
	if len(due) != 2 || due[0] != 5 || due[1] != 10 {
		t.Errorf("lobby due at lines %v, want [5 10]", due)
	}
	if small := newChat(3, nil); !small.stored("lobby") || !small.stored("lobby") {
		t.Error("with keep 3 a channel is not due at every line")
	}
	if all := newChat(0, nil); all.stored("lobby") {
		t.Error("with keep 0 a channel is due for pruning")
	}

	for i := range chatSweepMin {
		ch.stored("table:t" + strings.Repeat("x", i))
		gone["table:t"+strings.Repeat("x", i)] = true
	}
	ch.mu.Lock()
	n := len(ch.unpruned)
	lobby, table := ch.unpruned["lobby"], ch.unpruned["table:a"]
	ch.mu.Unlock()
	if n >= chatSweepMin/2 || lobby != 2 || table != 4 {
		t.Errorf("after %d channels went: %d counts kept, lobby's %d, table:a's %d", chatSweepMin, n, lobby, table)
	}
}
