package server_test

import (
	"bytes"
	"context"
	"crypto/aes"
	"crypto/cipher"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/coder/websocket"
	"github.com/parlor-games/parlor/accounts"
	"github.com/parlor-games/parlor/game"
	"github.com/parlor-games/parlor/games"
	"github.com/parlor-games/parlor/games/battleship"
	"github.com/parlor-games/parlor/match"
	"github.com/parlor-games/parlor/server"
	"github.com/parlor-games/parlor/store"
)

// The fuzz targets here feed what a client may send (WebSocket requests,
// save files) to a real server, started once per fuzz process: the house
// rule is that bad input gets a clear error and changes nothing, and that
// nothing a client sends crashes the server or shows another seat's
// secrets.

// fuzzSaveKey seals save files in every fuzz process alike, so that a
// sealed file made by one process (a seed) opens in the others.
var fuzzSaveKey = func() []byte {
	k := sha256.Sum256([]byte("parlor fuzz save key"))
	return k[:]
}()

// fixedKeyStore is the store with fuzzSaveKey as the key for saves.
type fixedKeyStore struct{ *store.Store }

func (s fixedKeyStore) Key(ctx context.Context, name string) ([]byte, error) {
	if name == "saves" {
		return append([]byte(nil), fuzzSaveKey...), nil
	}
	return s.Store.Key(ctx, name)
}

// panicLog keeps what the server logs about panics it recovered from: a
// recovered panic in a handler is still a bug.
type panicLog struct {
	mu     sync.Mutex
	panics []string
}

func (p *panicLog) Enabled(context.Context, slog.Level) bool { return true }
func (p *panicLog) WithAttrs([]slog.Attr) slog.Handler       { return p }
func (p *panicLog) WithGroup(string) slog.Handler            { return p }

func (p *panicLog) Handle(_ context.Context, r slog.Record) error {
	if !strings.Contains(r.Message, "panic") {
		return nil
	}
	var b strings.Builder
	b.WriteString(r.Message)
	r.Attrs(func(a slog.Attr) bool {
		fmt.Fprintf(&b, "\n%s: %v", a.Key, a.Value)
		return true
	})
	p.mu.Lock()
	p.panics = append(p.panics, b.String())
	p.mu.Unlock()
	return nil
}

// take returns the panics logged since the last call.
func (p *panicLog) take() []string {
	p.mu.Lock()
	defer p.mu.Unlock()
	out := p.panics
	p.panics = nil
	return out
}

// fuzzServer is a server for one fuzz process and one guest's browser.
type fuzzServer struct {
	st     *store.Store
	reg    *game.Registry
	http   *httptest.Server
	hc     *http.Client
	panics *panicLog
}

func startFuzzServer(tb testing.TB, guest string) *fuzzServer {
	tb.Helper()
	ctx := context.Background()
	st, err := store.Open(ctx, tb.TempDir()+"/parlor.db")
	if err != nil {
		tb.Fatal(err)
	}
	acct := accounts.New(st, accounts.Options{Hash: accounts.HashParams{Time: 1, Memory: 64, Threads: 1}})
	if err := acct.Init(ctx); err != nil {
		tb.Fatal(err)
	}
	reg := games.Registry()
	mgr := match.New(reg, st, nil, match.Options{})
	if _, err := mgr.Recover(ctx); err != nil {
		tb.Fatal(err)
	}
	pl := &panicLog{}
	srv, err := server.New(ctx, server.Config{Registry: reg, Matches: mgr, Accounts: acct, Store: fixedKeyStore{st},
		BotBudget: 10 * time.Millisecond, MessageRate: -1, Log: slog.New(pl)})
	if err != nil {
		tb.Fatal(err)
	}
	jar, _ := cookiejar.New(nil)
	fs := &fuzzServer{st: st, reg: reg, http: httptest.NewServer(srv.Handler()), hc: &http.Client{Jar: jar, Timeout: wait}, panics: pl}
	tb.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), wait)
		defer cancel()
		fs.http.CloseClientConnections()
		_ = srv.Shutdown(ctx)
		fs.http.Close()
		_ = mgr.Close(ctx)
		_ = st.Close()
	})
	if code, body := fs.do("POST", "/api/guest", mustMarshal(map[string]string{"name": guest})); code != 200 {
		tb.Fatalf("guest: %d %s", code, body)
	}
	return fs
}

// do sends an HTTP request as the guest.
func (fs *fuzzServer) do(method, path string, body []byte) (int, []byte) {
	var r io.Reader
	if body != nil {
		r = bytes.NewReader(body)
	}
	req, _ := http.NewRequest(method, fs.http.URL+path, r)
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	res, err := fs.hc.Do(req)
	if err != nil {
		return 0, []byte(err.Error())
	}
	defer res.Body.Close()
	out, _ := io.ReadAll(res.Body)
	return res.StatusCode, out
}

// checkPanics fails t if the server recovered from a panic.
func (fs *fuzzServer) checkPanics(t testing.TB, input []byte) {
	t.Helper()
	if p := fs.panics.take(); len(p) > 0 {
		t.Fatalf("input %q: the server recovered from a panic:\n%s", input, strings.Join(p, "\n\n"))
	}
}

// fuzzConn is the guest's WebSocket. Unlike the harness's client it
// returns errors instead of failing a test, since it outlives the test of
// each fuzz input.
type fuzzConn struct {
	ws   *websocket.Conn
	mu   sync.Mutex
	msgs []msg
	bad  [][]byte // messages that were not JSON
	err  error
	cond chan struct{}
	id   int64
}

func (fs *fuzzServer) dial(tb testing.TB) *fuzzConn {
	tb.Helper()
	h := http.Header{}
	req, _ := http.NewRequest("GET", fs.http.URL, nil)
	for _, ck := range fs.hc.Jar.Cookies(req.URL) {
		h.Add("Cookie", ck.Name+"="+ck.Value)
	}
	ctx, cancel := context.WithTimeout(context.Background(), wait)
	defer cancel()
	ws, _, err := websocket.Dial(ctx, "ws"+strings.TrimPrefix(fs.http.URL, "http")+"/api/ws", &websocket.DialOptions{HTTPHeader: h})
	if err != nil {
		tb.Fatal(err)
	}
	ws.SetReadLimit(1 << 24)
	c := &fuzzConn{ws: ws, cond: make(chan struct{}, 1), id: 1 << 50}
	go c.readLoop()
	tb.Cleanup(func() { ws.CloseNow() })
	if _, err := c.waitFor("hello", 0, func(m msg) bool { return m.t() == "hello" }); err != nil {
		tb.Fatal(err)
	}
	c.reset()
	return c
}

func (c *fuzzConn) readLoop() {
	for {
		_, b, err := c.ws.Read(context.Background())
		c.mu.Lock()
		if err != nil {
			c.err = err
		} else if m := (map[string]any)(nil); json.Unmarshal(b, &m) != nil || m == nil {
			c.bad = append(c.bad, b)
		} else {
			c.msgs = append(c.msgs, msg{m: m, raw: b})
		}
		c.mu.Unlock()
		select {
		case c.cond <- struct{}{}:
		default:
		}
		if err != nil {
			return
		}
	}
}

// reset forgets every message received so far.
func (c *fuzzConn) reset() {
	c.mu.Lock()
	c.msgs = nil
	c.mu.Unlock()
}

// received returns the messages received since the last reset.
func (c *fuzzConn) received() []msg {
	c.mu.Lock()
	defer c.mu.Unlock()
	return append([]msg(nil), c.msgs...)
}

// waitFor returns the first message at index from or later that matches.
func (c *fuzzConn) waitFor(what string, from int, match func(msg) bool) (msg, error) {
	deadline := time.After(wait)
	for {
		c.mu.Lock()
		for i := from; i < len(c.msgs); i++ {
			if match(c.msgs[i]) {
				m := c.msgs[i]
				c.mu.Unlock()
				return m, nil
			}
		}
		if len(c.bad) > 0 {
			b := c.bad[0]
			c.mu.Unlock()
			return msg{}, fmt.Errorf("the server sent a message that is not a JSON object: %q", b)
		}
		err := c.err
		c.mu.Unlock()
		if err != nil {
			return msg{}, fmt.Errorf("waiting for %s: connection closed: %v", what, err)
		}
		select {
		case <-c.cond:
		case <-deadline:
			return msg{}, fmt.Errorf("no %s within %v", what, wait)
		}
	}
}

func (c *fuzzConn) send(b []byte) error {
	ctx, cancel := context.WithTimeout(context.Background(), wait)
	defer cancel()
	return c.ws.Write(ctx, websocket.MessageText, b)
}

// count is how many messages have arrived since the last reset.
func (c *fuzzConn) count() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return len(c.msgs)
}

// newID returns a request id of the test's own, never avoid.
func (c *fuzzConn) newID(avoid int64) int64 {
	c.id++
	if c.id == avoid {
		c.id++
	}
	return c.id
}

// call sends a well-formed request and returns its reply.
func (c *fuzzConn) call(t string, fields map[string]any, avoid int64) (msg, error) {
	id := c.newID(avoid)
	m := map[string]any{"t": t, "id": id}
	for k, v := range fields {
		m[k] = v
	}
	from := c.count()
	if err := c.send(mustMarshal(m)); err != nil {
		return msg{}, err
	}
	return c.waitFor("reply to "+t, from, isReply(id))
}

// ok is call for a request that must succeed.
func (c *fuzzConn) ok(t string, fields map[string]any) (map[string]any, error) {
	r, err := c.call(t, fields, 0)
	if err != nil {
		return nil, err
	}
	if r.m["ok"] != true {
		return nil, fmt.Errorf("%s %v: %s", t, fields, r.raw)
	}
	return r.m, nil
}

func isReply(id int64) func(msg) bool {
	return func(m msg) bool { return m.t() == "reply" && m.m["id"] == float64(id) }
}

// replyID is the id the server must answer a message with: its own, or 0
// for a message that is not a JSON object with a numeric id
// (docs/protocol.md, WebSocket).
func replyID(data []byte) int64 {
	var env struct {
		T  string `json:"t"`
		ID *int64 `json:"id"`
	}
	if json.Unmarshal(data, &env) != nil || env.ID == nil {
		return 0
	}
	return *env.ID
}

// requestFuzz is the state FuzzRequest's inputs play against: a
// Battleship match of the guest (seat 0) against a bot, both fleets
// placed; a Dots match against a bot; the lobby; a save.
type requestFuzz struct {
	fs *fuzzServer
	c  *fuzzConn

	battle, dots string // table ids
	last         string // the table of the latest reply that named one
	save         string // the latest save
	botFleet     []battleship.Placement
}

func (rf *requestFuzz) setupBattle() error {
	rep, err := rf.c.ok("table.create", map[string]any{"game": "battleship",
		"seats": []any{map[string]any{"kind": "me"}, map[string]any{"kind": "bot", "level": "easy"}}})
	if err != nil {
		return err
	}
	tj := rep["table"].(map[string]any)
	id, matchID := tj["id"].(string), tj["match"].(string)
	if _, err := rf.c.ok("table.watch", map[string]any{"table": id}); err != nil {
		return err
	}
	if _, err := rf.c.ok("match.play", map[string]any{"table": id, "seat": 0, "move": map[string]any{"fleet": plantedFleet}}); err != nil {
		return err
	}
	// Both fleets are placed once seq 2 is pushed.
	if _, err := rf.c.waitFor("both fleets", 0, func(m msg) bool {
		return m.t() == "match" && m.m["table"] == id && m.m["seq"].(float64) >= 2
	}); err != nil {
		return err
	}
	ml, err := rf.fs.st.LoadMatch(context.Background(), matchID)
	if err != nil {
		return err
	}
	st, err := rf.fs.reg.Replay(ml.Log())
	if err != nil {
		return err
	}
	v, ok := st.View(1).(*battleship.View)
	if !ok || len(v.Fleets[1]) == 0 {
		return fmt.Errorf("the bot's fleet is not in its view: %+v", st.View(1))
	}
	if old := rf.battle; old != "" {
		_, _ = rf.c.call("table.unwatch", map[string]any{"table": old}, 0)
	}
	rf.battle, rf.botFleet = id, v.Fleets[1]
	return nil
}

func (rf *requestFuzz) setupDots() error {
	rep, err := rf.c.ok("table.create", map[string]any{"game": "dots", "options": map[string]any{"rows": 4, "cols": 5},
		"seats": []any{map[string]any{"kind": "me"}, map[string]any{"kind": "bot", "level": "easy"}}})
	if err != nil {
		return err
	}
	id := tableID(rep)
	if _, err := rf.c.ok("table.watch", map[string]any{"table": id}); err != nil {
		return err
	}
	if old := rf.dots; old != "" {
		_, _ = rf.c.call("table.unwatch", map[string]any{"table": old}, 0)
	}
	rf.dots = id
	return nil
}

// expand puts the ids of the fuzz state in place of $B (the Battleship
// table), $D (the Dots table), $T (the latest table a reply named) and $S
// (the latest save), so that inputs reach them.
func (rf *requestFuzz) expand(data []byte) []byte {
	if !bytes.Contains(data, []byte("$")) {
		return data
	}
	r := strings.NewReplacer("$B", rf.battle, "$D", rf.dots, "$T", rf.last, "$S", rf.save)
	return []byte(r.Replace(string(data)))
}

// leaked reports whether m shows the bot's fleet: at least four of its
// five placements, as JSON or in notation. (A fleet revealed by another
// match could share a placement or two with it by chance, never four.)
func (rf *requestFuzz) leaked(m msg) bool {
	n := 0
	s := string(m.raw)
	for _, p := range rf.botFleet {
		if strings.Contains(s, string(mustMarshal(p))) ||
			strings.Contains(s, p.Ship+" "+battleship.Square(p.Row, p.Col)) {
			n++
		}
	}
	return n >= 4
}

// battleOver says whether the Battleship match has ended, from the
// snapshot of a table.watch reply.
func battleOver(watchReply msg) bool {
	snap, _ := watchReply.m["snapshot"].(map[string]any)
	return snap == nil || snap["outcome"] != nil
}

func (rf *requestFuzz) dotsOver() bool {
	code, body := rf.fs.do("GET", "/api/tables/"+rf.dots, nil)
	return code != 200 || bytes.Contains(body, []byte(`"status":"over"`))
}

// requestSeeds is one well-formed example of every request of
// docs/protocol.md, then malformed ones. $B, $D, $T and $S are replaced
// by ids (see expand).
var requestSeeds = []string{
	`{"t":"lobby.join","id":1}`,
	`{"t":"lobby.leave","id":2}`,
	`{"t":"chat.send","id":3,"channel":"lobby","text":"hello"}`,
	`{"t":"chat.send","id":4,"channel":"table:$B","text":"good luck"}`,
	`{"t":"chat.history","id":5,"channel":"lobby"}`,
	`{"t":"chat.history","id":6,"channel":"table:$D"}`,
	`{"t":"table.create","id":7,"game":"dots","options":{"rows":2,"cols":16},"seats":[{"kind":"me"},{"kind":"open"}],"spectatorChat":true,"policy":{"grace":0,"onGone":"","moveClock":604800,"gameClock":0.5,"onTimeout":"bot"}}`,
	`{"t":"table.sit","id":8,"table":"$T","seat":1}`,
	`{"t":"table.stand","id":9,"table":"$T","seat":1}`,
	`{"t":"table.start","id":10,"table":"$T"}`,
	`{"t":"table.create","id":11,"game":"battleship","options":{"touch":true,"salvo":true,"first":1},"seats":[{"kind":"me"},{"kind":"me"}],"policy":{"onGone":"end","onTimeout":"end"}}`,
	`{"t":"table.watch","id":12,"table":"$T","views":false}`,
	`{"t":"match.handover","id":13,"table":"$T","seat":0}`,
	`{"t":"match.play","id":14,"table":"$T","seat":0,"move":"random"}`,
	`{"t":"table.create","id":15,"game":"battleship","options":{},"seats":[{"kind":"me"},{"kind":"bot","level":"expert"}]}`,
	`{"t":"table.unwatch","id":16,"table":"$D"}`,
	`{"t":"table.watch","id":17,"table":"$D","since":0}`,
	`{"t":"table.unwatch","id":18,"table":"$B"}`,
	`{"t":"table.watch","id":19,"table":"$B","views":false,"history":true}`,
	`{"t":"match.play","id":20,"table":"$B","seat":0,"move":"A1"}`,
	`{"t":"match.play","id":21,"table":"$B","seat":0,"move":{"shot":[4,7]}}`,
	`{"t":"match.play","id":21,"table":"$B","seat":0,"move":{"shot":"d7","random":null}}`,
	`{"t":"match.play","id":21,"table":"$B","seat":"zero","move":{"shot":[4,7]}}`,
	`{"t":"table.create","id":7,"game":"dots","options":{"rows":[2]},"seats":[{"kind":"me"},{"kind":"open"}]}`,
	`{"t":"match.play","id":22,"table":"$B","seat":0,"move":{"fleet":[{"ship":"carrier","row":0,"col":0,"dir":"v"},{"ship":"battleship","row":9,"col":0,"dir":"h"},{"ship":"cruiser","row":5,"col":5,"dir":"h"},{"ship":"submarine","row":7,"col":7,"dir":"h"},{"ship":"destroyer","row":2,"col":3,"dir":"v"}]}}`,
	`{"t":"match.play","id":23,"table":"$B","seat":0,"move":"carrier A1 v, battleship A10 h, cruiser F6 h, submarine H8 h, destroyer D3 v"}`,
	`{"t":"match.play","id":24,"table":"$D","seat":0,"move":{"from":[0,0],"to":[0,1]}}`,
	`{"t":"match.play","id":25,"table":"$D","seat":0,"move":"a2-a3"}`,
	`{"t":"match.save","id":26,"table":"$B","name":"fuzzed battle"}`,
	`{"t":"match.save","id":27,"table":"$D","name":"fuzzed dots"}`,
	`{"t":"match.load","id":28,"save":"$S"}`,
	`{"t":"match.load","id":29,"save":"$S","seats":[{"kind":"me"},{"kind":"bot","level":"easy"}]}`,
	`{"t":"match.rematch","id":30,"table":"$D"}`,
	`{"t":"match.rematch.decline","id":30,"table":"$D"}`,
	`{"t":"match.rematch.decline","id":30,"table":"$D","extra":1}`,
	`{"t":"match.reclaim","id":31,"table":"$B","seat":0}`,
	`{"t":"match.resign","id":32,"table":"$B","seat":0}`,
	`{"t":"match.resign","id":33,"table":"$D","seat":0}`,
	`{"t":"ended.dismiss","id":34,"matches":["$D","no-such-match"]}`,
	`{"t":"ended.dismiss","id":35,"matches":[]}`,

	// Malformed.
	``,
	`null`,
	`[]`,
	`{}`,
	`"lobby.join"`,
	`{"t":"lobby.join"}`,
	`{"t":"lobby.join","id":"1"}`,
	`{"t":"lobby.join","id":1.5}`,
	`{"t":"lobby.join","id":-9223372036854775808}`,
	`{"t":"lobby.join","id":99999999999999999999}`,
	`{"t":5,"id":40}`,
	`{"t":"lobby.join","id":41,"extra":true}`,
	`{"t":"lobby.join","id":42} {"t":"lobby.leave","id":43}`,
	`{"t":"lobby.join","id":44,"id":45,"T":"lobby.leave"}`,
	`{"t":"no.such","id":46}`,
	`{"t":"table.watch","id":47,"table":"$B","since":-1}`,
	`{"t":"table.watch","id":48,"table":"$B","since":9223372036854775807}`,
	`{"t":"table.watch","id":49,"table":"$B","since":2,"history":true}`,
	`{"t":"table.watch","id":50,"table":"nope"}`,
	`{"t":"table.watch","id":51,"table":null}`,
	`{"t":"match.play","id":52,"table":"$B","seat":1,"move":"A1"}`,
	`{"t":"match.play","id":53,"table":"$B","seat":-1,"move":"A1"}`,
	`{"t":"match.play","id":54,"table":"$B","seat":99999999999,"move":"A1"}`,
	`{"t":"match.play","id":55,"table":"$B","seat":0,"move":null}`,
	`{"t":"match.play","id":56,"table":"$B","seat":0,"move":{"shot":[10,-1]}}`,
	`{"t":"match.play","id":57,"table":"$B","seat":0,"move":{"shot":[1,2],"random":true}}`,
	`{"t":"match.play","id":58,"table":"$B","seat":0,"move":"\u0000"}`,
	`{"t":"match.play","id":59,"table":"$D","seat":0,"move":{"from":[0,0],"to":[15,15]}}`,
	`{"t":"match.play","id":60,"table":"$D","seat":0,"move":[[[[[[[[[[[[[[[[[[[[1]]]]]]]]]]]]]]]]]]]}`,
	`{"t":"match.play","id":61,"table":"$D","seat":0,"move":"a1-a1"}`,
	`{"t":"match.play","id":62,"table":"$D","seat":0,"move":"a1-b1","seat":1}`,
	`{"t":"match.play","id":63,"table":"$D","seat":0}`,
	`{"t":"table.create","id":64,"game":"dots","options":{"rows":1000,"cols":1000},"seats":[{"kind":"me"},{"kind":"me"}]}`,
	`{"t":"table.create","id":65,"game":"dots","options":"8x8","seats":[{"kind":"me"},{"kind":"me"}]}`,
	`{"t":"table.create","id":66,"game":"dots","options":{"rows":-3},"seats":[{"kind":"me"},{"kind":"me"}]}`,
	`{"t":"table.create","id":67,"game":"dots","seats":[{"kind":"me"},{"kind":"me"},{"kind":"me"}]}`,
	`{"t":"table.create","id":68,"game":"dots","seats":[{"kind":"me"},{"kind":"bot","level":"godlike"}]}`,
	`{"t":"table.create","id":69,"game":"dots","seats":[{"kind":"me"},{"kind":"open"}],"policy":{"grace":-1,"onGone":"explode"}}`,
	`{"t":"table.create","id":70,"game":"dots","seats":[{"kind":"me"},{"kind":"open"}],"policy":{"grace":1e300,"moveClock":604801}}`,
	`{"t":"table.create","id":71,"game":"chess","seats":[]}`,
	`{"t":"table.create","id":72,"game":"battleship","options":{"first":2},"seats":[{"kind":"me"},{"kind":"me"}]}`,
	`{"t":"table.create","id":73,"game":"battleship","options":{"nope":1},"seats":[{"kind":"me"},{"kind":"me"}]}`,
	`{"t":"table.create","id":74,"game":"battleship","seats":null}`,
	`{"t":"table.sit","id":75,"table":"$B","seat":1}`,
	`{"t":"table.stand","id":76,"table":"$B","seat":1}`,
	`{"t":"table.start","id":77,"table":"$B"}`,
	`{"t":"chat.send","id":78,"channel":"table:$B","text":"   "}`,
	`{"t":"chat.send","id":79,"channel":"table:nope","text":"hi"}`,
	`{"t":"chat.send","id":80,"channel":"lobby","text":"` + strings.Repeat("x", 501) + `"}`,
	`{"t":"chat.send","id":81,"channel":"lobby","text":"\ud800"}`,
	`{"t":"chat.history","id":82,"channel":"table:"}`,
	`{"t":"match.handover","id":83,"table":"$B","seat":1}`,
	`{"t":"match.handover","id":84,"table":"$B"}`,
	`{"t":"match.save","id":85,"table":"$B","name":""}`,
	`{"t":"match.save","id":86,"table":"$B","name":"` + strings.Repeat("n", 101) + `"}`,
	`{"t":"match.load","id":87,"save":"nope"}`,
	`{"t":"match.load","id":88,"save":"$S","seats":[{"kind":"open"},{"kind":"me"}]}`,
	`{"t":"match.load","id":89,"save":"$S","seats":[]}`,
	`{"t":"match.reclaim","id":90,"table":"$B","seat":1}`,
	`{"t":"match.resign","id":91,"table":"$B","seat":1}`,
	`{"t":"match.rematch","id":92,"table":"$B"}`,
	`{"t":"match.play","id":93,"table":"$B","seat":0,"move":"A1"`,
	"{\"t\":\"lobby.join\",\"id\":94,\"x\":\"\xff\xfe\"}",
}

// FuzzRequest sends every input as one WebSocket message of a guest who
// plays Battleship against a bot and Dots against a bot and has joined the
// lobby. Each input gets exactly one reply, ok or with an error a person
// can read; the server does not panic (not even one it recovers from);
// afterwards it still answers well-formed requests; and no message the
// guest receives shows the bot's fleet before the match ends.
func FuzzRequest(f *testing.F) {
	fs := startFuzzServer(f, "Fuzzer")
	rf := &requestFuzz{fs: fs, c: fs.dial(f)}
	if _, err := rf.c.ok("lobby.join", nil); err != nil {
		f.Fatal(err)
	}
	if err := rf.setupBattle(); err != nil {
		f.Fatal(err)
	}
	if err := rf.setupDots(); err != nil {
		f.Fatal(err)
	}
	rep, err := rf.c.ok("match.save", map[string]any{"table": rf.dots, "name": "dots at the start"})
	if err != nil {
		f.Fatal(err)
	}
	rf.save = rep["save"].(map[string]any)["id"].(string)
	rf.last = rf.dots
	rf.c.reset()
	for _, s := range requestSeeds {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		rf.check(t, data)
	})
}

func (rf *requestFuzz) check(t *testing.T, data []byte) {
	c := rf.c
	in := rf.expand(data)
	if len(in) > 60<<10 {
		// Past 64 KiB the server closes the connection, as documented.
		return
	}
	defer rf.fs.checkPanics(t, in)
	want := replyID(in)
	if err := c.send(in); err != nil {
		t.Fatalf("send %q: %v", in, err)
	}
	// The server handles a connection's messages in order: once the
	// unwatch that follows is answered, the input has been handled (its
	// reply may come later: a move is acknowledged once it is durable).
	unwatch, err := c.call("table.unwatch", map[string]any{"table": rf.battle}, want)
	if err != nil {
		t.Fatalf("after %q: %v", in, err)
	}
	reply, err := c.waitFor(fmt.Sprintf("reply %d", want), 0, isReply(want))
	if err != nil {
		t.Fatalf("input %q: %v", in, err)
	}
	switch reply.m["ok"] {
	case true:
	case false:
		if e, _ := reply.m["error"].(string); strings.TrimSpace(e) == "" || e == "internal error" {
			t.Fatalf("input %q: error reply without a clear error: %s", in, reply.raw)
		} else if w := game.GoWords(e); w != "" {
			t.Fatalf("input %q: the error speaks of Go (%q), not to a player: %s", in, w, reply.raw)
		}
	default:
		t.Fatalf("input %q: reply without ok: %s", in, reply.raw)
	}
	watch, err := c.call("table.watch", map[string]any{"table": rf.battle}, want)
	if err != nil {
		t.Fatalf("after %q: %v", in, err)
	}
	if watch.m["ok"] != true {
		t.Fatalf("after %q the server refuses a well-formed table.watch: %s", in, watch.raw)
	}
	if !utf8.Valid(reply.raw) {
		t.Fatalf("input %q: reply is not UTF-8: %q", in, reply.raw)
	}

	// Exactly one reply to the input, and none to anything else.
	over := battleOver(watch)
	for _, m := range c.received() {
		if m.t() == "reply" {
			fid, _ := m.m["id"].(float64)
			id := int64(fid)
			if id != want && m.m["id"] != unwatch.m["id"] && m.m["id"] != watch.m["id"] {
				t.Fatalf("input %q (reply id %d): a reply to no request: %s", in, want, m.raw)
			}
			if id == want && &m.raw[0] != &reply.raw[0] {
				t.Fatalf("input %q: a second reply %s after %s", in, m.raw, reply.raw)
			}
		}
		if !over && rf.leaked(m) {
			t.Fatalf("input %q: the guest received the bot's fleet %v before the end: %s", in, rf.botFleet, m.raw)
		}
	}
	if reply.m["ok"] == true {
		if tj, ok := reply.m["table"].(map[string]any); ok {
			if id, ok := tj["id"].(string); ok {
				rf.last = id
			}
		}
		if sv, ok := reply.m["save"].(map[string]any); ok {
			if id, ok := sv["id"].(string); ok {
				rf.save = id
			}
		}
	}
	if over {
		if err := rf.setupBattle(); err != nil {
			t.Fatalf("after %q: a new Battleship match: %v", in, err)
		}
	}
	if rf.dotsOver() {
		if err := rf.setupDots(); err != nil {
			t.Fatalf("after %q: a new Dots match: %v", in, err)
		}
	}
	c.reset()
}

// importFuzz is FuzzImportSave's state.
type importFuzz struct {
	fs *fuzzServer
	c  *fuzzConn
}

// saves lists the guest's saves by id.
func (xf *importFuzz) saves() (map[string]bool, error) {
	code, body := xf.fs.do("GET", "/api/saves", nil)
	if code != 200 {
		return nil, fmt.Errorf("saves list: %d %s", code, body)
	}
	var r struct {
		Saves []struct {
			ID string `json:"id"`
		} `json:"saves"`
	}
	if err := json.Unmarshal(body, &r); err != nil {
		return nil, err
	}
	out := map[string]bool{}
	for _, s := range r.Saves {
		out[s.ID] = true
	}
	return out, nil
}

// download plays moves at a new table and returns the file of its save.
func (xf *importFuzz) download(create map[string]any, moves []map[string]any, waitSeq int) ([]byte, error) {
	rep, err := xf.c.ok("table.create", create)
	if err != nil {
		return nil, err
	}
	id := tableID(rep)
	if _, err := xf.c.ok("table.watch", map[string]any{"table": id}); err != nil {
		return nil, err
	}
	for _, mv := range moves {
		mv["table"] = id
		if _, err := xf.c.ok("match.play", mv); err != nil {
			return nil, err
		}
	}
	if _, err := xf.c.waitFor("the moves", 0, func(m msg) bool {
		return m.t() == "match" && m.m["table"] == id && m.m["seq"].(float64) >= float64(waitSeq)
	}); err != nil {
		return nil, err
	}
	rep, err = xf.c.ok("match.save", map[string]any{"table": id, "name": "seed"})
	if err != nil {
		return nil, err
	}
	code, file := xf.fs.do("GET", "/api/saves/"+rep["save"].(map[string]any)["id"].(string)+"/file", nil)
	if code != 200 {
		return nil, fmt.Errorf("download: %d %s", code, file)
	}
	xf.c.reset()
	return file, nil
}

// docSealedHeader is a sealed file's header as docs/protocol.md lays it
// out, in the order that makes the additional authenticated data.
type docSealedHeader struct {
	Parlor  string          `json:"parlor"`
	V       int             `json:"v"`
	Name    string          `json:"name"`
	Game    string          `json:"game"`
	Options json.RawMessage `json:"options,omitempty"`
	Seats   []string        `json:"seats"`
	Moves   int             `json:"moves"`
	Saved   time.Time       `json:"saved"`
	Key     string          `json:"key"`
}

// fileLog reads a save file as docs/protocol.md describes it, opening a
// sealed one with fuzzSaveKey: the test's own reading, to check what the
// server accepted.
func fileLog(b []byte) (name string, seats []string, l game.Log, err error) {
	var probe struct {
		V int `json:"v"`
	}
	if err := json.Unmarshal(b, &probe); err != nil {
		return "", nil, l, err
	}
	if probe.V == 1 {
		var f struct {
			Name  string   `json:"name"`
			Seats []string `json:"seats"`
			Log   game.Log `json:"log"`
		}
		err := json.Unmarshal(b, &f)
		return f.Name, f.Seats, f.Log, err
	}
	var f struct {
		docSealedHeader
		Sealed string `json:"sealed"`
	}
	if err := json.Unmarshal(b, &f); err != nil {
		return "", nil, l, err
	}
	hdr, err := json.Marshal(f.docSealedHeader)
	if err != nil {
		return "", nil, l, err
	}
	box, err := base64.StdEncoding.DecodeString(f.Sealed)
	if err != nil || len(box) < 12 {
		return "", nil, l, errors.New("sealed is not base64 of a nonce and more")
	}
	block, _ := aes.NewCipher(fuzzSaveKey)
	aead, _ := cipher.NewGCM(block)
	plain, err := aead.Open(nil, box[:12], box[12:], append([]byte("parlor sealed save\x00"), hdr...))
	if err != nil {
		return "", nil, l, fmt.Errorf("does not open: %v", err)
	}
	var sl struct {
		Seed  uint64       `json:"seed"`
		Moves []game.Entry `json:"moves"`
	}
	if err := json.Unmarshal(plain, &sl); err != nil {
		return "", nil, l, err
	}
	if len(sl.Moves) != f.Moves {
		return "", nil, l, fmt.Errorf("%d moves sealed, %d in the header", len(sl.Moves), f.Moves)
	}
	return f.Name, f.Seats, game.Log{Game: f.Game, Options: f.Options, Seed: sl.Seed, Moves: sl.Moves}, nil
}

// FuzzImportSave uploads every input as a save file. The server either
// refuses it with a clear error and creates no save, or the file is one
// that replays to a valid game (as the test reads it) and the save it
// created has the file's name, game and moves and loads at a new table.
func FuzzImportSave(f *testing.F) {
	fs := startFuzzServer(f, "Importer")
	xf := &importFuzz{fs: fs, c: fs.dial(f)}
	plain, err := xf.download(map[string]any{"game": "dots", "options": map[string]any{"rows": 3, "cols": 3},
		"seats": []any{map[string]any{"kind": "me"}, map[string]any{"kind": "me"}}},
		[]map[string]any{
			{"seat": 0, "move": map[string]any{"from": []int{0, 0}, "to": []int{0, 1}}},
			{"seat": 1, "move": "a2-b2"},
			{"seat": 0, "move": map[string]any{"from": []int{0, 0}, "to": []int{1, 0}}},
		}, 3)
	if err != nil {
		f.Fatal(err)
	}
	sealed, err := xf.download(map[string]any{"game": "battleship",
		"seats": []any{map[string]any{"kind": "me"}, map[string]any{"kind": "bot", "level": "easy"}}},
		[]map[string]any{{"seat": 0, "move": map[string]any{"fleet": plantedFleet}}}, 2)
	if err != nil {
		f.Fatal(err)
	}
	if !bytes.Contains(plain, []byte(`"v":1`)) || !bytes.Contains(sealed, []byte(`"v":2`)) {
		f.Fatalf("seed files: plain %s, sealed %s", plain, sealed)
	}
	for _, b := range [][]byte{plain, sealed} {
		f.Add(b)
		f.Add(b[:len(b)/2])
		f.Add(b[:len(b)-1])
		f.Add(append(append([]byte(nil), b...), " {}"...))
		f.Add(bytes.Replace(b, []byte(`"name":"seed"`), []byte(`"name":"seed","extra":1`), 1))
		f.Add(bytes.Replace(b, []byte(`"name":"seed"`), []byte(`"name":"   "`), 1))
		f.Add(bytes.Replace(b, []byte(`"parlor":"save"`), []byte(`"parlor":"load"`), 1))
		flipped := append([]byte(nil), b...)
		flipped[len(flipped)*3/4] ^= 1
		f.Add(flipped)
	}
	f.Add(bytes.Replace(plain, []byte(`"rows":3`), []byte(`"rows":17`), 1))
	f.Add(bytes.Replace(plain, []byte(`"seat":1`), []byte(`"seat":0`), 1))
	f.Add(bytes.Replace(plain, []byte(`"game":"dots"`), []byte(`"game":"battleship"`), 1))
	f.Add(bytes.Replace(plain, []byte(`"seats":[`), []byte(`"seats":["Extra",`), 1))
	f.Add(bytes.Replace(sealed, []byte(`"moves":2`), []byte(`"moves":3`), 1))
	f.Add(bytes.Replace(sealed, []byte(`"v":2`), []byte(`"v":1`), 1))
	f.Add(bytes.Replace(sealed, []byte(`"game":"battleship"`), []byte(`"game":"dots"`), 1))
	for _, s := range []string{
		``, `null`, `[]`, `{}`, `"save"`, `{"parlor":"save","v":1}`, `{"parlor":"save","v":2}`, `{"parlor":"save","v":3}`,
		`{"parlor":"save","v":1,"name":"x","seats":["a","b"],"log":{"game":"dots","seed":1,"moves":[]}}`,
		`{"parlor":"save","v":1,"name":"x","seats":["a","b"],"log":{"game":"dots","options":{"rows":1000000,"cols":1000000},"seed":1,"moves":[]}}`,
		`{"parlor":"save","v":1,"name":"x","seats":["a","b"],"log":{"game":"battleship","seed":1,"moves":[{"seat":0,"move":{"random":true}},{"seat":1,"move":{"random":true}}]}}`,
		`{"parlor":"save","v":1,"name":"x","seats":["a","b"],"log":{"game":"battleship","seed":1,"moves":[{"seat":0,"move":null}]}}`,
		`{"parlor":"save","v":1,"name":"x","seats":["a","b"],"log":{"game":"dots","seed":1,"moves":[{"seat":-1,"move":"a1-b1"}]}}`,
		`{"parlor":"save","v":2,"name":"x","game":"battleship","seats":["a","b"],"moves":0,"saved":"2025-01-02T03:04:05Z","key":"0000000000000000","sealed":""}`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		xf.check(t, data)
	})
}

func (xf *importFuzz) check(t *testing.T, data []byte) {
	defer xf.fs.checkPanics(t, data)
	before, err := xf.saves()
	if err != nil {
		t.Fatal(err)
	}
	code, body := xf.fs.do("POST", "/api/saves/import", data)
	after, err := xf.saves()
	if err != nil {
		t.Fatal(err)
	}
	if code != 200 {
		var e struct {
			Error string `json:"error"`
		}
		if (code != 400 && code != 413) || json.Unmarshal(body, &e) != nil || strings.TrimSpace(e.Error) == "" {
			t.Fatalf("file %q refused with %d %s, want 400 and a clear error", data, code, body)
		}
		if len(after) != len(before) {
			t.Fatalf("file %q was refused (%s) but the saves went from %d to %d", data, body, len(before), len(after))
		}
		return
	}
	var rep struct {
		Save struct {
			ID    string `json:"id"`
			Name  string `json:"name"`
			Game  string `json:"game"`
			Moves int    `json:"moves"`
		} `json:"save"`
	}
	if err := json.Unmarshal(body, &rep); err != nil || rep.Save.ID == "" {
		t.Fatalf("file %q accepted with %s", data, body)
	}
	if len(after) != len(before)+1 || before[rep.Save.ID] || !after[rep.Save.ID] {
		t.Fatalf("file %q accepted as save %s, but the saves went from %v to %v", data, rep.Save.ID, before, after)
	}
	name, seats, l, err := fileLog(data)
	if err != nil {
		t.Fatalf("file %q accepted, but it does not read as a save file: %v", data, err)
	}
	st, err := xf.fs.reg.Replay(l)
	if err != nil {
		t.Fatalf("file %q accepted, but its log does not replay: %v", data, err)
	}
	if len(seats) != st.Seats() || strings.TrimSpace(name) == "" || utf8.RuneCountInString(name) > 100 {
		t.Fatalf("file %q accepted with %d seat names for %d seats and the name %q", data, len(seats), st.Seats(), name)
	}
	if rep.Save.Name != name || rep.Save.Game != l.Game || rep.Save.Moves != len(l.Moves) {
		t.Fatalf("file %q (name %q, game %q, %d moves) accepted as %s", data, name, l.Game, len(l.Moves), body)
	}
	// The save loads at a new table, which is then given up.
	r, err := xf.c.call("match.load", map[string]any{"save": rep.Save.ID}, 0)
	if err != nil {
		t.Fatal(err)
	}
	if r.m["ok"] != true {
		// A bookmark of a match that has ended (the seed file's, once an
		// earlier input resumed and resigned it) opens only as a replay.
		if r.m["code"] == "conflict" && strings.Contains(fmt.Sprint(r.m["error"]), "replay") {
			if code, body := xf.fs.do("DELETE", "/api/saves/"+rep.Save.ID, nil); code != 204 {
				t.Fatalf("delete save %s: %d %s", rep.Save.ID, code, body)
			}
			xf.c.reset()
			return
		}
		t.Fatalf("file %q was imported as save %s, which does not load: %s", data, rep.Save.ID, r.raw)
	}
	id := tableID(r.m)
	if _, err := xf.c.call("match.resign", map[string]any{"table": id, "seat": 0}, 0); err != nil {
		t.Fatal(err)
	}
	if code, body := xf.fs.do("DELETE", "/api/saves/"+rep.Save.ID, nil); code != 204 {
		t.Fatalf("delete save %s: %d %s", rep.Save.ID, code, body)
	}
	xf.c.reset()
}
