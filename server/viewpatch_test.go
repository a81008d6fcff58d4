package server

import (
	"encoding/json"
	"reflect"
	"strconv"
	"testing"

	"pgregory.net/rapid"

	pclient "github.com/parlor-games/parlor/client"
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
			return rapid.SampledFrom([]string{"", "tree", "village"}).Draw(t, "s")
		case 2:
			return rapid.Bool().Draw(t, "b")
		case 3:
			return nil
		case 4:
			m := map[string]any{}
			for _, k := range []string{"a", "b", "c"} {
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

// roundTrip re-reads v as a client would receive it, through JSON.
func roundTrip(t *rapid.T, v any) any {
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	out, err := decodeView(b)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// TestViewPatchTurnsOneViewIntoTheNext: for any two JSON values a and b,
// the patch from a to b, sent as JSON and applied to a, gives b; equal
// values give no patch; and an unchanged value is never sent again.
func TestViewPatchTurnsOneViewIntoTheNext(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		a, b := jsonValue(3).Draw(t, "a"), jsonValue(3).Draw(t, "b")
		if _, changed := viewPatch(a, roundTrip(t, a)); changed {
			t.Fatalf("a value and its copy gave a patch")
		}
		p, changed := viewPatch(a, b)
		if !changed {
			if !reflect.DeepEqual(roundTrip(t, a), roundTrip(t, b)) {
				t.Fatalf("no patch from %v to %v", a, b)
			}
			return
		}
		// The client's half is package client's, as a Go program uses it.
		aj, _ := json.Marshal(a)
		pj, _ := json.Marshal(p)
		got, err := pclient.ApplyViewPatch(aj, pj)
		if err != nil {
			t.Fatalf("patch %s does not apply to %s: %v", pj, aj, err)
		}
		if gotTree, err := decodeView(got); err != nil || !reflect.DeepEqual(gotTree, roundTrip(t, b)) {
			t.Fatalf("patch %s applied to %s gave %s, want %v", pj, aj, got, b)
		}
	})
}
