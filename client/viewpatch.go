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

// applyTree applies one patch, of the four forms docs/protocol.md
// gives: {"=": value}, {"o": {key: patch}, "d": [key]} for an object,
// {"a": {"index": patch}, "n": length} and {"s": [at, removed, [item]]}
// (since v10) for an array.
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
	if sp, ok := p["s"].([]any); ok {
		return applySplice(v, sp)
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

// applySplice takes removed items out of list v at index at and puts the
// patch's items there.
func applySplice(v any, sp []any) (any, error) {
	list, ok := v.([]any)
	if !ok {
		return nil, fmt.Errorf("an array's splice for a %T", v)
	}
	if len(sp) != 3 {
		return nil, fmt.Errorf("a splice of %d members, not 3", len(sp))
	}
	at, err1 := strconv.Atoi(fmt.Sprint(sp[0]))
	removed, err2 := strconv.Atoi(fmt.Sprint(sp[1]))
	items, ok := sp[2].([]any)
	if err1 != nil || err2 != nil || !ok || at < 0 || removed < 0 || at+removed > len(list) {
		return nil, fmt.Errorf("a splice %v that does not fit a list of %d", sp, len(list))
	}
	out := make([]any, 0, len(list)-removed+len(items))
	out = append(out, list[:at]...)
	out = append(out, items...)
	return append(out, list[at+removed:]...), nil
}
