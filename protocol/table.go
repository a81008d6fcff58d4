package protocol

import (
	"encoding/json"
	"time"
)

// SeatKind says who fills a seat of a table.
type SeatKind string

// The kinds of a seat in a Table.
const (
	SeatOpen  SeatKind = "open"
	SeatHuman SeatKind = "human"
	SeatBot   SeatKind = "bot"
)

// SeatChoice is what a creator asks for in one seat of a new table.
type SeatChoice string

// The choices for a seat in table.create and match.load.
const (
	ChooseOpen SeatChoice = "open"
	ChooseBot  SeatChoice = "bot"
	ChooseMe   SeatChoice = "me"
)

// Status is where a table is in its life.
type Status string

// A table's statuses.
const (
	StatusOpen    Status = "open"
	StatusPlaying Status = "playing"
	StatusOver    Status = "over"
)

// TableKind is how a table is played.
type TableKind string

// Table kinds.
const (
	KindLive           TableKind = "live"
	KindCorrespondence TableKind = "correspondence"
)

// Action is what a table's policy does to a seat whose player is gone or
// whose time is up.
type Action string

// Policy actions. The empty Action waits for ever (OnGone only).
const (
	Forfeit  Action = "forfeit" // the seat loses; the others win
	BotTakes Action = "bot"     // a bot plays the seat until its player returns
	End      Action = "end"     // the game ends for all, with no winner
	Pause    Action = "pause"   // the game waits until the player returns (since v6)
)

// Valid reports whether a is one of the policy's actions, or empty
// (wait): what a server accepts in a table's policy.
func (a Action) Valid() bool {
	switch a {
	case "", Forfeit, BotTakes, End, Pause:
		return true
	}
	return false
}

// Seat is one seat of a table as the server shows it.
type Seat struct {
	Kind      SeatKind `json:"kind"`
	Name      string   `json:"name,omitempty"`
	Level     string   `json:"level,omitempty"`
	Mine      bool     `json:"mine,omitempty"`
	Connected bool     `json:"connected"`
	Role      string   `json:"role,omitempty"`
	// GoneUntil is when a gone player's wait ends and Then what happens
	// then (since v6); nil and "" for a seat whose player is here.
	GoneUntil *time.Time `json:"goneUntil,omitempty"`
	Then      Action     `json:"then,omitempty"`
	// Player (since v6) is the holder's own name when the seat has a
	// name of its own: a seat at a table played at one screen.
	Player string `json:"player,omitempty"`
}

// Policy is what a table does with a gone player and with clocks, in
// seconds.
type Policy struct {
	Grace     float64 `json:"grace"`
	OnGone    Action  `json:"onGone"`
	MoveClock float64 `json:"moveClock"`
	GameClock float64 `json:"gameClock"`
	OnTimeout Action  `json:"onTimeout"`
}

// Table is a table of the lobby.
type Table struct {
	ID            string          `json:"id"`
	Game          string          `json:"game"`
	Options       json.RawMessage `json:"options"`
	Status        Status          `json:"status"`
	Seats         []Seat          `json:"seats" ts:"nonnull"`
	Creator       string          `json:"creator"`
	SpectatorChat bool            `json:"spectatorChat"`
	Policy        Policy          `json:"policy"`
	Match         string          `json:"match"`
	Rematch       string          `json:"rematch,omitempty"`
	// Rated is false for a table whose match counts for nothing.
	Rated bool `json:"rated"`
	// Created is when the table was made, and Copy marks a table whose
	// match goes on from a loaded save or a replay's position: together
	// they tell apart two tables of the same game and players.
	Created time.Time `json:"created"`
	Copy    bool      `json:"copy,omitempty"`
	// Kind is live or correspondence (a move clock of a day or more).
	Kind TableKind `json:"kind"`
	// Paused is set while the match waits for its gone players, and
	// ClosesAt is when it is closed if nobody comes back (since v6).
	Paused   bool       `json:"paused,omitempty"`
	ClosesAt *time.Time `json:"closesAt,omitempty"`
	// Rev orders the descriptions of a table that reach its watchers
	// (since v6; 0 in the lobby's lists and from older servers): see
	// Supersedes.
	Rev int64 `json:"rev,omitempty"`
}

// Supersedes reports whether t may replace old as what a client shows of
// the table: unless both carry a Rev and t's is lower. A reply and a
// push about one table may arrive in the other order than the server
// worked them out; the older must not undo the newer (a seat shown away
// whose player is there).
func (t Table) Supersedes(old Table) bool {
	return t.Rev == 0 || old.Rev == 0 || t.Rev >= old.Rev
}
