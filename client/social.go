package client

import (
	"context"
	"encoding/json"
	"time"
)

// Friends, blocks, mutes, reports and challenges (since v9; see
// docs/protocol.md, "Friends, challenges and moderation").

// Relation is a tie one player makes to another.
type Relation string

// The ties.
const (
	Follow Relation = "follow" // a friend: shown in the friends list
	Block  Relation = "block"  // may not challenge, follow or write to you
	Mute   Relation = "mute"   // their chat is not shown to you
)

// Friend is a followed player and where they are now.
type Friend struct {
	Name   string      `json:"name"`
	Online bool        `json:"online"`
	Tables []FriendsAt `json:"tables"`
}

// FriendsAt is a table a friend holds a seat at.
type FriendsAt struct {
	ID     string `json:"id"`
	Game   string `json:"game"`
	Status string `json:"status"`
}

// Social is the reply to social.list and social.set: one's friends, and
// the players one blocks and mutes.
type Social struct {
	Friends []Friend `json:"friends"`
	Blocked []string `json:"blocked"`
	Muted   []string `json:"muted"`
	// Private are the private tables, not over, that one's challenges
	// opened: the lobby lists them to nobody.
	Private []PrivateTable `json:"private"`
}

// PrivateTable is a private table of one's, with whom.
type PrivateTable struct {
	ID   string `json:"id"`
	Game string `json:"game"`
	With string `json:"with"`
}

// SetTie follows, blocks or mutes the player called name (on), or stops
// (off), and returns the lists as they are after.
func (c *Conn) SetTie(ctx context.Context, rel Relation, name string, on bool) (Social, error) {
	var out Social
	err := c.Call(ctx, "social.set", map[string]any{"relation": rel, "name": name, "on": on}, &out)
	return out, err
}

// Social reads one's friends, blocks and mutes.
func (c *Conn) Social(ctx context.Context) (Social, error) {
	var out Social
	err := c.Call(ctx, "social.list", nil, &out)
	return out, err
}

// Report reports the player called name with a reason; a non-zero at
// with channel reports their line written then.
func (c *Conn) Report(ctx context.Context, name, reason, channel string, at time.Time) error {
	req := map[string]any{"name": name, "reason": reason}
	if !at.IsZero() {
		req["channel"], req["at"] = channel, at
	}
	return c.Call(ctx, "social.report", req, nil)
}

// ChallengeState is where a challenge stands.
type ChallengeState string

// The states of a challenge.
const (
	ChallengeOpen      ChallengeState = "open"
	ChallengeAccepted  ChallengeState = "accepted"
	ChallengeDeclined  ChallengeState = "declined"
	ChallengeWithdrawn ChallengeState = "withdrawn"
	ChallengeLapsed    ChallengeState = "lapsed"
)

// Challenge is a challenge from one player to another.
type Challenge struct {
	ID      string          `json:"id"`
	From    string          `json:"from"`
	To      string          `json:"to"`
	Game    string          `json:"game"`
	Title   string          `json:"title"`
	Options json.RawMessage `json:"options"`
	Seat    int             `json:"seat"`
	Bots    string          `json:"bots,omitempty"`
	Policy  Policy          `json:"policy"`
	Rated   bool            `json:"rated"`
	Until   time.Time       `json:"until"`
	State   ChallengeState  `json:"state"`
	// Table is the private table an accepted challenge opened.
	Table string `json:"table,omitempty"`
}

// SendChallenge is the request challenge.send. Seat is the challenger's
// seat; Bots the level of the bots in any seats beyond the two players'.
type SendChallenge struct {
	To            string  `json:"to"`
	Game          string  `json:"game"`
	Options       any     `json:"options,omitempty"`
	Seat          int     `json:"seat,omitempty"`
	Bots          string  `json:"bots,omitempty"`
	Policy        *Policy `json:"policy,omitempty"`
	Rated         *bool   `json:"rated,omitempty"`
	SpectatorChat bool    `json:"spectatorChat,omitempty"`
}

// Challenge sends a challenge.
func (c *Conn) Challenge(ctx context.Context, req SendChallenge) (Challenge, error) {
	var out struct {
		Challenge Challenge `json:"challenge"`
	}
	err := c.Call(ctx, "challenge.send", req, &out)
	return out.Challenge, err
}

// AcceptChallenge accepts a challenge sent to one, which opens its
// private table with both players seated.
func (c *Conn) AcceptChallenge(ctx context.Context, id string) (Table, error) {
	var out tableReply
	err := c.Call(ctx, "challenge.accept", map[string]any{"challenge": id}, &out)
	return out.Table, err
}

// DeclineChallenge declines a challenge sent to one, or withdraws one's
// own.
func (c *Conn) DeclineChallenge(ctx context.Context, id string) error {
	return c.Call(ctx, "challenge.decline", map[string]any{"challenge": id}, nil)
}

// Challenges lists the open challenges to and from one.
func (c *Conn) Challenges(ctx context.Context) ([]Challenge, error) {
	var out struct {
		Challenges []Challenge `json:"challenges"`
	}
	err := c.Call(ctx, "challenge.list", nil, &out)
	return out.Challenges, err
}

// Challenge decodes a challenge push: a challenge's news for one of its
// two players.
func (p Push) Challenge() (Challenge, error) {
	var out struct {
		Challenge Challenge `json:"challenge"`
	}
	err := p.decode("challenge", &out)
	return out.Challenge, err
}

// ModerationNotice is what an operator decided about the player: a ban
// (the connection then closes), a mute, or "lifted".
type ModerationNotice struct {
	Kind   string    `json:"kind"`
	Reason string    `json:"reason,omitempty"`
	Until  time.Time `json:"until"`
}

// Moderation decodes a moderation push.
func (p Push) Moderation() (ModerationNotice, error) {
	var out struct {
		Notice ModerationNotice `json:"notice"`
	}
	err := p.decode("moderation", &out)
	return out.Notice, err
}
