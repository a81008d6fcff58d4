package server

import (
	"bytes"
	"encoding/json"
	"reflect"
	"strconv"
	"testing"

	"pgregory.net/rapid"

	pclient "github.com/parlor-games/parlor/client"
	"github.com/parlor-games/parlor/game"
	"github.com/parlor-games/parlor/games"
)

// jsonValue draws a JSON value of up to depth levels, with few distinct
// keys and short arrays so that two draws share much and differ a little.
func jsonValue(depth int) *rapid.Generator[any] {
	return rapid.Custom(func(t *rapid.T) any {
		kind := rapid.IntRange(0, 5).Draw(t, "kind")
		if depth == 0 && kind >= 4 {
			kind = 0
		}
		switch kind {
		case 0:
			return json.Number(strconv.Itoa(rapid.IntRange(-2, 2).Draw(t, "n")))
		case 1:
			// Strings that a splitter of JSON could trip on.
			return rapid.SampledFrom([]string{"", "tree", "village", `a"b`, `x\y`, "{[,]}:", "é <&>", "\n"}).Draw(t, "s")
		case 2:
			return rapid.Bool().Draw(t, "b")
		case 3:
			return nil
		case 4:
			m := map[string]any{}
			for _, k := range []string{"a", "b", `c"d`, "e\\f"} {
				if rapid.Bool().Draw(t, "has "+k) {
					m[k] = jsonValue(depth-1).Draw(t, k)
				}
			}
			return m
		default:
			return rapid.SliceOfN(jsonValue(depth-1), 0, 4).Draw(t, "items")
		}
	})
}

// TestViewPatchTurnsOneViewIntoTheNext: for any two JSON values a and b,
// the patch from a to b, sent as JSON and applied to a by package client
// (as a Go program uses it), gives b; equal values give no patch.
func TestViewPatchTurnsOneViewIntoTheNext(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		aj, _ := json.Marshal(jsonValue(3).Draw(t, "a"))
		bj, _ := json.Marshal(jsonValue(3).Draw(t, "b"))
		if _, changed := viewPatch(aj, append([]byte(nil), aj...)); changed {
			t.Fatalf("%s and its copy gave a patch", aj)
		}
		p, changed := viewPatch(aj, bj)
		if !changed {
			if string(aj) != string(bj) {
				t.Fatalf("no patch from %s to %s", aj, bj)
			}
			return
		}
		pj, _ := json.Marshal(p)
		got, err := pclient.ApplyViewPatch(aj, pj)
		if err != nil {
			t.Fatalf("patch %s does not apply to %s: %v", pj, aj, err)
		}
		var gotV, wantV any
		json.Unmarshal(got, &gotV)
		json.Unmarshal(bj, &wantV)
		if !reflect.DeepEqual(gotV, wantV) {
			t.Fatalf("patch %s applied to %s gave %s, want %s", pj, aj, got, bj)
		}
	})
}

// BenchmarkViewPatchWarfare is a watch's cost of one Medieval Warfare
// move with patches: the patch from the view of the island sent before
// (2 seats, the default random island) to the new one, and its encoding;
// the whole view's bytes are what a watch without patches sends instead.
func BenchmarkViewPatchWarfare(b *testing.B) {
	def, err := games.Registry().Lookup("warfare")
	if err != nil {
		b.Fatal(err)
	}
	st, err := def.New(nil, game.NewRand(3))
	if err != nil {
		b.Fatal(err)
	}
	before, _ := json.Marshal(st.View(0))
	seat := st.Turn()[0]
	if _, err := st.Apply(seat, st.Legal(seat)[0]); err != nil {
		b.Fatal(err)
	}
	after, _ := json.Marshal(st.View(0))
	var size int
	for b.Loop() {
		p, _ := viewPatch(before, after)
		size = len(mustJSON(p))
	}
	b.ReportMetric(float64(size), "patch-bytes")
	b.ReportMetric(float64(len(after)), "view-bytes")
}

// BenchmarkKeepBoard compares the two ways a client could keep a board in
// step with a match, over a whole random game of each of the two games
// the web client once kept from events (docs/protocol.md, Keeping the
// board). "events" is the server's part when a client turns the move's
// events into the next view with its own copy of the game's rules: apply
// the move and write the events a seat sees. "patches" adds what a patch
// costs: the seat's view, written, and its patch from the view before.
// Both report, per move and per watching seat, the time and the bytes
// sent for the board (the events, or the patch).
func BenchmarkKeepBoard(b *testing.B) {
	for _, g := range []struct{ name, options string }{
		{"dots", `{"rows":8,"cols":8}`},
		{"battleship", `{}`},
	} {
		def, err := games.Registry().Lookup(g.name)
		if err != nil {
			b.Fatal(err)
		}
		// One random game, played once to learn its moves.
		st, err := def.New(json.RawMessage(g.options), game.NewRand(7))
		if err != nil {
			b.Fatal(err)
		}
		pick := game.NewRand(8)
		var seats []game.Seat
		var moves []game.Move
		for st.Outcome() == nil && len(st.Turn()) > 0 {
			seat := st.Turn()[0]
			legal := st.Legal(seat)
			m := legal[pick.IntN(len(legal))]
			if _, err := st.Apply(seat, m); err != nil {
				b.Fatal(err)
			}
			seats, moves = append(seats, seat), append(moves, m)
		}
		for _, patches := range []bool{false, true} {
			mode := "events"
			if patches {
				mode = "patches"
			}
			b.Run(g.name+"/"+mode, func(b *testing.B) {
				var sent int
				for b.Loop() {
					st, _ := def.New(json.RawMessage(g.options), game.NewRand(7))
					held, _ := json.Marshal(st.View(0))
					sent = 0
					for i, m := range moves {
						events, err := st.Apply(seats[i], m)
						if err != nil {
							b.Fatal(err)
						}
						if !patches {
							var seen []game.Event
							for _, e := range events {
								if e.VisibleTo(0) {
									seen = append(seen, e)
								}
							}
							sent += len(mustJSON(seen))
							continue
						}
						next, _ := json.Marshal(st.View(0))
						sent += len(encodePatch(held, next))
						held = next
					}
				}
				b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(moves)), "ns/move")
				b.ReportMetric(float64(sent)/float64(len(moves)), "B/move")
				b.ReportMetric(0, "ns/op")
			})
		}
	}
}

// TestViewPatchSplicesALineIntoDots: Dots and Boxes lists drawn lines in
// board order, so a line drawn near the start moves every line after it.
// The patch puts the one line in (a splice) rather than naming every
// moved line, and the client's view follows it exactly.
func TestViewPatchSplicesALineIntoDots(t *testing.T) {
	def, err := games.Registry().Lookup("dots")
	if err != nil {
		t.Fatal(err)
	}
	st, err := def.New(json.RawMessage(`{"rows":8,"cols":8}`), game.NewRand(1))
	if err != nil {
		t.Fatal(err)
	}
	// Draw lines from the end of the board first, so that later lines
	// go in before them.
	for range 40 {
		seat := st.Turn()[0]
		legal := st.Legal(seat)
		if _, err := st.Apply(seat, legal[len(legal)-1]); err != nil {
			t.Fatal(err)
		}
	}
	before, _ := json.Marshal(st.View(0))
	seat := st.Turn()[0]
	if _, err := st.Apply(seat, st.Legal(seat)[0]); err != nil {
		t.Fatal(err)
	}
	after, _ := json.Marshal(st.View(0))
	p := encodePatch(before, after)
	if !bytes.Contains(p, []byte(`"s":[`)) {
		t.Errorf("the patch for a line put in near the start is no splice: %s", p)
	}
	if len(p)*8 > len(after) {
		t.Errorf("the patch is %d bytes for a view of %d: %s", len(p), len(after), p)
	}
	got, err := pclient.ApplyViewPatch(before, p)
	if err != nil {
		t.Fatal(err)
	}
	var gotV, wantV any
	json.Unmarshal(got, &gotV)
	json.Unmarshal(after, &wantV)
	if !reflect.DeepEqual(gotV, wantV) {
		t.Fatalf("the patched view is %s, want %s", got, after)
	}
}
