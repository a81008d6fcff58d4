package server

import (
	"context"
	"encoding/json"
	"strconv"
	"sync"
	"time"

	"github.com/nats-io/nats.go"

	"github.com/parlor-games/parlor/store"
)

// "My games" on many nodes: a player's tables may be held by any node
// (each table lives where it was made, or where a hand-over took it), so
// the node answering GET /api/my-games asks every other node it knows of
// for the player's games held there, all at once, and lists them with
// its own. A node that does not answer in time leaves its games out of
// that answer; the next asks again.

// myGamesSubject is where the node numbered fence answers for its games.
func myGamesSubject(fence int64) string {
	return "parlor.mygames." + strconv.FormatInt(fence, 10)
}

// myGamesWait bounds the wait for another node's part of the list.
const myGamesWait = time.Second

// serveMyGames answers another node's ask for a user's games held here.
func (r *relay) serveMyGames(m *nats.Msg) {
	id, err := strconv.ParseInt(string(m.Data), 10, 64)
	if err != nil || id <= 0 || m.Reply == "" {
		return
	}
	b, err := json.Marshal(r.s.myGames(id))
	if err != nil {
		return
	}
	_ = m.Respond(b)
}

// remoteMyGames gathers userID's games from every other node.
func (r *relay) remoteMyGames(ctx context.Context, userID int64) []MyGameJSON {
	fences := r.otherNodes(ctx)
	ctx, cancel := context.WithTimeout(ctx, myGamesWait)
	defer cancel()
	var mu sync.Mutex
	var out []MyGameJSON
	var wg sync.WaitGroup
	for _, f := range fences {
		wg.Add(1)
		go func() {
			defer wg.Done()
			msg, err := r.c.Bus.RequestWithContext(ctx, myGamesSubject(f), []byte(strconv.FormatInt(userID, 10)))
			if err != nil {
				return
			}
			var games []MyGameJSON
			if json.Unmarshal(msg.Data, &games) != nil {
				return
			}
			mu.Lock()
			out = append(out, games...)
			mu.Unlock()
		}()
	}
	wg.Wait()
	return out
}

// nodeLister is the store's list of the nodes holding a lease.
type nodeLister interface {
	Nodes(ctx context.Context) ([]store.NodeInfo, error)
}

// otherNodes are the fences of the nodes other than this one: those
// holding a lease in the database, or, where the store cannot say, those
// whose lobby this node has heard.
func (r *relay) otherNodes(ctx context.Context) []int64 {
	var out []int64
	if nl, ok := r.s.cfg.Store.(nodeLister); ok {
		if ns, err := nl.Nodes(ctx); err == nil && len(ns) > 0 {
			for _, n := range ns {
				if n.Fence != r.c.Fence {
					out = append(out, n.Fence)
				}
			}
			return out
		}
	}
	r.lobby.mu.Lock()
	defer r.lobby.mu.Unlock()
	for f := range r.lobby.nodes {
		if f != r.c.Fence {
			out = append(out, f)
		}
	}
	return out
}
