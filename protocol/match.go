package protocol

import (
	"encoding/json"
	"slices"
	"time"
)

// Event is one thing that happened in a match, as a seat may see it. Data
// is the game's own JSON.
type Event struct {
	Type string          `json:"type"`
	Seat int             `json:"seat"`
	Data json.RawMessage `json:"data,omitempty"`
}

// Outcome is the end of a match: every seat that shares first place (none
// when nobody wins) and why it ended, in words.
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
	Clocks    Clocks                     `json:"clocks,omitzero"`
	TakenOver []int                      `json:"takenOver"`
	// Votes lists the votes the table offers and Vote is the open one
	// (since v6).
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
	// ViewPatches (since v5, watching with patches) holds, by seat, the
	// patch to the view held; a seat left out has not changed. The web
	// client applies them in web/src/games/apply.ts.
	ViewPatches map[string]json.RawMessage `json:"viewPatches,omitempty"`
}

// ReplayStep is one step of a replay (GET /api/replays/{match}). Step 0
// is the start position (Seat -1, no move); the others are the log's
// records in order, each with every seat's view after it.
type ReplayStep struct {
	Seq    int64                      `json:"seq"`
	Seat   int                        `json:"seat"`
	Move   json.RawMessage            `json:"move"`
	Text   string                     `json:"text"`
	Events []Event                    `json:"events"`
	Views  map[string]json.RawMessage `json:"views" ts:"nonnull"`
	// Scores after the step (since v6); absent for a game without.
	Scores []int `json:"scores,omitempty"`
}

// Update is the step as a live match push would have carried it, for
// code that words moves from pushes.
func (s ReplayStep) Update() Update {
	return Update{Seq: s.Seq, Seat: s.Seat, Move: s.Move, Text: s.Text, Events: s.Events, Scores: s.Scores, Views: s.Views}
}

// RecentGame is a finished match of a player's, as the server lists it in
// the ended push and on the profile: only what the match's replay shows
// anyone, so a seat is its kind, name and a bot's level.
type RecentGame struct {
	Match    string    `json:"match"`
	Game     string    `json:"game"`
	Finished time.Time `json:"finished"`
	Seats    []Seat    `json:"seats"`
	// Held are the seats the player held: one, or every seat of a table
	// played at one screen.
	Held    []int  `json:"held"`
	Winners []int  `json:"winners"`
	Reason  string `json:"reason,omitempty"`
}

// VoteKind is what a vote decides.
type VoteKind string

// The kinds of vote.
const (
	VotePass   VoteKind = "pass"
	VoteRemove VoteKind = "remove"
)

// VoteResult is how a vote ended.
type VoteResult string

// The ends of a vote.
const (
	VoteCarried VoteResult = "carried"
	VoteFailed  VoteResult = "failed"
	VoteLapsed  VoteResult = "lapsed"
	VoteVoid    VoteResult = "void"
)

// The events of a vote's updates: each carries the whole tally.
const (
	EventVote      = "vote"
	EventBallot    = "ballot"
	EventVoteEnded = "voteend"
)

// Vote is a vote's tally after one of its steps: ballots are public, as
// hands raised around a table are.
type Vote struct {
	Kind    VoteKind `json:"kind"`
	Subject int      `json:"subject"`
	Caller  int      `json:"caller"`
	Voters  []int    `json:"voters"`
	Yes     []int    `json:"yes"`
	No      []int    `json:"no"`
	// Needed is how many yeses carry it (since v8).
	Needed int `json:"needed"`
	// Until is when it lapses, while it is open.
	Until  time.Time  `json:"until,omitzero"`
	Result VoteResult `json:"result,omitempty"`
}

// Voted reports whether seat has answered.
func (v *Vote) Voted(seat int) bool {
	return slices.Contains(v.Yes, seat) || slices.Contains(v.No, seat)
}

// Voter reports whether seat has a vote in this one.
func (v *Vote) Voter(seat int) bool {
	return slices.Contains(v.Voters, seat)
}
