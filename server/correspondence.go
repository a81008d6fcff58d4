package server

import (
	"time"

	"github.com/parlor-games/parlor/match"
	"github.com/parlor-games/parlor/protocol"
)

// Correspondence tables: a move clock of one day or more (the create
// forms offer 1, 2, 3, 5, 7 and 14 days), for games played across days.
// The match does the clock (match/correspondence.go); the server chooses
// the policy the match gets, tells the lobby the table's kind, stops the
// clocks of a player on vacation (vacation.go) and lists each player's
// games waiting on them (mygames.go).

// TableKind says how a table is played, live or by correspondence: the
// protocol's type.
type TableKind = protocol.TableKind

// Table kinds.
const (
	KindLive           = protocol.KindLive
	KindCorrespondence = protocol.KindCorrespondence
)

// maxMoveClock is the longest move clock a table may have: two weeks, the
// slowest correspondence clock offered.
const maxMoveClock = 14 * 24 * time.Hour

// correspondence reports whether the policy is a correspondence table's.
func correspondence(p PolicyJSON) bool {
	return secs(p.MoveClock) >= match.CorrespondenceClock
}

// tableKind is the kind of a table of policy p, as the lobby shows it.
func tableKind(p PolicyJSON) TableKind {
	if correspondence(p) {
		return KindCorrespondence
	}
	return KindLive
}

// correspondencePolicy is the match's policy at a correspondence table of
// seats seats. A player away from the table is no event: nothing waits
// for them to come back, the match never pauses and is never closed for
// it (Grace 0, OnGone ""), and only the clock decides. With two seats,
// running out of time loses; with more, the seat that ran out meets the
// table's leaving policy, so that the others may play on (a bot takes
// it) or not, as the table chose. Pause cannot follow a clock: it gives
// the seat to a bot (or, in a game without bots, forfeits it).
func correspondencePolicy(p PolicyJSON, seats int) match.Policy {
	pol := match.Policy{MoveClock: secs(p.MoveClock), OnTimeout: match.Forfeit}
	if seats > 2 {
		switch p.OnGone {
		case match.BotTakes, match.End, match.Forfeit:
			pol.OnTimeout = p.OnGone
		case match.Pause:
			pol.OnTimeout = match.BotTakes
		}
	}
	return pol
}
