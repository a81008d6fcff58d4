// Package protocoltest checks that a type a package writes to the wire
// has the JSON shape package protocol declares for it: the same members,
// each as optional and of the same kind of value. The server declares
// some values again with its own types (a seat's number, a policy's
// action); until they are aliases of package protocol's, this is what
// keeps the two in step.
package protocoltest

import (
	"encoding/json"
	"fmt"
	"reflect"
	"strings"
	"testing"
	"time"
)

// SameShape fails tb when a value of type of got would not be written
// the way package protocol's type of want says: a member one has and the
// other lacks, a member optional in one only, or a value of another
// kind. An interface value (any) or a json.RawMessage on either side may
// hold anything.
func SameShape(tb testing.TB, got, want any) {
	tb.Helper()
	var diffs []string
	compare(reflect.TypeOf(got), reflect.TypeOf(want), reflect.TypeOf(got).String(), map[[2]reflect.Type]bool{}, &diffs)
	for _, d := range diffs {
		tb.Errorf("%s (against %T)", d, want)
	}
}

var (
	rawType  = reflect.TypeFor[json.RawMessage]()
	timeType = reflect.TypeFor[time.Time]()
)

// member is one member of a JSON object.
type member struct {
	typ      reflect.Type
	optional bool
}

func compare(a, b reflect.Type, path string, seen map[[2]reflect.Type]bool, diffs *[]string) {
	if a.Kind() == reflect.Interface || b.Kind() == reflect.Interface || a == rawType || b == rawType {
		return
	}
	if seen[[2]reflect.Type{a, b}] {
		return
	}
	seen[[2]reflect.Type{a, b}] = true
	if (a == timeType) != (b == timeType) {
		*diffs = append(*diffs, fmt.Sprintf("%s: %s against %s", path, a, b))
		return
	}
	if a == timeType {
		return
	}
	ka, kb := kind(a), kind(b)
	if ka != kb {
		*diffs = append(*diffs, fmt.Sprintf("%s: a %s against a %s", path, ka, kb))
		return
	}
	switch ka {
	case "pointer", "list":
		compare(a.Elem(), b.Elem(), path+"[]", seen, diffs)
	case "map":
		compare(a.Elem(), b.Elem(), path+"{}", seen, diffs)
	case "object":
		ma, mb := members(a), members(b)
		for name, x := range ma {
			y, ok := mb[name]
			if !ok {
				*diffs = append(*diffs, fmt.Sprintf("%s.%s is written but not declared", path, name))
				continue
			}
			if x.optional != y.optional {
				*diffs = append(*diffs, fmt.Sprintf("%s.%s: optional %v against %v", path, name, x.optional, y.optional))
			}
			compare(x.typ, y.typ, path+"."+name, seen, diffs)
		}
		for name := range mb {
			if _, ok := ma[name]; !ok {
				*diffs = append(*diffs, fmt.Sprintf("%s.%s is declared but not written", path, name))
			}
		}
	}
}

// kind is what a Go type is in JSON.
func kind(t reflect.Type) string {
	switch t.Kind() {
	case reflect.String:
		return "string"
	case reflect.Bool:
		return "boolean"
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64,
		reflect.Float32, reflect.Float64:
		return "number"
	case reflect.Pointer:
		return "pointer"
	case reflect.Slice, reflect.Array:
		return "list"
	case reflect.Map:
		return "map"
	case reflect.Struct:
		return "object"
	}
	return t.Kind().String()
}

// members lists the members encoding/json writes for struct t, those of
// embedded structs without a name of their own included.
func members(t reflect.Type) map[string]member {
	out := map[string]member{}
	for f := range t.Fields() {
		tag := f.Tag.Get("json")
		name, opts, _ := strings.Cut(tag, ",")
		if name == "-" {
			continue
		}
		if f.Anonymous && name == "" && f.Type.Kind() == reflect.Struct {
			for k, v := range members(f.Type) {
				out[k] = v
			}
			continue
		}
		if !f.IsExported() {
			continue
		}
		if name == "" {
			name = f.Name
		}
		optional := strings.Contains(","+opts+",", ",omitempty,") || strings.Contains(","+opts+",", ",omitzero,")
		out[name] = member{typ: f.Type, optional: optional}
	}
	return out
}
