package server

import (
	"cmp"
	"context"
	"crypto/rand"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/parlor-games/parlor/game"
	"github.com/parlor-games/parlor/match"
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

// Table statuses, a typed kind (store.TableStatus) whose values are the
// wire protocol's and the stored row's: the store owns it because it must
// know which tables are over (ListOpenTables).
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
// them: durations in seconds.
type PolicyJSON struct {
	Grace     float64      `json:"grace"`
	OnGone    match.Action `json:"onGone"`
	MoveClock float64      `json:"moveClock"`
	GameClock float64      `json:"gameClock"`
	OnTimeout match.Action `json:"onTimeout"`
}

func (p PolicyJSON) validate() error {
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

// policy is the match's policy for a table of seats seats; a
// correspondence table's is not the one sent (correspondence.go).
func (p PolicyJSON) policy(seats int) match.Policy {
	if p.correspondence() {
		return p.correspondencePolicy(seats)
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

// open counts the tables not over, for /metrics.
func (ts *tables) open() int {
	ts.mu.Lock()
	list := make([]*table, 0, len(ts.m))
	for _, t := range ts.m {
		list = append(list, t)
	}
	ts.mu.Unlock()
	n := 0
	for _, t := range list {
		t.mu.Lock()
		if t.status != statusOver {
			n++
		}
		t.mu.Unlock()
	}
	return n
}

func (ts *tables) get(id string) *table {
	ts.mu.Lock()
	defer ts.mu.Unlock()
	return ts.m[id]
}

// withMatch returns the table playing match id, or nil. A match is played
// at one table only: a bookmark never makes a second one (saves.go).
func (ts *tables) withMatch(id string) *table {
	ts.mu.Lock()
	list := make([]*table, 0, len(ts.m))
	for _, t := range ts.m {
		list = append(list, t)
	}
	ts.mu.Unlock()
	for _, t := range list {
		t.mu.Lock()
		found := t.matchID == id && t.status == statusPlaying
		t.mu.Unlock()
		if found {
			return t
		}
	}
	return nil
}

// load reads every table that is not over and reattaches playing tables to
// their recovered matches.
func (ts *tables) load(ctx context.Context) error {
	rows, err := ts.s.cfg.Store.ListOpenTables(ctx)
	if err != nil {
		return fmt.Errorf("server: load tables: %w", err)
	}
	if err := ts.adopt(ctx, rows); err != nil {
		return err
	}
	ts.mu.Lock()
	n := len(ts.m)
	ts.mu.Unlock()
	ts.s.log.Info("tables loaded", "count", n)
	return nil
}

// adopt makes the tables of rows this server's: at start-up, and when
// this node takes the tables of a node that died. The matches of playing
// tables must have been recovered first. A table already here is left
// alone.
func (ts *tables) adopt(ctx context.Context, rows []store.TableRow) error {
	var loaded []*table
	for _, r := range rows {
		t := &table{s: ts.s, watchers: make(map[*conn]*watch),
			id: r.ID, game: r.Game, options: r.Options, creator: r.Creator, creatorName: r.CreatorName,
			spectatorChat: r.SpectatorChat, matchID: r.MatchID, status: r.Status, created: r.Created}
		if err := json.Unmarshal(r.Seats, &t.seats); err != nil {
			return fmt.Errorf("server: table %s: seats: %w", t.id, err)
		}
		if err := json.Unmarshal(r.Policy, &t.policy); err != nil {
			return fmt.Errorf("server: table %s: policy: %w", t.id, err)
		}
		def, err := ts.s.reg.Lookup(t.game)
		if err != nil {
			ts.s.log.Warn("table of an unknown game skipped", "table", t.id, "err", err)
			continue
		}
		t.def = def
		t.unrated = r.Unrated || hasScenario(def, t.options)
		loaded = append(loaded, t)
	}
	ts.loadInvited(ctx, loaded)
	for _, t := range loaded {
		ts.mu.Lock()
		_, dup := ts.m[t.id]
		ts.mu.Unlock()
		if dup {
			continue
		}
		if t.status == statusPlaying {
			mt, ok := ts.s.cfg.Matches.Get(t.matchID)
			if !ok && ts.endedUncounted(ctx, t) {
				ts.put(t)
				continue
			}
			if !ok {
				ts.s.log.Warn("table's match was not recovered; marking it over", "table", t.id, "match", t.matchID)
				t.status = statusOver
				_ = t.persist(ctx)
				continue
			}
			t.unrated = t.unrated || mt.Spec().Unrated
			t.attach(mt)
			if o := mt.Outcome(); o != nil {
				// It ended just before the crash: record it now.
				ts.s.finishLater(t, match.Update{Seq: mt.Seq(), Outcome: o})
			}
		}
		ts.put(t)
	}
	return nil
}

// put adds a loaded table and tells the lobby (nobody is there yet at
// start-up; after a takeover, the lobby learns of the tables that moved
// here).
func (ts *tables) put(t *table) {
	ts.mu.Lock()
	ts.m[t.id] = t
	ts.mu.Unlock()
	ts.changed(t)
}

// endedUncounted handles a table still "playing" whose match the manager
// did not recover because the match's end is stored: the server stopped
// after storing the end and before counting the results (finish stores
// those with the table's row marked over). It counts them now and
// reports whether it did.
func (ts *tables) endedUncounted(ctx context.Context, t *table) bool {
	ml, err := ts.s.cfg.Store.LoadMatch(ctx, t.matchID)
	if err != nil || !ml.Finished {
		return false
	}
	var o game.Outcome
	if err := json.Unmarshal(ml.Outcome, &o); err != nil {
		ts.s.log.Warn("stored outcome unreadable", "table", t.id, "match", t.matchID, "err", err)
		return false
	}
	ts.s.finishLater(t, match.Update{Outcome: &o})
	return true
}

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

// TableJSON is a table as clients see it.
type TableJSON struct {
	ID            string            `json:"id"`
	Game          string            `json:"game"`
	Options       json.RawMessage   `json:"options"`
	Status        store.TableStatus `json:"status"`
	Seats         []SeatJSON        `json:"seats"`
	Creator       string            `json:"creator"`
	SpectatorChat bool              `json:"spectatorChat"`
	Policy        PolicyJSON        `json:"policy"`
	Match         string            `json:"match"`
	Rematch       string            `json:"rematch,omitempty"`
	// Rated is false for a table whose match counts for nothing.
	Rated bool `json:"rated"`
	// Created is when the table was made, and Copy marks a table whose
	// match goes on from a position played before (a loaded save, a
	// replay played on): together they tell apart two tables of the same
	// game and players, such as a game still in play and the copy of it
	// loaded from its save.
	Created time.Time `json:"created"`
	Copy    bool      `json:"copy,omitempty"`
	// Kind is live or correspondence (a move clock of a day or more),
	// for the lobby to tell them apart.
	Kind TableKind `json:"kind"`
	// Paused is set while the match waits for gone players (since v6),
	// and ClosesAt is when it will be closed if nobody comes back.
	Paused   bool       `json:"paused,omitempty"`
	ClosesAt *time.Time `json:"closesAt,omitempty"`
	// Rev (since v6) orders the descriptions of one table that reach a
	// watcher or a player: a table push, and the reply to a request about
	// the table (table.watch, table.sit, ...). Each is worked out under
	// the table's lock, but a reply and a push worked out at about the
	// same time may be sent in either order, so a client keeps the
	// highest Rev it has applied and ignores a description with a lower
	// one: otherwise a player who watched again at that moment could be
	// shown away for good. It is the time in microseconds, made to grow
	// by at least one, so that it keeps growing across a restart and a
	// hand-over to another node. The lobby's lists carry none (0).
	Rev int64 `json:"rev,omitempty"`
}

// SeatJSON is one seat as clients see it.
type SeatJSON struct {
	Kind      match.SeatKind `json:"kind"`
	Name      string         `json:"name,omitempty"`
	Level     string         `json:"level,omitempty"`
	Mine      bool           `json:"mine,omitempty"`
	Connected bool           `json:"connected"`
	Role      string         `json:"role,omitempty"`
	// GoneUntil is, for a seat whose holder is gone during the match,
	// when the wait ends, and Then what happens at that moment (since
	// v6): every watcher and the lobby show the same countdown.
	GoneUntil *time.Time   `json:"goneUntil,omitempty"`
	Then      match.Action `json:"then,omitempty"`
	// Player (since v6) is the holder's own name, present only when the
	// seat has a name of its own (a seat at one screen, seatnames.go).
	Player string `json:"player,omitempty"`
}

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
		Created: t.created, Copy: legacyCopy(t.matchID), Kind: t.policy.kind()}
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

// listJSON is the lobby's table list: every table that is open or
// playing, and those that ended in the last hour, of every node. The
// tables with a seat to take come first, then those in play, then those
// over, each the oldest first: the lobby comes a page at a time
// (lobbypage.go), and on a busy server a table waiting for a second
// player must be on the first page, not behind a hundred games in play.
func (ts *tables) listJSON() []TableJSON {
	list := ts.localJSON()
	if r := ts.s.relay; r != nil {
		list = append(list, r.remoteTables(func(id string) bool { return ts.get(id) != nil })...)
	}
	slices.SortStableFunc(list, func(a, b TableJSON) int {
		return cmp.Compare(listRank(a.Status), listRank(b.Status))
	})
	return list
}

// listRank orders the lobby's tables by status: to join, in play, over.
func listRank(s store.TableStatus) int {
	switch s {
	case store.TableOpen:
		return 0
	case store.TablePlaying:
		return 1
	}
	return 2
}

// localJSON is this server's tables as the lobby shows them, oldest
// first.
func (ts *tables) localJSON() []TableJSON {
	ts.mu.Lock()
	all := make([]*table, 0, len(ts.m))
	for _, t := range ts.m {
		all = append(all, t)
	}
	ts.mu.Unlock()
	sort.Slice(all, func(i, j int) bool { return all[i].created.Before(all[j].created) })
	list := make([]TableJSON, 0, len(all))
	for _, t := range all {
		if t.private() {
			continue
		}
		list = append(list, t.json(0))
	}
	return list
}

// changed tells the lobby and the table's watchers that the table changed.
// Lobby pushes are coalesced: under load many tables change at once.
func (ts *tables) changed(t *table) {
	t.pushToWatchers()
	ts.s.hub.tablesChanged()
}

func newTableID() string {
	var b [8]byte
	_, _ = rand.Read(b[:])
	return strconv.FormatUint(binary.LittleEndian.Uint64(b[:])&(1<<48-1), 36)
}

func newSeed() uint64 {
	var b [8]byte
	_, _ = rand.Read(b[:])
	return binary.LittleEndian.Uint64(b[:])
}

// seatReq is a seat in table.create: open, a bot of a level, or the
// creator ("me").
// seatChoice is what table.create (and match.load) asks for a seat: the
// creator ("me"), a place left open, or a bot.
type seatChoice string

const (
	choiceMe   seatChoice = "me"
	choiceOpen seatChoice = "open"
	choiceBot  seatChoice = "bot"
)

type seatReq struct {
	Kind  seatChoice `json:"kind"`
	Level string     `json:"level,omitempty"`
	Role  string     `json:"role,omitempty"`
	// Name names a seat of the creator's at a table played at one
	// screen (since v6, seatnames.go).
	Name string `json:"name,omitempty"`
}

type tableCreateReq struct {
	envelope
	Game          *string         `json:"game"`
	Options       json.RawMessage `json:"options"`
	Seats         []seatReq       `json:"seats"`
	SpectatorChat bool            `json:"spectatorChat"`
	Policy        *PolicyJSON     `json:"policy"`
	Rated         *bool           `json:"rated"`
}

// scenarioOption is the name of a game's option of kind
// game.OptionScenario, if it has one.
func scenarioOption(def *game.Definition) string {
	for _, o := range def.Options {
		if o.Kind == game.OptionScenario {
			return o.Name
		}
	}
	return ""
}

// hasScenario reports whether options set the game's scenario: a chosen
// position whose author knows every hidden fact it sets, so the table is
// never rated.
func hasScenario(def *game.Definition, options json.RawMessage) bool {
	name := scenarioOption(def)
	if name == "" || len(options) == 0 {
		return false
	}
	var m map[string]json.RawMessage
	if json.Unmarshal(options, &m) != nil {
		return false
	}
	v, ok := m[name]
	return ok && string(v) != "null"
}

// publicOptions is options as people other than the table's creator see
// them: a scenario's content (a deal, a deck order) is replaced by true,
// which says that there is one and nothing of what it sets.
func publicOptions(def *game.Definition, options json.RawMessage) json.RawMessage {
	if def == nil || !hasScenario(def, options) {
		return options
	}
	var m map[string]json.RawMessage
	_ = json.Unmarshal(options, &m)
	m[scenarioOption(def)] = json.RawMessage("true")
	b, err := json.Marshal(m)
	if err != nil {
		return json.RawMessage("{}")
	}
	return b
}

// buildSeats checks a seat list against a game and the match's own start
// state.
func (s *Server) buildSeats(def *game.Definition, reqs []seatReq, n int, user Identity) ([]seat, error) {
	if len(reqs) != n {
		return nil, badRequest("%s with these options has %d seats; %d given", def.Title, n, len(reqs))
	}
	out := make([]seat, n)
	for i, r := range reqs {
		switch r.Kind {
		case choiceOpen:
			out[i] = seat{Kind: match.Open}
		case choiceMe:
			out[i] = seat{Kind: match.Human, UserID: user.ID, Name: user.Name}
		case choiceBot:
			if _, err := def.Bot(r.Level, game.NewRand(1)); err != nil {
				return nil, withCode(codeBadRequest, err)
			}
			out[i] = seat{Kind: match.Bot, Level: r.Level}
		default:
			return nil, badRequest("seat %d: kind %q is not open, me or bot", i, r.Kind)
		}
		if r.Role != "" {
			if r.Kind == choiceOpen {
				return nil, badRequest("seat %d is open: its player chooses the character when sitting down", i)
			}
			if err := checkRole(def, out[:i], r.Role); err != nil {
				return nil, err
			}
			out[i].Role = r.Role
		}
	}
	if err := nameSeats(out, reqs); err != nil {
		return nil, err
	}
	nameBotsBeforeStart(out)
	return out, nil
}

// checkRole refuses a character the game does not have, or one that a
// seat among others has already chosen.
func checkRole(def *game.Definition, others []seat, role string) error {
	if def.Roles == nil {
		return badRequest("%s has no characters to choose", def.Title)
	}
	r, ok := def.Roles.Role(role)
	if !ok {
		keys := make([]string, len(def.Roles.Choices))
		for i, c := range def.Roles.Choices {
			keys[i] = c.Key
		}
		return badRequest("%q is not a character of %s: choose one of %s", role, def.Title, strings.Join(keys, ", "))
	}
	for _, o := range others {
		if o.Role == role {
			who := o.Name
			if who == "" {
				who = "another seat"
			}
			return conflict("%s is already taken by %s", r.Name, who)
		}
	}
	return nil
}

// othersThan lists the seats but seat i.
func othersThan(seats []seat, i int) []seat {
	out := make([]seat, 0, len(seats))
	out = append(out, seats[:i]...)
	return append(out, seats[i+1:]...)
}

// assignRolesLocked gives every seat without a character the first free
// one, in the game's order, and hands the list to the game's option. A
// table whose creator set that option directly keeps it when no seat
// chose. Callers hold t.mu.
func (t *table) assignRolesLocked() error {
	rs := t.def.Roles
	if rs == nil {
		return nil
	}
	chosen := false
	for _, st := range t.seats {
		chosen = chosen || st.Role != ""
	}
	var opts map[string]json.RawMessage
	if err := json.Unmarshal(t.options, &opts); err != nil || opts == nil {
		opts = map[string]json.RawMessage{}
	}
	if _, set := opts[rs.Option]; set && !chosen {
		return nil
	}
	taken := map[string]bool{}
	for _, st := range t.seats {
		taken[st.Role] = true
	}
	for i := range t.seats {
		for _, c := range rs.Choices {
			if t.seats[i].Role != "" {
				break
			}
			if !taken[c.Key] {
				t.seats[i].Role, taken[c.Key] = c.Key, true
			}
		}
		if t.seats[i].Role == "" {
			return badRequest("%s has more seats than characters", t.def.Title)
		}
	}
	roles := make([]string, len(t.seats))
	for i, st := range t.seats {
		roles[i] = st.Role
	}
	opts[rs.Option], _ = json.Marshal(roles)
	b, err := json.Marshal(opts)
	if err != nil {
		return err
	}
	t.options = b
	return nil
}

func handleTableCreate(c *conn, data []byte) (any, error) {
	var req tableCreateReq
	if err := decodeStrict(data, &req); err != nil {
		return nil, err
	}
	if req.Game == nil || req.Seats == nil {
		return nil, badRequest("table.create needs game and seats")
	}
	s := c.h.s
	def, err := s.reg.Lookup(*req.Game)
	if err != nil {
		return nil, withCode(codeBadRequest, err)
	}
	if req.Options, err = s.withDefaults(def.Name, req.Options); err != nil {
		return nil, err
	}
	if req.Rated != nil && *req.Rated && hasScenario(def, req.Options) {
		return nil, badRequest("a table that starts from a scenario cannot be rated: whoever wrote the scenario knows every hidden fact it sets")
	}
	// The defaults laid again change nothing; checkOptions is the check
	// every route makes.
	var n int
	if req.Options, n, err = s.checkOptions(def, req.Options); err != nil {
		return nil, err
	}
	seats, err := s.buildSeats(def, req.Seats, n, c.user)
	if err != nil {
		return nil, err
	}
	pol := defaultPolicy(def)
	if req.Policy != nil {
		pol = *req.Policy
		if err := pol.validate(); err != nil {
			return nil, err
		}
	}
	unrated := req.Rated != nil && !*req.Rated
	t, err := s.tables.create(s.ctx, def, req.Options, seats, c.user, req.SpectatorChat, pol, unrated)
	if err != nil {
		return nil, err
	}
	return map[string]any{"table": t.json(c.user.ID)}, nil
}

// defaultPolicy is a table's policy when its creator sends none: a gone
// player has 60 seconds to come back, then forfeits, or, in a game whose
// rules end the match when a player leaves, the match ends for everyone;
// no clocks.
func defaultPolicy(def *game.Definition) PolicyJSON {
	pol := PolicyJSON{OnGone: match.Forfeit, OnTimeout: match.Forfeit, Grace: 60}
	if def.LeaverEndsGame {
		pol.OnGone = match.End
	}
	return pol
}

// create opens a table. It is unrated with unrated set or with a
// scenario in options.
func (ts *tables) create(ctx context.Context, def *game.Definition, options json.RawMessage, seats []seat, creator Identity, specChat bool, pol PolicyJSON, unrated bool) (*table, error) {
	return ts.createPrivate(ctx, def, options, seats, creator, specChat, pol, unrated, nil)
}

// createPrivate is create for a table that only the people invited may
// see and watch; with invited nil, it is any table.
func (ts *tables) createPrivate(ctx context.Context, def *game.Definition, options json.RawMessage, seats []seat, creator Identity, specChat bool, pol PolicyJSON, unrated bool, invited []int64) (*table, error) {
	if len(options) == 0 || string(options) == "null" {
		options = json.RawMessage("{}")
	}
	t := &table{
		s: ts.s, id: newTableID(), game: def.Name, def: def, options: options, seats: seats,
		creator: creator.ID, creatorName: creator.Name, spectatorChat: specChat, policy: pol, status: statusOpen,
		created: time.Now().UTC(), watchers: make(map[*conn]*watch), unrated: unrated || hasScenario(def, options),
		invited: invited,
	}
	t.mu.Lock()
	if err := t.persist(ctx); err != nil {
		t.mu.Unlock()
		return nil, err
	}
	ts.mu.Lock()
	ts.m[t.id] = t
	ts.mu.Unlock()
	var err error
	if !t.hasOpenLocked() {
		err = t.startLocked(ctx)
	}
	t.mu.Unlock()
	if err != nil {
		return nil, err
	}
	ts.changed(t)
	return t, nil
}

func (t *table) hasOpenLocked() bool {
	for _, st := range t.seats {
		if st.Kind == match.Open {
			return true
		}
	}
	return false
}

// startLocked creates the match. Callers hold t.mu.
func (t *table) startLocked(ctx context.Context) error {
	if t.status != statusOpen {
		return conflict("the table has already started")
	}
	if t.hasOpenLocked() {
		return conflict("every seat must be taken before the start")
	}
	if err := t.assignRolesLocked(); err != nil {
		return err
	}
	spec := match.Spec{Game: t.game, Options: t.options, Seed: newSeed(), Policy: t.policy.policy(len(t.seats)), BotTime: t.s.cfg.BotBudget, Unrated: t.unrated}
	for _, st := range t.seats {
		spec.Seats = append(spec.Seats, match.SeatSpec{Kind: st.Kind, Level: st.Level, UserID: st.UserID, Name: st.Name})
	}
	mt, err := t.s.cfg.Matches.Create(ctx, spec)
	if errors.Is(err, match.ErrNotStored) {
		t.s.log.Error("match not stored", "table", t.id, "err", err)
		return unavailable(err, "the match could not be stored; try again")
	}
	if err != nil {
		return err
	}
	t.matchID = mt.ID()
	t.status = statusPlaying
	// The match named its bots in the game's own words (game.BotName).
	for i, ss := range mt.Spec().Seats {
		if t.seats[i].Kind == match.Bot {
			t.seats[i].Name = ss.Name
		}
	}
	if err := t.persist(ctx); err != nil {
		return err
	}
	t.attachLocked(mt)
	// The first turns of a match just begun are news.
	t.turns.owing = nil
	t.noticeTurnsLocked(mt, true)
	return nil
}

func (t *table) attach(mt *match.Match) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.attachLocked(mt)
}

// attachLocked subscribes the table to its match: every update fans out to
// the table's watchers.
func (t *table) attachLocked(mt *match.Match) {
	t.mt = mt
	t.s.metrics.live.Inc()
	t.unsub = mt.Subscribe(t.onUpdate)
	mt.SetOnPause(func() { t.s.tables.changed(t) })
	t.giveVacationsLocked(mt)
	t.noticeTurnsLocked(mt, false)
	// Seats of humans not watching are gone as far as the match knows.
	connected := t.connectedLocked()
	for i, st := range t.seats {
		if st.Kind == match.Human {
			mt.SetConnected(game.Seat(i), connected[game.Seat(i)])
		}
	}
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

type tableSeatReq struct {
	envelope
	tableRef
	Seat *int `json:"seat"`
}

// tableRef is the "table" field of every request about one table.
type tableRef struct {
	Table *string `json:"table"`
}

func (r *tableRef) tableID() *string { return r.Table }

// decodeForTable decodes a request about one table, strictly, and finds
// the table it names.
func (c *conn) decodeForTable(data []byte, req interface{ tableID() *string }) (*table, error) {
	if err := decodeStrict(data, req); err != nil {
		return nil, err
	}
	return c.tableArg(req.tableID())
}

func (c *conn) tableArg(id *string) (*table, error) {
	if id == nil {
		return nil, badRequest("the message needs table")
	}
	t := c.h.s.tables.get(*id)
	if t == nil {
		return nil, notFound("no table %q", *id)
	}
	return t, nil
}

// tableSitReq is table.sit: a seat and, in a game with characters, the
// one chosen.
type tableSitReq struct {
	envelope
	tableRef
	Seat *int   `json:"seat"`
	Role string `json:"role"`
}

func handleTableSit(c *conn, data []byte) (any, error) {
	var req tableSitReq
	t, err := c.decodeForTable(data, &req)
	if err != nil {
		return nil, err
	}
	if req.Seat == nil {
		return nil, badRequest("table.sit needs seat")
	}
	return t.editSeat(c, *req.Seat, "seats can only be taken before the start", func(i int) error {
		if t.seats[i].Kind != match.Open {
			return conflict("seat %d is not open", i)
		}
		if req.Role != "" {
			if err := checkRole(t.def, othersThan(t.seats, i), req.Role); err != nil {
				return err
			}
		}
		t.seats[i] = seat{Kind: match.Human, UserID: c.user.ID, Name: c.user.Name, Role: req.Role}
		return nil
	})
}

func handleTableStand(c *conn, data []byte) (any, error) {
	var req tableSeatReq
	t, err := c.decodeForTable(data, &req)
	if err != nil {
		return nil, err
	}
	if req.Seat == nil {
		return nil, badRequest("table.stand needs seat")
	}
	return t.editSeat(c, *req.Seat, "seats can only be left before the start; resign instead", func(i int) error {
		if err := t.mayEditLocked(i, c.user.ID); err != nil {
			return err
		}
		t.seats[i] = seat{Kind: match.Open}
		return nil
	})
}

// editSeat changes seat i of a table that has not started: change runs
// under the table's lock, and the table is stored and announced after
// it. whenStarted is the refusal once the match has begun.
func (t *table) editSeat(c *conn, i int, whenStarted string, change func(i int) error) (any, error) {
	t.mu.Lock()
	err := func() error {
		if t.status != statusOpen {
			return conflict("%s", whenStarted)
		}
		if i < 0 || i >= len(t.seats) {
			return badRequest("no seat %d at this table", i)
		}
		if err := change(i); err != nil {
			return err
		}
		return t.persist(c.h.s.ctx)
	}()
	t.mu.Unlock()
	if err != nil {
		return nil, err
	}
	c.h.s.tables.changed(t)
	return map[string]any{"table": t.json(c.user.ID)}, nil
}

// mayEditLocked refuses a change to seat i by someone who neither holds
// it nor, for a bot's seat, created the table. Callers hold t.mu.
func (t *table) mayEditLocked(i int, userID int64) error {
	st := t.seats[i]
	if !(st.Kind == match.Human && st.UserID == userID) && !(st.Kind == match.Bot && t.creator == userID) {
		return forbidden("you do not hold seat %d", i)
	}
	return nil
}

type tableReq struct {
	envelope
	tableRef
}

// tableRoleReq is table.role: the character of a seat one holds, or ""
// to choose none (the start then gives the first free one).
type tableRoleReq struct {
	envelope
	tableRef
	Seat *int    `json:"seat"`
	Role *string `json:"role"`
}

// handleTableRole changes the character of a seat before the start
// (Clue-Less requirement 1: a character not already selected). The
// creator may also choose for a bot's seat.
func handleTableRole(c *conn, data []byte) (any, error) {
	var req tableRoleReq
	t, err := c.decodeForTable(data, &req)
	if err != nil {
		return nil, err
	}
	if req.Seat == nil || req.Role == nil {
		return nil, badRequest("table.role needs seat and role")
	}
	return t.editSeat(c, *req.Seat, "characters can only be chosen before the start", func(i int) error {
		if err := t.mayEditLocked(i, c.user.ID); err != nil {
			return err
		}
		if *req.Role != "" {
			if err := checkRole(t.def, othersThan(t.seats, i), *req.Role); err != nil {
				return err
			}
		}
		t.seats[i].Role = *req.Role
		return nil
	})
}

func handleTableStart(c *conn, data []byte) (any, error) {
	var req tableReq
	t, err := c.decodeForTable(data, &req)
	if err != nil {
		return nil, err
	}
	t.mu.Lock()
	if t.creator != c.user.ID {
		err = forbidden("only the table's creator can start it")
	} else {
		err = t.startLocked(c.h.s.ctx)
	}
	t.mu.Unlock()
	if err != nil {
		return nil, err
	}
	c.h.s.tables.changed(t)
	return map[string]any{"table": t.json(c.user.ID)}, nil
}

// chatAudience returns who reads the table's channel, after checking that
// c may read it or, for write, write to it.
func (t *table) chatAudience(c *conn, write bool) ([]*conn, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	_, watching := t.watchers[c]
	held := len(t.heldByLocked(c.user.ID)) > 0 || t.creator == c.user.ID
	if write && !held && !(watching && t.spectatorChat) {
		return nil, forbidden("spectators cannot write at this table")
	}
	out := make([]*conn, 0, len(t.watchers))
	for w := range t.watchers {
		out = append(out, w)
	}
	return out, nil
}

// dropConn forgets a closed connection's watches and tells the matches
// whose seats it held.
func (ts *tables) dropConn(c *conn) {
	c.mu.Lock()
	ids := make([]string, 0, len(c.watches))
	for id := range c.watches {
		ids = append(ids, id)
	}
	c.mu.Unlock()
	for _, id := range ids {
		if t := ts.get(id); t != nil {
			t.unwatch(c)
			uid := c.user.ID
			time.AfterFunc(ts.s.leaveGrace(), func() { t.leaveIfGone(uid) })
		}
	}
}

// leaveIfGone frees, before the start, the seats of a player none of
// whose connections watches the table any more, a short while
// (Config.LeaveGrace) after their last one closed, and with them their
// characters, so that someone else can sit (Clue-Less requirement 18).
// The pause lets a page reload or a reconnect keep the seat. The creator
// keeps their seats: the table is theirs to come back to. An explicit
// table.unwatch frees nothing: clients unwatch and watch again to refresh.
func (t *table) leaveIfGone(userID int64) {
	t.mu.Lock()
	changed := false
	if t.status == statusOpen && userID != t.creator {
		for c := range t.watchers {
			if c.user.ID == userID {
				t.mu.Unlock()
				return
			}
		}
		for i, st := range t.seats {
			if st.Kind == match.Human && st.UserID == userID {
				t.seats[i] = seat{Kind: match.Open}
				changed = true
			}
		}
		if changed {
			if err := t.persist(t.s.ctx); err != nil {
				t.s.log.Error("freeing the seats of a gone player", "table", t.id, "err", err)
			}
		}
	}
	t.mu.Unlock()
	if changed {
		t.s.tables.changed(t)
	}
}

// tablesChanged schedules one lobby.tables push.
func (h *hub) tablesChanged() {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.lobbyStale |= lobbyTables
	if h.tablesPending {
		return
	}
	h.tablesPending = true
	time.AfterFunc(100*time.Millisecond, func() {
		h.mu.Lock()
		h.tablesPending = false
		h.mu.Unlock()
		if h.s.relay != nil {
			h.s.relay.publishLobby(false)
		}
		h.pushLobby(lobbyTables)
	})
}

// apiTable describes one table, for the invite link /t/{table}.
func (s *Server) apiTable(w http.ResponseWriter, r *http.Request) {
	t := s.tables.get(r.PathValue("id"))
	if t == nil {
		// A table another node holds, as that node last described it
		// ("elsewhere" says so: what it says may be a moment old).
		if s.relay != nil {
			if tj, ok := s.relay.remoteTable(r.PathValue("id")); ok {
				writeJSON(w, http.StatusOK, map[string]any{"table": tj, "elsewhere": true})
				return
			}
		}
		httpError(w, http.StatusNotFound, "no such table")
		return
	}
	var viewer int64
	if u, err := s.cfg.Accounts.Authenticate(r); err == nil {
		viewer = u.ID
	}
	if !t.mayView(viewer) {
		httpError(w, http.StatusNotFound, "no such table")
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"table": t.json(viewer)})
}
