package server

import (
	"context"
	"encoding/json"
	"slices"
	"sync"
	"time"

	"github.com/parlor-games/parlor/game"
	"github.com/parlor-games/parlor/match"
	"github.com/parlor-games/parlor/protocol"
	"github.com/parlor-games/parlor/store"
)

// Matches is what the server needs from the match manager.
type Matches interface {
	Create(ctx context.Context, spec match.Spec) (*match.Match, error)
	Get(id string) (*match.Match, bool)
	Recover(ctx context.Context) (int, error)
	// RecoverMatches rebuilds the matches named from their logs: those of
	// the tables this node takes from a node that died (see nodes.go).
	RecoverMatches(ctx context.Context, ids []string) (int, error)
	Remove(id string) bool
	// Unload stops a live match and forgets it, unfinished: its table
	// is handed over to another node (handover.go).
	Unload(id string) bool
}

// Table statuses: the protocol's Status, which the store names
// store.TableStatus because its rows keep the same words and it must know
// which tables are over (ListOpenTables).
const (
	statusOpen    = store.TableOpen
	statusPlaying = store.TablePlaying
	statusOver    = store.TableOver
)

// seat is one place at a table as the server keeps it.
type seat struct {
	Kind   match.SeatKind `json:"kind"` // open, human or bot
	UserID int64          `json:"user,omitempty"`
	Name   string         `json:"name,omitempty"`
	Level  string         `json:"level,omitempty"`
	// Role is the character chosen for the seat, in a game with roles
	// (game.RoleSpec); "" until one is chosen.
	Role string `json:"role,omitempty"`
	// Player is the holder's own name when Name is another: the name
	// given to the seat at a table played at one screen (seatnames.go).
	Player string `json:"player,omitempty"`
}

// PolicyJSON is a table's disconnect and clock settings as clients send
// them, durations in seconds: the protocol's Policy.
type PolicyJSON = protocol.Policy

// validatePolicy refuses a policy a table cannot have: an action that is
// none of the policy's, a clock that pauses, times out of range.
func validatePolicy(p PolicyJSON) error {
	for _, v := range []match.Action{p.OnGone, p.OnTimeout} {
		if !v.Valid() {
			return badRequest("policy choice %q is not one of forfeit, bot, end, pause", v)
		}
	}
	if p.OnTimeout == match.Pause {
		return badRequest("a clock that runs out cannot pause the game: choose forfeit, bot or end for onTimeout")
	}
	for _, d := range []float64{p.Grace, p.GameClock} {
		if d < 0 || d > 7*24*3600 {
			return badRequest("policy times are seconds between 0 and one week")
		}
	}
	if p.MoveClock < 0 || p.MoveClock > maxMoveClock.Seconds() {
		return badRequest("a move clock is seconds between 0 and 14 days (a correspondence table's)")
	}
	return nil
}

func secs(f float64) time.Duration { return time.Duration(f * float64(time.Second)) }

// matchPolicy is the match's policy for a table of seats seats; a
// correspondence table's is not the one sent (correspondence.go).
func matchPolicy(p PolicyJSON, seats int) match.Policy {
	if correspondence(p) {
		return correspondencePolicy(p, seats)
	}
	return match.Policy{
		Grace:     secs(p.Grace),
		OnGone:    p.OnGone,
		MoveClock: secs(p.MoveClock),
		GameClock: secs(p.GameClock),
		OnTimeout: p.OnTimeout,
	}
}

// table is a place in the lobby where a match is set up, played and
// talked about. Its row in server_tables lets it outlive a restart.
type table struct {
	s *Server

	// pushMu orders the table's pushes (pushToWatchers): each is worked
	// out and queued to every watcher before the next is worked out.
	pushMu        sync.Mutex
	mu            sync.Mutex
	id            string
	game          string
	def           *game.Definition
	options       json.RawMessage
	seats         []seat
	creator       int64
	creatorName   string
	spectatorChat bool
	policy        PolicyJSON
	matchID       string
	status        store.TableStatus
	created       time.Time

	mt       *match.Match
	unsub    func()
	watchers map[*conn]*watch
	ended    bool // results recorded
	// unrated marks a table whose match counts for nothing: a copy of a
	// save, or a start from a scenario (see match.Spec.Unrated).
	unrated bool
	rematch string // the table a player opened for a rematch, once asked
	// invited, set on a private table (one a challenge opened), are the
	// only people who may see and watch it (privatetables.go).
	invited []int64
	// rev, under mu, is the last TableJSON.Rev given out (see revLocked).
	rev int64

	rematchMu sync.Mutex    // serialises match.rematch, so players asking at once share one table
	offer     *rematchOffer // the open rematch offer, under rematchMu (rematch.go)

	// gate is held while a message for the table is handled, and stops
	// them while the table is handed over to another node (handover.go).
	gate drain
	// moved, under mu, is made when a hand-over begins and closed when
	// it has ended, whichever way; messages held back wait for it.
	moved chan struct{}
	// gone, under mu, marks a table handed over: its row is another
	// node's, and this copy writes nothing more.
	gone bool
	// turns, under mu, is what the hook of turns has told (turnhook.go).
	turns turnWatch
}

// tables is every table of the lobby.
type tables struct {
	s    *Server
	mu   sync.Mutex
	m    map[string]*table
	over overTables // the finished ones, to forget (overtables.go)
}

func newTables(s *Server) *tables { return &tables{s: s, m: make(map[string]*table)} }

// persist writes the table's row, durably by the time it returns. Callers
// hold t.mu or own t exclusively.
//
// Every game writes its table several times (create, sit, start, end), so
// the row goes through the store's group-commit writer (Store.SaveTable):
// it shares the next commit, and its sync, with the moves of every match,
// rather than paying for a transaction and a sync of its own.
func (t *table) persist(ctx context.Context) error {
	if t.gone {
		return nil
	}
	err := t.s.cfg.Store.SaveTable(ctx, t.row())
	if err != nil {
		t.s.log.Error("persist table", "table", t.id, "err", err)
		return unavailable(err, "could not save the table; try again")
	}
	return nil
}

// row is the table's row as it is now. Callers hold t.mu or own t
// exclusively.
func (t *table) row() store.TableRow {
	seats, _ := json.Marshal(t.seats)
	policy, _ := json.Marshal(t.policy)
	opts := t.options
	if len(opts) == 0 {
		opts = json.RawMessage("{}")
	}
	return store.TableRow{ID: t.id, Game: t.game, Options: opts, Seats: seats, Creator: t.creator, CreatorName: t.creatorName,
		SpectatorChat: t.spectatorChat, Policy: policy, MatchID: t.matchID, Status: t.status, Created: t.created, Unrated: t.unrated,
		Holders: t.holdersLocked()}
}

// holdersLocked lists the users holding a human seat, each once: while
// the table is not over, a guest among them keeps its name even without
// a session, so that it can come back to its seat (store.GuestsByKey).
func (t *table) holdersLocked() []int64 {
	var out []int64
	for _, st := range t.seats {
		if st.Kind == match.Human && st.UserID != 0 && !slices.Contains(out, st.UserID) {
			out = append(out, st.UserID)
		}
	}
	return out
}

// TableJSON is a table as clients see it: the protocol's Table. Its Rev
// is the time in microseconds, made to grow by at least one under the
// table's lock (revLocked), so that it keeps growing across a restart and
// a hand-over to another node; the lobby's lists carry none (0).
type TableJSON = protocol.Table

// SeatJSON is one seat as clients see it: the protocol's Seat.
type SeatJSON = protocol.Seat

// jsonFor describes the table for viewer (0 for a broadcast, in which no
// seat is marked mine). Callers hold t.mu.
func (t *table) jsonLocked(viewer int64) TableJSON {
	opts := t.options
	if len(opts) == 0 {
		opts = json.RawMessage("{}")
	}
	if viewer == 0 || viewer != t.creator {
		opts = publicOptions(t.def, opts)
	}
	out := TableJSON{ID: t.id, Game: t.game, Options: opts, Status: t.status, SpectatorChat: t.spectatorChat, Policy: t.policy, Match: t.matchID, Rematch: t.rematch, Rated: !t.unrated,
		Created: t.created, Copy: legacyCopy(t.matchID), Kind: tableKind(t.policy)}
	present := t.presentLocked()
	for i, st := range t.seats {
		sj := SeatJSON{Kind: st.Kind, Name: st.Name, Player: st.Player, Level: st.Level, Role: st.Role, Connected: st.Kind == match.Bot || present[i]}
		if viewer != 0 && st.Kind == match.Human && st.UserID == viewer {
			sj.Mine = true
		}
		out.Seats = append(out.Seats, sj)
	}
	out.Creator = t.creatorName
	t.awayLocked(&out)
	return out
}

// connectedLocked reports which human seats have their holder watching.
func (t *table) connectedLocked() map[game.Seat]bool {
	out := make(map[game.Seat]bool)
	for c := range t.watchers {
		for i, st := range t.seats {
			if st.Kind == match.Human && st.UserID == c.user.ID {
				out[game.Seat(i)] = true
			}
		}
	}
	return out
}

// json describes the table for viewer; for a viewer, the reply to a
// request about the table, it carries a Rev (see TableJSON.Rev).
func (t *table) json(viewer int64) TableJSON {
	t.mu.Lock()
	defer t.mu.Unlock()
	tj := t.jsonLocked(viewer)
	if viewer != 0 {
		tj.Rev = t.revLocked()
	}
	return tj
}

// revLocked gives out the next TableJSON.Rev. Callers hold t.mu.
func (t *table) revLocked() int64 {
	t.rev = max(t.rev+1, time.Now().UnixMicro())
	return t.rev
}

func (t *table) hasOpenLocked() bool {
	for _, st := range t.seats {
		if st.Kind == match.Open {
			return true
		}
	}
	return false
}

// heldBy lists the seats user holds at the table. Callers hold t.mu.
func (t *table) heldByLocked(userID int64) []game.Seat {
	var out []game.Seat
	for i, st := range t.seats {
		if st.Kind == match.Human && st.UserID == userID {
			out = append(out, game.Seat(i))
		}
	}
	return out
}
