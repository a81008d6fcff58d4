// Command games prints the name of every game the parlor binary ships,
// one a line, from the registry, so that scripts go over the games
// without naming them:
//
//	for g in $(go run ./scripts/games); do ...; done
package main

import (
	"fmt"

	"github.com/parlor-games/parlor/games"
)

func main() {
	for _, name := range games.Registry().Names() {
		fmt.Println(name)
	}
}
