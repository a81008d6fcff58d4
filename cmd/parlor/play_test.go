package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"
)

// tmuxTerm is one terminal client running in a detached tmux session of
// a fixed size: keys go in with send-keys, the screen comes out with
// capture-pane, as a person would type and read.
type tmuxTerm struct {
	t     *testing.T
	name  string // the tmux session
	label string // who, for the kept screens
	home  string // the client's home, where it keeps its session
}

func startTerm(t *testing.T, name string, args ...string) *tmuxTerm {
	t.Helper()
	return startTermSize(t, name, 100, 30, args...)
}

// startTermSize is startTerm in a terminal of w columns and h rows.
func startTermSize(t *testing.T, name string, w, h int, args ...string) *tmuxTerm {
	t.Helper()
	if _, err := exec.LookPath("tmux"); err != nil {
		t.Fatal("tmux is needed for the terminal client's tests (scripts/test installs it): ", err)
	}
	home := t.TempDir()
	session := fmt.Sprintf("parlor-%s-%d", name, time.Now().UnixNano())
	cmd := append([]string{parlorBin}, args...)
	// A shell line that keeps the pane after the client exits, so that a
	// failure leaves its last words on the screen.
	line := fmt.Sprintf("HOME=%s XDG_CONFIG_HOME=%s/.config NO_COLOR=1 %s; echo EXITED $?; sleep 60", home, home, strings.Join(cmd, " "))
	out, err := exec.Command("tmux", "new-session", "-d", "-s", session, "-x", fmt.Sprint(w), "-y", fmt.Sprint(h), line).CombinedOutput()
	if err != nil {
		t.Fatalf("tmux: %v %s", err, out)
	}
	tt := &tmuxTerm{t: t, name: session, label: name, home: home}
	t.Cleanup(func() {
		tt.keep("last")
		exec.Command("tmux", "kill-session", "-t", session).Run()
	})
	return tt
}

func (tt *tmuxTerm) screen() string {
	out, err := exec.Command("tmux", "capture-pane", "-p", "-t", tt.name).Output()
	if err != nil {
		return ""
	}
	return string(out)
}

// keys sends keys as tmux names them ("Enter", "Down") or literal text
// with a leading "=".
func (tt *tmuxTerm) keys(keys ...string) {
	tt.t.Helper()
	for _, k := range keys {
		args := []string{"send-keys", "-t", tt.name}
		if lit, ok := strings.CutPrefix(k, "="); ok {
			args = append(args, "-l", lit)
		} else {
			args = append(args, k)
		}
		if out, err := exec.Command("tmux", args...).CombinedOutput(); err != nil {
			tt.t.Fatalf("send-keys %q: %v %s", k, err, out)
		}
	}
}

// focus sends what a terminal that reports focus sends when its window
// gains it (CSI I) or loses it (CSI O), as bytes, which tmux passes on
// to the client whatever its own focus-events option.
func (tt *tmuxTerm) focus(in bool) {
	tt.t.Helper()
	final := "4f" // O
	if in {
		final = "49" // I
	}
	if out, err := exec.Command("tmux", "send-keys", "-t", tt.name, "-H", "1b", "5b", final).CombinedOutput(); err != nil {
		tt.t.Fatalf("send-keys focus %v: %v %s", in, err, out)
	}
}

// waitGone waits until the screen no longer shows gone, and returns the
// screen.
func (tt *tmuxTerm) waitGone(gone string) string {
	tt.t.Helper()
	deadline := time.Now().Add(serveWait)
	for {
		s := tt.screen()
		if !strings.Contains(s, gone) {
			return s
		}
		if time.Now().After(deadline) {
			tt.t.Fatalf("%s: the screen still shows %q:\n%s", tt.name, gone, s)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// waitFor waits until the screen shows want, and returns the screen.
func (tt *tmuxTerm) waitFor(want string) string {
	tt.t.Helper()
	return tt.waitForAny(want)
}

// waitForAny waits until the screen shows one of wants, and returns the
// screen.
func (tt *tmuxTerm) waitForAny(wants ...string) string {
	tt.t.Helper()
	deadline := time.Now().Add(serveWait)
	for {
		s := tt.screen()
		for _, want := range wants {
			if strings.Contains(s, want) {
				return s
			}
		}
		if time.Now().After(deadline) {
			tt.t.Fatalf("%s: the screen never showed %q; it shows:\n%s", tt.name, wants, s)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// keep writes the screen as it is to the test artifacts, as the browser
// tests keep screenshots.
func (tt *tmuxTerm) keep(label string) {
	dir := os.Getenv("PARLOR_ARTIFACTS")
	if dir == "" {
		dir = filepath.Join("..", "..", "artifacts", "terminal")
	}
	if os.MkdirAll(dir, 0o755) == nil {
		os.WriteFile(filepath.Join(dir, tt.t.Name()+"-"+tt.label+"-"+label+".txt"), []byte(tt.screen()), 0o644)
	}
}

// pressUntil presses key until the screen shows want.
func (tt *tmuxTerm) pressUntil(key, want string, most int) {
	tt.t.Helper()
	for range most {
		if strings.Contains(tt.screen(), want) {
			return
		}
		tt.keys(key)
		time.Sleep(100 * time.Millisecond)
	}
	tt.waitFor(want)
}

// dotsForm fills the new-table form for Dots and Boxes of size x size
// dots with seat 2 open for another person, leaving the cursor on seat 2.
func (tt *tmuxTerm) dotsForm(size int) {
	tt.t.Helper()
	tt.keys("n")
	tt.waitFor("New table")
	tt.pressUntil("Right", "< Dots and Boxes >", 8)
	toward := "Right" // from the default 8
	if size < 8 {
		toward = "Left"
	}
	tt.keys("Down")
	tt.pressUntil(toward, fmt.Sprintf("Rows of dots           < %d >", size), 12)
	tt.keys("Down")
	tt.pressUntil(toward, fmt.Sprintf("Columns of dots        < %d >", size), 12)
	tt.pressUntil("Down", "> Seat 2", 8)
	tt.pressUntil("Left", "open for another player", 8)
}

// annAndBobAtDots opens Ann's and Bob's terminals of w x h on p's server;
// Ann makes a Dots and Boxes table of n x n dots with a seat open, Bob
// takes it from his lobby, and Ann starts the game.
func annAndBobAtDots(t *testing.T, p *serveProc, w, h, n int) (ann, bob *tmuxTerm) {
	t.Helper()
	ann = startTermSize(t, "ann", w, h, "play", "-addr", p.base, "-name", "Ann")
	bob = startTermSize(t, "bob", w, h, "play", "-addr", p.base, "-name", "Bob")
	ann.waitFor("Ann (guest)  connected")
	bob.waitFor("Bob (guest)  connected")
	ann.waitFor("Bob*")

	ann.dotsForm(n)
	ann.keys("Enter")
	ann.waitFor("Waiting for players")
	bobJoinsAndAnnStarts(ann, bob)
	return ann, bob
}

// bobJoinsAndAnnStarts: Bob takes the open seat of Ann's table from his
// lobby and Ann, its creator, starts it.
func bobJoinsAndAnnStarts(ann, bob *tmuxTerm) {
	ann.t.Helper()
	bob.waitFor("Ann, (open)")
	bob.keys("Enter")
	bob.waitFor("Waiting for players")
	ann.waitFor("2 Bob")
	ann.keys("g")
	ann.waitFor("Your move")
}

// TestPlayTwoTerminalsDotsToTheEnd runs the real server and two terminal
// clients in tmux: Ann makes a 3x3 Dots and Boxes table with a seat open,
// Bob joins it from his lobby, they chat, and they play by typed
// notation until the game ends, each screen showing the result.
func TestPlayTwoTerminalsDotsToTheEnd(t *testing.T) {
	p := startServe(t, t.TempDir())
	ann, bob := annAndBobAtDots(t, p, 100, 30, 3)
	bob.waitFor("2 Bob (you)")

	bob.keys("c", "=good luck", "Enter")
	ann.waitFor("Bob: good luck")
	// Both watch the table again as the match starts; a stale seat list
	// that came last showed the other player away for the whole game
	// (now ordered by the table's rev).
	for _, tt := range []*tmuxTerm{ann, bob} {
		if s := tt.screen(); strings.Contains(s, "(away)") {
			t.Fatalf("%s's terminal shows a player away who is there:\n%s", tt.label, s)
		}
	}

	lines := []string{"a1-b1", "b1-c1", "a2-b2", "b2-c2", "a3-b3", "b3-c3", "a1-a2", "b1-b2", "c1-c2", "a2-a3", "b2-b3", "c2-c3"}
	terms := []*tmuxTerm{ann, bob}
	next := 0
	deadline := time.Now().Add(2 * serveWait)
	for !strings.Contains(ann.screen(), "Game over") {
		if time.Now().After(deadline) {
			t.Fatalf("the game did not end; Ann sees:\n%s\nBob sees:\n%s", ann.screen(), bob.screen())
		}
		for _, tt := range terms {
			s := tt.screen()
			if !strings.Contains(s, "Your move") || next >= len(lines) {
				continue
			}
			// A line already drawn is skipped by looking at the log.
			for next < len(lines) && strings.Contains(ann.screen()+bob.screen(), ": "+lineWords(lines[next])) {
				next++
			}
			if next < len(lines) {
				tt.keys(":", "="+lines[next], "Enter")
				// The last line ends the game, and the lesson that the
				// move log gets then may push it out of the panel.
				tt.waitForAny(": "+lineWords(lines[next]), "Game over")
				next++
			}
		}
		time.Sleep(50 * time.Millisecond)
	}
	a := ann.waitFor("Game over")
	b := bob.waitFor("Game over")
	for _, s := range []string{a, b} {
		if !strings.Contains(s, "wins") && !strings.Contains(s, "share the win") {
			t.Fatalf("no result on the screen:\n%s", s)
		}
	}
	ann.keep("end")
	bob.keep("end")
}

// newTable makes a table from the terminal's new-table screen: it picks
// game (by its title) and then, for each seat after the first, presses
// left until the seat shows want.
func (tt *tmuxTerm) newTable(title string, seats ...string) {
	tt.t.Helper()
	tt.keys("n")
	tt.waitFor("New table")
	tt.pressUntil("Right", "< "+title+" >", 8)
	for i, want := range seats {
		label := fmt.Sprintf("Seat %d ", i+2)
		tt.pressUntil("Down", "> "+label, 12)
		tt.pressUntil("Left", want, 8)
	}
	tt.keys("Enter")
}

// TestPlayBattleshipAgainstABotToTheEnd: a terminal player asks for a
// random fleet and fires, by typed squares, until the match ends.
func TestPlayBattleshipAgainstABotToTheEnd(t *testing.T) {
	p := startServe(t, t.TempDir())
	ann := startTerm(t, "ann", "play", "-addr", p.base, "-name", "Ann")
	ann.waitFor("Ann (guest)  connected")
	ann.newTable("Battleship", "bot, easy")
	ann.waitFor("Lay your carrier")
	ann.keys("a")
	ann.waitFor("Fire:")
	fired := 0
	deadline := time.Now().Add(3 * serveWait)
	for !strings.Contains(ann.screen(), "Game over") {
		if time.Now().After(deadline) || fired > 100 {
			t.Fatalf("no end after %d shots:\n%s", fired, ann.screen())
		}
		if !strings.Contains(ann.screen(), "Fire:") {
			time.Sleep(50 * time.Millisecond)
			continue
		}
		sq := fmt.Sprintf("%c%d", 'A'+fired%10, fired/10+1)
		ann.keys(":", "="+sq, "Enter")
		ann.waitFor("Ann: fired at " + sq)
		fired++
	}
	s := ann.waitFor("Game over")
	if !strings.Contains(s, "wins") {
		t.Fatalf("no winner on the screen:\n%s", s)
	}
	ann.keep("end")
}

// TestPlayClueWithTwoBots: a terminal player and two bots play Clue-Less
// to the end. The player takes the first choice of every menu (walk,
// suggest the first suspect and weapon, show the first card, end the
// turn) and never accuses, so a bot solves the case.
func TestPlayClueWithTwoBots(t *testing.T) {
	p := startServe(t, t.TempDir())
	ann := startTerm(t, "ann", "play", "-addr", p.base, "-name", "Ann")
	ann.waitFor("Ann (guest)  connected")
	ann.newTable("Clue-Less", "bot, medium", "bot, medium")
	ann.waitFor("Your cards:")
	deadline := time.Now().Add(4 * serveWait)
	suggested := false
	for !strings.Contains(ann.screen(), "Game over") {
		if time.Now().After(deadline) {
			t.Fatalf("no end:\n%s", ann.screen())
		}
		s := ann.screen()
		switch {
		case strings.Contains(s, "Show one card to"):
			ann.keys("1")
		case strings.Contains(s, "Suggest: who?"), strings.Contains(s, "Suggest: with what?"), strings.Contains(s, "Are you sure?"):
			ann.keys("1")
			suggested = true
		case strings.Contains(s, "Your turn"):
			// The first item is a walk, a suggestion or the end of the
			// turn; never the accusation, which is offered last.
			if strings.Contains(s, ">1 accuse...") {
				t.Fatalf("only an accusation is offered:\n%s", s)
			}
			ann.keys("1")
		}
		time.Sleep(150 * time.Millisecond)
	}
	s := ann.waitFor("Game over")
	if !regexp.MustCompile(`(Scarlet|Mustard|White|Green|Peacock|Plum) wins`).MatchString(s) || !strings.Contains(s, "Case file:") {
		t.Fatalf("the end does not show the winner and the case file:\n%s", s)
	}
	if !suggested {
		t.Fatal("the terminal player never made a suggestion")
	}
	ann.keep("end")
}

// TestPlayRegisterAndLogin: -register makes an account from the terminal
// (the password asked twice), and a later -login with that password
// reaches the lobby as the account; a wrong password is a sentence.
func TestPlayRegisterAndLogin(t *testing.T) {
	p := startServe(t, t.TempDir())
	home := t.TempDir()
	run := func(stdin string, args ...string) (string, error) {
		cmd := exec.Command(parlorBin, append([]string{"play", "-addr", p.base, "-no-session"}, args...)...)
		cmd.Env = append(os.Environ(), "HOME="+home, "XDG_CONFIG_HOME="+home)
		cmd.Stdin = strings.NewReader(stdin)
		out, err := cmd.CombinedOutput()
		return string(out), err
	}
	if out, _ := run("secret-pass\nother-pass\n", "-name", "Reg", "-register"); !strings.Contains(out, "the two passwords differ") {
		t.Fatalf("differing passwords: %s", out)
	}
	if out, _ := run("wrong-pass\n", "-name", "Reg", "-login"); !strings.Contains(out, "refused the login") {
		t.Fatalf("login before registering: %s", out)
	}
	reg := startTerm(t, "register", "play", "-addr", p.base, "-name", "Reg", "-register", "-no-session")
	reg.waitFor("New password for Reg")
	reg.keys("=secret-pass", "Enter")
	reg.waitFor("The same password again")
	reg.keys("=secret-pass", "Enter")
	reg.waitFor("Reg  connected")
	reg.keys("C-c")
	reg.waitFor("EXITED 0")
	if out, _ := run("wrong-pass\n", "-name", "Reg", "-login"); !strings.Contains(out, "wrong name or password") {
		t.Fatalf("a wrong password: %s", out)
	}
	tt := startTerm(t, "reg", "play", "-addr", p.base, "-name", "Reg", "-login", "-no-session")
	tt.waitFor("Password for Reg")
	tt.keys("=secret-pass", "Enter")
	s := tt.waitFor("connected")
	if !strings.Contains(s, "Reg  connected") || strings.Contains(s, "Reg (guest)") {
		t.Fatalf("the account is not in the lobby as itself:\n%s", s)
	}
}

// lineWords is how the move log tells a Dots and Boxes line given in
// notation ("a1-b1"): in the game's own words, "drew the line a1 to b1".
func lineWords(notation string) string {
	return "drew the line " + strings.Replace(notation, "-", " to ", 1)
}
