package client

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strconv"
)

// ApplyViewPatch returns view with patch applied: a push's viewPatches
// entry of a table watched with patches (Watch.Patches, protocol v5)
// turns the view held from the snapshot or the previous push into the
// new one. The view and the patch are JSON; so is the result. An error
// means the patch does not fit the view held: watch the table afresh.
func ApplyViewPatch(view, patch json.RawMessage) (json.RawMessage, error) {
	p, err := decodeTree(patch)
	if err != nil {
		return nil, err
	}
	var v any
	if len(bytes.TrimSpace(view)) > 0 {
		if v, err = decodeTree(view); err != nil {
			return nil, err
		}
	}
	out, err := applyTree(v, p)
	if err != nil {
		return nil, err
	}
	return json.Marshal(out)
}

func decodeTree(raw json.RawMessage) (any, error) {
	d := json.NewDecoder(bytes.NewReader(raw))
	d.UseNumber()
	var v any
	err := d.Decode(&v)
	return v, err
}

// applyTree applies one patch, of the three forms docs/protocol.md
// gives: {"=": value}, {"o": {key: patch}, "d": [key]} for an object,
// {"a": {"index": patch}, "n": length} for an array.
func applyTree(v, patch any) (any, error) {
	p, ok := patch.(map[string]any)
	if !ok {
		return nil, fmt.Errorf("a view patch must be an object, not %T", patch)
	}
	if w, ok := p["="]; ok {
		return w, nil
	}
	if o, ok := p["o"].(map[string]any); ok {
		m, ok := v.(map[string]any)
		if !ok {
			return nil, fmt.Errorf("an object's patch for a %T", v)
		}
		gone, _ := p["d"].([]any)
		for _, k := range gone {
			if k, ok := k.(string); ok {
				delete(m, k)
			}
		}
		for k, sub := range o {
			next, err := applyTree(m[k], sub)
			if err != nil {
				return nil, fmt.Errorf("%s: %w", k, err)
			}
			m[k] = next
		}
		return m, nil
	}
	if a, ok := p["a"].(map[string]any); ok {
		list, ok := v.([]any)
		if !ok {
			return nil, fmt.Errorf("an array's patch for a %T", v)
		}
		n, err := strconv.Atoi(fmt.Sprint(p["n"]))
		if err != nil || n < 0 {
			return nil, fmt.Errorf("an array's patch with length %v", p["n"])
		}
		out := make([]any, n)
		copy(out, list)
		for k, sub := range a {
			i, err := strconv.Atoi(k)
			if err != nil || i < 0 || i >= n {
				return nil, fmt.Errorf("an array's patch for item %q of %d", k, n)
			}
			if out[i], err = applyTree(out[i], sub); err != nil {
				return nil, fmt.Errorf("[%d]: %w", i, err)
			}
		}
		return out, nil
	}
	return nil, fmt.Errorf("a view patch of no known form: %v", patch)
}
