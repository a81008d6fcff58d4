package server

import (
	"context"
	"errors"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/parlor-games/parlor/accounts"
	"github.com/parlor-games/parlor/store"
)

// Friends, blocks and mutes (since v9). A player follows others to see,
// in the lobby, which of them are online and at which tables, and to
// challenge them (challenge.go); blocks a player who must not challenge,
// follow or write to them; mutes one whose chat they would rather not
// read. The ties are the store's (store/social.go); each node keeps those
// of the players it serves in memory, since every chat line asks, for
// each reader, whether they hide its writer.

// socialStore is what the friends, challenges and moderation need from
// the store; *store.Store implements it. A store without it (a test's
// fake) refuses these messages as unavailable.
type socialStore interface {
	SetTie(ctx context.Context, rel store.Relation, user, target int64, on bool, now time.Time) error
	Ties(ctx context.Context, user int64) ([]store.Tie, error)
	Blocks(ctx context.Context, user, target int64) (bool, error)

	AddChallenge(ctx context.Context, c store.Challenge) error
	Challenge(ctx context.Context, id string) (store.Challenge, error)
	OpenChallenges(ctx context.Context, user int64, now time.Time) ([]store.Challenge, error)
	CountOpenChallenges(ctx context.Context, from int64, now time.Time) (int, error)
	EndChallenge(ctx context.Context, id string, state store.ChallengeState, now time.Time) (bool, error)
	ReopenChallenge(ctx context.Context, id string) error
	LapseChallenge(ctx context.Context, id string) (bool, error)
	ChallengeTable(ctx context.Context, id, table string, invited []int64) error
	PrivateTables(ctx context.Context, ids []string) (map[string][]int64, error)
	PrivateTablesOf(ctx context.Context, user int64) ([]store.PrivateTable, error)

	AddReport(ctx context.Context, r store.Report) error
	ChatLineAt(ctx context.Context, channel string, user int64, at time.Time) (store.ChatLine, error)
	ActiveSanction(ctx context.Context, kind store.SanctionKind, userID int64, address string, now time.Time) (store.Sanction, bool, error)
	Sanctions(ctx context.Context, now time.Time) ([]store.Sanction, error)
	ModerationActions(ctx context.Context, after int64) ([]store.Action, error)
	LastModerationAction(ctx context.Context) (int64, error)
}

// errNoSocial refuses the social messages on a server whose store keeps
// no ties.
var errNoSocial = refuse(codeUnavailable, "friends, challenges and reports are not available on this server")

// socialStore returns the store's social side, or errNoSocial.
func (s *Server) socialStore() (socialStore, error) {
	if st, ok := s.cfg.Store.(socialStore); ok {
		return st, nil
	}
	return nil, errNoSocial
}

// tieSet is one user's ties, by target.
type tieSet struct {
	follows map[int64]string // by id, the name
	blocks  map[int64]string
	mutes   map[int64]string
}

// hides reports whether the holder of the set does not read target's
// chat: blocked or muted.
func (t *tieSet) hides(target int64) bool {
	_, b := t.blocks[target]
	_, m := t.mutes[target]
	return b || m
}

// tieCache keeps the ties of the users served here.
type tieCache struct {
	mu      sync.Mutex
	m       map[int64]*tieSet
	loading map[int64]bool
	// epoch counts the forgets: a read that began before one may have
	// read the ties before the change, so it is used but not kept.
	epoch uint64
}

// ties returns user's ties, read from the store if not known here.
func (s *Server) ties(ctx context.Context, user int64) (*tieSet, error) {
	c := &s.tieCache
	c.mu.Lock()
	if t := c.m[user]; t != nil {
		c.mu.Unlock()
		return t, nil
	}
	epoch := c.epoch
	c.mu.Unlock()
	st, err := s.socialStore()
	if err != nil {
		return nil, err
	}
	list, err := st.Ties(ctx, user)
	if err != nil {
		return nil, err
	}
	t := &tieSet{follows: map[int64]string{}, blocks: map[int64]string{}, mutes: map[int64]string{}}
	for _, tie := range list {
		switch tie.Relation {
		case store.Follow:
			t.follows[tie.UserID] = tie.Name
		case store.Block:
			t.blocks[tie.UserID] = tie.Name
		case store.Mute:
			t.mutes[tie.UserID] = tie.Name
		}
	}
	c.mu.Lock()
	if c.m == nil {
		c.m = make(map[int64]*tieSet)
	}
	if c.epoch == epoch {
		c.m[user] = t
	}
	c.mu.Unlock()
	return t, nil
}

// warmTies reads user's ties in the background, so that the chat lines
// pushed to them are filtered from their first: the push path never
// waits for the database.
func (s *Server) warmTies(user int64) {
	if _, err := s.socialStore(); err != nil {
		return
	}
	c := &s.tieCache
	c.mu.Lock()
	if c.m[user] != nil || c.loading[user] {
		c.mu.Unlock()
		return
	}
	if c.loading == nil {
		c.loading = make(map[int64]bool)
	}
	c.loading[user] = true
	c.mu.Unlock()
	go func() {
		ctx, cancel := context.WithTimeout(s.ctx, 5*time.Second)
		defer cancel()
		if _, err := s.ties(ctx, user); err != nil {
			s.log.Warn("ties not read", "user", user, "err", err)
		}
		c.mu.Lock()
		delete(c.loading, user)
		c.mu.Unlock()
	}()
}

// hidesChat reports whether reader does not read writer's chat, from the
// ties known here (warmTies has read those of everyone connected).
func (s *Server) hidesChat(reader, writer int64) bool {
	if reader == writer {
		return false
	}
	c := &s.tieCache
	c.mu.Lock()
	t := c.m[reader]
	c.mu.Unlock()
	if t == nil {
		s.warmTies(reader)
		return false
	}
	return t.hides(writer)
}

// forgetTies drops what is known of user's ties: they changed (here or,
// through the bus, elsewhere), or the user has left. The ties of a user
// still connected are read again at once.
func (s *Server) forgetTies(user int64) {
	c := &s.tieCache
	c.mu.Lock()
	delete(c.m, user)
	c.epoch++
	c.mu.Unlock()
	if len(s.hub.connsOf(user)) > 0 {
		s.warmTies(user)
	}
}

// tiesChanged tells this node and the others that user's ties changed.
func (s *Server) tiesChanged(user int64) {
	s.forgetTies(user)
	if s.relay != nil {
		s.relay.publishTies(user)
	}
}

type socialSetReq struct {
	envelope
	Relation *store.Relation `json:"relation"`
	Name     *string         `json:"name"`
	On       *bool           `json:"on"`
}

// maxTies bounds how many players one user may follow, block or mute.
const maxTies = 500

// handleSocialSet is social.set: follow, block or mute a player by name
// (on), or stop (off). A block also ends both follows between the two.
func handleSocialSet(c *conn, data []byte) (any, error) {
	var req socialSetReq
	if err := decodeStrict(data, &req); err != nil {
		return nil, err
	}
	if req.Relation == nil || req.Name == nil || req.On == nil {
		return nil, badRequest("social.set needs relation, name and on")
	}
	if !req.Relation.Valid() {
		return nil, badRequest("relation %q is not follow, block or mute", *req.Relation)
	}
	s := c.h.s
	st, err := s.socialStore()
	if err != nil {
		return nil, err
	}
	target, err := s.playerNamed(*req.Name)
	if err != nil {
		return nil, err
	}
	if target.ID == c.user.ID {
		return nil, badRequest("you cannot %s yourself", *req.Relation)
	}
	mine, err := s.ties(s.ctx, c.user.ID)
	if err != nil {
		return nil, unavailable(err, "your friends could not be read; try again")
	}
	if *req.On {
		n := len(mine.follows)
		switch *req.Relation {
		case store.Block:
			n = len(mine.blocks)
		case store.Mute:
			n = len(mine.mutes)
		}
		if n >= maxTies {
			return nil, refuse(codeConflict, "you may %s at most %d players", *req.Relation, maxTies)
		}
	}
	if *req.Relation == store.Follow && *req.On {
		blocked, err := st.Blocks(s.ctx, target.ID, c.user.ID)
		if err != nil {
			return nil, unavailable(err, "the follow could not be stored; try again")
		}
		if blocked {
			return nil, forbidden("you cannot follow %s", target.Name)
		}
	}
	now := time.Now()
	if err := st.SetTie(s.ctx, *req.Relation, c.user.ID, target.ID, *req.On, now); err != nil {
		return nil, unavailable(err, "the change could not be stored; try again")
	}
	if *req.Relation == store.Block && *req.On {
		// Neither follows the other any more.
		if err := st.SetTie(s.ctx, store.Follow, c.user.ID, target.ID, false, now); err != nil {
			return nil, unavailable(err, "the change could not be stored; try again")
		}
		if err := st.SetTie(s.ctx, store.Follow, target.ID, c.user.ID, false, now); err != nil {
			return nil, unavailable(err, "the change could not be stored; try again")
		}
		s.tiesChanged(target.ID)
	}
	s.tiesChanged(c.user.ID)
	return s.socialList(c.user.ID)
}

// playerNamed finds a player by name, refusing a name nobody holds.
func (s *Server) playerNamed(name string) (accounts.User, error) {
	name = strings.TrimSpace(name)
	if name == "" {
		return accounts.User{}, badRequest("give a player's name")
	}
	u, err := s.cfg.Accounts.UserByName(s.ctx, name)
	if errors.Is(err, accounts.ErrNotFound) || errors.Is(err, accounts.ErrInvalid) {
		return accounts.User{}, notFound("nobody is called %q", name)
	}
	if err != nil {
		return accounts.User{}, unavailable(err, "players could not be looked up; try again")
	}
	return u, nil
}

// FriendJSON is a followed player as social.list shows them: online or
// not, and the tables of the lobby where they hold a seat.
type FriendJSON struct {
	Name   string           `json:"name"`
	Online bool             `json:"online"`
	Tables []FriendTableRef `json:"tables"`
}

// FriendTableRef is a table a friend sits at.
type FriendTableRef struct {
	ID     string            `json:"id"`
	Game   string            `json:"game"`
	Status store.TableStatus `json:"status"`
}

// SocialListJSON is the reply to social.list and social.set.
type SocialListJSON struct {
	Friends []FriendJSON `json:"friends"`
	Blocked []string     `json:"blocked"`
	Muted   []string     `json:"muted"`
	// Private are the private tables, not over, that the player's
	// challenges opened: the lobby lists them to nobody.
	Private []PrivateTableJSON `json:"private"`
}

// PrivateTableJSON is a private table of the player's, with whom.
type PrivateTableJSON struct {
	ID   string `json:"id"`
	Game string `json:"game"`
	With string `json:"with"`
}

func handleSocialList(c *conn, data []byte) (any, error) {
	var req envelope
	if err := decodeStrict(data, &req); err != nil {
		return nil, err
	}
	return c.h.s.socialList(c.user.ID)
}

// socialList is user's friends, with where they are now, and the players
// they block and mute.
func (s *Server) socialList(user int64) (SocialListJSON, error) {
	t, err := s.ties(s.ctx, user)
	if err != nil {
		if errors.Is(err, errNoSocial) {
			return SocialListJSON{}, err
		}
		return SocialListJSON{}, unavailable(err, "your friends could not be read; try again")
	}
	out := SocialListJSON{Friends: []FriendJSON{}, Blocked: sortedNames(t.blocks), Muted: sortedNames(t.mutes), Private: []PrivateTableJSON{}}
	st, err := s.socialStore()
	if err != nil {
		return SocialListJSON{}, err
	}
	priv, err := st.PrivateTablesOf(s.ctx, user)
	if err != nil {
		return SocialListJSON{}, unavailable(err, "your friends could not be read; try again")
	}
	for _, p := range priv {
		with := p.ToName
		if p.From != user {
			with = p.FromName
		}
		out.Private = append(out.Private, PrivateTableJSON{ID: p.ID, Game: p.Game, With: with})
	}
	if len(t.follows) == 0 {
		return out, nil
	}
	online := s.onlineIDs()
	var tables []TableJSON
	for _, tj := range s.tables.listJSON() {
		if tj.Status != statusOver {
			tables = append(tables, tj)
		}
	}
	for _, name := range sortedNames(t.follows) {
		var id int64
		for i, n := range t.follows {
			if n == name {
				id = i
			}
		}
		f := FriendJSON{Name: name, Online: online[id], Tables: []FriendTableRef{}}
		for _, tj := range tables {
			for _, st := range tj.Seats {
				if st.Name == name || st.Player == name {
					f.Tables = append(f.Tables, FriendTableRef{ID: tj.ID, Game: tj.Game, Status: tj.Status})
					break
				}
			}
		}
		out.Friends = append(out.Friends, f)
	}
	return out, nil
}

func sortedNames(m map[int64]string) []string {
	out := make([]string, 0, len(m))
	for _, n := range m {
		out = append(out, n)
	}
	slices.SortFunc(out, func(a, b string) int { return strings.Compare(strings.ToLower(a), strings.ToLower(b)) })
	return out
}

// onlineIDs is everyone shown online, here and at the other nodes.
func (s *Server) onlineIDs() map[int64]bool {
	h := s.hub
	h.mu.Lock()
	out := make(map[int64]bool, len(h.online))
	for id, p := range h.online {
		if p.shown() {
			out[id] = true
		}
	}
	h.mu.Unlock()
	if s.relay != nil {
		for _, id := range s.relay.remoteUserIDs() {
			out[id] = true
		}
	}
	return out
}

// drop forgets user's ties, who has left this node. Their ties did not
// change, so a read under way may keep what it read: bumping the epoch
// here would, with players coming and going all the time, keep every
// read from being kept.
func (c *tieCache) drop(user int64) {
	c.mu.Lock()
	delete(c.m, user)
	c.mu.Unlock()
}

// clear forgets every user's ties: an account was renamed or deleted, and
// the lists that name it are read again when next needed.
func (c *tieCache) clear() {
	c.mu.Lock()
	clear(c.m)
	c.epoch++
	c.mu.Unlock()
}
