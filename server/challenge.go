package server

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/parlor-games/parlor/accounts"
	"github.com/parlor-games/parlor/game"
	"github.com/parlor-games/parlor/match"
	"github.com/parlor-games/parlor/store"
)

// Challenges (since v9). A player challenges another, a friend or anyone
// by name, to a game with options and table settings of their choosing.
// The challenged player is told at once, wherever they are connected (the
// bus carries the news to every node), and accepts or declines; the
// challenger may withdraw. Accepting opens a private table, one that the
// lobby shows nobody and only the two may watch, with both seated (and
// bots in any other seats), so the match starts at once. A challenge
// nobody answers lapses after Config.ChallengeWait.
//
// The challenge lives in the store, not in a node's memory, so that the
// two players may be on different nodes, either may restart, and of two
// answers at once (accept and withdraw) exactly one wins
// (store.EndChallenge).

// DefaultChallengeWait is how long a challenge waits for its answer when
// Config.ChallengeWait is 0: long enough to notice it after a game in
// progress ends.
const DefaultChallengeWait = 30 * time.Minute

// maxOpenChallenges bounds the challenges one player may have waiting.
const maxOpenChallenges = 10

func (s *Server) challengeWait() time.Duration {
	if s.cfg.ChallengeWait > 0 {
		return s.cfg.ChallengeWait
	}
	return DefaultChallengeWait
}

// ChallengeNotifier is told of each challenge sent, so that the
// challenged player can be reached when no client of theirs is open (a
// push to their phone, a mail): the hook for a notification service. The
// server calls it off the request's path, once per challenge, on the node
// that took it; the default does nothing.
type ChallengeNotifier interface {
	Challenged(ctx context.Context, to int64, c ChallengeJSON)
}

// challengeNotices is the default ChallengeNotifier: the server's own
// notices (notify.go), by push and mail as the challenged player chose
// for the kind "challenge", sent only while they are not looking (their
// open clients show the challenge already).
type challengeNotices struct{ s *Server }

func (n challengeNotices) Challenged(_ context.Context, to int64, c ChallengeJSON) {
	title := c.Title
	if title == "" {
		title = n.s.gameTitle(c.Game)
	}
	n.s.NotifyAway(Notice{
		Kind:   NoticeChallenge,
		UserID: to,
		Key:    "challenge:" + c.ID,
		Title:  c.From + " challenges you to " + title,
		Body:   fmt.Sprintf("Accept or decline in the lobby before %s UTC.", c.Until.UTC().Format("Mon 2 Jan 15:04")),
		URL:    "/",
		Tag:    "challenge-" + c.ID,
	})
}

func (s *Server) challengeNotifier() ChallengeNotifier {
	if s.cfg.ChallengeNotices != nil {
		return s.cfg.ChallengeNotices
	}
	return challengeNotices{s}
}

// challengeSettings is what a challenge asks for beyond the game, as the
// store keeps it.
type challengeSettings struct {
	Options json.RawMessage `json:"options"`
	// Seat is the challenger's seat; the challenged player takes the
	// first other one, and bots of level Bots the rest.
	Seat          int        `json:"seat"`
	Bots          string     `json:"bots,omitempty"`
	Policy        PolicyJSON `json:"policy"`
	Rated         bool       `json:"rated"`
	SpectatorChat bool       `json:"spectatorChat"`
}

// ChallengeJSON is a challenge as its two players see it.
type ChallengeJSON struct {
	ID      string          `json:"id"`
	From    string          `json:"from"`
	To      string          `json:"to"`
	Game    string          `json:"game"`
	Title   string          `json:"title"`
	Options json.RawMessage `json:"options"`
	// Seat is the challenger's seat; Bots the level of the bots in the
	// seats beyond the two players'.
	Seat   int                  `json:"seat"`
	Bots   string               `json:"bots,omitempty"`
	Policy PolicyJSON           `json:"policy"`
	Rated  bool                 `json:"rated"`
	Until  time.Time            `json:"until"`
	State  store.ChallengeState `json:"state"`
	// Table is the private table an accepted challenge opened.
	Table string `json:"table,omitempty"`
}

// challengeJSON describes a stored challenge.
func (s *Server) challengeJSON(c store.Challenge) ChallengeJSON {
	var set challengeSettings
	_ = json.Unmarshal(c.Settings, &set)
	out := ChallengeJSON{ID: c.ID, From: c.FromName, To: c.ToName, Game: c.Game, Title: c.Game, Options: set.Options,
		Seat: set.Seat, Bots: set.Bots, Policy: set.Policy, Rated: set.Rated, Until: c.Until, State: c.State, Table: c.Table}
	if def, err := s.reg.Lookup(c.Game); err == nil {
		out.Title = def.Title
		out.Options = publicOptions(def, set.Options)
	}
	if len(out.Options) == 0 {
		out.Options = json.RawMessage("{}")
	}
	return out
}

type challengeSendReq struct {
	envelope
	To            *string         `json:"to"`
	Game          *string         `json:"game"`
	Options       json.RawMessage `json:"options"`
	Seat          int             `json:"seat"`
	Bots          string          `json:"bots"`
	Policy        *PolicyJSON     `json:"policy"`
	Rated         *bool           `json:"rated"`
	SpectatorChat bool            `json:"spectatorChat"`
}

// handleChallengeSend is challenge.send.
func handleChallengeSend(c *conn, data []byte) (any, error) {
	var req challengeSendReq
	if err := decodeStrict(data, &req); err != nil {
		return nil, err
	}
	if req.To == nil || req.Game == nil {
		return nil, badRequest("challenge.send needs to and game")
	}
	s := c.h.s
	st, err := s.socialStore()
	if err != nil {
		return nil, err
	}
	def, err := s.reg.Lookup(*req.Game)
	if err != nil {
		return nil, withCode(codeBadRequest, err)
	}
	opts, n, err := s.checkOptions(def, req.Options)
	if err != nil {
		return nil, err
	}
	if req.Rated != nil && *req.Rated && hasScenario(def, opts) {
		return nil, badRequest("a table that starts from a scenario cannot be rated: whoever wrote the scenario knows every hidden fact it sets")
	}
	if err := checkChallengeSeats(def, &req, n); err != nil {
		return nil, err
	}
	pol := defaultPolicy(def)
	if req.Policy != nil {
		pol = *req.Policy
		if err := validatePolicy(pol); err != nil {
			return nil, err
		}
	}
	to, err := s.playerNamed(*req.To)
	if err != nil {
		return nil, err
	}
	if to.ID == c.user.ID {
		return nil, badRequest("you cannot challenge yourself")
	}
	now := time.Now().UTC().Truncate(time.Millisecond)
	if err := s.mayChallenge(st, c.user.ID, to, now); err != nil {
		return nil, err
	}
	set := challengeSettings{Options: opts, Seat: req.Seat, Bots: req.Bots, Policy: pol, Rated: !(req.Rated != nil && !*req.Rated), SpectatorChat: req.SpectatorChat}
	ch := store.Challenge{ID: newTableID(), From: c.user.ID, FromName: c.user.Name, To: to.ID, ToName: to.Name, Game: def.Name,
		Settings: mustJSON(set), Created: now, Until: now.Add(s.challengeWait()), State: store.ChallengeOpen}
	if err := st.AddChallenge(s.ctx, ch); err != nil {
		return nil, unavailable(err, "the challenge could not be stored; try again")
	}
	cj := s.challengeJSON(ch)
	s.tellChallenge([]int64{ch.From, ch.To}, cj)
	time.AfterFunc(time.Until(ch.Until), func() { s.lapseChallenge(ch) })
	go s.challengeNotifier().Challenged(s.ctx, ch.To, cj)
	return map[string]any{"challenge": cj}, nil
}

// checkChallengeSeats checks the seat a challenge's sender asks for and
// the bots it gives, for a game of n seats with the options sent: two
// players, and bots in the seats beyond.
func checkChallengeSeats(def *game.Definition, req *challengeSendReq, n int) error {
	if n < 2 {
		return badRequest("%s with these options has one seat: there is nobody to challenge", def.Title)
	}
	if req.Seat < 0 || req.Seat >= n {
		return badRequest("seat must be 0 to %d: %s with these options has %d seats", n-1, def.Title, n)
	}
	if n > 2 {
		if req.Bots == "" {
			return badRequest("%s with these options has %d seats: give bots, the level of the bots in the seats beyond the two players'", def.Title, n)
		}
		if _, err := def.Bot(req.Bots, game.NewRand(1)); err != nil {
			return withCode(codeBadRequest, err)
		}
	} else if req.Bots != "" {
		return badRequest("%s with these options has two seats: there is no seat for a bot", def.Title)
	}
	return nil
}

// mayChallenge refuses a challenge from user from to to, sent now, when
// either has blocked the other or the sender has too many waiting.
func (s *Server) mayChallenge(st socialStore, from int64, to accounts.User, now time.Time) error {
	mine, err := s.ties(s.ctx, from)
	if err != nil {
		return unavailable(err, "the challenge could not be sent; try again")
	}
	if _, ok := mine.blocks[to.ID]; ok {
		return conflict("you have blocked %s: unblock them first", to.Name)
	}
	blocked, err := st.Blocks(s.ctx, to.ID, from)
	if err != nil {
		return unavailable(err, "the challenge could not be sent; try again")
	}
	if blocked {
		return forbidden("you cannot challenge %s", to.Name)
	}
	open, err := st.CountOpenChallenges(s.ctx, from, now)
	if err != nil {
		return unavailable(err, "the challenge could not be sent; try again")
	}
	if open >= maxOpenChallenges {
		return refuse(codeRateLimited, "you have %d challenges waiting for an answer: wait for one, or withdraw one", open)
	}
	return nil
}

// lapseChallenge ends ch once its wait is over, if nobody answered.
func (s *Server) lapseChallenge(ch store.Challenge) {
	st, err := s.socialStore()
	if err != nil || s.ctx.Err() != nil {
		return
	}
	ok, err := st.LapseChallenge(s.ctx, ch.ID)
	if err != nil {
		s.log.Warn("challenge not lapsed", "challenge", ch.ID, "err", err)
		return
	}
	if ok {
		ch.State = store.ChallengeLapsed
		s.tellChallenge([]int64{ch.From, ch.To}, s.challengeJSON(ch))
	}
}

type challengeReq struct {
	envelope
	Challenge *string `json:"challenge"`
}

// challengeArg decodes a request about one challenge and reads it.
func (c *conn) challengeArg(data []byte) (socialStore, store.Challenge, error) {
	var req challengeReq
	if err := decodeStrict(data, &req); err != nil {
		return nil, store.Challenge{}, err
	}
	if req.Challenge == nil {
		return nil, store.Challenge{}, badRequest("the message needs challenge")
	}
	st, err := c.h.s.socialStore()
	if err != nil {
		return nil, store.Challenge{}, err
	}
	ch, err := st.Challenge(c.h.s.ctx, *req.Challenge)
	if errors.Is(err, store.ErrNotFound) || (err == nil && ch.From != c.user.ID && ch.To != c.user.ID) {
		return nil, store.Challenge{}, notFound("no challenge %q", *req.Challenge)
	}
	if err != nil {
		return nil, store.Challenge{}, unavailable(err, "the challenge could not be read; try again")
	}
	return st, ch, nil
}

// answered explains why a challenge can no longer be answered.
func answered(ch store.Challenge, now time.Time) error {
	switch {
	case ch.State == store.ChallengeOpen && !ch.Until.After(now), ch.State == store.ChallengeLapsed:
		return conflict("the challenge has lapsed")
	case ch.State == store.ChallengeWithdrawn:
		return conflict("%s withdrew the challenge", ch.FromName)
	case ch.State == store.ChallengeDeclined:
		return conflict("%s declined the challenge", ch.ToName)
	default:
		return conflict("the challenge was accepted already")
	}
}

// handleChallengeAccept is challenge.accept: the challenged player opens
// the private table, seated with the challenger.
func handleChallengeAccept(c *conn, data []byte) (any, error) {
	st, ch, err := c.challengeArg(data)
	if err != nil {
		return nil, err
	}
	if ch.To != c.user.ID {
		return nil, forbidden("only %s can accept this challenge", ch.ToName)
	}
	s := c.h.s
	def, err := s.reg.Lookup(ch.Game)
	if err != nil {
		return nil, withCode(codeConflict, err)
	}
	var set challengeSettings
	if err := json.Unmarshal(ch.Settings, &set); err != nil {
		return nil, refuse(codeInternal, "the challenge's settings are unreadable")
	}
	opts, n, err := s.checkOptions(def, set.Options)
	if err != nil {
		return nil, err
	}
	if set.Seat < 0 || set.Seat >= n {
		return nil, refuse(codeConflict, "the challenge's seat no longer fits the game")
	}
	now := time.Now()
	ok, err := st.EndChallenge(s.ctx, ch.ID, store.ChallengeAccepted, now)
	if err != nil {
		return nil, unavailable(err, "the challenge could not be accepted; try again")
	}
	if !ok {
		if cur, err := st.Challenge(s.ctx, ch.ID); err == nil {
			ch = cur
		}
		return nil, answered(ch, now)
	}
	seats := make([]seat, n)
	them := -1
	for i := range seats {
		switch {
		case i == set.Seat:
			seats[i] = seat{Kind: match.Human, UserID: ch.From, Name: ch.FromName}
		case them < 0:
			them = i
			seats[i] = seat{Kind: match.Human, UserID: c.user.ID, Name: c.user.Name}
		default:
			seats[i] = seat{Kind: match.Bot, Level: set.Bots} // named by its game when the match starts
		}
	}
	invited := []int64{ch.From, ch.To}
	creator := Identity{ID: ch.From, Name: ch.FromName}
	t, err := s.tables.createPrivate(s.ctx, def, opts, seats, creator, set.SpectatorChat, set.Policy, !set.Rated, invited)
	if err != nil {
		if rerr := st.ReopenChallenge(s.ctx, ch.ID); rerr != nil {
			s.log.Warn("challenge not reopened", "challenge", ch.ID, "err", rerr)
		}
		return nil, err
	}
	if err := st.ChallengeTable(s.ctx, ch.ID, t.id, invited); err != nil {
		// The table is open and private in memory; after a restart it
		// would show in the lobby, which is the lesser harm than losing
		// the game.
		s.log.Error("private table not recorded", "table", t.id, "challenge", ch.ID, "err", err)
	}
	ch.State, ch.Table = store.ChallengeAccepted, t.id
	cj := s.challengeJSON(ch)
	s.tellChallenge(invited, cj)
	return map[string]any{"challenge": cj, "table": t.json(c.user.ID)}, nil
}

// handleChallengeDecline is challenge.decline: the challenged player
// declines, or the challenger withdraws.
func handleChallengeDecline(c *conn, data []byte) (any, error) {
	st, ch, err := c.challengeArg(data)
	if err != nil {
		return nil, err
	}
	state := store.ChallengeDeclined
	if ch.From == c.user.ID {
		state = store.ChallengeWithdrawn
	}
	s := c.h.s
	now := time.Now()
	ok, err := st.EndChallenge(s.ctx, ch.ID, state, now)
	if err != nil {
		return nil, unavailable(err, "the answer could not be stored; try again")
	}
	if !ok {
		if cur, err := st.Challenge(s.ctx, ch.ID); err == nil {
			ch = cur
		}
		return nil, answered(ch, now)
	}
	ch.State = state
	cj := s.challengeJSON(ch)
	s.tellChallenge([]int64{ch.From, ch.To}, cj)
	return map[string]any{"challenge": cj}, nil
}

// handleChallengeList is challenge.list: the open challenges to and from
// the player.
func handleChallengeList(c *conn, data []byte) (any, error) {
	var req envelope
	if err := decodeStrict(data, &req); err != nil {
		return nil, err
	}
	list, err := c.h.s.openChallenges(c.user.ID)
	if err != nil {
		return nil, err
	}
	return map[string]any{"challenges": list}, nil
}

func (s *Server) openChallenges(user int64) ([]ChallengeJSON, error) {
	st, err := s.socialStore()
	if err != nil {
		return nil, err
	}
	list, err := st.OpenChallenges(s.ctx, user, time.Now())
	if err != nil {
		return nil, unavailable(err, "the challenges could not be read; try again")
	}
	out := make([]ChallengeJSON, 0, len(list))
	for _, ch := range list {
		out = append(out, s.challengeJSON(ch))
	}
	return out, nil
}

// challengePush is the challenge push of cj.
func challengePush(cj ChallengeJSON) []byte {
	return mustJSON(map[string]any{"t": "challenge", "challenge": cj})
}

// tellChallenge pushes a challenge's news to users here and, through the
// bus, at the other nodes.
func (s *Server) tellChallenge(users []int64, cj ChallengeJSON) {
	s.challengeHere(users, cj)
	if s.relay != nil {
		s.relay.publishChallenge(users, cj)
	}
}

// challengeHere pushes a challenge's news to the connections of users on
// this node.
func (s *Server) challengeHere(users []int64, cj ChallengeJSON) {
	b := challengePush(cj)
	for _, u := range users {
		for _, c := range s.hub.connsOf(u) {
			c.push(b)
		}
	}
}

// announceChallenges shows a new connection the open challenges to and
// from its user, off the connection's path: it reads the store.
func (s *Server) announceChallenges(c *conn) {
	if _, err := s.socialStore(); err != nil {
		return
	}
	go func() {
		list, err := s.openChallenges(c.user.ID)
		if err != nil {
			s.log.Warn("challenges not announced", "user", c.user.ID, "err", err)
			return
		}
		for _, cj := range list {
			c.push(challengePush(cj))
		}
	}()
}
