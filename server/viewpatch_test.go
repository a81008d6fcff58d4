package server

import (
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
