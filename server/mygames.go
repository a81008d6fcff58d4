package server

import (
	"net/http"
	"slices"
	"time"

	"github.com/parlor-games/parlor/game"
	"github.com/parlor-games/parlor/match"
)

// "My games": a player's games in play, the ones waiting on them first,
// for both clients' lists, the page title's count and `parlor play
// -my-games`. GET /api/my-games (docs/protocol.md).

// MyGameJSON is one game of a player's list.
type MyGameJSON struct {
	Table string    `json:"table"`
	Game  string    `json:"game"`
	Kind  TableKind `json:"kind"`
	// Players are the seats' names (a bot by its level), in seat order.
	Players []string `json:"players"`
	// Mine are the seats the player holds.
	Mine []game.Seat `json:"mine"`
	// MyTurn is true when one of the player's seats owes a move.
	MyTurn bool `json:"myTurn"`
	// Turn names the seats that owe a move now.
	Turn []game.Seat `json:"turn"`
	// Since is when the game started waiting for the move it waits for
	// (the player's own when MyTurn); Deadline when that move is due, nil
	// without a clock.
	Since    *time.Time `json:"since,omitempty"`
	Deadline *time.Time `json:"deadline,omitempty"`
}

// MyGamesJSON is the answer of GET /api/my-games.
type MyGamesJSON struct {
	// Now is the server's time: a client counts down from it, not from
	// its own clock, which may be off.
	Now time.Time `json:"now"`
	// Waiting is how many games wait on the player.
	Waiting  int          `json:"waiting"`
	Games    []MyGameJSON `json:"games"`
	Vacation VacationJSON `json:"vacation"`
}

func (s *Server) apiMyGames(w http.ResponseWriter, r *http.Request, u Identity) {
	now := s.clock().Now()
	_, vac, err := s.vacationState(r.Context(), u.ID, now)
	if err != nil {
		s.storeError(w, err, "no games")
		return
	}
	games := s.myGames(u.ID)
	if s.relay != nil {
		// The games held by the other nodes (mygamesbus.go), in the
		// same order as this node's.
		games = append(games, s.relay.remoteMyGames(r.Context(), u.ID)...)
		sortMyGames(games)
	}
	out := MyGamesJSON{Now: now.UTC(), Games: games, Vacation: vac}
	for _, g := range out.Games {
		if g.MyTurn {
			out.Waiting++
		}
	}
	writeJSON(w, http.StatusOK, out)
}

// myGames lists userID's games in play on this server: those waiting on
// them first, the soonest deadline first (then the longest waiting);
// then the others, the longest waiting first.
func (s *Server) myGames(userID int64) []MyGameJSON {
	games := []MyGameJSON{}
	for _, t := range s.tables.heldBy(userID) {
		t.mu.Lock()
		mt, playing := t.mt, t.status == statusPlaying
		g := MyGameJSON{Table: t.id, Game: t.game, Kind: tableKind(t.policy), Mine: t.heldByLocked(userID), Turn: []game.Seat{}}
		for _, st := range t.seats {
			name := st.Name
			if st.Kind == match.Bot {
				// The bot's own name once the match has named it
				// (game.BotNamer), as every other list says it.
				if name == "" {
					name = "Computer"
				}
				name += " (" + st.Level + ")"
			}
			g.Players = append(g.Players, name)
		}
		t.mu.Unlock()
		if !playing || mt == nil || mt.Outcome() != nil {
			continue
		}
		var mineSince, othersSince time.Time
		var mineDue, othersDue time.Time
		for _, o := range mt.Owing() {
			g.Turn = append(g.Turn, o.Seat)
			since, due := &othersSince, &othersDue
			if slices.Contains(g.Mine, o.Seat) {
				g.MyTurn = true
				since, due = &mineSince, &mineDue
			}
			if since.IsZero() || o.Since.Before(*since) {
				*since = o.Since
			}
			if !o.Deadline.IsZero() && (due.IsZero() || o.Deadline.Before(*due)) {
				*due = o.Deadline
			}
		}
		since, due := othersSince, othersDue
		if g.MyTurn {
			since, due = mineSince, mineDue
		}
		if !since.IsZero() {
			v := since.UTC()
			g.Since = &v
		}
		if !due.IsZero() {
			v := due.UTC()
			g.Deadline = &v
		}
		games = append(games, g)
	}
	sortMyGames(games)
	return games
}

// sortMyGames puts the games waiting on the player first, the soonest
// deadline first (then the longest waiting); then the others, the
// longest waiting first.
func sortMyGames(games []MyGameJSON) {
	slices.SortStableFunc(games, func(a, b MyGameJSON) int {
		if a.MyTurn != b.MyTurn {
			if a.MyTurn {
				return -1
			}
			return 1
		}
		if a.MyTurn {
			if c := compareDue(a.Deadline, b.Deadline); c != 0 {
				return c
			}
		}
		return compareDue(a.Since, b.Since)
	})
}

// compareDue orders times soonest first, a missing one last.
func compareDue(a, b *time.Time) int {
	switch {
	case a == nil && b == nil:
		return 0
	case a == nil:
		return 1
	case b == nil:
		return -1
	}
	return a.Compare(*b)
}
