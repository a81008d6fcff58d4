package main

import (
	"bytes"
	"net/http"
	"os"
	"os/exec"
	"strings"
	"testing"
)

// advanceClock moves the clocks of a server started with -test-clock on
// by d ("24h").
func advanceClock(t *testing.T, p *serveProc, d string) {
	t.Helper()
	res, err := http.Post(p.base+"/api/test/clock", "application/json", bytes.NewReader([]byte(`{"advance":"`+d+`"}`)))
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != 200 {
		t.Fatalf("moving the clock on by %s: %s", d, res.Status)
	}
}

// TestPlayMyGamesCorrespondence: in terminals of 80x24, Ann makes a Dots
// and Boxes table with two days a move, which Bob's lobby lists as such;
// after Ann's move Bob goes to his lobby, and a day later it says a game
// waits on him; l lists it with how long it has waited and its deadline,
// g takes him to it on his move, where his seat shows the deadline as a
// date and a countdown; a week's vacation taken from the list moves the
// deadline a week on; and `parlor play -my-games` prints the list and
// exits, for a shell prompt.
func TestPlayMyGamesCorrespondence(t *testing.T) {
	p := startServe(t, t.TempDir(), "-test-clock")
	ann := startTermSize(t, "ann", 80, 24, "play", "-addr", p.base, "-name", "Ann")
	bob := startTermSize(t, "bob", 80, 24, "play", "-addr", p.base, "-name", "Bob")
	ann.waitFor("Ann (guest)  connected")
	bob.waitFor("Bob (guest)  connected")
	ann.waitFor("Bob*")

	ann.dotsForm(3)
	ann.pressUntil("Down", "> Clock", 8)
	ann.pressUntil("Right", "2 days a move (correspondence)", 12)
	ann.keep("form")
	ann.keys("Enter")
	ann.waitFor("Waiting for players")
	bob.waitFor("[2 days a move] Ann, (open)")
	bob.keep("lobby-kind")
	bobJoinsAndAnnStarts(ann, bob)
	// The countdown runs on the terminal's own clock from the server's
	// time, which stands still here: a few seconds may be gone already.
	ann.waitForAny("2 d 0 h left]", "1 d 23 h left]")
	ann.keys(":", "=a1-b1", "Enter")
	ann.waitFor(": " + lineWords("a1-b1"))

	// Bob goes to his lobby, asked nothing (his seat is not at stake);
	// a day later the game waits on him.
	bob.waitFor("Your move")
	bob.keys("q")
	bob.waitFor("Tables (")
	bob.waitFor("My games: 1 game waits on you")
	advanceClock(t, p, "24h")
	bob.keys("l")
	s := bob.waitFor("your move for 1 d 0 h")
	if !strings.Contains(s, "* Dots and Boxes with Ann") || !strings.Contains(s, ", due ") {
		t.Fatalf("Bob's list of games:\n%s", s)
	}
	bob.keep("my-games")
	bob.keys("g")
	bob.waitFor("Your move")
	bob.waitForAny("1 d 0 h left]", "23 h 59 min left]")
	bob.keep("table-deadline")

	// A week's vacation from the list: the clock stands still for it.
	bob.keys("q")
	bob.waitFor("Tables (")
	bob.keys("l")
	bob.waitFor("Vacation: v stops your correspondence clocks for < 7 days >")
	bob.keys("v")
	bob.waitFor("On vacation until")
	bob.keep("vacation")

	// The list printed for a shell prompt, from Bob's kept session.
	cmd := exec.Command(parlorBin, "play", "-addr", p.base, "-name", "Bob", "-my-games")
	cmd.Env = append(os.Environ(), "HOME="+bob.home, "XDG_CONFIG_HOME="+bob.home+"/.config")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("play -my-games: %v\n%s", err, out)
	}
	lines := strings.Split(strings.TrimSpace(string(out)), "\n")
	if len(lines) != 3 || lines[0] != "1 game waits on you" || !strings.HasPrefix(lines[1], "* Dots and Boxes with Ann: your move for 1 d 0 h, due ") ||
		!strings.Contains(lines[1], "8 d 0 h left  (-table ") || !strings.HasPrefix(lines[2], "on vacation until ") {
		t.Fatalf("play -my-games printed:\n%s", out)
	}
}
