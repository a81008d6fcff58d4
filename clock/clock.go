// Package clock is the seam between Parlor and the passing of time: the
// match clocks, the disconnect grace and the account limits read the time
// and set timers through a Clock, so that tests move time by hand
// (package clocktest) and never sleep.
package clock

import "time"

// Clock is a source of the current time and of timers.
type Clock interface {
	Now() time.Time
	// AfterFunc calls f on its own goroutine once d has passed.
	AfterFunc(d time.Duration, f func()) Timer
}

// Timer is a pending AfterFunc call.
type Timer interface {
	// Stop keeps the call from happening and reports whether it was still
	// pending.
	Stop() bool
}

// Real is the wall clock.
type Real struct{}

// Now returns time.Now().
func (Real) Now() time.Time { return time.Now() }

// AfterFunc is time.AfterFunc.
func (Real) AfterFunc(d time.Duration, f func()) Timer { return time.AfterFunc(d, f) }
