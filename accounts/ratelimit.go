package accounts

import (
	"sync"
	"time"
)

// Limit is a token bucket: Burst attempts at once, then one more every
// Every.
type Limit struct {
	Burst int
	Every time.Duration
}

// Defaults (login by name and address; register and claim by address,
// since each costs a hash): a person mistyping a password gets 5 tries at once and one
// more every 12 seconds (5 a minute); a guesser is held to that rate per
// name. Per IP the allowance is larger because many people can share one
// address (a household, a school, a carrier's NAT).
var (
	defaultNameLimit = Limit{Burst: 5, Every: 12 * time.Second}
	defaultIPLimit   = Limit{Burst: 30, Every: 2 * time.Second}
)

// DefaultGuestPerIP is the default of Options.GuestPerIP: the sign-in
// allowance per address, since a household or a school shares one.
var DefaultGuestPerIP = defaultIPLimit

// limiter keeps one token bucket per key, in memory. Buckets are not
// shared between server nodes; each node limits on its own, which bounds
// a guesser to (nodes x rate), still far too slow to matter.
type limiter struct {
	lim Limit
	now func() time.Time

	mu      sync.Mutex
	buckets map[string]*bucket
}

type bucket struct {
	tokens float64
	last   time.Time
}

// maxBuckets bounds memory: past it, full buckets (keys that have not been
// seen for a while) are dropped, since a full bucket is the same as none.
const maxBuckets = 10000

func newLimiter(l Limit, now func() time.Time) *limiter {
	return &limiter{lim: l, now: now, buckets: make(map[string]*bucket)}
}

// allow takes one token for key and reports whether there was one.
func (l *limiter) allow(key string) bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	now := l.now()
	b, ok := l.buckets[key]
	if !ok {
		if len(l.buckets) >= maxBuckets {
			l.sweep(now)
		}
		b = &bucket{tokens: float64(l.lim.Burst), last: now}
		l.buckets[key] = b
	}
	l.refill(b, now)
	if b.tokens < 1 {
		return false
	}
	b.tokens--
	return true
}

func (l *limiter) refill(b *bucket, now time.Time) {
	if l.lim.Every > 0 {
		if dt := now.Sub(b.last); dt > 0 {
			b.tokens = min(float64(l.lim.Burst), b.tokens+float64(dt)/float64(l.lim.Every))
		}
	}
	b.last = now
}

func (l *limiter) sweep(now time.Time) {
	for k, b := range l.buckets {
		l.refill(b, now)
		if b.tokens >= float64(l.lim.Burst) {
			delete(l.buckets, k)
		}
	}
}
