package client

import (
	"context"
	"slices"
	"time"
)

// RematchState is where a rematch offer stands (since v8).
type RematchState string

// The states of a rematch offer.
const (
	RematchOpen     RematchState = "open"     // waiting for the others' answers
	RematchStarted  RematchState = "started"  // everyone accepted: Next is the new table
	RematchDeclined RematchState = "declined" // a person said no
	RematchLapsed   RematchState = "lapsed"   // it ended before everyone accepted: Lapse says why
)

// RematchLapse is why an offer lapsed (protocol v9; "" from an older
// server, whose offers lapsed only when their wait ran out).
type RematchLapse string

// Why an offer lapses.
const (
	LapseTime      RematchLapse = "time"       // the wait ran out
	LapseQuit      RematchLapse = "quit"       // Left quit the finished table
	LapseSignedOut RematchLapse = "signed-out" // Left signed out
	LapseGone      RematchLapse = "gone"       // Left had no connection and did not come back in time
	LapseStopped   RematchLapse = "stopped"    // the server holding the table stopped
)

// RematchOffer is a rematch asked for after a match with other people
// (since v8): the new table opens only once every person of the old
// match has accepted, and nobody is seated before.
type RematchOffer struct {
	// Table is the finished table the offer is about.
	Table string `json:"table"`
	Game  string `json:"game"`
	Title string `json:"title"`
	// By names the person who asked.
	By     string          `json:"by"`
	People []RematchPerson `json:"people"`
	// Until is when an open offer lapses.
	Until      time.Time    `json:"until"`
	State      RematchState `json:"state"`
	Next       string       `json:"next,omitempty"`
	DeclinedBy string       `json:"declinedBy,omitempty"`
	// Lapse says why a lapsed offer lapsed, Left who left (protocol v9).
	Lapse RematchLapse `json:"lapse,omitempty"`
	Left  string       `json:"left,omitempty"`
}

// LapseNote says, to the person called me, why the offer lapsed: who
// left and how, or that its server stopped, or that time ran out.
func (o RematchOffer) LapseNote(me string) string {
	who := o.Left
	if who == me {
		who = "you"
	}
	end := "the rematch offer of " + o.Title + " lapsed"
	switch o.Lapse {
	case LapseQuit:
		return who + " left the table: " + end
	case LapseSignedOut:
		return who + " signed out: " + end
	case LapseGone:
		return who + " went offline and did not come back in time: " + end
	case LapseStopped:
		return end + ": the server holding the table stopped; open a new table to play again"
	}
	return end + ": not everyone accepted in time"
}

// RematchPerson is one person asked, and whether they have accepted.
type RematchPerson struct {
	Name     string `json:"name"`
	Accepted bool   `json:"accepted"`
}

// AcceptedBy reports whether the person called name has said yes.
func (o RematchOffer) AcceptedBy(name string) bool {
	return slices.ContainsFunc(o.People, func(p RematchPerson) bool { return p.Name == name && p.Accepted })
}

// Waiting names the people who have not answered yet.
func (o RematchOffer) Waiting() []string {
	var out []string
	for _, p := range o.People {
		if !p.Accepted {
			out = append(out, p.Name)
		}
	}
	return out
}

// Rematch asks for a new table with the same people and bots, or accepts
// the open offer. It returns the new table once it is open (everyone has
// accepted, or the player is the only person at the table); otherwise
// Table is empty and the offer tells whom it waits for.
func (c *Conn) Rematch(ctx context.Context, table string) (Table, *RematchOffer, error) {
	var out struct {
		Table Table         `json:"table"`
		Offer *RematchOffer `json:"offer"`
	}
	err := c.Call(ctx, "match.rematch", map[string]any{"table": table}, &out)
	return out.Table, out.Offer, err
}

// DeclineRematch says no to the open rematch offer of table, which ends
// it for everyone (since v8).
func (c *Conn) DeclineRematch(ctx context.Context, table string) error {
	return c.Call(ctx, "match.rematch.decline", map[string]any{"table": table}, nil)
}

// LeaveTable says the player quits table's screen for good (table.leave,
// protocol v9): a rematch offer of the table waiting for them lapses,
// and its people are told they left. It does not unwatch the table.
func (c *Conn) LeaveTable(ctx context.Context, table string) error {
	return c.Call(ctx, "table.leave", map[string]any{"table": table}, nil)
}

// Rematch decodes a rematch push (since v8): news of an offer that
// concerns the player, wherever they are.
func (p Push) Rematch() (RematchOffer, error) {
	var out struct {
		Offer RematchOffer `json:"offer"`
	}
	err := p.decode("rematch", &out)
	return out.Offer, err
}
