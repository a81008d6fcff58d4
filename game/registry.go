package game

import (
	"fmt"
	"slices"
	"sort"
	"strings"
)

// Registry maps game names to definitions. The binary builds one with every
// game it ships (package games); tests may build their own.
type Registry struct {
	defs map[string]*Definition
}

// NewRegistry returns a registry holding defs. Two definitions with one name
// are a programming error and panic.
func NewRegistry(defs ...*Definition) *Registry {
	r := &Registry{defs: make(map[string]*Definition)}
	for _, d := range defs {
		if _, dup := r.defs[d.Name]; dup {
			panic("game: duplicate game " + d.Name)
		}
		r.defs[d.Name] = d
	}
	return r
}

// Lookup returns the definition named name, or an error listing the games
// there are.
func (r *Registry) Lookup(name string) (*Definition, error) {
	if d, ok := r.defs[name]; ok {
		return d, nil
	}
	return nil, fmt.Errorf("unknown game %q (games: %s)", name, strings.Join(r.Names(), ", "))
}

// Names lists the registered games in alphabetical order.
func (r *Registry) Names() []string {
	names := make([]string, 0, len(r.defs))
	for n := range r.defs {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

// List returns the definitions in alphabetical order of name.
func (r *Registry) List() []*Definition {
	out := make([]*Definition, 0, len(r.defs))
	for _, n := range r.Names() {
		out = append(out, r.defs[n])
	}
	return out
}

// Bot returns a bot of level for the game, with a clear error for a
// level the game does not have.
func (d *Definition) Bot(level string, rng Rand) (Bot, error) {
	if d.NewBot == nil || len(d.BotLevels) == 0 {
		return nil, fmt.Errorf("%s has no bots", d.Title)
	}
	for _, l := range d.BotLevels {
		if l == level {
			return d.NewBot(level, rng)
		}
	}
	return nil, fmt.Errorf("%s has no bot level %q (levels: %s)", d.Title, level, strings.Join(d.BotLevels, ", "))
}

// ArenaBot is Bot for the arena: it also makes the opponents of
// ArenaBots, which tables never get.
func (d *Definition) ArenaBot(level string, rng Rand) (Bot, error) {
	if d.NewBot == nil || !slices.Contains(d.ArenaBots, level) {
		b, err := d.Bot(level, rng)
		if err != nil && len(d.ArenaBots) > 0 {
			err = fmt.Errorf("%w (for the arena only: %s)", err, strings.Join(d.ArenaBots, ", "))
		}
		return b, err
	}
	return d.NewBot(level, rng)
}
