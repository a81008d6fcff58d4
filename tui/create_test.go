package tui

import (
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/parlor-games/parlor/match"
	"github.com/parlor-games/parlor/server"
	"github.com/parlor-games/parlor/server/servertest"
)

// TestCreateFormTakesServerDefaults: on a server started with its own
// default Clue-Less difficulty (parlor serve -clue-difficulty easy), the
// new-table screen starts from that difficulty, and a table made without
// touching it is easy: the form does not send the game's own "medium"
// over the operator's choice (Clue-Less requirement 13).
func TestCreateFormTakesServerDefaults(t *testing.T) {
	srv := servertest.StartWith(t, servertest.Options{
		Match: match.Options{BotTime: 50 * time.Millisecond},
		Config: func(c *server.Config) {
			c.MessageRate = -1
			c.GameDefaults = map[string]json.RawMessage{"clue": json.RawMessage(`{"difficulty":"easy"}`)}
		},
	})
	ann := drive(t, srv, "Ann")
	ann.waitFor("Ann*")
	ann.newTable("Clue-Less")
	if s := ann.screen(); !strings.Contains(s, "< easy >") || strings.Contains(s, "< medium >") {
		t.Fatalf("the form does not start from the server's difficulty:\n%s", s)
	}
	ann.keys("enter")
	ann.waitFor("1 Ann")
	var opts struct{ Difficulty string }
	if err := json.Unmarshal(ann.m.table.t.Options, &opts); err != nil || opts.Difficulty != "easy" {
		t.Fatalf("the table's options are %s, want the server's easy difficulty", ann.m.table.t.Options)
	}
}

// TestCreateFormExplainsTheLimit: the new-table screen offers Medieval
// Warfare's round limit off, reading "none" (not 0), and on choosing it
// says that it is a house option and what it does.
func TestCreateFormExplainsTheLimit(t *testing.T) {
	srv := servertest.Start(t)
	ann := drive(t, srv, "Ann")
	ann.m.w, ann.m.h = 80, 24
	ann.waitFor("Ann*")
	ann.newTable("Medieval Warfare")
	for i := 0; i < 6 && !strings.Contains(ann.screen(), "> Round limit"); i++ {
		ann.keys("down")
	}
	s := ann.screen()
	var row string
	for _, l := range strings.Split(s, "\n") {
		if strings.Contains(l, "> Round limit") {
			row = l
		}
	}
	if !strings.HasSuffix(strings.TrimSpace(row), "< none >") {
		t.Fatalf("the round limit is not offered off, as none:\n%s", s)
	}
	if !strings.Contains(flat(s), "a house option, 0 (none) by default") {
		t.Fatalf("the round limit is not explained:\n%s", s)
	}
}
