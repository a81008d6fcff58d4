package main

import (
	"strings"
	"testing"
	"time"
)

// ownLine is the player's own row of the captains' list under the sea,
// marked "(you)": its port, square, facing and moves. Which port a seat
// gets is dealt with the game, so it is found by the mark, not by name.
func ownLine(screen string) string {
	for _, l := range strings.Split(screen, "\n") {
		if strings.HasSuffix(strings.TrimSpace(l), "(you)") {
			return strings.TrimSpace(l)
		}
	}
	return ""
}

// TestPlayBuccaneerSailsAndFaces: a terminal player takes a ship against
// three bots, and on each of two turns sails by the keys alone: Tab puts
// the cursor on a square marked + (FR11's legal squares), Enter sails
// there, and the facing is chosen from the menu, which offers only legal
// facings. The player's own row under the sea shows each voyage, and the
// bots play their turns in between. (The test once watched London's row,
// taking London for the player's port; the player may be dealt another,
// and then a bot's London that stayed in port failed the test.)
func TestPlayBuccaneerSailsAndFaces(t *testing.T) {
	p := startServe(t, t.TempDir())
	ann := startTerm(t, "ann", "play", "-addr", p.base, "-name", "Ann")
	ann.waitFor("Ann (guest)  connected")
	ann.newTable("Buccaneer", "bot, easy", "bot, easy", "bot, easy")
	faced := 0
	for turn := 1; turn <= 2; turn++ {
		s := ann.waitFor("squares are marked +")
		before := ownLine(s)
		if before == "" {
			t.Fatalf("turn %d: no captain's row is marked (you):\n%s", turn, s)
		}
		ann.keys("Tab", "Enter")
		deadline := time.Now().Add(serveWait)
		for {
			s = ann.screen()
			if strings.Contains(s, "Which way should your ship face?") {
				if turn == 1 {
					ann.keep("facing-menu")
				}
				ann.keys("1")
				faced++
				break
			}
			if ownLine(s) != before && !strings.Contains(s, "squares are marked +") {
				break // a voyage that ended the turn by itself (into a port, say)
			}
			if time.Now().After(deadline) {
				t.Fatalf("turn %d: Tab and Enter did not sail the ship (%q):\n%s", turn, before, s)
			}
			time.Sleep(50 * time.Millisecond)
		}
		// The menu closes as soon as its key is read. One that is there
		// again a second later is a new question: a chance card drawn on
		// the voyage (a gale to Cliff Creek, say) moved the ship, and its
		// facing is asked again.
		for shown := time.Now(); strings.Contains(ann.screen(), "Which way should your ship face?"); {
			if time.Now().After(deadline) {
				t.Fatalf("turn %d: the facing menu stays:\n%s", turn, ann.screen())
			}
			if time.Since(shown) > time.Second {
				ann.keys("1")
				shown = time.Now()
			}
			time.Sleep(50 * time.Millisecond)
		}
		// The menu closes as soon as the key is read; the ship's row changes
		// when the server's push of the voyage arrives, a moment later.
		for ownLine(ann.screen()) == before {
			if time.Now().After(deadline) {
				t.Fatalf("turn %d: the ship did not move: %q\n%s", turn, before, ann.screen())
			}
			time.Sleep(50 * time.Millisecond)
		}
	}
	if faced == 0 {
		t.Fatal("the facing menu never came")
	}
	ann.keep("after-two-turns")
}
