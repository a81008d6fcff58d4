package match

import (
	"sync"

	"github.com/parlor-games/parlor/game"
)

// A move keeps the position before it, to put back if the move cannot be
// stored (playLocked): the match keeps no log in memory to replay. For a
// game whose State is a game.Copier, the copies come from a pool per game
// and go back to it once the move is stored, so that a move allocates no
// position; other games clone. A pool keeps nothing for long (sync.Pool
// drops its contents at garbage collections), so an idle match holds no
// spare position.

// restorePoints are the pools of copies, one per game.
type restorePoints struct {
	pools sync.Map // *game.Definition -> *sync.Pool
}

// save returns an independent copy of st, a position of def's game.
func (r *restorePoints) save(def *game.Definition, st game.State) game.State {
	if _, ok := st.(game.Copier); !ok {
		return st.Clone()
	}
	p, ok := r.pools.Load(def)
	if !ok {
		p, _ = r.pools.LoadOrStore(def, &sync.Pool{})
	}
	if c, ok := p.(*sync.Pool).Get().(game.Copier); ok {
		c.CopyFrom(st)
		return c.(game.State)
	}
	return st.Clone()
}

// done gives back a copy save returned, once nothing refers to it.
func (r *restorePoints) done(def *game.Definition, st game.State) {
	if _, ok := st.(game.Copier); !ok {
		return
	}
	if p, ok := r.pools.Load(def); ok {
		p.(*sync.Pool).Put(st)
	}
}
