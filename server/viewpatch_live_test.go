package server_test

import (
	"encoding/json"
	"reflect"
	"testing"

	pclient "github.com/parlor-games/parlor/client"
)

// TestWatchWithPatches (protocol v5): a spectator who watches with
// patches holds, from the snapshot and the pushes' patches alone, the
// same views at the end of a match as one who is sent the views whole,
// and the same as a fresh snapshot; it is sent a small part of the bytes.
// Medieval Warfare (views of 300 hexes) and Clue-Less (three seats) are
// played by bots to their end.
func TestWatchWithPatches(t *testing.T) {
	cases := []struct {
		game    string
		options map[string]any
		seats   int
		smaller int // at least this many times fewer bytes with patches
	}{
		{"warfare", map[string]any{"players": 2, "rounds": 4, "seed": 7}, 2, 10},
		{"clue", map[string]any{"players": 3}, 3, 2},
	}
	for _, tc := range cases {
		t.Run(tc.game, func(t *testing.T) {
			e := newEnv(t)
			host := e.guest("Host").dial()
			// Bots play every seat but the host's last one; the host never
			// watches, so after a second's grace a bot takes that seat too
			// and the match is played to its end, while the spectators
			// follow it from the start.
			seats := make([]any, tc.seats)
			for i := range seats {
				seats[i] = map[string]any{"kind": "bot", "level": "easy"}
			}
			seats[tc.seats-1] = map[string]any{"kind": "me"}
			policy := map[string]any{"grace": 1, "onGone": "bot"}
			id := tableID(host.ok("table.create", map[string]any{"game": tc.game, "options": tc.options, "seats": seats, "policy": policy}))
			// Ann and Bea follow with patches (sharing them where they
			// held the same views), Carl gets the views whole.
			ann, bea, carl := e.guest("Ann").dial(), e.guest("Bea").dial(), e.guest("Carl").dial()
			annReply := ann.call("table.watch", map[string]any{"table": id, "patches": true})
			beaReply := bea.call("table.watch", map[string]any{"table": id, "patches": true})
			carl.ok("table.watch", map[string]any{"table": id})
			end := carl.waitFor("the end", func(m msg) bool { return m.t() == "match" && m.m["table"] == id && m.m["outcome"] != nil })
			last := int(end.m["seq"].(float64))

			// follow gives the views a spectator with patches holds at the
			// end, from its watch's snapshot and the pushes' patches, and
			// the bytes of its pushes.
			follow := func(c *client, reply msg) (map[string]json.RawMessage, int) {
				waitSeq(c, id, last)
				var watching struct {
					Snapshot struct {
						Views map[string]json.RawMessage `json:"views"`
					} `json:"snapshot"`
				}
				if err := json.Unmarshal(reply.raw, &watching); err != nil || reply.m["ok"] != true {
					t.Fatalf("%s's watch: %v %s", c.u.name, err, reply.raw)
				}
				kept, n := watching.Snapshot.Views, 0
				for _, m := range pushesOf(c, id) {
					var u pclient.Update
					if err := json.Unmarshal(m.raw, &u); err != nil {
						t.Fatal(err)
					}
					if u.Views != nil {
						t.Fatalf("push %d to a watch with patches carries whole views", u.Seq)
					}
					for k, p := range u.ViewPatches {
						v, err := pclient.ApplyViewPatch(kept[k], p)
						if err != nil {
							t.Fatalf("%s, push %d, view %s: %v", c.u.name, u.Seq, k, err)
						}
						kept[k] = v
					}
					n += len(m.raw)
				}
				return kept, n
			}
			kept, annBytes := follow(ann, annReply)
			beaKept, _ := follow(bea, beaReply)
			whole := map[string]json.RawMessage{}
			carlBytes := 0
			for _, m := range pushesOf(carl, id) {
				var u pclient.Update
				if err := json.Unmarshal(m.raw, &u); err != nil {
					t.Fatal(err)
				}
				for k, v := range u.Views {
					whole[k] = v
				}
				carlBytes += len(m.raw)
			}
			fresh := e.guest("Dee").dial()
			snap := fresh.ok("table.watch", map[string]any{"table": id})["snapshot"].(map[string]any)["views"].(map[string]any)
			if len(kept) == 0 || len(kept) != len(whole) || len(kept) != len(snap) {
				t.Fatalf("views kept %d, sent whole %d, in a snapshot %d", len(kept), len(whole), len(snap))
			}
			for k := range whole {
				var a, a2, b any
				json.Unmarshal(kept[k], &a)
				json.Unmarshal(beaKept[k], &a2)
				json.Unmarshal(whole[k], &b)
				if !reflect.DeepEqual(a, b) || !reflect.DeepEqual(a2, b) || !reflect.DeepEqual(a, snap[k]) {
					t.Fatalf("view %s kept from patches differs from the one sent whole:\n%s\n%s\n%s", k, kept[k], beaKept[k], whole[k])
				}
			}
			if annBytes*tc.smaller > carlBytes {
				t.Fatalf("%d pushes: %d bytes with patches, %d with whole views: want %d times fewer", last, annBytes, carlBytes, tc.smaller)
			}
			t.Logf("%d pushes: %d bytes with patches, %d with whole views", last, annBytes, carlBytes)
		})
	}
}
