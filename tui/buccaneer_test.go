package tui

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/parlor-games/parlor/games/buccaneer"
)

// TestBuccaneerBoardDrawsTheSeaAndSails: the terminal draws the 20x20 sea
// north up with every ship (its home's letter and facing), port and
// island, one line per captain, and Enter on a square sails there in the
// game's notation, which the rules take when the square is legal.
func TestBuccaneerBoardDrawsTheSeaAndSails(t *testing.T) {
	st, _ := viewOf(t, buccaneer.Definition, `{}`, 0)
	mover := st.Turn()[0]
	v, _ := json.Marshal(st.View(mover))
	b := newBuccaneer([]string{"Ann", "Bob", "Cy", "Di"}, newStyles(true)).(*bucBoard)
	if err := b.set(v, int(mover), true); err != nil {
		t.Fatal(err)
	}
	out := plain(b.render(100))
	lines := strings.Split(out, "\n")
	if !strings.HasPrefix(lines[1], "20 ") || !strings.HasPrefix(lines[20], " 1 ") {
		t.Fatalf("the sea is not drawn north up, 20 rows:\n%s", out)
	}
	for _, p := range b.v.Players {
		if !strings.Contains(out, p.Home+" at ") {
			t.Fatalf("no line for %s:\n%s", p.Home, out)
		}
	}
	if !strings.Contains(out, "#T") {
		t.Fatalf("no Treasure Island:\n%s", out)
	}
	// Sail to the first legal square the rules offer, by the cursor.
	var target *buccaneer.Point
	for _, m := range st.Legal(mover) {
		if bm, ok := m.(buccaneer.Move); ok && bm.Sail != nil {
			target = bm.Sail
			break
		}
	}
	if target == nil {
		t.Fatal("no sailing move to try")
	}
	for b.x < target.X {
		b.key(press("right"))
	}
	for b.x > target.X {
		b.key(press("left"))
	}
	for b.y < target.Y {
		b.key(press("up"))
	}
	for b.y > target.Y {
		b.key(press("down"))
	}
	mv, _ := b.key(press("enter"))
	m, err := st.ParseMove(mover, []byte(mv.(string)))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := st.Apply(mover, m); err != nil {
		t.Fatalf("%v: %v", mv, err)
	}
	if !strings.Contains(b.prompt(), "sail") {
		t.Fatalf("prompt %q", b.prompt())
	}
}

// TestBuccaneerFits80x24: on a short screen the sea is a window of rows
// around the cursor, and the table keeps its prompt.
func TestBuccaneerFits80x24(t *testing.T) {
	st, _ := viewOf(t, buccaneer.Definition, `{}`, 0)
	mover := st.Turn()[0]
	v, _ := json.Marshal(st.View(mover))
	m := New(Config{NoColor: true})
	m.w, m.h = 80, 24
	m.screen = screenTable
	m.table = newTableState("t1")
	m.table.t.Game = "buccaneer"
	m.table.t.Status = "playing"
	for i := range 4 {
		m.table.t.Seats = append(m.table.t.Seats, seatFor(i))
	}
	m.table.board = newBuccaneer(m.table.names(), m.st)
	m.table.board.set(v, int(mover), true)
	m.table.seat, m.table.turn = int(mover), []int{int(mover)}
	out := m.View().Content
	lines := strings.Split(out, "\n")
	if len(lines) > 24 {
		t.Fatalf("%d lines", len(lines))
	}
	b := m.table.board.(*bucBoard)
	if !strings.Contains(plain(out), "Your move: sail") || !strings.Contains(plain(out), fmt.Sprintf("%2d ", b.y)) {
		t.Fatalf("the prompt or the cursor's row is cut off:\n%s", plain(out))
	}
}
