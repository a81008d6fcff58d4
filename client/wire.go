package client

import "github.com/parlor-games/parlor/protocol"

// The protocol's values are declared once, in package protocol; the names
// here are the same types, so that a program that speaks the protocol
// through this package needs no second import.

// Version is the protocol version this package speaks. A server that
// names an older one in hello is refused by Dial: its replies could lack
// fields this package relies on (the codes of refusals, since v3), and
// it could not send the lobby's changes (since v5) that JoinLobby asks for.
const Version = protocol.Version

// The protocol's types.
type (
	User        = protocol.User
	OptionSpec  = protocol.OptionSpec
	Game        = protocol.Game
	Rulebook    = protocol.Rulebook
	RuleSection = protocol.RuleSection
	Roles       = protocol.Roles
	Role        = protocol.Role
	SeatKind    = protocol.SeatKind
	SeatChoice  = protocol.SeatChoice
	Status      = protocol.Status
	TableKind   = protocol.TableKind
	Action      = protocol.Action
	Seat        = protocol.Seat
	Policy      = protocol.Policy
	Table       = protocol.Table
	Event       = protocol.Event
	Outcome     = protocol.Outcome
	Clocks      = protocol.Clocks
	Snapshot    = protocol.Snapshot
	Update      = protocol.Update
	ReplayStep  = protocol.ReplayStep
	RecentGame  = protocol.RecentGame
	VoteKind    = protocol.VoteKind
	VoteResult  = protocol.VoteResult
	Vote        = protocol.Vote
	Chat        = protocol.Chat
	Stats       = protocol.Stats
	Online      = protocol.Online
	Achievement = protocol.Achievement
	Save        = protocol.Save
)

// The protocol's named values.
const (
	SeatOpen  = protocol.SeatOpen
	SeatHuman = protocol.SeatHuman
	SeatBot   = protocol.SeatBot

	ChooseOpen = protocol.ChooseOpen
	ChooseBot  = protocol.ChooseBot
	ChooseMe   = protocol.ChooseMe

	StatusOpen    = protocol.StatusOpen
	StatusPlaying = protocol.StatusPlaying
	StatusOver    = protocol.StatusOver

	KindLive           = protocol.KindLive
	KindCorrespondence = protocol.KindCorrespondence

	Forfeit  = protocol.Forfeit
	BotTakes = protocol.BotTakes
	End      = protocol.End
	Pause    = protocol.Pause

	VotePass   = protocol.VotePass
	VoteRemove = protocol.VoteRemove

	VoteCarried = protocol.VoteCarried
	VoteFailed  = protocol.VoteFailed
	VoteLapsed  = protocol.VoteLapsed
	VoteVoid    = protocol.VoteVoid

	EventVote      = protocol.EventVote
	EventBallot    = protocol.EventBallot
	EventVoteEnded = protocol.EventVoteEnded
)
