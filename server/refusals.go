package server

import (
	"errors"
	"log/slog"
	"sync"
	"time"
)

// refuse answers request id (of type t, "" when unknown) with err's error
// reply, and accounts for it: every refusal is counted by code in
// /metrics, and one whose cause is the server's own is logged. A node
// on a full disk refuses every move it is sent; without this its log
// says nothing and only its players know.
func (c *conn) refuse(id int64, t string, err error) {
	c.h.s.refused(t, err)
	c.push(errorReply(id, err))
}

// refused counts a refusal and logs it if its cause is the server's.
func (s *Server) refused(t string, err error) {
	code := errorCode(err)
	s.metrics.refusals.WithLabelValues(code).Inc()
	if serverSide(code) {
		s.refusalLog.note(s.log, t, code, err)
	}
}

// serverSide reports whether a refusal's code puts its cause in the
// server (its store, its bus, a bug) rather than in the request.
func serverSide(code string) bool {
	return code == codeUnavailable || code == codeInternal
}

// refusalLogEvery is the least time between two log lines of refusals:
// a node whose store fails refuses every move of every player, and a line
// each would bury the log.
const refusalLogEvery = 10 * time.Second

// refusalLog logs refusals with a cause of the server's own: the first
// at once, with its cause; those that follow within refusalLogEvery are
// counted, and a summary with their count and the last one's cause is
// logged at the end of the period, then at most once a period while
// they go on.
type refusalLog struct {
	every   time.Duration // the period; 0 is refusalLogEvery
	mu      sync.Mutex
	waiting bool // a period is running: refusals are counted, not logged
	held    int  // refusals counted in this period
	last    heldRefusal
}

// heldRefusal is the last refusal a period counted.
type heldRefusal struct {
	t, code string
	cause   error
}

func (l *refusalLog) note(log *slog.Logger, t, code string, err error) {
	l.mu.Lock()
	if l.waiting {
		l.held++
		l.last = heldRefusal{t, code, err}
		l.mu.Unlock()
		return
	}
	l.waiting = true
	l.mu.Unlock()
	log.Warn("request refused for a cause of the server's own", "t", t, "code", code, "cause", causeText(err))
	time.AfterFunc(l.period(), func() { l.summarize(log) })
}

// summarize ends a period: it logs what the period counted, if anything,
// and then starts another; after a quiet period the next refusal is
// logged at once again.
func (l *refusalLog) summarize(log *slog.Logger) {
	l.mu.Lock()
	n, last := l.held, l.last
	l.held, l.last = 0, heldRefusal{}
	l.waiting = n > 0
	l.mu.Unlock()
	if n == 0 {
		return
	}
	log.Warn("more requests refused for causes of the server's own", "count", n, "within", l.period(),
		"last t", last.t, "last code", last.code, "last cause", causeText(last.cause))
	time.AfterFunc(l.period(), func() { l.summarize(log) })
}

func (l *refusalLog) period() time.Duration {
	if l.every > 0 {
		return l.every
	}
	return refusalLogEvery
}

// causeText is what an operator needs of a refusal: its cause's text (a
// store's error, a panic), not the sentence the player was given.
func causeText(err error) string {
	var re *replyError
	if errors.As(err, &re) && re.err != nil {
		return re.err.Error()
	}
	return err.Error()
}
