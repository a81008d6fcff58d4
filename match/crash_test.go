package match

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"testing"

	"github.com/parlor-games/parlor/game"
	"github.com/parlor-games/parlor/store"
	"github.com/parlor-games/parlor/store/storetest"
)

// TestSurvivesSIGKILL runs matches in a child process, kills it with
// SIGKILL while it is playing, and checks that every move the child had
// been told was accepted is there after Recover, and the matches go on.
func TestSurvivesSIGKILL(t *testing.T) {
	if os.Getenv("PARLOR_CRASH_CHILD") != "" {
		crashChild()
		return
	}
	path := storetest.Name(t, "crash.db")
	cmd := exec.Command(os.Args[0], "-test.run=^TestSurvivesSIGKILL$")
	cmd.Env = append(os.Environ(), "PARLOR_CRASH_CHILD=1", "PARLOR_CRASH_DB="+path)
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	cmd.Stderr = os.Stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	// Each line is "match-id seq": a Play that returned.
	acked := map[string]int64{}
	sc := bufio.NewScanner(out)
	lines := 0
	for sc.Scan() && lines < 300 {
		f := strings.Fields(sc.Text())
		if len(f) != 2 {
			continue
		}
		seq, _ := strconv.ParseInt(f[1], 10, 64)
		acked[f[0]] = max(acked[f[0]], seq)
		lines++
	}
	cmd.Process.Kill() // SIGKILL: no deferred code, no Close
	cmd.Wait()
	if lines < 300 {
		t.Fatalf("child stopped after %d moves", lines)
	}

	st, err := store.Open(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	m := New(toyRegistry, st, nil, Options{})
	defer m.Close(context.Background())
	if _, err := m.Recover(context.Background()); err != nil {
		t.Fatal(err)
	}
	for id, seq := range acked {
		mt, ok := m.Get(id)
		if !ok {
			t.Errorf("match %s with %d acknowledged moves was not recovered", id, seq)
			continue
		}
		if got := mt.Seq(); got < seq {
			t.Errorf("match %s: %d moves acknowledged, %d recovered", id, seq, got)
		}
		// It goes on from where it was.
		turn := mt.Snapshot(game.Spectator).Turn
		if u, err := mt.Play(context.Background(), turn[0], []byte("1")); err != nil || u.Seq != mt.Seq() {
			t.Errorf("match %s does not go on: %v", id, err)
		}
	}
}

func crashChild() {
	ctx := context.Background()
	st, err := store.Open(ctx, os.Getenv("PARLOR_CRASH_DB"))
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	m := New(toyRegistry, st, nil, Options{})
	w := bufio.NewWriter(os.Stdout)
	var mu = make(chan struct{}, 1)
	mu <- struct{}{}
	for range 4 {
		mt, err := m.Create(ctx, Spec{Game: "race", Options: json.RawMessage(`{"target":1000000}`), Seats: humans(2)})
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		go func() {
			for seat := game.Seat(0); ; seat = 1 - seat {
				u, err := mt.Play(ctx, seat, []byte("1"))
				if err != nil {
					fmt.Fprintln(os.Stderr, err)
					os.Exit(1)
				}
				<-mu
				fmt.Fprintln(w, mt.ID(), u.Seq)
				w.Flush()
				mu <- struct{}{}
			}
		}()
	}
	select {}
}
