// Package game is the contract every Parlor game meets, and the pieces that
// all games share: seats, moves, events, views, outcomes, the seeded random
// generator, the registry, and replay of a match log.
//
// A game package knows nothing of sockets, storage or screens. Its state
// changes only through Apply, and every random draw comes from the Rand that
// the match hands to Definition.New. That is what lets a match be stored as
// its log (game, options, seed, moves) and rebuilt by Replay: the current
// position, a save file, a replay, a spectator's view and crash recovery are
// all derived from the log.
//
// docs/game-contract.md shows how each of the five games' hardest cases fits
// these types.
package game

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
)

// Seat numbers the places at a table, from 0 to Seats()-1.
type Seat int

// Spectator is the seat passed to View for someone who holds no seat. A
// spectator sees only what every player may know.
const Spectator Seat = -1

// Move is one decision by one seat. Its canonical JSON form is what
// json.Marshal produces; String returns its short notation for logs, the
// terminal client and the engine protocol. State.ParseMove accepts both.
//
// A turn made of several steps is several moves; each game documents its
// steps.
type Move interface {
	String() string
}

// Event says what a move caused, so that clients can animate and log without
// diffing states. Events are ordered as they happened.
//
// To limits who may learn of the event: nil means everyone, spectators
// included; otherwise only the listed seats. A fact that everyone learns in
// part ("Bea showed Al a card") and one seat learns in full ("the
// card was the rope") is two events with different audiences.
type Event struct {
	Type string `json:"type"`
	// Seat is the seat that acted, or Spectator when the game itself did
	// (a random event such as tree growth).
	Seat Seat   `json:"seat"`
	Data any    `json:"data,omitempty"`
	To   []Seat `json:"-"`
}

// VisibleTo reports whether seat (or Spectator) may see the event.
func (e Event) VisibleTo(seat Seat) bool {
	if e.To == nil {
		return true
	}
	for _, s := range e.To {
		if s == seat {
			return true
		}
	}
	return false
}

// Outcome is the end of a match.
type Outcome struct {
	// Winners lists every seat that shares first place: one seat for a
	// clear win, several for a tie, none when nobody wins.
	Winners []Seat `json:"winners"`
	// Reason says in words why the match ended ("all boxes taken").
	Reason string `json:"reason,omitempty"`
}

// State is a position in a match of one game. Implementations are not safe
// for concurrent use: the match that owns a state serialises access to it,
// and bots search on a Clone.
type State interface {
	// Seats is the number of seats at this table.
	Seats() int
	// Turn lists the seats that owe a decision now, in seat order: usually
	// one; several during simultaneous set-up; a seat other than the mover
	// when a question is put to it. It is empty once the match is over.
	Turn() []Seat
	// Legal lists the moves seat may make now, empty when it owes none.
	// Games whose lists can be very long may also implement LegalQuery.
	Legal(seat Seat) []Move
	// ParseMove reads a move for seat in canonical JSON or in notation. It
	// checks form only; Apply checks legality.
	ParseMove(seat Seat, text []byte) (Move, error)
	// Apply validates m for seat and, if it is legal, plays it and returns
	// what happened. A refused move changes nothing and returns an error a
	// player can read, usually a *MoveError.
	Apply(seat Seat, m Move) ([]Event, error)
	// View is what seat may know now, as a value that marshals to JSON; for
	// Spectator, what everyone may know. It never holds another seat's
	// secrets, the seed, or the order of a hidden deck. After the end, a
	// game may reveal everything. A view may also carry, for a seat in
	// Turn() and for no one else, a top-level member named LegalMember:
	// what that seat may do now, as its client needs it to light squares
	// and offer choices, so that a client draws the rules and never
	// copies them (docs/game-contract.md).
	View(seat Seat) any
	// Scores is each seat's score, or nil when the game keeps none.
	Scores() []int
	// Outcome is nil until the match is over.
	Outcome() *Outcome
	// Clone returns an independent copy, random generator included, so a
	// bot can search without touching the match.
	Clone() State
}

// Concluder is implemented by a game whose own end shows more than its
// play does (a fleet, every hand, the case file) or counts a score that
// play keeps back. A match may end by a decision of its own rather than by
// the rules: a resignation, a forfeit, a timeout, a game ended for all, a
// players' vote. The match then calls Conclude with the outcome it decided,
// so that the result and the replay show what the game shows at its end;
// without it a resigned game of hidden fleets would keep the enemy fleet hidden for
// ever. Conclude is called by the match live and again when the match is
// rebuilt or replayed from its log, at the same place, so both give the
// same final views.
//
// After Conclude(out) the state is over in every respect: Outcome returns
// out, Turn and every Legal are empty, Apply refuses every move, and View
// and Scores are what the game shows at an end by its rules. It returns
// the events of that end as Apply returns a move's (an "over"
// with both fleets), so that a client keeping its board from events sees
// the reveal too (docs/game-contract.md, rule 5); the match sends them in
// the update that ends it. Conclude on a state that is already over
// changes nothing and returns nothing. It draws nothing from the game's
// Rand. A game that reveals nothing at its end and whose Scores are
// always the real ones (a game of open lines and boxes) need not implement it; a game with
// secrets (Definition.Hidden) must, and the conformance suite checks it.
type Concluder interface {
	Conclude(out Outcome) []Event
}

// Conclude ends st with out, decided by the match, if the game implements
// Concluder and st is not over yet, and returns the events of that end.
// Every caller that ends a match by its own decision (the match, the
// replay of a finished match) goes through it.
func Conclude(st State, out Outcome) []Event {
	if st.Outcome() != nil {
		return nil
	}
	c, ok := st.(Concluder)
	if !ok {
		return nil
	}
	out.Winners = append([]Seat{}, out.Winners...)
	return c.Conclude(out)
}

// LegalMember is the name of the view member that tells the seat owing a
// decision what it may do (see State.View). It is the one member in which
// a game without secrets may give its seats different views.
const LegalMember = "legal"

// PlainViewer is implemented by a game whose views carry LegalMember:
// PlainView is View without it, computed without working out the legal
// moves, for a reader that plays nothing (a replay).
type PlainViewer interface {
	PlainView(seat Seat) any
}

// PlainView is st's view for seat without LegalMember where the game can
// leave it out (PlainViewer), else its View.
func PlainView(st State, seat Seat) any {
	if p, ok := st.(PlainViewer); ok {
		return p.PlainView(seat)
	}
	return st.View(seat)
}

// LegalQuery is implemented by games whose full list of legal moves would
// be huge (many units, each with many actions): a client asks for the moves of one piece or
// towards one target, in a query form the game documents.
type LegalQuery interface {
	LegalFor(seat Seat, query string) ([]Move, error)
}

// Bot chooses moves for a seat.
type Bot interface {
	// Choose returns the move the bot would make for seat now; it does not
	// apply it. It must use only what seat may know (a bot that read the
	// other fleet would be a cheat). It decides from the position, its
	// generator and its budget, counted in work (Budget(ctx), see
	// budget.go), never from the clock, so that the same question gets the
	// same answer however busy the machine; it returns before ctx's
	// deadline, which only stops a runaway search.
	Choose(ctx context.Context, s State, seat Seat) (Move, error)
}

// Definition describes one game to the registry.
type Definition struct {
	// Name is the short identifier used in logs and protocols, the name of
	// the game's folder under games/.
	Name string
	// Title is the name people read.
	Title string
	// Summary is one sentence for menus.
	Summary string
	// Options describes the settings New accepts, for clients that build a
	// create-table form and for documentation.
	Options []OptionSpec
	// Hidden is true when seats hold secrets from each other, so a screen
	// shared by several seats must hide one seat's view before showing the
	// next (hot-seat hand-over).
	Hidden bool
	// Chance is true when the game draws from its Rand after New (tree
	// growth, a card drawn from a shuffled deck): the draws to come are
	// hidden facts too, even when no seat holds a secret, since a copy of
	// the match replayed ahead from the same seed would show them.
	Chance bool
	// New starts a match. options is a JSON object whose missing fields take
	// their defaults; nil or empty means all defaults. Unknown fields and
	// out-of-range values are refused with a clear error. The state keeps
	// rng and draws all its randomness from it.
	New func(options json.RawMessage, rng Rand) (State, error)
	// BotLevels names the bot levels, weakest first; empty when the game
	// has no bots.
	BotLevels []string
	// ArenaBots names opponents that only `parlor arena` plays: yardsticks
	// built to an outside standard, to measure the levels above against,
	// that tables do not offer (Bot refuses them). NewBot makes them too.
	ArenaBots []string
	// NewBot makes a bot of a level. rng seeds any randomness the bot uses.
	NewBot func(level string, rng Rand) (Bot, error)
	// Solve, when not nil, returns the exact value of s for the seat to
	// move and a best move, or an error if ctx ends first.
	Solve func(ctx context.Context, s State) (value int, best Move, err error)
	// LeaverEndsGame says that the game's own rules end a match for
	// everyone when a player leaves it (a game's spec may say so): a table
	// then defaults to ending the match once a gone player's grace period
	// is over, instead of counting that player as beaten.
	LeaverEndsGame bool
	// Roles, when not nil, says that each seat plays a character of the
	// game's own that its player chooses at the table before the start
	// (a suspect). No two seats share one.
	Roles *RoleSpec
	// Preview, when not nil, returns the view a spectator would get at the
	// start of a match with options, so that the people at a table can
	// agree on the setup (a board, an island) before they start. It must
	// show exactly the start the match will have, so it may only use what
	// the options fix: when the options leave the setup to the match's
	// own seed (which stays secret, see Chance), it returns an error
	// wrapping ErrSetupDrawn instead. A game whose start holds a seat's
	// secret leaves Preview nil.
	Preview func(options json.RawMessage) (view any, err error)
	// Analyze, when not nil, studies a finished match for its replay
	// (analysis.go); the server answers GET /api/replays/{match}/analysis
	// with what it returns.
	Analyze Analyze
	// Aid, when not nil, is the advice a player may ask for at the table
	// in unrated games against the computer ("where would
	// the expert fire?"). It is given only the asking seat's view, so it
	// can use nothing that seat does not know; it returns a value that
	// marshals to JSON, or an error a person can read when the view is
	// not one it can advise on (a seat with nothing to do). The view
	// comes as the JSON the seat itself receives.
	Aid func(ctx context.Context, view json.RawMessage) (any, error)
	// Rulebook is how the game is played, for people (rulebook.go): the
	// clients show it as their help, so every game has one.
	Rulebook Rulebook
	// Extras are the optional parts a game offers beyond the contract
	// (extras.go): its Achievements, its analysis in text, its operator
	// defaults. Programs ask for them with Extra.
	Extras []any
}

// ErrSetupDrawn is wrapped by a Preview's error when the options leave the
// start to the match's seed: no one can see it before the match begins.
var ErrSetupDrawn = errors.New("the setup is drawn when the match starts")

// RoleSpec describes the characters of a game whose seats choose one.
// The server keeps each seat's choice at the table, frees it when the seat
// is left before the start, and at the start gives seats without a choice
// (bots, or players who did not choose) the first free characters in
// Choices order; the game receives the list, seat by seat, in the option
// named Option.
type RoleSpec struct {
	Option  string `json:"option"`
	Label   string `json:"label"`
	Choices []Role `json:"choices"`
}

// Role is one character: Key in the option's JSON, Name for people.
type Role struct {
	Key  string `json:"key"`
	Name string `json:"name"`
}

// Role returns the character named by key, if the spec has it.
func (r *RoleSpec) Role(key string) (Role, bool) {
	for _, c := range r.Choices {
		if c.Key == key {
			return c, true
		}
	}
	return Role{}, false
}

// Forkable reports whether a match of the game may be copied: loaded from
// a save as a new, independent match while the original may still be
// played. That is safe only when a match hides nothing, neither a seat's
// secrets nor the draws to come (see Hidden and Chance). A save of any
// other game that is not over is a bookmark of its match: loading it
// resumes that same match, never a copy (docs/protocol.md, Saves).
func (d *Definition) Forkable() bool { return !d.Hidden && !d.Chance }

// OptionSpec describes one option of a game.
type OptionSpec struct {
	Name    string     `json:"name"`
	Label   string     `json:"label"`
	Kind    OptionKind `json:"kind"`
	Default any        `json:"default"`
	Min     int        `json:"min,omitempty"`
	Max     int        `json:"max,omitempty"`
	Choices []string   `json:"choices,omitempty"`
	Help    string     `json:"help,omitempty"`
	// Off, for a whole number whose 0 switches the option off (a house
	// limit), is the word a form shows for 0 ("none"): a bare 0 reads
	// as a limit of nothing.
	Off string `json:"off,omitempty"`
}

// OptionKind says what sort of value an option takes, so that a client can
// build the right control for it.
type OptionKind string

const (
	// OptionInt is a whole number between Min and Max.
	OptionInt OptionKind = "int"
	// OptionBool is true or false.
	OptionBool OptionKind = "bool"
	// OptionChoice is one of Choices.
	OptionChoice OptionKind = "choice"
	// OptionScenario is a JSON object, documented by the game, that sets
	// up a chosen position (a deal, an island, a deck order) for tests,
	// tutorials and puzzles. Whoever writes it knows every hidden fact it
	// sets, so the server refuses it on rated tables, counts no result of
	// such a match, and never lists its value to other people. A game has
	// at most one option of this kind, and names it "scenario".
	OptionScenario OptionKind = "scenario"
)

// MoveError is a refused move. Code is a stable identifier that clients and
// tests can match ("already-drawn"); the message is for people.
type MoveError struct {
	Code string
	Msg  string
}

func (e *MoveError) Error() string { return e.Msg }

// Illegal returns a *MoveError with a formatted message.
func Illegal(code, format string, args ...any) error {
	return &MoveError{Code: code, Msg: fmt.Sprintf(format, args...)}
}

// ErrorCode returns the Code of a *MoveError in err's chain, or "".
func ErrorCode(err error) string {
	var me *MoveError
	if errors.As(err, &me) {
		return me.Code
	}
	return ""
}

// NotYourTurn is the error every game returns when a seat that owes
// nothing tries to move, so clients see one wording for it.
func NotYourTurn(seat Seat) error {
	return Illegal("not-your-turn", "it is not seat %d's turn", seat)
}

// OwesMove reports whether seat is among the seats s.Turn lists.
func OwesMove(s State, seat Seat) bool {
	for _, t := range s.Turn() {
		if t == seat {
			return true
		}
	}
	return false
}
