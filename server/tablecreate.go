package server

import (
	"context"
	"crypto/rand"
	"encoding/binary"
	"encoding/json"
	"strconv"
	"time"

	"github.com/parlor-games/parlor/game"
	"github.com/parlor-games/parlor/match"
)

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

// seatChoice is what table.create (and match.load) asks for a seat: the
// creator ("me"), a place left open, or a bot.
type seatChoice string

const (
	choiceMe   seatChoice = "me"
	choiceOpen seatChoice = "open"
	choiceBot  seatChoice = "bot"
)

// seatReq is a seat in table.create: open, a bot of a level, or the
// creator ("me").
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
		if err := validatePolicy(pol); err != nil {
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
