package gametest

import (
	"encoding/json"
	"fmt"

	"github.com/parlor-games/parlor/game"
)

func where(l game.Log) string {
	j, _ := json.Marshal(l)
	return fmt.Sprintf("in %s with options %s, seed %d, after %d moves; the log:\n%s", l.Game, optionsText(l.Options), l.Seed, len(l.Moves), j)
}

func optionsText(o json.RawMessage) string {
	if len(o) == 0 {
		return "{} (the defaults)"
	}
	return string(o)
}

func seatName(s game.Seat) string {
	if s == game.Spectator {
		return "the spectator"
	}
	return fmt.Sprintf("seat %d", s)
}

func jsonText(v any) string {
	j, err := json.Marshal(v)
	if err != nil {
		return fmt.Sprintf("<does not marshal: %v>", err)
	}
	return string(j)
}

// sent is an event with its audience, for comparing events.
type sent struct {
	game.Event
	To []game.Seat `json:"to"`
}

func eventsText(evs []game.Event) string {
	out := make([]sent, len(evs))
	for i, e := range evs {
		out[i] = sent{e, e.To}
	}
	return jsonText(out)
}

// visibleText is the events who may see, as JSON.
func visibleText(evs []game.Event, who game.Seat) string {
	var out []game.Event
	for _, e := range evs {
		if e.VisibleTo(who) {
			out = append(out, e)
		}
	}
	return jsonText(out)
}

// difference shows where two texts part, with a little context.
func difference(a, b string) string {
	i := 0
	for i < len(a) && i < len(b) && a[i] == b[i] {
		i++
	}
	from := max(0, i-40)
	part := func(s string) string {
		to := min(len(s), i+60)
		out := s[from:to]
		if from > 0 {
			out = "…" + out
		}
		if to < len(s) {
			out += "…"
		}
		return out
	}
	return fmt.Sprintf("\n\t%s\nbecame\n\t%s", part(a), part(b))
}

// errText is err for a message, or nothing.
func errText(err error) string {
	if err == nil {
		return ""
	}
	return fmt.Sprintf(" (%v)", err)
}

// clip shortens text for a message.
func clip(s string) string {
	if len(s) > 40 {
		return s[:40] + "…"
	}
	return s
}
