package warfare

// Prices are the game's costs, wages and ranks, carried in every view so
// that a client words its buttons ("Recruit a knight (40)", "a hovel
// cannot support a soldier") from the game rather than from a copy of
// its rules.
type Prices struct {
	// Ranks are the villagers, weakest first: Ranks[r-1] is rank r.
	Ranks []RankPrice `json:"ranks"`
	// Levels are the village levels, lowest first.
	Levels []LevelPrice `json:"levels"`
	// UpgradeWood and TowerWood are the wood an upgrade and a watchtower
	// cost.
	UpgradeWood int `json:"upgradeWood"`
	TowerWood   int `json:"towerWood"`
}

// RankPrice is one rank of villager: its name (the word a hex's Thing
// uses), its strength, the gold to recruit it, its wage each turn, and
// Train, the gold to train it to each higher rank: Train[i] to rank
// Strength+1+i.
type RankPrice struct {
	Name     string `json:"name"`
	Strength int    `json:"strength"`
	Gold     int    `json:"gold"`
	Wage     int    `json:"wage"`
	Train    []int  `json:"train"`
}

// LevelPrice is one village level: its name, Top, the highest rank it
// recruits or supports, and whether it builds watchtowers.
type LevelPrice struct {
	Name   string `json:"name"`
	Top    int    `json:"top"`
	Towers bool   `json:"towers"`
}

// TrainCost is the gold to train a villager of rank r to rank to.
func (r Rank) TrainCost(to Rank) int { return to.Cost() - r.Cost() }

// towers says whether a village of level l builds watchtowers.
func (l Level) towers() bool { return l >= Town }

// prices is the same for every match; the views share it, and nobody
// changes it.
var prices = func() *Prices {
	p := &Prices{UpgradeWood: UpgradeWood, TowerWood: TowerWood}
	for r := Peasant; r <= Knight; r++ {
		rp := RankPrice{Name: r.String(), Strength: int(r), Gold: r.Cost(), Wage: r.Upkeep(), Train: []int{}}
		for to := r + 1; to <= Knight; to++ {
			rp.Train = append(rp.Train, r.TrainCost(to))
		}
		p.Ranks = append(p.Ranks, rp)
	}
	for l := Hovel; l <= Fort; l++ {
		p.Levels = append(p.Levels, LevelPrice{Name: l.String(), Top: int(l.maxRank()), Towers: l.towers()})
	}
	return p
}()
