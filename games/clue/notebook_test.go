package clue

import (
	"encoding/json"
	"flag"
	"slices"
	"testing"

	"github.com/parlor-games/parlor/game"
)

// bruteGames is how many random games TestNotebookEqualsBruteForce
// checks; the closing figures used -brute-games=1000.
var bruteGames = flag.Int("brute-games", 60, "random games whose notebooks are compared with brute force")

// bruteForce enumerates every deal of the unknown cards consistent with k
// and marks each (card, holder) pair that some deal has: the definition
// of what the notebook must find.
func bruteForce(k *knowledge) (poss [numCards]holders, deals int) {
	var cards []Card
	for c := Card(0); int(c) < numCards; c++ {
		if !slices.Contains(k.own, c) && !slices.Contains(k.up, c) {
			cards = append(cards, c)
		}
	}
	capl := [7]int{}
	for p := range k.n {
		if game.Seat(p) != k.self {
			capl[p] = k.size[p]
		}
	}
	capl[caseBit] = 3
	var a [numCards]int
	var rec func(i int)
	rec = func(i int) {
		if i == len(cards) {
			if !consistent(k, &a, cards) {
				return
			}
			deals++
			for _, c := range cards {
				poss[c] |= 1 << a[c]
			}
			return
		}
		c := cards[i]
		for h := range 7 {
			if capl[h] == 0 || (h < k.n && game.Seat(h) == k.self) || (h >= k.n && h != caseBit) {
				continue
			}
			// Single-card facts cut the enumeration short; consistent
			// checks them again, with all the others, at the end.
			if k.excl[c]&(1<<h) != 0 {
				continue
			}
			capl[h]--
			a[c] = h
			rec(i + 1)
			capl[h]++
		}
	}
	rec(0)
	return poss, deals
}

// consistent checks a whole deal against every fact, one by one, with no
// propagation: the plain reading of the rules.
func consistent(k *knowledge, a *[numCards]int, cards []Card) bool {
	var cf [3]Card
	kinds := [3]int{}
	for _, c := range cards {
		if a[c] == caseBit {
			kinds[c.Kind()]++
			cf[c.Kind()] = c
		}
	}
	if kinds != [3]int{1, 1, 1} {
		return false
	}
	if k.known != nil && *k.known != cf {
		return false
	}
	for c := Card(0); int(c) < numCards; c++ {
		if !slices.Contains(cards, c) {
			continue
		}
		if k.excl[c]&(1<<a[c]) != 0 {
			return false
		}
	}
	for _, f := range k.has {
		if a[f.card] != f.holder {
			return false
		}
	}
	for _, f := range k.some {
		ok := false
		for _, c := range f.cards {
			if slices.Contains(cards, c) && a[c] == f.holder {
				ok = true
			}
		}
		if !ok {
			return false
		}
	}
	for _, t := range k.notCF {
		if t == cf {
			return false
		}
	}
	return true
}

// TestNotebookEqualsBruteForce: on random games, at random moments, for
// every seat, the notebook marks a card as possibly held by a holder
// exactly when some deal consistent with what the seat saw puts it there
// (the definition of exact). Brute force is feasible with 3 and 4
// players, where a seat sees a third or a quarter of the cards.
func TestNotebookEqualsBruteForce(t *testing.T) {
	games := *bruteGames
	if testing.Short() || raceEnabled {
		// A quarter of the games, five at each of the three tables; the
		// full count runs without the race detector (scripts/test).
		games = 15
	}
	checked := 0
	for g := range games {
		opts := []string{`{"players":3,"difficulty":"easy"}`, `{"players":4,"difficulty":"easy"}`, `{"players":3,"difficulty":"medium"}`}[g%3]
		st, err := Definition.New(json.RawMessage(opts), game.NewRand(uint64(g)))
		if err != nil {
			t.Fatal(err)
		}
		s := st.(*State)
		rng := game.NewRand(uint64(1000 + g))
		stop := 20 + rng.IntN(120)
		for i := 0; i < stop && s.phase != phOver; i++ {
			seat := s.Turn()[0]
			legal := s.Legal(seat)
			m := legal[rng.IntN(len(legal))]
			if m.(Move).Kind == VerbAccuse && rng.IntN(8) != 0 {
				continue
			}
			if _, err := s.Apply(seat, m); err != nil {
				t.Fatal(err)
			}
		}
		for seat := range game.Seat(s.n) {
			k := s.knowledgeOf(seat)
			want, deals := bruteForce(k)
			if deals == 0 {
				t.Fatalf("game %d seat %d: no deal fits what the seat saw, not even the real one", g, seat)
			}
			nb := deduce(k)
			for c := Card(0); int(c) < numCards; c++ {
				if slices.Contains(k.own, c) || slices.Contains(k.up, c) {
					continue
				}
				if nb.possible[c] != want[c] {
					t.Fatalf("game %d seat %d, %s: notebook says holders %07b, the %d consistent deals say %07b", g, seat, c, nb.possible[c], deals, want[c])
				}
			}
			checked++
		}
	}
	t.Logf("%d notebooks equal brute force", checked)
}
