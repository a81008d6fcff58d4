package game

import (
	"bytes"
	"encoding/json"
	"fmt"
	"reflect"
	"strings"
)

// DecodeOptions reads a game's options from a JSON object into dst, which
// already holds the defaults. Missing fields keep their defaults; unknown
// fields and wrong types are refused with an error that names the field.
func DecodeOptions(raw json.RawMessage, dst any) error {
	raw = bytes.TrimSpace(raw)
	if len(raw) == 0 || bytes.Equal(raw, []byte("null")) {
		return nil
	}
	if raw[0] != '{' {
		return fmt.Errorf("options must be a JSON object")
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.DisallowUnknownFields()
	if err := dec.Decode(dst); err != nil {
		var te *json.UnmarshalTypeError
		switch {
		case asType(err, &te):
			return fmt.Errorf("option %q must be %s", te.Field, JSONKind(te.Type))
		case strings.HasPrefix(err.Error(), "json: unknown field "):
			return fmt.Errorf("unknown option %s", strings.TrimPrefix(err.Error(), "json: unknown field "))
		default:
			return JSONError(err, "the options object")
		}
	}
	if dec.More() {
		return fmt.Errorf("options: trailing data after the object")
	}
	return nil
}

func asType(err error, te **json.UnmarshalTypeError) bool {
	t, ok := err.(*json.UnmarshalTypeError)
	if ok {
		*te = t
	}
	return ok
}

// JSONKind names the JSON value a Go type expects, as a person writing
// JSON would, so that errors read "must be an integer" rather than "must
// be a int". The server uses it for its messages too.
func JSONKind(t reflect.Type) string {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	switch t.Kind() {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return "an integer"
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return "an integer from 0 up"
	case reflect.Float32, reflect.Float64:
		return "a number"
	case reflect.Bool:
		return "true or false"
	case reflect.String:
		return "a string"
	case reflect.Slice, reflect.Array:
		return "a list"
	case reflect.Map, reflect.Struct:
		return "an object"
	}
	// Never the Go type's name: a player reading the sentence writes JSON.
	return "a value of another kind"
}
