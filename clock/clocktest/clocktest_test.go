package clocktest

import (
	"testing"
	"time"
)

// TestAdvanceRunsDueTimersInOrder: timers run in order of their due time,
// each seeing the clock at that time; a stopped timer and one not yet due
// do not run; a timer set by a timer runs in the same Advance if it falls
// due within it.
func TestAdvanceRunsDueTimersInOrder(t *testing.T) {
	start := time.Date(2030, 1, 1, 0, 0, 0, 0, time.UTC)
	c := New(start)
	var ran []string
	at := func(name string) func() {
		return func() { ran = append(ran, name+"@"+c.Now().Sub(start).String()) }
	}
	c.AfterFunc(3*time.Second, at("c"))
	c.AfterFunc(time.Second, func() {
		at("a")()
		c.AfterFunc(time.Second, at("b"))
	})
	stopped := c.AfterFunc(2*time.Second, at("stopped"))
	c.AfterFunc(time.Minute, at("late"))
	if !stopped.Stop() {
		t.Fatal("Stop of a pending timer reported false")
	}
	if stopped.Stop() {
		t.Fatal("a second Stop reported true")
	}

	c.Advance(5 * time.Second)
	want := []string{"a@1s", "b@2s", "c@3s"}
	if len(ran) != len(want) {
		t.Fatalf("ran %v, want %v", ran, want)
	}
	for i := range want {
		if ran[i] != want[i] {
			t.Fatalf("ran %v, want %v", ran, want)
		}
	}
	if got := c.Now().Sub(start); got != 5*time.Second {
		t.Fatalf("after Advance(5s) the clock reads +%v", got)
	}
	c.Advance(time.Minute)
	if ran[len(ran)-1] != "late@1m0s" {
		t.Fatalf("the minute timer ran as %v", ran)
	}
}
