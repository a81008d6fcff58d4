// Package clocktest holds the one hand-moved clock that every Parlor test
// uses, so that tests of clocks, grace periods and rate limits run in no
// time and give the same result on a busy machine as on an idle one.
package clocktest

import (
	"sync"
	"time"

	"github.com/parlor-games/parlor/clock"
)

// Clock is a clock.Clock that moves only when a test moves it. Timers that
// fall due run on the goroutine that calls Advance, one at a time in order
// of their time and before Advance returns, so that when it returns every
// effect of those timers (a push queued, a seat timed out) has happened.
type Clock struct {
	mu     sync.Mutex
	now    time.Time
	timers []*timer
}

type timer struct {
	c    *Clock
	at   time.Time
	f    func()
	done bool
}

// New returns a clock that reads start until it is moved.
func New(start time.Time) *Clock { return &Clock{now: start} }

// Now returns the clock's time.
func (c *Clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

// AfterFunc schedules f for when the clock has been moved on by d.
func (c *Clock) AfterFunc(d time.Duration, f func()) clock.Timer {
	c.mu.Lock()
	defer c.mu.Unlock()
	t := &timer{c: c, at: c.now.Add(d), f: f}
	c.timers = append(c.timers, t)
	return t
}

// Stop cancels the timer; it reports whether the timer was still pending.
func (t *timer) Stop() bool {
	t.c.mu.Lock()
	defer t.c.mu.Unlock()
	was := !t.done
	t.done = true
	return was
}

// Advance moves the clock on by d. Each timer due by then runs with the
// clock reading its own due time, so a timer that sets another sees the
// time it would have seen on a real clock.
func (c *Clock) Advance(d time.Duration) {
	c.mu.Lock()
	end := c.now.Add(d)
	c.mu.Unlock()
	for {
		c.mu.Lock()
		var next *timer
		live := c.timers[:0]
		for _, t := range c.timers {
			if t.done {
				continue
			}
			live = append(live, t)
			if !t.at.After(end) && (next == nil || t.at.Before(next.at)) {
				next = t
			}
		}
		c.timers = live
		if next == nil {
			c.now = end
			c.mu.Unlock()
			return
		}
		next.done = true
		if next.at.After(c.now) {
			c.now = next.at
		}
		c.mu.Unlock()
		next.f()
	}
}
