package client

import (
	"encoding/json"
	"time"
)

// Version is the protocol version this package speaks. A server that
// names an older one in hello is refused by Dial: its replies could lack
// fields this package relies on (the codes of refusals, since v3), and
// it could not send the lobby's changes (since v5) that JoinLobby asks for.
const Version = 5

// User is a person with a session: an account or a guest.
type User struct {
	ID    int64  `json:"id"`
	Name  string `json:"name"`
	Guest bool   `json:"guest"`
}

// OptionSpec describes one option of a game, as /api/games lists it.
type OptionSpec struct {
	Name    string          `json:"name"`
	Label   string          `json:"label"`
	Kind    string          `json:"kind"`
	Default json.RawMessage `json:"default"`
	Min     int             `json:"min"`
	Max     int             `json:"max"`
	Choices []string        `json:"choices"`
	Help    string          `json:"help"`
	// Off is the word for 0 where 0 switches the option off ("none").
	Off string `json:"off,omitempty"`
}

// Game is one game the server offers.
type Game struct {
	Name    string       `json:"name"`
	Title   string       `json:"title"`
	Summary string       `json:"summary"`
	Options []OptionSpec `json:"options"`
	// Hidden says that seats hold secrets: a shared screen needs hand-overs.
	Hidden bool `json:"hidden"`
	// Forkable says the game hides nothing, so its saves are copies.
	Forkable bool     `json:"forkable"`
	Bots     []string `json:"bots"`
	// Roles lists the characters seats choose, in a game that has them.
	Roles *Roles `json:"roles,omitempty"`
	// Policy is the policy a table of the game gets by default.
	Policy Policy `json:"policy"`
}

// Rulebook is how a game is played, in sections, as the game's package
// writes it (GET /api/games/{game}/rules): what the help screens show.
type Rulebook struct {
	Game     string        `json:"game"`
	Title    string        `json:"title"`
	Sections []RuleSection `json:"sections"`
}

// RuleSection is one heading of a rulebook and its paragraphs, plain text.
type RuleSection struct {
	Title string   `json:"title"`
	Paras []string `json:"paras"`
}

// Roles are a game's characters (suspects a seat plays).
type Roles struct {
	Option  string `json:"option"`
	Label   string `json:"label"`
	Choices []Role `json:"choices"`
}

// Role is one character.
type Role struct {
	Key  string `json:"key"`
	Name string `json:"name"`
}

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

// Policy is what a table does with a gone player and with clocks.
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
	Creator       string          `json:"creator"`
	Seats         []Seat          `json:"seats"`
	SpectatorChat bool            `json:"spectatorChat"`
	Policy        Policy          `json:"policy"`
	Match         string          `json:"match"`
	Rematch       string          `json:"rematch,omitempty"`
	Rated         bool            `json:"rated"`
	// Kind is live or correspondence (a move clock of a day or more).
	Kind TableKind `json:"kind,omitempty"`
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

// Event is one thing that happened in a match, as a seat may see it. Data
// is the game's own JSON.
type Event struct {
	Type string          `json:"type"`
	Seat int             `json:"seat"`
	Data json.RawMessage `json:"data,omitempty"`
}

// Outcome is the end of a match.
type Outcome struct {
	Winners []int  `json:"winners"`
	Reason  string `json:"reason,omitempty"`
}

// Clocks are a table's clocks by seat; empty at a table without clocks.
type Clocks struct {
	Remaining []time.Duration `json:"remaining,omitempty"`
	Deadline  []time.Time     `json:"deadline,omitempty"`
}

// Snapshot is a match as it stands, with the views of the watcher's seats
// (key "-1" for a spectator's view).
type Snapshot struct {
	Seq       int64                      `json:"seq"`
	Turn      []int                      `json:"turn"`
	Scores    []int                      `json:"scores"`
	Outcome   *Outcome                   `json:"outcome"`
	Views     map[string]json.RawMessage `json:"views"`
	Handover  *int                       `json:"handover"`
	Clocks    Clocks                     `json:"clocks"`
	TakenOver []int                      `json:"takenOver"`
	// Votes lists the votes the table offers and Vote is the open one
	// (since v6, vote.go).
	Votes []VoteKind `json:"votes"`
	Vote  *Vote      `json:"vote"`
}

// Update is one step of a match: a move, or a decision of the match (a
// resignation, a timeout...) with Move null. It is both the `match` push
// and an entry of a watch's history.
type Update struct {
	Table   string                     `json:"table"`
	Seq     int64                      `json:"seq"`
	Seat    int                        `json:"seat"`
	Move    json.RawMessage            `json:"move"`
	Text    string                     `json:"text"`
	Events  []Event                    `json:"events"`
	Turn    []int                      `json:"turn"`
	Scores  []int                      `json:"scores"`
	Outcome *Outcome                   `json:"outcome"`
	Views   map[string]json.RawMessage `json:"views,omitempty"`
	// ViewPatches (since v5, watching with Patches) holds, by seat, the
	// patch to the view held; a seat left out has not changed.
	ViewPatches map[string]json.RawMessage `json:"viewPatches,omitempty"`
}

// Chat is one line of a chat channel.
type Chat struct {
	Channel string    `json:"channel"`
	From    string    `json:"from"`
	Text    string    `json:"text"`
	At      time.Time `json:"at"`
}

// Stats are a player's counts in one game.
type Stats struct {
	Played int     `json:"played"`
	Won    int     `json:"won"`
	Tied   int     `json:"tied"`
	Rating float64 `json:"rating"`
	RD     float64 `json:"rd"`
}

// Online is one person in the lobby's list of who is online.
type Online struct {
	Name  string           `json:"name"`
	Guest bool             `json:"guest"`
	Stats map[string]Stats `json:"stats"`
}

// Achievement is one achievement a user earned.
type Achievement struct {
	ID          string    `json:"id"`
	Game        string    `json:"game"`
	Title       string    `json:"title"`
	Description string    `json:"description"`
	At          time.Time `json:"at"`
}

// Save is one of the user's saves.
type Save struct {
	ID      string    `json:"id"`
	Name    string    `json:"name"`
	Game    string    `json:"game"`
	Moves   int       `json:"moves"`
	Created time.Time `json:"created"`
	Match   string    `json:"match,omitempty"`
	Over    bool      `json:"over,omitempty"`
}
