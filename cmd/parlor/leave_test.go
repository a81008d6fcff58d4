package main

import (
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"
)

// awayClock finds "<name> is away: a bot plays for them in m:ss" on a
// screen and returns the seconds left, or -1.
func awayClock(screen, name string) int {
	m := regexp.MustCompile(regexp.QuoteMeta(name) + ` is away: a bot plays for them in (\d+):(\d\d)`).FindStringSubmatch(screen)
	if m == nil {
		return -1
	}
	mm, _ := strconv.Atoi(m[1])
	ss, _ := strconv.Atoi(m[2])
	return mm*60 + ss
}

// TestPlayLeavingCountdownAndPrompt (issue 21) in two terminals: Ann makes
// a Dots table whose policy she chooses in the new-table form (wait 2
// min, then a bot plays); Bob's lobby shows it in words. During the game
// Bob's q first says what will happen to his seat; n keeps him there, y
// leaves, and his lobby leads back to the table with his seat's wait.
// Ann reads his countdown twice and sees it fall. Bob comes back and
// reads that his seat was kept, and Ann's countdown goes.
func TestPlayLeavingCountdownAndPrompt(t *testing.T) {
	p := startServe(t, t.TempDir())
	ann := startTerm(t, "ann", "play", "-addr", p.base, "-name", "Ann")
	bob := startTerm(t, "bob", "play", "-addr", p.base, "-name", "Bob")
	ann.waitFor("Ann (guest)  connected")
	bob.waitFor("Bob (guest)  connected")

	ann.dotsForm(3)
	ann.pressUntil("Down", "> If a player leaves", 8)
	ann.pressUntil("Right", "< wait 2 min >", 8)
	ann.keys("Down")
	ann.pressUntil("Right", "< a bot plays for them >", 8)
	ann.keep("form")
	ann.keys("Enter")
	ann.waitFor("Waiting for players")

	const words = "If a player leaves: waits 2 min, then a bot plays for them"
	bob.waitFor("Ann, (open)")
	bob.waitFor(words)
	bob.keep("lobby")
	bob.keys("Enter")
	bob.waitFor("Waiting for players")
	ann.waitFor("2 Bob")
	ann.keys("g")
	ann.waitFor("Your move")
	ann.waitFor(words)
	ann.keys(":", "=a1-b1", "Enter")
	bob.waitFor("Your move")

	// q asks first, with what will happen to the seat; n stays.
	const warning = "If you leave, your seat waits 2 min for you; then a bot plays for you until you come back."
	bob.keys("q")
	bob.waitFor(warning)
	bob.waitFor("Really leave the table? y / n")
	bob.keep("prompt")
	bob.keys("n")
	bob.waitFor("not done")
	if s := bob.screen(); !strings.Contains(s, "Your move") {
		t.Fatalf("Bob said n but left the table:\n%s", s)
	}
	bob.keys("q")
	bob.waitFor("Really leave the table?")
	bob.keys("y")
	bob.waitFor("Tables (")
	// Bob's lobby leads back to his table: first, chosen, with his
	// seat's wait counted down under it and Enter named for it.
	bob.waitFor("Your seat waits for you: a bot plays it in ")
	bob.waitFor("Enter return")
	bob.keep("lobby-return")

	// Ann reads the countdown twice and sees it fall.
	first := ann.waitFor("Bob is away: a bot plays for them in ")
	s1 := awayClock(first, "Bob")
	if s1 < 1 || s1 > 120 {
		t.Fatalf("the countdown starts at %d s:\n%s", s1, first)
	}
	ann.keep("countdown")
	// The wait is bounded by the helpers' deadline for what should come
	// soon, not a timing threshold.
	var second string
	deadline := time.Now().Add(serveWait)
	for second = ann.screen(); awayClock(second, "Bob") >= s1 || awayClock(second, "Bob") < 0; second = ann.screen() {
		if time.Now().After(deadline) {
			t.Fatalf("the countdown stays at %d s or goes:\n%s", s1, second)
		}
		time.Sleep(100 * time.Millisecond)
	}
	if s2 := awayClock(second, "Bob"); s2 >= s1 {
		t.Fatalf("the countdown did not fall: %d then %d", s1, s2)
	}

	// Bob comes back: his seat was kept, and the countdown goes.
	bob.keys("Enter")
	bob.waitFor("Your seat was kept for you")
	bob.keep("kept")
	ann.waitFor(words)
	if s := ann.screen(); strings.Contains(s, "Bob is away") {
		t.Fatalf("the countdown stays after Bob came back:\n%s", s)
	}
}
