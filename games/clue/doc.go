// Package clue is Clue-Less: networked Clue for 3 to 6 detectives on a
// 3 x 3 mansion, from the spec in shared/specs/clue-less.txt and the
// decisions in shared/rules/clue-less.md.
//
// # Board and cards
//
// Nine rooms in a grid (Study, Hall, Lounge / Library, Billiard Room,
// Dining Room / Conservatory, Ballroom, Kitchen), a hallway between each
// pair of side-by-side rooms (12), and secret passages Study-Kitchen and
// Lounge-Conservatory. Each suspect starts on a home square beside its
// first hallway. 21 cards: six suspects, six weapons, nine rooms.
//
// # Set-up (3.2)
//
// One card of each kind goes into the case file. Of the other 18, the
// spec's table by players and difficulty (option "difficulty": easy,
// medium, hard) is dealt face up; the rest are dealt one at a time from
// the first player in turn order, so when the count does not divide the
// first players hold one card more. The weapons start in six different
// rooms chosen at random. Option "suspects" gives each seat's character
// (default: Scarlet, Mustard, White, ... in seat order); the turn order is
// by suspect, Scarlet first, and without Scarlet the first suspect in
// play starts. Suspects nobody plays stay on their home squares until a
// suggestion moves them.
//
// # A turn, as moves
//
//   - "move P": into a neighbouring hallway (which holds one token) or
//     room, or through a secret passage. The first move goes from the
//     home square into its hallway; when that hallway is occupied, or a
//     detective in a room finds every hallway occupied and has no passage
//     and was not brought there by a suggestion, it loses the move and may
//     only "end" (or accuse). A detective in a hallway must move on into
//     one of its two rooms. Nobody may stay put by choice (3.8).
//   - "suggest S W": after entering a room by moving, a suggestion in that
//     room is owed (or an accusation). A detective that a suggestion moved
//     into a room since its last turn may instead stay and suggest there
//     (3.5); a token that was already in the room was not moved, so that
//     right comes only from a real move. One suggestion per entry. The
//     named suspect and weapon come into the room.
//   - disproving (3.7): the seats to the suggester's left, in turn order,
//     inactive ones included, are asked in turn; those holding none of the
//     three pass (everyone sees it); the first holding any owes "show C",
//     choosing among its named cards even when it has only one. Everyone
//     sees who showed a card; only the suggester and the shower see which.
//   - "accuse S W R": at any point of one's own turn, any room. Right:
//     the game ends and the case file is laid out for all. Wrong: the
//     accuser has looked into the envelope (3.9), so its view shows the
//     case file from then on; it sits out (no moves, suggestions or
//     accusations) but still answers suggestions, and its token stays
//     where it is and can be moved by suggestions. When every detective
//     has accused wrongly the game ends with no winner.
//   - "end": after moving into a hallway, after one's suggestion is
//     answered, or when the move is lost.
//
// Refusal codes: first-move, not-adjacent, hallway-occupied,
// already-moved, not-in-room, move-first, already-suggested,
// suggestion-owed, must-move, show-owed, not-named, not-held,
// nothing-to-show, game-over, not-your-turn, bad-notation; for a vote's
// decision (vote.go): show-owed, not-your-turn, already-removed.
//
// # Views and the notebook
//
// A seat sees its hand, the face-up cards, every token and weapon, each
// player's number of cards (and whether a vote removed them), the
// suggestion log and the accusations; a
// spectator the same without a hand. The case file appears only after the
// end (and to a wrong accuser), whatever ends the game: a right
// accusation, every detective wrong, or a decision of the match (a
// resignation, a player who left, a vote), which the match passes to
// Conclude. Each seat's view carries its notebook:
// for every card, whether each player and the case file holds it (yes,
// no, maybe), deduced exactly from what that seat has seen (notebook.go).
//
// # Networked play (requirements 1-3, 12-19)
//
// The server, not this package, meets the requirements about people and
// connections; how each one is met:
//
//   - 1, a character not already selected: Definition.Roles names the six
//     suspects; a player chooses one when sitting down or later before the
//     start (table.sit and table.role in docs/protocol.md), two seats
//     never share one, and at the start seats without a choice get the
//     first free suspects in turn order. The list reaches New as option
//     "suspects".
//   - 2 and 3, chat before and during the game and names everyone sees:
//     the table's chat channel and the players' own names.
//   - 12-14: `parlor serve -addr HOST:PORT -clue-difficulty D` and
//     `parlor play -server HOST -port N -name NAME`.
//   - 17, a player who leaves during the game: the seat waits the
//     table's grace period (60 s by default) for a reconnect, then the
//     game ends for everyone and the case file is laid out, as the spec says (Definition.LeaverEndsGame
//     makes "end" the default of the table's `onGone`); a table may choose
//     "bot" instead, so that a bot takes the seat (the decision page), or
//     "forfeit" or "pause". Everyone at the table sees the countdown to
//     the end while the seat waits, and the leaver is warned before
//     leaving, after a wrong accusation too (their cards still answer
//     suggestions). A table whose only people are gone has nobody left
//     to alert: it pauses instead of ending, until a player returns, and
//     is closed after 7 days (match/pause.go).
//   - 18, a player who leaves before the start: the seat is freed 15 s
//     after their last connection closes, and their character with it.
//   - 19, closing at the end: every watcher gets the last update with the
//     outcome and the case file, and the table closes (status "over"):
//     no move, seat or start is accepted there again. Parlor keeps the
//     WebSocket itself open, because it also carries the lobby, chat and
//     the player's other tables; closing it would end those too.
//
// # The players' vote (spec section 5)
//
// "Clue-Less will have the ability to pass other players' turns or remove
// them from the game if a majority vote is met." The match runs the vote
// (match/vote.go, docs/protocol.md); the rules, as players around a real
// board would settle them:
//
//   - Who votes: the people still in the game, that is detectives played
//     by a person and neither removed nor out after a wrong accusation
//     (InGame). The one voted on has no vote. The caller counts as a yes.
//   - What carries: more than half of the people still in the game, the
//     one voted on counted, say yes; so the one voted on always sees the
//     vote open before it can carry, and where it never could (two people
//     and bots, or two people left in the game) none is called. Only one vote is open at a time; it
//     fails as soon as a majority can no longer be reached, and lapses
//     (fails) after two minutes of the match's clock.
//   - Bots do not vote: at a table of one person and bots their yeses
//     would let that person pass another's turn unseen. A bot's own turn
//     is never stalled, so it is never voted on.
//   - Passing a turn: only the detective whose turn it is, and not while a
//     suggestion waits for a card (the card is owed by whoever holds it;
//     vote to remove that player instead). The turn ends as if they had
//     said "end": a token they moved stays, a suggestion they owed is not
//     made. A pass vote whose subject ends the turn first is void.
//   - Removing a player: their token stays where it is, and suggestions
//     may still move it. Their cards stay in their hand and still disprove,
//     like those of a wrong accuser (requirement 8): when a suggestion
//     reaches them, the game shows the first of the named cards they hold
//     (suspect, weapon, room), to the suggester only. They never see the
//     case file. If it was their turn, it passes; a card they owed is
//     shown at once; if their own suggestion waits for an answer, the
//     answer comes and their turn ends. When nobody who may win is left,
//     the game ends with no winner and the case file is laid out.
//   - Requirements 17 to 19 hold for those still in the game: a removed
//     player who leaves ends nothing (they are out), and the end closes
//     the table as any end does.
//
// # Replay analysis
//
// Analyze (analysis.go) gives, for every seat, its notebook after every
// step of a finished match, deduced as the live notebook is from what
// that seat saw and nothing else (the case file laid out at the end is
// left out), with each known holder marked as the seat's own card, a card
// shown to it, or a deduction; and the first step from which the seat
// could have accused with certainty, and the step it accused at. The
// JSON form is described in analysis.go.
//
// # Scenario
//
// Option "scenario" sets the deal for tests, tutorials and puzzles:
//
//	{"caseFile":["plum","rope","study"],
//	 "hands":[["scarlet","knife",...],[...],[...]],
//	 "faceUp":["hall",...],
//	 "weapons":{"rope":"kitchen","knife":"hall",...}}
//
// Every card must appear exactly once; weapons not placed go to free
// rooms in order. A scenario table is never rated: its author knows every
// hidden fact.
package clue
