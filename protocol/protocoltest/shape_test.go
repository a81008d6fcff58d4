package protocoltest

import (
	"encoding/json"
	"testing"
)

// recorder keeps the failures SameShape reports instead of failing.
type recorder struct {
	testing.TB
	errs int
}

func (r *recorder) Helper()               {}
func (r *recorder) Errorf(string, ...any) { r.errs++ }

// TestSameShapeSeesEachDifference: a member missing on either side, one
// optional on one side only and a value of another kind are each
// reported; another name for the same kind of value, and anything
// against a json.RawMessage, are not.
func TestSameShapeSeesEachDifference(t *testing.T) {
	type seat int
	type wire struct {
		Seat  int             `json:"seat"`
		Name  string          `json:"name,omitempty"`
		Data  json.RawMessage `json:"data"`
		Turns []int           `json:"turns"`
	}
	type same struct {
		Seat  seat     `json:"seat"`
		Name  string   `json:"name,omitempty"`
		Data  []string `json:"data"`
		Turns []seat   `json:"turns"`
		hide  int
	}
	r := &recorder{TB: t}
	SameShape(r, same{}, wire{})
	if r.errs != 0 {
		t.Fatalf("%d differences reported between the same shapes", r.errs)
	}
	type differs struct {
		Seat  string `json:"seat"`  // another kind
		Name  string `json:"name"`  // not optional
		Turns []int  `json:"turns"` // data missing
		Extra bool   `json:"extra"` // not declared
	}
	r = &recorder{TB: t}
	SameShape(r, differs{}, wire{})
	if r.errs != 4 {
		t.Fatalf("%d differences reported, want 4", r.errs)
	}
}
