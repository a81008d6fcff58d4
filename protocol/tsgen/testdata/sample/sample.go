package sample

import (
	"encoding/json"
	"time"
)

// Color is a sample enumeration.
type Color string

const (
	Red  Color = "red"
	Blue Color = "blue"
)

// Thing is a sample of every field form.
type Thing struct {
	Name   string          `json:"name"`
	Color  Color           `json:"color,omitempty"`
	Parts  []int           `json:"parts"`
	Always []int           `json:"always" ts:"nonnull"`
	Next   *Thing          `json:"next"`
	Data   json.RawMessage `json:"data"`
	At     time.Time       `json:"at,omitzero"`
	By     map[string]bool `json:"by,omitempty"`
	secret int
	Server int `json:"-"`
}
