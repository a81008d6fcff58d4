// The rulebook of Medieval Warfare as the Help panel and the rules page
// show it: written for players from the game's spec and the decisions
// games/warfare follows, so that what it says matches what the server
// enforces (costs, strengths, what each villager may do).

export const warfareRules = {
  title: "Medieval Warfare",
  sections: [
    {
      title: "Goal",
      paras: [
        "Every player starts with scattered land on the island. Win by being the last player who still owns a region; whoever loses their last region is out.",
        "A table may set a round limit (150 unless chosen otherwise; 0 means none). When the last round ends, the player with the most land wins, and players with equal land share the win.",
      ],
    },
    {
      title: "The island and its regions",
      paras: [
        "The island is made of hexes. Each hex is neutral or belongs to one player, shown by the player's colour and pattern. Touching hexes of one player form a region.",
        "A region of three or more hexes has exactly one village, which holds the region's gold and wood. A region of one or two hexes has no village: it earns nothing and cannot keep villagers.",
      ],
    },
    {
      title: "A round, phase by phase",
      paras: [
        "Players take turns in seat order; a round is over once everyone still in has had a turn.",
        "At the start of every round but the first, the trees spread: each tree picks one empty or meadow hex next to it at random and, half the time, a new tree grows there.",
        "Your turn then begins with four steps the game does for you, in this order. Tombstones on your land turn into trees. Peasants who have finished their work leave a meadow or a road behind. Each of your villages earns its income. Then each village pays its villagers' wages.",
        "After that you play: recruit, train, combine and move villagers, upgrade villages and build watchtowers, in any order, as often as gold, wood and your villagers allow. Press End turn when you are done.",
      ],
    },
    {
      title: "Income, wages and starvation",
      paras: [
        "A village earns one gold for each hex of its region, two for a meadow and none for a tree. Roads, tombstones, villages and watchtowers count one each.",
        "Then it pays each villager standing in its region: peasant 2, infantry 6, soldier 18, knight 54 gold a turn. Watchtowers cost nothing to keep.",
        "If the treasury cannot pay every wage, the village's gold is lost and every villager of the region dies and leaves a tombstone. The village list marks with ⚠ \"cannot pay\" a village whose gold and next income, as its region stands now, fall short of its wages, while there is still time to take more land for it or join its region to a richer one.",
      ],
    },
    {
      title: "Villages and their levels",
      paras: [
        "Hovel: every village starts as one. It can hire and train peasants and infantry.",
        "Town: upgrade a hovel for 8 wood. It can also have soldiers and can build watchtowers.",
        "Fort: upgrade a town for another 8 wood. It can also have knights, and it guards its own hex and its neighbours like a soldier; a hovel or a town guards nothing.",
        "After an upgrade the village does nothing else that turn or the next (no hiring, training or building); it is shown as locked.",
        "Watchtower: a town or fort builds one for 5 wood on a free hex of its region. It never moves, guards like an infantry, and a soldier or knight can destroy it.",
        "Wood comes from villagers gathering trees. The villages placed at the start hold 7 gold; a village founded later starts empty.",
      ],
    },
    {
      title: "Villagers",
      paras: [
        "Peasant (strength 1): 10 gold. Gathers wood, clears tombstones, starts meadows, builds roads, and takes neutral land only.",
        "Infantry (strength 2): 20 gold. Gathers wood and clears tombstones; can take land from other players but never a village.",
        "Soldier (strength 3): 30 gold. Still gathers wood and clears tombstones, and can take villages.",
        "Knight (strength 4): 40 gold. Fights only: never enters a tree or a tombstone.",
        "A village hires a villager onto a free hex of its region, or straight onto a hex next to the region that the recruit could take. A villager can be trained to a higher rank for 10 gold a rank, paid by its village.",
        "Two villagers of one region can join into one whose strength is the sum of theirs: two peasants make an infantry, a peasant and an infantry a soldier, a peasant and a soldier or two infantry a knight. Joined villagers never split again.",
        "A village can only hire, train or join up to the rank its level allows: infantry at a hovel, soldier at a town, knight at a fort.",
      ],
    },
    {
      title: "Moving and acting",
      paras: [
        "A villager can walk any distance inside its own region along free hexes, as many times as you like in a turn.",
        "It ends its turn with an action: taking a hex, gathering wood from a tree (one wood for the village), clearing a tombstone, joining another villager, starting a meadow or building a road. A faded villager has acted already.",
        "A peasant who starts a meadow works this turn and the next; the meadow appears at the start of your turn after that, in time to count for income. A road takes one turn and appears at the start of your next turn. Roads can go on plain land (no tree can grow there) or on a meadow.",
        "Soldiers and knights trample any meadow they walk over, unless a road runs through it.",
      ],
    },
    {
      title: "Guarding and invading",
      paras: [
        "Every villager guards its own hex and the hexes of its owner's colour around it with its strength; so do watchtowers (2) and forts (3). A hex's protection is the strongest of those guards.",
        "A villager may take a hex next to its region only when it is stronger than that hex's protection: a peasant may only take neutral land, an infantry may take land guarded by at most a peasant, a soldier land guarded by at most an infantry, a knight land guarded by at most a soldier. Neutral land has no guards.",
        "An enemy villager or watchtower on the taken hex is destroyed. Taking a hex with a tree also gathers its wood.",
        "Only a soldier or a knight can take a village. The village's gold and wood go to the attacker's village, its hex becomes a meadow of the attacker, and the rest of the region, if it still has three hexes or more, gets a new empty hovel.",
      ],
    },
    {
      title: "Regions joining and splitting",
      paras: [
        "When a taken hex joins two or more of your regions, they become one with one village: the highest level survives (on equal levels, the one that had the larger region). It gets all the gold and wood; the other villages become meadows.",
        "When an invasion cuts a region in pieces, the piece with the village keeps it and everything in it. Any other piece of three hexes or more gets a new empty hovel. Pieces of one or two hexes become neutral: their villagers die, and a village stranded there becomes a tree: its gold and wood are lost.",
      ],
    },
    {
      title: "Playing on this screen",
      paras: [
        "Click one of your villagers (a disc with P, I, S or K; the dots under it give its strength) to light the hexes it can reach: blue rings to walk, green to act in its region, red dashed for land it can take. Click a lit hex to go.",
        "Click one of your villages (or its row in the village list) to recruit, upgrade or build a watchtower; a recruit or tower then goes on a lit hex. A selected villager offers training and, for a peasant, a meadow or a road.",
        "Next villager (or N) picks one that can still act. The list of lit hexes below the map does the same as clicking, from the keyboard.",
        "Drag, or use the arrow keys, to move the map; zoom with the wheel, a two-finger pinch, the + and − buttons or keys; 0 or Fit shows the whole island; Escape clears the selection.",
        "Save keeps a bookmark of the game: Saved games resumes it at this table with the same players. Help opens this panel, and play goes on while it is open.",
      ],
    },
  ],
};
