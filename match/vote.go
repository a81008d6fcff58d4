package match

import (
	"context"
	"encoding/json"
	"slices"
	"time"

	"github.com/parlor-games/parlor/game"
	"github.com/parlor-games/parlor/protocol"
)

// The players' vote (a game's spec may ask for one): a player calls a vote to
// pass the turn of the player to move, or to remove a player; the other
// people answer yes or no; a majority of the people still in the game
// carries it. Every step (the call, each ballot, the
// end) is a match-level record in the log, like a resignation, so a
// replay, a save and a crash recovery give the same match; a carried vote's
// change to the game goes through game.ApplyDecision and is kept in the
// game log as a decision entry.
//
// The rules, as players at a real table expect them:
//   - only at tables of three people or more (bots not counted), whose
//     game implements the decision (game.TurnPasser, game.SeatRemover);
//   - one vote at a time; it lapses, failed, VoteTime after it was called
//     (on the match's clock; after a restart it gets VoteTime afresh,
//     since nobody could vote while the server was down);
//   - the people still in the game are the seats a person plays (not a
//     bot, nor a bot that took a seat over) that are still in the game
//     (game.TurnPasser's InGame, and not removed); the voters are those
//     people except the one voted on, fixed when the vote is called; the
//     caller's ballot is a yes;
//   - bots do not vote: a table of one person and bots must not let that
//     person pass another's turn in a second, unseen. A bot's own seat is
//     never voted on either, since its turn never stalls;
//   - the vote is carried as soon as more than half the people still in
//     the game, the one voted on counted, said yes, and fails as soon as
//     that can no longer happen; so the one voted on always sees the
//     vote open, with its countdown, before it can carry, and a vote that
//     could never carry (two people left in the game) is refused when
//     called;
//   - a pass vote whose subject ends the turn first is void.

// VoteTime is how long a vote stays open.
const VoteTime = 2 * time.Minute

// VoteKind is what a vote decides: the protocol's type, as a table's
// snapshot lists the kinds it offers.
type VoteKind = protocol.VoteKind

const (
	// VotePass passes the turn of the player to move.
	VotePass = protocol.VotePass
	// VoteRemove removes a player from the game.
	VoteRemove = protocol.VoteRemove
)

// decision is the game's decision a carried vote of kind k makes.
func decision(k VoteKind) game.Decision {
	if k == VoteRemove {
		return game.DecisionRemove
	}
	return game.DecisionPass
}

// VoteResult is how a vote ended: the protocol's type.
type VoteResult = protocol.VoteResult

const (
	// VoteCarried: a majority said yes; the decision is made.
	VoteCarried = protocol.VoteCarried
	// VoteFailed: a majority can no longer say yes.
	VoteFailed = protocol.VoteFailed
	// VoteLapsed: VoteTime passed without a majority.
	VoteLapsed = protocol.VoteLapsed
	// VoteVoid: what was voted on no longer applies (the subject ended
	// the turn, or a bot took the seat over).
	VoteVoid = protocol.VoteVoid
)

// Match-level event types of a vote. Each carries the whole tally in
// MatchEvent.Vote, so that a client keeps only the latest.
const (
	EventVote      = protocol.EventVote      // a vote was called (Seat: the caller)
	EventBallot    = protocol.EventBallot    // a voter answered (Seat: the voter)
	EventVoteEnded = protocol.EventVoteEnded // the vote ended (Seat: the subject); Vote.Result says how
)

// Votes is the Action of every vote record.
const Votes Action = "vote"

// Vote is a vote's state as everyone may know it: ballots are public, as
// hands raised around a table are.
type Vote struct {
	Kind    VoteKind    `json:"kind"`
	Subject game.Seat   `json:"subject"`
	Caller  game.Seat   `json:"caller"`
	Voters  []game.Seat `json:"voters"`
	Yes     []game.Seat `json:"yes"`
	No      []game.Seat `json:"no"`
	// Needed is how many yeses carry it: more than half the people still
	// in the game, the one voted on counted (since v8; before, more than
	// half the voters, bots included).
	Needed int `json:"needed"`
	// Until is when it lapses, while it is open.
	Until  time.Time  `json:"until,omitzero"`
	Result VoteResult `json:"result,omitempty"`
}

// clone copies v's lists.
func (v *Vote) clone() *Vote {
	c := *v
	c.Voters = slices.Clone(v.Voters)
	c.Yes = slices.Clone(v.Yes)
	c.No = slices.Clone(v.No)
	return &c
}

// tally is the result the ballots so far decide, or "" while open.
func (v *Vote) tally() VoteResult {
	switch {
	case len(v.Yes) >= v.Needed:
		return VoteCarried
	case len(v.Voters)-len(v.No) < v.Needed:
		return VoteFailed
	}
	return ""
}

// A vote's refusals, with codes clients may match and sentences players
// read.
var (
	ErrNoVotes      = &game.MoveError{Code: "no-vote-here", Msg: "votes are only for tables of three or more people (bots do not vote), in games whose rules allow what is voted on"}
	ErrVoteOpen     = &game.MoveError{Code: "vote-open", Msg: "a vote is already open; wait until it ends"}
	ErrNoVoteOpen   = &game.MoveError{Code: "no-vote-open", Msg: "no vote is open"}
	ErrNotVoter     = &game.MoveError{Code: "not-a-voter", Msg: "you have no vote in this one: the player voted on and players out of the game do not vote"}
	ErrVotedAlready = &game.MoveError{Code: "voted-already", Msg: "you have already voted"}
	ErrVoteSelf     = &game.MoveError{Code: "vote-self", Msg: "you cannot call a vote on yourself"}
	ErrVoteBot      = &game.MoveError{Code: "vote-bot", Msg: "a computer player is never voted on: its turn never stalls"}
	ErrVoteTooFew   = &game.MoveError{Code: "vote-too-few", Msg: "a vote needs yes from more than half of the people still in the game, the player voted on counted, and bots do not vote: here it could never be carried"}
	ErrNotToMove    = &game.MoveError{Code: "not-to-move", Msg: "only the turn of the player to move can be passed"}
	ErrOutOfGame    = &game.MoveError{Code: "out-of-game", Msg: "that player is already out of the game"}
	ErrRemovedSeat  = &game.MoveError{Code: "removed", Msg: "you were removed from this game by a vote"}
)

// VoteKinds lists the votes this match offers: none at a table of fewer
// than three people (bots do not vote, so with two people and bots no
// vote could ever carry, and the clients offer none).
func (mt *Match) VoteKinds() []VoteKind {
	mt.mu.Lock()
	defer mt.mu.Unlock()
	return mt.voteKindsLocked()
}

func (mt *Match) voteKindsLocked() []VoteKind {
	people := 0
	for _, s := range mt.spec.Seats {
		if s.Kind != Bot {
			people++
		}
	}
	if people < 3 {
		return nil
	}
	var out []VoteKind
	if _, ok := mt.st.(game.TurnPasser); ok {
		out = append(out, VotePass)
	}
	if _, ok := mt.st.(game.SeatRemover); ok {
		out = append(out, VoteRemove)
	}
	return out
}

// inGameLocked reports whether seat may still take part in votes.
func (mt *Match) inGameLocked(seat game.Seat) bool {
	if mt.seats[seat].removed {
		return false
	}
	if p, ok := mt.st.(game.TurnPasser); ok {
		return p.InGame(seat)
	}
	return true
}

// CallVote opens a vote of kind on subject, called by caller, whose
// ballot is a yes; bots vote at once. It may be decided at once (a table
// of two people and a bot passing a turn). Like a move, each step is
// stored before it is delivered or returned; the returned update is the
// last one stored.
func (mt *Match) CallVote(ctx context.Context, caller game.Seat, kind VoteKind, subject game.Seat) (Update, error) {
	mt.mu.Lock()
	u, err := mt.callVoteLocked(ctx, caller, kind, subject)
	mt.mu.Unlock()
	if err != nil {
		return Update{}, err
	}
	mt.deliver()
	return u, nil
}

func (mt *Match) callVoteLocked(ctx context.Context, caller game.Seat, kind VoteKind, subject game.Seat) (Update, error) {
	if err := mt.actionableLocked(ctx, caller); err != nil {
		return Update{}, err
	}
	if !slices.Contains(mt.voteKindsLocked(), kind) {
		return Update{}, ErrNoVotes
	}
	switch {
	case mt.vote != nil:
		return Update{}, ErrVoteOpen
	case subject < 0 || int(subject) >= len(mt.seats):
		return Update{}, ErrOutOfGame
	case !mt.inGameLocked(caller), mt.seats[caller].kind == Bot:
		return Update{}, ErrNotVoter
	case subject == caller:
		return Update{}, ErrVoteSelf
	case mt.seats[subject].kind == Bot:
		return Update{}, ErrVoteBot
	case mt.seats[subject].removed:
		return Update{}, ErrOutOfGame
	}
	if kind == VotePass {
		if t := mt.st.Turn(); len(t) != 1 || t[0] != subject {
			return Update{}, ErrNotToMove
		}
	} else if !mt.inGameLocked(subject) {
		return Update{}, ErrOutOfGame
	}
	// The decision must be possible now (a game may refuse to pass a
	// turn while a card is owed): try it on a copy.
	if _, err := game.ApplyDecision(mt.st.Clone(), subject, decision(kind)); err != nil {
		return Update{}, err
	}
	now := mt.m.clock.Now()
	v := &Vote{Kind: kind, Subject: subject, Caller: caller, Voters: []game.Seat{}, Yes: []game.Seat{caller}, No: []game.Seat{}, Until: now.Add(VoteTime)}
	people := 0
	for i := range mt.seats {
		s := game.Seat(i)
		if mt.seats[i].kind == Bot || !mt.inGameLocked(s) {
			continue
		}
		people++
		if s != subject {
			v.Voters = append(v.Voters, s)
		}
	}
	v.Needed = people/2 + 1
	if v.Needed > len(v.Voters) {
		return Update{}, ErrVoteTooFew
	}
	u, err := mt.storeRecordLocked(ctx, voteRecord(EventVote, caller, v), now)
	if err != nil {
		return Update{}, err
	}
	if r := v.tally(); r != "" {
		return mt.decideLocked(ctx, u, r, now), nil
	}
	return u, nil
}

// CastVote records voter's answer to the open vote, and ends the vote if
// the answer decides it.
func (mt *Match) CastVote(ctx context.Context, voter game.Seat, yes bool) (Update, error) {
	mt.mu.Lock()
	u, err := mt.castVoteLocked(ctx, voter, yes)
	mt.mu.Unlock()
	if err != nil {
		return Update{}, err
	}
	mt.deliver()
	return u, nil
}

func (mt *Match) castVoteLocked(ctx context.Context, voter game.Seat, yes bool) (Update, error) {
	if err := mt.actionableLocked(ctx, voter); err != nil {
		return Update{}, err
	}
	v := mt.vote
	switch {
	case v == nil:
		return Update{}, ErrNoVoteOpen
	case !slices.Contains(v.Voters, voter):
		return Update{}, ErrNotVoter
	case slices.Contains(v.Yes, voter) || slices.Contains(v.No, voter):
		return Update{}, ErrVotedAlready
	}
	v = v.clone()
	if yes {
		v.Yes = append(v.Yes, voter)
	} else {
		v.No = append(v.No, voter)
	}
	now := mt.m.clock.Now()
	u, err := mt.storeRecordLocked(ctx, voteRecord(EventBallot, voter, v), now)
	if err != nil {
		return Update{}, err
	}
	if r := v.tally(); r != "" {
		return mt.decideLocked(ctx, u, r, now), nil
	}
	return u, nil
}

// decideLocked ends the open vote, which the step stored as u decided,
// and returns the end's update. When the end cannot be stored, the step
// stands (it is stored) and u is returned: the timer tries the end again
// shortly, and onTimer ends a decided vote as its ballots decided.
func (mt *Match) decideLocked(ctx context.Context, u Update, r VoteResult, now time.Time) Update {
	end, err := mt.endVoteLocked(ctx, r, now)
	if err != nil {
		mt.m.log.Error("a vote's end not stored; retrying", "match", mt.id, "err", err)
		mt.vote.Until = now.Add(policyRetry)
		mt.afterChangeLocked(now)
		return u
	}
	return end
}

// endVoteLocked stores the end of the open vote with result r. A carried
// vote whose decision the game refuses now (the position moved on) is
// void instead; one whose subject a bot has taken over likewise.
func (mt *Match) endVoteLocked(ctx context.Context, r VoteResult, now time.Time) (Update, error) {
	v := mt.vote.clone()
	v.Until = time.Time{}
	rec := voteRecord(EventVoteEnded, v.Subject, v)
	if r == VoteCarried {
		if mt.seats[v.Subject].kind == Bot {
			r = VoteVoid
		} else if _, err := game.ApplyDecision(mt.st.Clone(), v.Subject, decision(v.Kind)); err != nil {
			r = VoteVoid
		} else {
			rec.Decision = decision(v.Kind)
		}
	}
	v.Result = r
	return mt.storeRecordLocked(ctx, rec, now)
}

// voteRecord is the stored record of a vote's step.
func voteRecord(typ string, seat game.Seat, v *Vote) matchRecord {
	return matchRecord{Type: typ, Seat: seat, MatchEvent: MatchEvent{Cause: "vote", Action: Votes, Vote: v}}
}

// applyVoteLocked applies a vote record, live or replayed, to the match's
// vote and, for a carried vote, to the game; it returns the game's events.
func (mt *Match) applyVoteLocked(rec matchRecord, at time.Time) []game.Event {
	switch rec.Type {
	case EventVote, EventBallot:
		if rec.Vote != nil {
			mt.vote = rec.Vote.clone()
		}
		return nil
	}
	mt.vote = nil
	if rec.Decision == "" {
		return nil
	}
	evs, err := game.ApplyDecision(mt.st, rec.Seat, rec.Decision)
	if err != nil {
		// It was tried on a copy before it was stored; a log that no
		// longer replays it means a broken game.
		mt.m.log.Error("a vote's decision does not apply", "match", mt.id, "seat", rec.Seat, "err", err)
		return nil
	}
	if rec.Decision == game.DecisionRemove {
		mt.seats[rec.Seat].removed = true
	}
	return evs
}

// voidStaleVoteLocked ends an open pass vote whose subject no longer owes
// the turn (it ended it while the others voted), after a move at now.
func (mt *Match) voidStaleVoteLocked(ctx context.Context, now time.Time) {
	v := mt.vote
	if v == nil || mt.outcome != nil {
		return
	}
	if v.Kind == VotePass && !game.OwesMove(mt.st, v.Subject) || mt.seats[v.Subject].kind == Bot {
		if _, err := mt.endVoteLocked(ctx, VoteVoid, now); err != nil {
			mt.m.log.Error("a void vote's end not stored", "match", mt.id, "err", err)
		}
	}
}

// VoteOpen is the open vote, nil when none is (or the match is over).
func (mt *Match) VoteOpen() *Vote {
	mt.mu.Lock()
	defer mt.mu.Unlock()
	return mt.voteLocked()
}

func (mt *Match) voteLocked() *Vote {
	if mt.vote == nil || mt.outcome != nil {
		return nil
	}
	return mt.vote.clone()
}

// DecisionRecord is the stored event of a carried vote's decision, for a
// log written from a game log (a loaded save's copy), whose entries keep
// the decision but not the vote that made it.
func DecisionRecord(seat game.Seat, d game.Decision) json.RawMessage {
	rec := voteRecord(EventVoteEnded, seat, nil)
	rec.Decision = d
	b, _ := json.Marshal(rec)
	return b
}
