// Package buccaneer is Buccaneer, the Waddington's board game, as the
// requirements specification of the Aberystwyth group project describes
// it (FR1-FR17 and the 28 chance cards of its Appendix A), for two to four
// captains. Captains sail a 20x20 sea, draw chance cards by Treasure
// Island, trade in ports and fight at sea; the first to have treasure worth
// 20 points in their home port wins.
//
// Where the specification is silent or ambiguous, the decisions of the
// project's rules page apply; where that page is silent too, this package
// decides, and each such decision is marked (decision) below and has a
// test.
//
// # Board (FR9)
//
// Squares are (x, y), x from 1 (west) to 20 (east), y from 1 (south) to 20
// (north). Ports lie on the board: London (1,14), Genoa (7,1), Marseilles
// (20,7), Cadiz (14,20), Venice (1,7), Amsterdam (20,14). Bays are named
// sea squares: Mud Bay (1,1), Anchor Bay (20,1), Cliff Creek (20,20) (the
// spec's "Cliff Bay" too). Islands are land, the rectangles Treasure
// Island (9,9)-(12,12), Flat Island (2,16)-(4,19) and Pirate Island
// (17,2)-(19,5). "Adjacent to" or "on the coast of" an island means any of
// the eight squares around one of its squares, diagonals included.
//
// # Set-up (FR2, FR3, FR4, FR10)
//
// Home ports are drawn at random from London, Genoa, Marseilles and Cadiz.
// The 36 crew cards (six each of red and black 1, 2 and 3) and the 28
// chance cards are shuffled once with the match's generator. Each captain
// is dealt five crew cards, in turn order; then each port without a
// captain is dealt two cards and made up to a worth of 8 with treasure from
// Treasure Island, using the fewest pieces that reach 8 exactly, higher
// values first (two cards worth 5 get a diamond; worth 2, a gold and a
// rum). With fewer than four captains the home ports nobody holds are
// stocked like Venice and Amsterdam (decision). Ships start in their home
// ports. Cards are dealt from the top of a pack and go back under it.
//
// # A turn (FR11)
//
// Turns go London, Genoa, Marseilles, Cadiz, skipping ports nobody holds.
// A turn is a chain of moves, each with its own legal list:
//
//  1. The captain sails ("sail x,y") or, out of port, only turns ("face
//     NE"). A ship in port may sail in any of the eight directions; at sea
//     only the way it faces. It sails in a straight line up to its crew
//     total (one square with no crew), stopping before an island or the
//     edge. It may end on another ship only to attack it, never in a port
//     or on Treasure Island's coast; any number of ships share a port. A
//     square holding two ships (possible only after chance cards blow a
//     ship into a bay) cannot be attacked (decision).
//  2. Each ship the move passes through, outside ports and Treasure
//     Island's coast, is asked in the order passed (then seat order) whether
//     it attacks: Turn is then that ship's seat, with "attack yes" and
//     "attack no". A yes stops the mover on that square and the passed ship
//     attacks it; a no asks the next one.
//  3. After a move without a fight, or a turn in place, the captain chooses
//     a facing; only facings in which the ship could move at least one
//     square are legal. In port there is no facing step.
//  4. Then: by Treasure Island the top chance card is drawn and done (FR13);
//     by Flat Island the ship takes its cards and the treasure it has room
//     for, most valuable first (FR14); at Anchor Bay a Kidd's chart is landed
//     (FR16); in the home port the ship unloads (FR15, FR17); in another
//     port the captain may trade (FR15). A ship that stays by Treasure
//     Island and only turns draws again, as FR11 and FR13 say.
//
// A fight ends the turn: neither the attacker nor the loser gets step 4
// (decision).
//
// # Fights (FR12)
//
// Fighting strength is the difference between the red and the black crew
// values of a hand, as a positive number. It is never shown; only the
// result of a fight is told. The stronger wins. If the loser carries
// treasure, the winner takes it all; if the winner's ship has too little
// room, the winner chooses which to keep ("keep gold") and the rest goes
// back to Treasure Island. Otherwise the winner takes the loser's two
// lowest crew cards. The loser then sails away at least one square in any
// direction up to its crew total, then chooses a facing; it may not end on
// a ship and nobody is asked about ships it passes (decision). A loser that
// cannot move stays. On a tie there are no spoils and the attacked ship
// makes the free move. The winner keeps its facing (a sailing ship faces
// the way it sails).
//
// When the rules take cards by value ("the two lowest"), between a red
// and a black card of the same value they take the one whose loss leaves
// the giver the stronger crew, then the red one (decision: a captain would
// keep the colours that fight best, and the choice depends on nothing but
// the hand).
//
// # Ports (FR15)
//
// Arriving home, the ship unloads; each three identical treasures in a
// captain's home port move to its safe zone, where nobody can trade them
// away (the spec's general description), and a captain with 20 points or
// more at home wins (FR17). In any other port, including another
// captain's home, the captain may, as often as it likes, until "done":
//
//   - trade: "give R2 B1 take pearl" gives its own crew cards and treasure
//     and takes the port's, of exactly equal worth (a card is worth its
//     value), with at most two treasures aboard afterwards. Crew cards given
//     in another captain's home go at once into that captain's hand. A
//     trade may not give and take the same kind of item (say a red 2 for a
//     red 2): it would be the smaller trade without it (decision; it keeps
//     the list of legal trades near ten thousand at worst, not hundreds of
//     thousands).
//   - play Long John Silver (21) where there are crew cards: "play 21 take
//     R3 B2" takes crew worth up to 5. Long John then stays in that port,
//     as the card says, and anyone trading there may take him for one
//     treasure: "give pearl take john" (decision: the card's text rather
//     than the note's simplification).
//   - play Doubloons (23) or Pieces of Eight (24): take any of the port's
//     crew and treasure worth up to 5 or 4, room permitting; the card goes
//     under the chance pack.
//
// # Chance cards (FR13, Appendix A)
//
// All 28 cards are implemented as Appendix A lists them; Chance gives each
// card's text. A card is shown to everyone when drawn. Cards 21, 23, 24, 25
// and 26 are kept, in view of all; the others go under the pack at once.
// Every choice a card gives is a move by the captain asked; a choice with
// only one option is made by the rules without asking (C2: "there is no
// choice, and the player can be told this"), and so is any other step with
// a single legal move. "Crew total" is the sum of card values. Decisions:
//
//   - 1: the ship moves 5 squares straight out from the side of Treasure
//     Island it lies by, diagonally from a corner square; a ship on the
//     square, or land (the line from a corner can cross Flat or Pirate
//     Island), sends it on along the line; past the edge it takes the
//     nearest free sea square. Then the captain chooses a facing, and Flat
//     Island, Anchor Bay or a port there count as an arrival (as for cards
//     3 to 6), though no new chance card is drawn.
//   - 2: any other captain may be named, even one with no cards; C1.
//   - 3, 4: the captain chooses a facing after the blow.
//   - 5: the ship unloads at home and may win.
//   - 6: "the nearest port in the direction you are heading" is the
//     nearest port (by king steps) within 45 degrees of the ship's facing,
//     then the one nearest that line, else the nearest port of all. A port
//     other than home allows trading as on any arrival.
//   - 7: "nearest" counts sea squares (king steps round islands); a tie
//     does nothing. Treasure goes if the other ship has room, otherwise the
//     two lowest cards.
//   - 9: one card, the best, as the card says.
//   - 11-14, 27 (C2): treasure is any set from Treasure Island worth at
//     most the limit that fits the ship ("take diamond rum"), or "crew".
//   - 16, 17: the cards returned are chosen to leave the highest total not
//     above the limit, then the fewest returned, then the strongest crew,
//     then red first; then treasure as above (it cannot be refused, but a
//     full ship or an empty island gives nothing).
//   - 18: the crew check comes first; the treasure is then chosen.
//   - 19: the hand goes under the pack first, then as many cards are dealt.
//   - 20: the two cards each way are drawn at random with the match's
//     generator; with several ships by Treasure Island the captain names one.
//   - 22: the rules return the lowest cards of every hand over 7 cards.
//   - 25, 26: at Anchor Bay the captain chooses treasure worth up to 7; if
//     the ship has no room, or nothing fits, the chart is kept (decision).
//
// # End
//
// The match ends when a captain arriving home (or blown home) has 20
// points or more there (FR17). A table may also set the "turns" option, a
// house rule off by default: the match then ends after that many turns in
// all, and the captains with the most treasure at home share the win.
// Tests and the arena, which must finish whatever the bots do, set it.
//
// # The players' vote
//
// At a table of three or four, the players may vote to pass a stalled
// captain's turn (match/vote.go, docs/protocol.md "Votes"), but only
// before the ship sails or turns: a begun turn is a chain of obligations
// (a facing, a passed ship's question, a chance card's choice, a fight's
// spoils) that others wait on, and a pass then is refused (turn-begun).
// The ship stays where it is. There is no vote to remove a captain: a
// ship and a home port cannot be left without one.
//
// # What each seat sees
//
// View gives every ship (square, facing, home port), every captain's
// number of crew cards, crew total and move distance (FR9's "total
// distance"), treasure aboard, kept chance cards and worth at home; every
// port's and Flat Island's cards (value and colour) and treasure; Treasure
// Island's treasure; the sizes of both packs; the current step, its mover
// and who owes it, with what a pending choice offers; and the last chance
// card drawn, with its number and text. A seat sees its own hand in full
// and other hands only as count and total. Deck orders and fighting
// strengths appear nowhere: not in views, events, errors or String. Crew
// cards moving between hands and the pack are told in full only to the
// captains who held them (event "crew-cards"); everyone else gets the
// count and total (event "crew"), or only the count in card 20's
// exchange, where the totals each way would tell more than the two hands'
// new totals. After the end every hand is shown, whatever ended the
// match: the rules, or a decision of the match (a resignation, a forfeit,
// a timeout, a vote), which the match passes to Conclude.
//
// # Moves and notation
//
//	{"sail":[5,7]}                         sail 5,7
//	{"face":"NE"}                          face NE
//	{"attack":true}                        attack yes   (attack no)
//	{"give":["R2","B1"],"take":["pearl"]}  give R2 B1 take pearl
//	{"give":["pearl"],"take":["john"]}     give pearl take john
//	{"play":23,"take":["gold"]}            play 23 take gold
//	{"take":["diamond","rum"]}             take diamond rum
//	{"crew":true}                          crew
//	{"keep":["gold"]}                      keep gold
//	{"seat":2}                             seat 2
//	{"done":true}                          done
//
// Items are treasure (diamond, ruby, gold, pearl, rum), crew cards (R1-R3
// red, B1-B3 black) and john; ParseMove accepts either form, any case, and
// lists items in that canonical order. Refusals are *game.MoveError with
// codes such as "not-ahead", "too-far", "land", "blocked", "occupied",
// "no-attack-here", "in-port", "bad-facing", "unequal", "ship-full",
// "not-yours", "not-in-port", "same-kind", "too-valuable", "not-on-island",
// "pack-empty", "keep-count", "bad-seat", "wrong-step", "game-over".
//
// # Options
//
//   - "seats" (2-4, default 4).
//
//   - "turns" (default 0, none): the turn limit, a house option.
//
//   - "scenario" (game.OptionScenario): a chosen position instead of the
//     random set-up, for tests, tutorials and puzzles:
//
//     {"ships":[{"home":"London","at":[8,10],"facing":"N","hand":["R1","B2"],
//     "treasure":["gold"],"kept":[25]}, {"home":"Cadiz"}],
//     "ports":{"Venice":{"cards":["B3"],"treasure":["pearl"],"safe":[],"longJohn":false}},
//     "flatIsland":{"cards":["R1"],"treasure":["rum"]},
//     "crewPack":["R3","B1"], "chancePack":[20,1],
//     "turn":0, "turnsPlayed":0}
//
// "ships" has one entry per seat, in seat order; "at" defaults to the
// home port and "facing" to open sea from it. Ports not listed, and Flat
// Island if absent, are empty. "crewPack" and "chancePack" give the top of
// each pack, top first; every card placed nowhere else goes under them,
// shuffled with the match's generator, and every treasure placed nowhere
// else is on Treasure Island. "turn" is the seat to move (default: the
// first in turn order). A scenario is refused with a sentence naming the
// problem if it uses a card or treasure more times than the game has it,
// puts more than two treasures in a ship, puts a ship on land or off the
// board, repeats a home port, keeps a card that is not kept, or names an
// unknown port, direction, treasure or card.
//
// # Replay analysis
//
// Analyze (analysis.go) charts each captain's treasure at home over the
// match, one point per turn: a turn is one captain's turn, as the "turns"
// limit counts them, and its point is the treasure at home when it ends
// (a match won during a turn gets a point for that turn). The JSON form is
// game/turnchart's, with one chart, "treasure".
//
// # Bots
//
// BotLevels are easy, hard and expert. Every bot decides from its seat's
// View and its own Legal moves only.
//
//   - easy plays a uniformly random legal move.
//   - hard sails, by the fewest turns (a breadth-first search over
//     straight-line sails with a free facing after each), to Treasure
//     Island's coast, draws there turn after turn, takes the most valuable
//     treasure offered, and sails home as soon as it carries any. It does
//     not trade, attack or detour.
//   - expert waits by the island until it carries two treasures (unless
//     one is enough to win), waits on the coast squares nearest home
//     facing the way home, trades spare crew for treasure in nearby ports
//     (other captains' homes included), lands Kidd's charts, collects from
//     Flat Island, attacks and answers attacks by the chance that its crew
//     beats the other's, estimated by dealing the other captain hands of
//     the right size and total from the cards it cannot see.
package buccaneer
