package server_test

import (
	"encoding/json"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/parlor-games/parlor/game"
	"github.com/parlor-games/parlor/games"
)

// pushesOf returns the match pushes for table in order of arrival.
func pushesOf(c *client, table string) []msg {
	var out []msg
	for _, m := range c.all() {
		if m.t() == "match" && m.m["table"] == table {
			out = append(out, m)
		}
	}
	return out
}

func waitSeq(c *client, table string, seq int) msg {
	c.t.Helper()
	return c.waitFor("match push "+itoa(seq), func(m msg) bool {
		return m.t() == "match" && m.m["table"] == table && m.m["seq"] == float64(seq)
	})
}

func itoa(n int) string { return strings.TrimSpace(strings.Repeat(" ", 0) + jsonNum(n)) }

func jsonNum(n int) string { b, _ := json.Marshal(n); return string(b) }

// localGame follows a match from its pushes with the game's own rules, as
// a client that plays from events would.
type localGame struct {
	st game.State
}

func newLocal(t *testing.T, name string, opts string) *localGame {
	t.Helper()
	_, st, err := games.Registry().Start(game.Log{Game: name, Options: json.RawMessage(opts)})
	if err != nil {
		t.Fatal(err)
	}
	return &localGame{st: st}
}

func (g *localGame) apply(t *testing.T, m msg) {
	t.Helper()
	seat := game.Seat(m.m["seat"].(float64))
	if err := game.Play(g.st, seat, mustMarshal(m.m["move"])); err != nil {
		t.Fatalf("push %s does not apply locally: %v", m.raw, err)
	}
}

func (g *localGame) randomMove(r *rand.Rand, seat game.Seat) json.RawMessage {
	legal := g.st.Legal(seat)
	return game.Canonical(legal[r.IntN(len(legal))])
}

// openDuel creates a table for ca's user and one open seat with the
// fields of create (game, options, policy), seats cb's user, starts the
// match and has both watch it with the fields of watch; it returns the
// table id.
func openDuel(t *testing.T, ca, cb *client, create, watch map[string]any) string {
	t.Helper()
	req := map[string]any{"seats": []any{map[string]any{"kind": "me"}, map[string]any{"kind": "open"}}}
	for k, v := range create {
		req[k] = v
	}
	id := tableID(ca.ok("table.create", req))
	cb.ok("table.sit", map[string]any{"table": id, "seat": 1})
	ca.ok("table.start", map[string]any{"table": id})
	for _, c := range []*client{ca, cb} {
		w := map[string]any{"table": id}
		for k, v := range watch {
			w[k] = v
		}
		c.ok("table.watch", w)
	}
	return id
}

// TestDotsTwoPlayers: a guest opens a table with one open seat, a second
// guest sits, the creator starts, and both play random legal moves to the
// end. Both see every move exactly once, in order, with an outcome at the
// end, and the lobby shows the table as over.
func TestDotsTwoPlayers(t *testing.T) {
	eachStore(t, func(t *testing.T) {
		eachTransport(t, func(t *testing.T) {
			e := newEnv(t)
			ann, bob := e.guest("Ann"), e.guest("Bob")
			ca, cb := ann.dial(), bob.dial()
			cb.ok("lobby.join", nil)
			opts := map[string]any{"rows": 3, "cols": 3}
			rep := ca.ok("table.create", map[string]any{"game": "dots", "options": opts,
				"seats": []any{map[string]any{"kind": "me"}, map[string]any{"kind": "open"}}})
			id := tableID(rep)
			cb.waitFor("table in lobby", func(m msg) bool {
				return m.t() == "lobby.tables" && strings.Contains(string(m.raw), id)
			})
			if err := cb.fail("table.start", map[string]any{"table": id}); err == "" {
				t.Fatal("empty error")
			}
			cb.ok("table.sit", map[string]any{"table": id, "seat": 1})
			if s := ca.fail("table.start", map[string]any{"table": id, "extra": 1}); !strings.Contains(s, "unknown field") {
				t.Fatalf("unknown field: %q", s)
			}
			cb.fail("table.start", map[string]any{"table": id}) // not the creator
			ca.ok("table.start", map[string]any{"table": id})
			wa := ca.ok("table.watch", map[string]any{"table": id})
			wb := cb.ok("table.watch", map[string]any{"table": id})
			if got := wa["seats"].([]any); len(got) != 1 || got[0] != float64(0) {
				t.Fatalf("Ann holds %v", got)
			}
			if wb["snapshot"].(map[string]any)["views"].(map[string]any)["1"] == nil {
				t.Fatalf("Bob's snapshot lacks seat 1's view: %v", wb["snapshot"])
			}

			local := newLocal(t, "dots", `{"rows":3,"cols":3}`)
			r := rand.New(rand.NewPCG(1, 2))
			conns := []*client{ca, cb}
			seq := 0
			for local.st.Outcome() == nil {
				seat := local.st.Turn()[0]
				other := conns[1-seat]
				// The seat that does not owe a move is refused, and nothing changes.
				other.fail("match.play", map[string]any{"table": id, "seat": int(1 - seat), "move": local.randomMove(r, seat)})
				// Nobody may play a seat they do not hold.
				other.fail("match.play", map[string]any{"table": id, "seat": int(seat), "move": local.randomMove(r, seat)})
				ack := conns[seat].ok("match.play", map[string]any{"table": id, "seat": int(seat), "move": local.randomMove(r, seat)})
				seq++
				if ack["seq"] != float64(seq) {
					t.Fatalf("ack %v, want seq %d", ack, seq)
				}
				m := waitSeq(ca, id, seq)
				waitSeq(cb, id, seq)
				local.apply(t, m)
			}
			last := waitSeq(cb, id, seq)
			if last.m["outcome"] == nil {
				t.Fatalf("last push has no outcome: %s", last.raw)
			}
			for _, c := range conns {
				ps := pushesOf(c, id)
				if len(ps) != seq {
					t.Fatalf("%s got %d pushes, want %d", c.u.name, len(ps), seq)
				}
				for i, p := range ps {
					if p.m["seq"] != float64(i+1) {
						t.Fatalf("%s push %d has seq %v", c.u.name, i, p.m["seq"])
					}
				}
			}
			cb.waitFor("table over in lobby", func(m msg) bool {
				if m.t() != "lobby.tables" {
					return false
				}
				for _, tb := range m.m["tables"].([]any) {
					tm := tb.(map[string]any)
					if tm["id"] == id && tm["status"] == "over" {
						return true
					}
				}
				return false
			})
			// The lobby's stats count the finished match for both players.
			cb.waitFor("stats in lobby", func(m msg) bool {
				return m.t() == "lobby.online" && strings.Contains(string(m.raw), `"dots":{"played":1`)
			})
		})
	})
}
