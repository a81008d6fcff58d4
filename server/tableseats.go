package server

import (
	"encoding/json"
	"strings"

	"github.com/parlor-games/parlor/game"
	"github.com/parlor-games/parlor/match"
)

// checkRole refuses a character the game does not have, or one that a
// seat among others has already chosen.
func checkRole(def *game.Definition, others []seat, role string) error {
	if def.Roles == nil {
		return badRequest("%s has no characters to choose", def.Title)
	}
	r, ok := def.Roles.Role(role)
	if !ok {
		keys := make([]string, len(def.Roles.Choices))
		for i, c := range def.Roles.Choices {
			keys[i] = c.Key
		}
		return badRequest("%q is not a character of %s: choose one of %s", role, def.Title, strings.Join(keys, ", "))
	}
	for _, o := range others {
		if o.Role == role {
			who := o.Name
			if who == "" {
				who = "another seat"
			}
			return conflict("%s is already taken by %s", r.Name, who)
		}
	}
	return nil
}

// othersThan lists the seats but seat i.
func othersThan(seats []seat, i int) []seat {
	out := make([]seat, 0, len(seats))
	out = append(out, seats[:i]...)
	return append(out, seats[i+1:]...)
}

// assignRolesLocked gives every seat without a character the first free
// one, in the game's order, and hands the list to the game's option. A
// table whose creator set that option directly keeps it when no seat
// chose. Callers hold t.mu.
func (t *table) assignRolesLocked() error {
	rs := t.def.Roles
	if rs == nil {
		return nil
	}
	chosen := false
	for _, st := range t.seats {
		chosen = chosen || st.Role != ""
	}
	var opts map[string]json.RawMessage
	if err := json.Unmarshal(t.options, &opts); err != nil || opts == nil {
		opts = map[string]json.RawMessage{}
	}
	if _, set := opts[rs.Option]; set && !chosen {
		return nil
	}
	taken := map[string]bool{}
	for _, st := range t.seats {
		taken[st.Role] = true
	}
	for i := range t.seats {
		for _, c := range rs.Choices {
			if t.seats[i].Role != "" {
				break
			}
			if !taken[c.Key] {
				t.seats[i].Role, taken[c.Key] = c.Key, true
			}
		}
		if t.seats[i].Role == "" {
			return badRequest("%s has more seats than characters", t.def.Title)
		}
	}
	roles := make([]string, len(t.seats))
	for i, st := range t.seats {
		roles[i] = st.Role
	}
	opts[rs.Option], _ = json.Marshal(roles)
	b, err := json.Marshal(opts)
	if err != nil {
		return err
	}
	t.options = b
	return nil
}

type tableSeatReq struct {
	envelope
	tableRef
	Seat *int `json:"seat"`
}

// tableSitReq is table.sit: a seat and, in a game with characters, the
// one chosen.
type tableSitReq struct {
	envelope
	tableRef
	Seat *int   `json:"seat"`
	Role string `json:"role"`
}

func handleTableSit(c *conn, data []byte) (any, error) {
	var req tableSitReq
	t, err := c.decodeForTable(data, &req)
	if err != nil {
		return nil, err
	}
	if req.Seat == nil {
		return nil, badRequest("table.sit needs seat")
	}
	return t.editSeat(c, *req.Seat, "seats can only be taken before the start", func(i int) error {
		if t.seats[i].Kind != match.Open {
			return conflict("seat %d is not open", i)
		}
		if req.Role != "" {
			if err := checkRole(t.def, othersThan(t.seats, i), req.Role); err != nil {
				return err
			}
		}
		t.seats[i] = seat{Kind: match.Human, UserID: c.user.ID, Name: c.user.Name, Role: req.Role}
		return nil
	})
}

func handleTableStand(c *conn, data []byte) (any, error) {
	var req tableSeatReq
	t, err := c.decodeForTable(data, &req)
	if err != nil {
		return nil, err
	}
	if req.Seat == nil {
		return nil, badRequest("table.stand needs seat")
	}
	return t.editSeat(c, *req.Seat, "seats can only be left before the start; resign instead", func(i int) error {
		if err := t.mayEditLocked(i, c.user.ID); err != nil {
			return err
		}
		t.seats[i] = seat{Kind: match.Open}
		return nil
	})
}

// editSeat changes seat i of a table that has not started: change runs
// under the table's lock, and the table is stored and announced after
// it. whenStarted is the refusal once the match has begun.
func (t *table) editSeat(c *conn, i int, whenStarted string, change func(i int) error) (any, error) {
	t.mu.Lock()
	err := func() error {
		if t.status != statusOpen {
			return conflict("%s", whenStarted)
		}
		if i < 0 || i >= len(t.seats) {
			return badRequest("no seat %d at this table", i)
		}
		if err := change(i); err != nil {
			return err
		}
		return t.persist(c.h.s.ctx)
	}()
	t.mu.Unlock()
	if err != nil {
		return nil, err
	}
	c.h.s.tables.changed(t)
	return map[string]any{"table": t.json(c.user.ID)}, nil
}

// mayEditLocked refuses a change to seat i by someone who neither holds
// it nor, for a bot's seat, created the table. Callers hold t.mu.
func (t *table) mayEditLocked(i int, userID int64) error {
	st := t.seats[i]
	if !(st.Kind == match.Human && st.UserID == userID) && !(st.Kind == match.Bot && t.creator == userID) {
		return forbidden("you do not hold seat %d", i)
	}
	return nil
}

// tableRoleReq is table.role: the character of a seat one holds, or ""
// to choose none (the start then gives the first free one).
type tableRoleReq struct {
	envelope
	tableRef
	Seat *int    `json:"seat"`
	Role *string `json:"role"`
}

// handleTableRole changes the character of a seat before the start
// (a game of characters: one not already selected). The
// creator may also choose for a bot's seat.
func handleTableRole(c *conn, data []byte) (any, error) {
	var req tableRoleReq
	t, err := c.decodeForTable(data, &req)
	if err != nil {
		return nil, err
	}
	if req.Seat == nil || req.Role == nil {
		return nil, badRequest("table.role needs seat and role")
	}
	return t.editSeat(c, *req.Seat, "characters can only be chosen before the start", func(i int) error {
		if err := t.mayEditLocked(i, c.user.ID); err != nil {
			return err
		}
		if *req.Role != "" {
			if err := checkRole(t.def, othersThan(t.seats, i), *req.Role); err != nil {
				return err
			}
		}
		t.seats[i].Role = *req.Role
		return nil
	})
}
