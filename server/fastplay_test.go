package server

import (
	"bytes"
	"encoding/json"
	"math/rand/v2"
	"testing"

	"github.com/parlor-games/parlor/game"
	"github.com/parlor-games/parlor/games"
)

// The lean reader of match.play must never accept a message the strict
// decoder would read differently or refuse: a client could otherwise play
// a move the server's rules for requests do not allow.
func FuzzParsePlay(f *testing.F) {
	for _, s := range []string{
		`{"t":"match.play","id":7,"table":"abc","seat":1,"move":{"o":"h","r":0,"c":3}}`,
		` { "move" : "h 0 3" , "seat":0,"table":"x","id":-2,"t":"match.play" } `,
		`{"t":"match.play","id":7,"table":"abc","seat":1,"move":[1,{"a":"},]"},2]}`,
		`{"t":"match.play","id":7,"table":"abc","seat":1,"move":null}`,
		`{"t":"match.play","id":7,"table":"abc","seat":1,"move":12}`,
		`{"t":"match.play","id":7,"table":"a\"b","seat":1,"move":1}`,
		`{"t":"match.play","id":7,"table":"abc","seat":1,"seat":0,"move":1}`,
		`{"t":"match.play","ID":7,"table":"abc","seat":1,"move":1}`,
		`{"t":"match.play","id":7.0,"table":"abc","seat":1,"move":1}`,
		`{"t":"match.play","id":7,"table":"abc","seat":1e0,"move":1}`,
		`{"t":"match.play","id":7,"table":"abc","seat":99999999999,"move":1}`,
		`{"t":"match.play","id":7,"table":"abc","seat":1,"move":1,"x":1}`,
		`{"t":"match.play","id":7,"table":"abc","seat":1,"move":1} x`,
		`{"t":"match.play","id":7,"table":null,"seat":1,"move":1}`,
		`{"t":"table.watch","id":7,"table":"abc","seat":1,"move":1}`,
		`[{"t":"match.play"}]`,
		`{"t":"match.play","id":7,"table":"abc","seat":1,"move":1,"after":12}`,
		`{"after":-1,"t":"match.play","id":7,"table":"abc","seat":1,"move":1}`,
		`{"t":"match.play","id":7,"table":"abc","seat":1,"move":1,"after":1,"after":2}`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		m, ok := parsePlay(data, "")
		if again, ok2 := parsePlay(data, m.table); ok2 != ok || ok && (again.table != m.table || again.id != m.id || !bytes.Equal(again.move, m.move)) {
			t.Fatalf("read %q as %+v, and with its table known as %+v", data, m, again)
		}
		if !ok {
			return
		}
		var env request
		if err := json.Unmarshal(data, &env); err != nil || env.ID == nil || *env.ID != m.id || env.T != "match.play" {
			t.Fatalf("accepted %q: envelope %v %+v", data, err, env)
		}
		var req playReq
		if err := decodeStrict(data, &req); err != nil {
			t.Fatalf("accepted %q, which the strict decoder refuses: %v", data, err)
		}
		if req.Table == nil || *req.Table != m.table || req.Seat == nil || *req.Seat != m.seat || !bytes.Equal(req.Move, m.move) {
			t.Fatalf("read %q as %+v, the strict decoder as %+v", data, m, req)
		}
		if req.After == nil && m.after != -1 || req.After != nil && (*req.After != m.after || *req.After < 0) {
			t.Fatalf("read %q with after %d, the strict decoder with %v", data, m.after, req.After)
		}
	})
}

func TestParsePlayDeclines(t *testing.T) {
	for _, s := range []string{
		`{"t":"match.play","id":7,"table":"abc","seat":1,"seat":0,"move":1}`,
		`{"t":"match.play","ID":7,"table":"abc","seat":1,"move":1}`,
		`{"t":"match.play","id":7,"table":"abc","seat":1,"move":1,"x":1}`,
		`{"t":"match.play","id":7,"table":"abc","seat":1,"move":1} x`,
		`{"t":"match.play","id":7,"table":"abc","move":1}`,
		`{"t":"match.play","id":7,"table":"a\u0062c","seat":1,"move":1}`,
		`{"t":"match.play","id":7,"table":"abc","seat":1,"move":1,"after":-1}`,
		`{"t":"match.play","id":7,"table":"abc","seat":1,"move":1,"after":1,"after":2}`,
		`{"t":"match.play","id":07,"table":"abc","seat":1,"move":1}`,
		`{"t":"match.play","id":7,"table":"abc","seat":-01,"move":1}`,
		`{"t":"match.play","id":7,"table":"abc","seat":1,"move":1}}`,
		`{"t":"match.play","id":7,"table":"abc","seat":1,"move":12x}`,
		`{"t":"match.play","id":7,"table":"abc","seat":1,"move":[1,}`,
		`{"t":"match.play","id":7,"table":"abc","seat":1,"move":"\`,
		`{"t":"match.play","id":7,"table":"abc","seat":1,"move":}`,
	} {
		if m, ok := parsePlay([]byte(s), "abc"); ok {
			t.Errorf("parsePlay(%s) = %+v, want the general path", s, m)
		}
	}
	m, ok := parsePlay([]byte(`{"move":{"k":"}"},"seat":1,"table":"abc","id":3,"t":"match.play"}`), "")
	if !ok || m.id != 3 || m.table != "abc" || m.seat != 1 || string(m.move) != `{"k":"}"}` || m.after != -1 {
		t.Errorf("parsePlay = %+v, %v", m, ok)
	}
	m, ok = parsePlay([]byte(`{"after":41,"move":1,"seat":1,"table":"abc","id":3,"t":"match.play"}`), "abc")
	if !ok || m.after != 41 {
		t.Errorf("parsePlay with after = %+v, %v", m, ok)
	}
}

// Every match push must read exactly as json.Marshal would write it,
// whichever way it was encoded.
func TestAppendPushMatchesMarshal(t *testing.T) {
	reg := games.Registry()
	fast := 0
	for _, name := range []string{"dots", "battleship"} {
		_, st, err := reg.Start(game.Log{Game: name, Seed: 3})
		if err != nil {
			t.Fatal(err)
		}
		rng := rand.New(rand.NewPCG(1, 2))
		for seq := int64(1); st.Outcome() == nil && seq < 400; seq++ {
			turn := st.Turn()
			seat := turn[0]
			legal := st.Legal(seat)
			mv := legal[rng.IntN(len(legal))]
			canon := game.Canonical(mv)
			events, err := st.Apply(seat, mv)
			if err != nil {
				t.Fatal(err)
			}
			p := matchPush{T: "match", Table: "tbl1", Seq: seq, Seat: seat, Move: canon, Text: mv.String(),
				Events: filterEvents(events, []game.Seat{seat}), Turn: nonNil(st.Turn()), Scores: st.Scores(), Outcome: st.Outcome()}
			var vs []seatView
			if seq%5 == 0 {
				// Keys as a hot-seat watch of ten seats would have them.
				for _, k := range []string{"0", "1", "10", "2"} {
					view, err := json.Marshal(st.View(0))
					if err != nil {
						t.Fatal(err)
					}
					vs = append(vs, seatView{k, view})
				}
				p.Views = map[string]any{}
				for _, v := range vs {
					p.Views[v.key] = st.View(0)
				}
			}
			if seq%7 == 0 {
				p.Move, p.Text = nil, ""
			}
			want := mustJSON(p)
			got, ok := appendPush(nil, &p, vs)
			if ok && !bytes.Equal(got, want) {
				t.Fatalf("%s move %d:\n got %s\nwant %s", name, seq, got, want)
			}
			if ok {
				fast++
			}
		}
	}
	if fast == 0 {
		t.Error("no push took the lean encoding")
	}
}

// BenchmarkParsePlay reads the match.play of a Dots move as the web
// client sends it, at the table the connection played at before.
func BenchmarkParsePlay(b *testing.B) {
	data := []byte(`{"t":"match.play","id":4711,"table":"t8f3k2q9","seat":1,"move":{"from":[3,4],"to":[3,5]}}`)
	table := "t8f3k2q9"
	b.ReportAllocs()
	for b.Loop() {
		m, ok := parsePlay(data, table)
		if !ok || m.table != table {
			b.Fatal("not read")
		}
	}
}
