package main

import (
	"bufio"
	"encoding/json"
	"io"
	"os/exec"
	"strings"
	"testing"
)

// engineProc is `parlor engine` running as a subprocess.
type engineProc struct {
	t   *testing.T
	in  io.WriteCloser
	out *bufio.Reader
}

func startEngine(t *testing.T) *engineProc {
	t.Helper()
	cmd := exec.Command(parlorBin, "engine")
	in, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	var stderr strings.Builder
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		in.Close()
		if err := cmd.Wait(); err != nil {
			t.Errorf("parlor engine exited with %v; stderr: %s", err, stderr.String())
		}
	})
	return &engineProc{t: t, in: in, out: bufio.NewReader(out)}
}

func (p *engineProc) raw(line string) string {
	p.t.Helper()
	if _, err := io.WriteString(p.in, line+"\n"); err != nil {
		p.t.Fatal(err)
	}
	ans, err := p.out.ReadString('\n')
	if err != nil {
		p.t.Fatalf("no answer to %s: %v", line, err)
	}
	return ans
}

func (p *engineProc) send(line string) map[string]any {
	p.t.Helper()
	ans := p.raw(line)
	var m map[string]any
	if err := json.Unmarshal([]byte(ans), &m); err != nil {
		p.t.Fatalf("answer to %s is not JSON: %q", line, ans)
	}
	return m
}

func (p *engineProc) ok(line string) map[string]any {
	p.t.Helper()
	m := p.send(line)
	if m["ok"] != true {
		p.t.Fatalf("%s refused: %v", line, m["error"])
	}
	return m
}

func js(v any) string {
	b, _ := json.Marshal(v)
	return string(b)
}

// TestEngineDots plays Dots and Boxes through the real binary: moves in
// notation and in JSON, an illegal move, solve, a bot, log and load.
func TestEngineDots(t *testing.T) {
	p := startEngine(t)
	a := p.ok(`{"cmd":"new","game":"dots","options":{"rows":3,"cols":3},"seed":5}`)
	if a["seats"] != 2.0 || js(a["turn"]) != "[0]" {
		t.Fatalf("new: %v", a)
	}
	if lg := p.ok(`{"cmd":"legal","seat":0}`); len(lg["moves"].([]any)) != 12 {
		t.Fatalf("a 3x3-dot board has 12 lines: %v", lg["moves"])
	}
	// The empty 2x2-box board is worth +2 to the first player.
	s := p.ok(`{"cmd":"solve"}`)
	if s["value"] != 2.0 {
		t.Fatalf("solve on the empty 3x3-dot board: %v", s)
	}
	if _, ok := s["move"].(map[string]any)["from"]; !ok {
		t.Fatalf("solve's move is not canonical {from,to}: %v", s["move"])
	}
	pl := p.ok(`{"cmd":"play","seat":0,"move":"a1-b1"}`)
	if js(pl["move"]) != `{"from":[0,0],"to":[0,1]}` || js(pl["turn"]) != "[1]" {
		t.Fatalf("play a1-b1: %v", pl)
	}
	p.ok(`{"cmd":"play","seat":1,"move":{"from":[1,0],"to":[0,0]}}`)
	before := p.raw(`{"cmd":"log"}`)
	bad := p.send(`{"cmd":"play","seat":0,"move":{"from":[0,1],"to":[0,0]}}`)
	if bad["ok"] != false || !strings.Contains(bad["error"].(string), "already") {
		t.Fatalf("drawing a drawn line: %v", bad)
	}
	if bad := p.send(`{"cmd":"play","seat":1,"move":"c1-c2"}`); bad["ok"] != false {
		t.Fatalf("seat 1 moved out of turn: %v", bad)
	}
	if after := p.raw(`{"cmd":"log"}`); after != before {
		t.Fatalf("refused moves changed the log:\n%s%s", before, after)
	}
	b := p.ok(`{"cmd":"bot","seat":0,"level":"expert","ms":300}`)
	if _, ok := b["move"].(map[string]any)["to"]; !ok {
		t.Fatalf("bot: %v", b)
	}
	if p.raw(`{"cmd":"log"}`) != before {
		t.Fatal("a bot request changed the match")
	}
	st := p.raw(`{"cmd":"state","seat":0}`)

	// A fresh engine loads the log and shows the same position.
	log := strings.TrimSuffix(strings.TrimPrefix(strings.TrimSpace(before), `{"ok":true,"log":`), "}")
	q := startEngine(t)
	if l := q.ok(`{"cmd":"load","log":` + log + `}`); l["moves"] != 2.0 || js(l["turn"]) != "[0]" {
		t.Fatalf("load: %v", l)
	}
	if got := q.raw(`{"cmd":"state","seat":0}`); got != st {
		t.Fatalf("loaded state differs:\n%s%s", got, st)
	}
	broken := strings.Replace(log, `{"from":[0,0],"to":[1,0]}`, `{"from":[0,0],"to":[0,1]}`, 1)
	if broken == log {
		t.Fatalf("log not in the expected form: %s", log)
	}
	r := q.send(`{"cmd":"load","log":` + broken + `}`)
	if r["ok"] != false || r["index"] != 2.0 || !strings.Contains(r["error"].(string), "move 2") {
		t.Fatalf("load of a log whose 2nd move repeats the 1st: %v", r)
	}
	if got := q.raw(`{"cmd":"state","seat":0}`); got != st {
		t.Fatal("a refused load changed the match")
	}
}

func TestEngineProtocolErrors(t *testing.T) {
	p := startEngine(t)
	for _, line := range []string{`hello`, `{"cmd":"fly"}`, `{"cmd":"new","game":"chess"}`, `{"cmd":"new","game":"dots","options":{"rows":99}}`} {
		if a := p.send(line); a["ok"] != false || a["error"] == "" {
			t.Fatalf("%s: %v", line, a)
		}
	}
	g := js(p.ok(`{"cmd":"games"}`)["games"])
	if !strings.Contains(g, `"name":"dots"`) || !strings.Contains(g, `"name":"battleship"`) {
		t.Fatalf("games: %s", g)
	}
	p.ok(`{"cmd":"new","game":"battleship","seed":3}`)
	if a := p.send(`{"cmd":"solve","ms":100}`); a["ok"] != false || !strings.Contains(a["error"].(string), "no solver") {
		t.Fatalf("solve on battleship: %v", a)
	}
}
