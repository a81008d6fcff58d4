package main

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/parlor-games/parlor/game"
)

// backupTable is a Dots match played over the binary, followed from its
// pushes, with the moves acknowledged so far.
type backupTable struct {
	id, match string
	f         *matchFollower
	moves     []string
}

const backupDots = `{"rows":3,"cols":3}`

// startDots seats a at seat 0 and b at seat 1 of a new Dots table, starts
// it, and has a watch it.
func startDots(t *testing.T, a, b *wsPeer) *backupTable {
	t.Helper()
	rep := a.ok(nil, "table.create", `"game":"dots","options":`+backupDots+`,"seats":[{"kind":"me"},{"kind":"open"}]`)
	id := rep["table"].(map[string]any)["id"].(string)
	b.ok(nil, "table.sit", fmt.Sprintf(`"table":%q,"seat":1`, id))
	a.ok(nil, "table.watch", fmt.Sprintf(`"table":%q,"views":false`, id))
	rep = a.ok(nil, "table.start", fmt.Sprintf(`"table":%q`, id))
	return &backupTable{id: id, match: rep["table"].(map[string]any)["match"].(string), f: newFollower(t, backupDots)}
}

// play makes n moves (or fewer, at the end), each by the seat that owes
// it, and follows them from a's pushes.
func (bt *backupTable) play(t *testing.T, n int, a *wsPeer, players ...*wsPeer) {
	t.Helper()
	for range n {
		if bt.f.outcome != nil {
			return
		}
		seat := int(bt.f.local.Turn()[0])
		mv := string(game.Canonical(bt.f.local.Legal(game.Seat(seat))[0]))
		// The watcher's push of its own move may come before the reply.
		var pushes []map[string]any
		own := &pushes
		if players[seat] != a {
			own = nil
		}
		players[seat].ok(own, "match.play", fmt.Sprintf(`"table":%q,"seat":%d,"move":%s`, bt.id, seat, mv))
		if len(pushes) == 0 {
			pushes = append(pushes, a.next(func(m map[string]any) bool { return isMatch(m) && m["table"] == bt.id }))
		}
		for _, m := range pushes {
			bt.f.apply(m)
		}
		bt.moves = append(bt.moves, mv)
	}
}

// A backup taken while matches are in play holds every move acknowledged
// before it; restored into a new data directory, the server resumes those
// matches where they were, and they are played to their end, their
// replays holding the moves of before the backup and after the restore.
func TestBackupRestoreWithMatchesInPlay(t *testing.T) {
	dir := t.TempDir()
	p := startServe(t, dir)
	ha, hb := p.account("Ada", "password one"), p.account("Bea", "password two")
	a, b := p.dial(ha), p.dial(hb)
	tables := []*backupTable{startDots(t, a, b), startDots(t, a, b)}
	for i, bt := range tables {
		bt.play(t, 3+i, a, a, b)
	}
	// A finished match too, whose result must survive.
	done := startDots(t, a, b)
	done.play(t, 100, a, a, b)
	if done.f.outcome == nil {
		t.Fatal("the finished match did not finish")
	}
	p.waitPlayed("Ada")

	file := filepath.Join(t.TempDir(), "parlor-backup.db")
	out, err := exec.Command(parlorBin, "backup", "-data", dir, file).CombinedOutput()
	if err != nil || !strings.Contains(string(out), "backed up") {
		t.Fatalf("parlor backup while serving: %v\n%s", err, out)
	}
	// A second backup to the same file is refused, not written over.
	if out, err := exec.Command(parlorBin, "backup", "-data", dir, file).CombinedOutput(); err == nil {
		t.Fatalf("a backup over an existing file succeeded: %s", out)
	}
	// The server dies with its data: only the backup is left.
	p.cmd.Process.Kill()
	<-p.done

	restored := t.TempDir()
	copyFile(t, file, filepath.Join(restored, "parlor.db"))
	p2 := startServe(t, restored)
	a2, b2 := p2.dial(rehome(ha, p, p2)), p2.dial(rehome(hb, p, p2))
	for i, bt := range tables {
		// Watching from the start brings every move back, in order.
		before := bt.f.seq
		f := newFollower(t, backupDots)
		a2.ok(nil, "table.watch", fmt.Sprintf(`"table":%q,"since":0,"views":false`, bt.id))
		for f.seq < before {
			f.apply(a2.next(func(m map[string]any) bool { return isMatch(m) && m["table"] == bt.id }))
		}
		bt.f = f
		bt.play(t, 100, a2, a2, b2)
		if bt.f.outcome == nil {
			t.Fatalf("table %d: the restored match did not play to its end", i)
		}
		r := p2.replay(bt.match)
		if len(r.Steps)-1 != len(bt.moves) {
			t.Fatalf("table %d: the replay has %d moves, %d were played", i, len(r.Steps)-1, len(bt.moves))
		}
		for k, s := range r.Steps[1:] {
			if compactJSON(t, s.Move) != compactJSON(t, json.RawMessage(bt.moves[k])) {
				t.Errorf("table %d: move %d is %s in the replay, %s was played", i, k+1, s.Move, bt.moves[k])
			}
		}
	}
	if r := p2.replay(done.match); r.Outcome == nil {
		t.Error("the match finished before the backup has no outcome after the restore")
	}
	if st := p2.dotsStats("Ada"); st.Played < 1 {
		t.Errorf("Ada's statistics after the restore: %+v, want the match finished before the backup counted", st)
	}
}

// The PostgreSQL database is not parlor backup's to copy: it says to use
// pg_dump.
func TestBackupRefusesPostgres(t *testing.T) {
	out, err := exec.Command(parlorBin, "backup", "-db", "postgres://u@127.0.0.1/parlor", filepath.Join(t.TempDir(), "x")).CombinedOutput()
	if err == nil || !strings.Contains(string(out), "pg_dump") {
		t.Fatalf("parlor backup of PostgreSQL: %v\n%s", err, out)
	}
}

func copyFile(t *testing.T, from, to string) {
	t.Helper()
	b, err := os.ReadFile(from)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(to, b, 0o644); err != nil {
		t.Fatal(err)
	}
}

func compactJSON(t *testing.T, b json.RawMessage) string {
	t.Helper()
	var v any
	if err := json.Unmarshal(b, &v); err != nil {
		t.Fatal(err)
	}
	out, _ := json.Marshal(v)
	return string(out)
}
