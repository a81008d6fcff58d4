package protocol

import (
	"fmt"
	"time"
)

// What a table's values mean in words, as both the Go clients print them
// (the terminal client, `parlor play`): a policy, a gone seat's
// countdown, a table's kind.

// correspondenceClock is the shortest move clock of a correspondence
// table: one day, in seconds.
const correspondenceClock = 24 * 3600

// Words says in a few words what the action does to a gone player's seat,
// for the create forms.
func (a Action) Words() string {
	switch a {
	case BotTakes:
		return "a bot plays for them"
	case Forfeit:
		return "their seat forfeits"
	case End:
		return "the game ends for everyone"
	case Pause:
		return "the game pauses until they return"
	}
	return "the game waits for them"
}

// Span says a number of seconds as a person reads a wait: "45 s", "2 min",
// "1 min 30 s", "3 h".
func Span(secs float64) string {
	s := int(secs + 0.5)
	switch {
	case s < 60:
		return fmt.Sprintf("%d s", s)
	case s%3600 == 0:
		return fmt.Sprintf("%d h", s/3600)
	case s%60 == 0:
		return fmt.Sprintf("%d min", s/60)
	case s < 3600:
		return fmt.Sprintf("%d min %d s", s/60, s%60)
	}
	return fmt.Sprintf("%d h %d min", s/3600, s%3600/60)
}

// LeavingWords is a table's policy for a gone player in a sentence, shown
// in the lobby and at the table: "If a player leaves: waits 2 min, then a
// bot plays for them".
func (p Policy) LeavingWords() string {
	if p.OnGone == "" {
		return "If a player leaves: the game waits for them"
	}
	if p.Grace <= 0 {
		return "If a player leaves: at once, " + p.OnGone.Words()
	}
	return "If a player leaves: waits " + Span(p.Grace) + ", then " + p.OnGone.Words()
}

// LeavingWords is the table's policy in words as it applies to this
// table: at a table of one person against bots, a leaver's game pauses
// rather than forfeit or end (match/pause.go).
func (t Table) LeavingWords() string {
	p := t.Policy
	if t.Kind == KindCorrespondence {
		return correspondenceWords(len(t.Seats), p.OnGone)
	}
	if (p.OnGone == Forfeit || p.OnGone == End) && t.onePerson() {
		p.OnGone = Pause
	}
	return p.LeavingWords()
}

// correspondenceWords is a correspondence table's policy: nobody waits
// for a player who is away, the clock decides, and among three or more
// the table's action follows a clock that ran out (a bot for pause).
func correspondenceWords(seats int, a Action) string {
	if seats > 2 {
		if a == Pause || a == "" {
			a = BotTakes
		}
		return "Across days: the clock runs even when away; out of time, " + a.Words()
	}
	return "Across days: the clock runs even when away; who runs out of time loses"
}

// onePerson reports whether every seat is a bot's or one person's.
func (t Table) onePerson() bool {
	who := ""
	for _, s := range t.Seats {
		switch s.Kind {
		case SeatOpen:
			return false
		case SeatHuman:
			if who != "" && s.Name != who {
				return false
			}
			who = s.Name
		}
	}
	return who != ""
}

// Countdown says what happens to a gone seat and when, seen at now:
// "Bob is away: a bot plays for them in 1:45". It is "" for a seat whose
// player is here.
func (s Seat) Countdown(now time.Time) string {
	if s.Kind != SeatHuman || s.Connected {
		return ""
	}
	who := s.Name + " is away"
	if s.GoneUntil == nil || s.Then == "" {
		return who
	}
	left := s.GoneUntil.Sub(now)
	if left <= 0 {
		if s.Then == Pause {
			return who + ": the game is paused until they return"
		}
		return who
	}
	clock := Clock(left)
	switch s.Then {
	case BotTakes:
		return who + ": a bot plays for them in " + clock
	case Forfeit:
		return who + ": their seat forfeits in " + clock
	case End:
		return who + ": the game ends for everyone in " + clock
	case Pause:
		return who + ": the game pauses in " + clock
	}
	return who
}

// Clock writes a wait as m:ss, or h:mm:ss from an hour, rounded up so
// that it reads 0:00 only when the time is up.
func Clock(d time.Duration) string {
	s := int((d + time.Second - 1) / time.Second)
	if s >= 3600 {
		return fmt.Sprintf("%d:%02d:%02d", s/3600, s/60%60, s%60)
	}
	return fmt.Sprintf("%d:%02d", s/60, s%60)
}

// LeaveWarning is the sentence a player reads before leaving a table
// whose match is being played, where mine reports the seats they hold:
// what will happen to their seat. Alone with bots, the game pauses
// rather than forfeit or end, as the server does (match/pause.go).
func (t Table) LeaveWarning(mine func(seat int) bool) string {
	p := t.Policy
	then := p.OnGone
	if (then == Forfeit || then == End) && !t.othersHere(mine) {
		then = Pause
	}
	var what string
	switch then {
	case BotTakes:
		what = "a bot plays for you until you come back"
	case Forfeit:
		what = "your seat forfeits and the others win"
	case End:
		what = "the game ends for everyone"
	case Pause:
		what = "the game pauses until you come back (it is closed after 7 days)"
	default:
		return "If you leave, your seat waits for you."
	}
	if p.Grace <= 0 {
		return "If you leave, " + what + " at once."
	}
	return "If you leave, your seat waits " + Span(p.Grace) + " for you; then " + what + "."
}

// othersHere reports whether a person other than the leaver is at the
// table now.
func (t Table) othersHere(mine func(seat int) bool) bool {
	for i, s := range t.Seats {
		if s.Kind == SeatHuman && !mine(i) && s.Connected {
			return true
		}
	}
	return false
}

// KindWords says how the table is played, for the lobby: "live", or
// "2 days a move" for a correspondence table.
func (t Table) KindWords() string {
	if t.Kind != KindCorrespondence && t.Policy.MoveClock < correspondenceClock {
		return "live"
	}
	return DaysWords(int(t.Policy.MoveClock/correspondenceClock+0.5)) + " a move"
}

// DaysWords is "1 day" or "n days".
func DaysWords(n int) string {
	if n == 1 {
		return "1 day"
	}
	return fmt.Sprintf("%d days", n)
}
