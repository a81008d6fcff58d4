// Package warfare is Medieval Warfare (COMP-361 spec v1.0) for 2 to 6
// players: an island coloured among the players, villages that earn gold
// and pay villagers, and villagers who take land until one player is left.
//
// The rules are the spec's, with the decisions of the rules page where
// the spec is loose. Where both are silent the choice made here is
// written below under "Decisions", and each has a test.
//
// # Islands
//
// An island is a connected set of at least 300 land hexes ringed by sea,
// in an odd-r hex grid. Land hexes are numbered row by row from the
// top-left, so a hex id is a small stable integer. The option "island"
// names a ready island (pebble, about 320 hexes; longshore, about 480;
// twins, about 700; archipelago, about 980) or "random", which draws a
// shape and a seed from the island seed (option "seed") or, when that is
// 0, from the match's generator; Generate builds the same island from the
// same seed and shape. Islands grow outwards from a first
// centre towards one or more ellipses, with random roughness; enclosed
// lakes are filled, so all sea rings the island.
//
// # Island seed and preview
//
// The option "seed", when not 0, is the island seed: the random island and
// the whole set-up (colours, trees, meadows, hovels) are drawn from it and
// not from the match's generator, which the match keeps for tree growth.
// So the same options always give the same start, and the table can see it
// before the start (Definition.Preview, GET /api/games/warfare/preview):
// everything in the game is public, and the seed reveals nothing of the
// draws to come. With seed 0 the island and set-up come from the match's
// secret seed, a new island each game, and there is no preview; a preview
// never uses a seed the match will use for anything else.
//
// Set-up (Setup) colours each hex at random with one of players+1
// colours, one of them neutral; puts trees on a fifth of the hexes and
// meadows on a tenth, at random; gives every player region of 3 or more
// hexes a hovel with 7 gold on a random hex of it (replacing the tree or
// meadow there), and turns smaller player regions neutral. A colouring
// that leaves some player without a village is drawn again.
//
// # Turns
//
// Seats play in order 0, 1, ... A turn is many moves by the seat to move,
// ended by "end"; Turn() stays that seat until then. When the order wraps
// a new round begins with tree growth (not in round 1). Each turn opens
// with the phases of the spec for that seat, inside the Apply of the
// previous "end" (and in New for the very first turn): tombstones on its
// land become trees; its peasants' meadows and roads that are due
// appear; each of its villages earns income and pays wages, or starves;
// its villagers that are not working may move again.
//
// # Moves
//
// Canonical JSON and notation (ParseMove reads both; villages are named by
// their hex):
//
//	{"end":true}                                        end
//	{"move":{"from":12,"to":40}}                        12-40
//	{"buy":{"village":3,"unit":"peasant","at":40}}      buy 3 peasant 40
//	{"train":{"at":40,"unit":"soldier"}}                train 40 soldier
//	{"cultivate":40}                                    meadow 40
//	{"road":40}                                         road 40
//	{"upgrade":3}                                       upgrade 3
//	{"tower":{"village":3,"at":40}}                     tower 3 40
//
// A "move" is one villager going from its hex to another; what it does
// depends on the target: a free hex of its region is a walk (it may go
// on); a tree of its region, gathering wood; a tombstone, clearing it; a
// villager of its own, combining; any other player's or neutral hex next
// to a hex it can reach, taking it. Everything but a walk ends its turn.
//
// LegalFor answers "unit:H" (the moves of the villager on hex H),
// "village:V" (what the village on hex V can do) and "end". Legal lists
// everything, which can be thousands of moves.
//
// Refusals are *game.MoveError with these codes: bad-move (unreadable),
// not-your-turn, game-over, no-hex, no-villager, no-village, busy (a
// working peasant), done (the villager has acted), same-hex, no-path,
// not-adjacent, other-region, occupied, knight-forest, knight-tombstone,
// peasant-invade, village-needs-soldier, protected, combine-too-strong,
// rank-too-high, not-higher, no-gold, no-wood, village-locked, top-level,
// needs-town, not-in-region, peasants-only, not-plain, has-road.
//
// # Rules in short
//
// Villagers: peasant (10 gold, wage 2), infantry (20, 6), soldier (30,
// 18), knight (40, 54); strength 1 to 4. A hovel recruits and supports
// peasants and infantry, a town soldiers too, a fort knights too.
// Training pays the difference in cost. Combining adds strengths (two
// peasants an infantry, peasant and infantry a soldier, peasant and
// soldier or two infantry a knight), never beyond a knight nor beyond
// what the region's village supports.
//
// Villages: a town costs 8 wood, a fort 8 more; an upgraded village can
// do nothing more (recruit, train, upgrade, build) this turn and its
// owner's next. Towns and forts build watchtowers for 5 wood on a free
// hex of their region.
//
// Income is 1 gold a hex, 2 a meadow (with or without a road on it), 0 a
// tree; villages, towers, roads and tombstones count 1. Wages follow; a
// village that cannot pay them loses its gold and every villager of its
// region becomes a tombstone. A peasant cultivating is busy that turn and
// the next, and the meadow appears at the start of the third (counting
// in that turn's income); a road appears at the start of the next turn.
//
// Protection: a villager guards its hex and the adjacent hexes of its
// colour at its strength; a watchtower like infantry, a fort like a
// soldier, hovels and towns not at all. A villager takes an enemy hex
// only if it is infantry or better and stronger than every guard of the
// hex; only soldiers and knights take villages, and so only knights take
// forts. Peasants take only neutral land. Knights never enter trees or
// tombstones. Soldiers and knights trample meadows (not under a road) on
// every hex they pass or stop on.
//
// Regions: taking land may join regions of the mover: the surviving
// village is the higher level, then the one whose region was larger
// before the move, then the mover's, then the lower hex id; gold and wood
// pool into it and each other village becomes a meadow. Taking land may
// split an enemy region: the part holding the village keeps it and all
// its resources; other parts of 3 or more hexes get a new empty hovel on
// a random hex free of villagers and towers; parts under 3 hexes turn
// neutral. A captured village's gold and wood go to the invader's
// village, its hex becomes the invader's meadow, and each remaining part
// of 3 or more hexes gets a new empty hovel.
//
// A player with no land is out; the last player left wins, holding the
// country, which is the spec's only end. The option "rounds", a house
// rule off (0) by default, ends the game after that round: the players
// with most land share the win. Tests and the arena set it so that games
// between cautious bots always end.
//
// # Decisions
//
// Where neither the spec nor the rules page says:
//
//   - A recruit on a free hex of its region may move and act in the turn
//     it is bought; one placed on an adjacent hex has taken it and is done.
//   - A combined villager is done for the turn if the one it joined was;
//     a working peasant cannot combine, be trained or be joined.
//   - The upgrade lock stops recruiting, training, upgrading and building
//     towers with the village; combining and moving villagers, and
//     income and wages, go on.
//   - Meadows are cultivated only on plain land (no meadow, no road);
//     roads on plain land or meadows. A watchtower needs a free hex and
//     removes a meadow or road under it.
//   - A soldier or knight also tramples the meadow of a hex where it is
//     recruited, trained or formed by combining; a captured village's
//     hex becomes a meadow even under the soldier or knight that took it.
//   - A trampling villager walks the path that tramples fewest meadows
//     (ties: the path found first in hex-id order).
//   - Villagers on land turned neutral become tombstones; towers there
//     are removed. Tombstones on neutral land stay until someone takes the
//     hex (the tombstone phase is about a player's own land).
//   - A part of a split region with 3 or more hexes but no hex free of
//     villagers and towers cannot take a village and turns neutral.
//   - Trees grow onto plain hexes and meadows (destroying the meadow),
//     never onto roads or hexes with anything on them.
//   - Taking a hex with a tree gives a wood to any villager (the spec
//     says it of peasants); knights cannot take such hexes at all.
//   - VillageView.Short is true when the village's gold plus the income
//     of its region as it stands cannot pay its villagers' wages.
//
// # The players' vote
//
// At a table of three or more, the players may vote to pass a stalled
// turn (match/vote.go, docs/protocol.md "Votes"): a carried pass is the
// stalled player's "end", with whatever they did of the turn standing.
// Eliminated players have no vote. There is no vote to remove a player:
// their land would stand with nobody to defend or pay it, which the rules
// do not provide for.
//
// # Scenarios
//
// The option "scenario" (kind game.OptionScenario) sets up any position.
// It is a JSON object:
//
//	{"players": 2, "turn": 0, "round": 1, "rounds": 0, "phases": false,
//	 "map": ["0h 0p 0m -* ~ 1 1t 1", "~ 0 0i ..."],
//	 "villages": [{"hex": 0, "gold": 7, "wood": 0, "locked": 0}],
//	 "work": [{"hex": 1, "work": "meadow", "left": 2}]}
//
// Each string of "map" is a row of the odd-r grid (odd rows sit half a
// hex right), tokens separated by spaces, "~" for sea. A land token is
// its owner ("-" neutral or a seat digit) followed by marks: p, i, s, k
// villagers; h, t, f a hovel, town or fort; w a watchtower; * a tree; + a
// tombstone; m a meadow; = a road; ! a villager that has acted. Hex ids
// count land tokens in reading order. A ring of sea is added around the
// drawing. Unlike a played island a scenario's map may be small and need
// not be connected, so that a rule can be shown on a few hexes.
// "villages" sets treasuries and locks (missing villages have none);
// "work" sets working peasants. "phases" runs the start-of-turn phases
// for the seat to move after loading. The position is refused, with a
// sentence saying why, unless every player region has 3 or more hexes
// and exactly one village, villagers, villages and towers stand on
// players' land, and at least two seats hold land. A scenario replaces
// the options "players" and "island".
//
// # Replay analysis
//
// Analyze (analysis.go) charts each player's land (hexes held, the score)
// and gold (the treasuries of all its villages) over the match, one point
// per turn: a turn is one player's turn up to its "end", as under Turns
// above, and its point is taken once it has ended, so it includes the
// next player's income and wages paid inside that "end" (a match decided
// during a turn gets a point for that turn). The JSON form is
// game/turnchart's, with the charts "land" and "gold".
//
// # Bots
//
// See the bot type: easy, medium and hard, each one step of the turn per
// Choose, seeing only the public view.
package warfare
