package server_test

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/parlor-games/parlor/match"
	"github.com/parlor-games/parlor/server"
	"github.com/parlor-games/parlor/store"
)

// refusal is a request the server must refuse, the code its error reply
// must carry, and the reply's text: the whole text, or its beginning when
// it ends with "…". The texts are the ones clients show today.
type refusal struct {
	who    *client
	t      string
	fields map[string]any
	code   string
	text   string
}

func checkRefusals(t *testing.T, rs []refusal) {
	t.Helper()
	for _, r := range rs {
		rep := r.who.call(r.t, r.fields)
		code, _ := rep.m["code"].(string)
		text, _ := rep.m["error"].(string)
		want, prefix := strings.CutSuffix(r.text, "…")
		if rep.m["ok"] != false || code != r.code || !(text == want || prefix && strings.HasPrefix(text, want)) {
			t.Errorf("%s: %s %v: %s\nwant code %q, error %q", r.who.u.name, r.t, r.fields, rep.raw, r.code, r.text)
		}
	}
}

// noIDReply waits for the error reply with id 0 and text, checks its
// code, and returns it.
func noIDReply(t *testing.T, c *client, text, code string) msg {
	t.Helper()
	r := c.waitFor("error reply "+text, func(m msg) bool {
		return m.t() == "reply" && m.m["id"] == float64(0) && m.m["error"] == text
	})
	if r.m["ok"] != false || r.m["code"] != code {
		t.Errorf("%s: want ok false and code %q", r.raw, code)
	}
	return r
}

// TestRefusalCodes walks the refusals of every kind of request, before,
// during and after a Dots match, and checks each error reply's code and
// text.
func TestRefusalCodes(t *testing.T) {
	// Ann sends more requests than the rate limit's burst allows.
	e := startEnvConfig(t, t.TempDir(), match.Options{}, func(cfg *server.Config) { cfg.MessageRate = -1 })
	ann, bob, cy := e.guest("Ann"), e.guest("Bob"), e.guest("Cy")
	ca, cb, cc := ann.dial(), bob.dial(), cy.dial()

	// Messages the server cannot read as a request get id 0.
	ca.send([]byte(`not json`))
	noIDReply(t, ca, "message is not a JSON object", "bad-request")
	ca.send([]byte(`{"t":"lobby.join"}`))
	noIDReply(t, ca, "message has no id", "bad-request")
	if err := ca.conn.SendBinary(t.Context(), []byte(`{"t":"lobby.join","id":1}`)); err != nil {
		t.Fatal(err)
	}
	noIDReply(t, ca, "messages must be JSON text", "bad-request")

	dots := func(seats ...string) map[string]any {
		var ss []any
		for _, s := range seats {
			ss = append(ss, map[string]any{"kind": s})
		}
		return map[string]any{"game": "dots", "options": map[string]any{"rows": 3, "cols": 3}, "seats": ss}
	}
	with := func(m map[string]any, k string, v any) map[string]any {
		m[k] = v
		return m
	}
	checkRefusals(t, []refusal{
		{ca, "nope", nil, "bad-request", `unknown message type "nope"`},
		{ca, "lobby.join", map[string]any{"extra": 1}, "bad-request", "bad message: …"},
		{ca, "chat.send", map[string]any{"channel": 5, "text": "x"}, "bad-request", `field "channel" must be a string`},
		{ca, "chat.send", map[string]any{"channel": "lobby"}, "bad-request", "chat.send needs channel and text"},
		{ca, "chat.send", map[string]any{"channel": "nowhere", "text": "x"}, "bad-request", `unknown channel "nowhere" (use "lobby" or "table:ID")`},
		{ca, "chat.send", map[string]any{"channel": "table:missing", "text": "x"}, "not-found", `no table "missing"`},
		{ca, "chat.send", map[string]any{"channel": "lobby", "text": "   "}, "bad-request", "a chat message cannot be empty"},
		{ca, "chat.send", map[string]any{"channel": "lobby", "text": strings.Repeat("x", 501)}, "bad-request", "a chat message is at most 500 characters (this one has 501)"},
		{ca, "chat.history", nil, "bad-request", "chat.history needs channel"},
		{ca, "chat.history", map[string]any{"channel": "table:missing"}, "not-found", `no table "missing"`},
		{ca, "table.create", map[string]any{"game": "dots"}, "bad-request", "table.create needs game and seats"},
		{ca, "table.create", map[string]any{"game": "chess", "seats": []any{}}, "bad-request", `unknown game "chess"…`},
		{ca, "table.create", with(dots("me", "open"), "options", map[string]any{"rows": 99}), "bad-request", `option "rows"…`},
		{ca, "table.create", dots("me"), "bad-request", "Dots and Boxes with these options has 2 seats; 1 given"},
		{ca, "table.create", dots("me", "robot"), "bad-request", `seat 1: kind "robot" is not open, me or bot`},
		{ca, "table.create", with(dots("me", "bot"), "seats", []any{map[string]any{"kind": "me"}, map[string]any{"kind": "bot", "level": "godlike"}}), "bad-request", `Dots and Boxes has no bot level "godlike"…`},
		{ca, "table.create", with(dots("me", "open"), "policy", map[string]any{"onGone": "explode"}), "bad-request", `policy choice "explode" is not one of forfeit, bot, end, pause`},
		{ca, "table.create", with(dots("me", "open"), "policy", map[string]any{"grace": -1}), "bad-request", "policy times are seconds between 0 and one week"},
		{ca, "table.watch", nil, "bad-request", "the message needs table"},
		{ca, "table.watch", map[string]any{"table": "missing"}, "not-found", `no table "missing"`},
		{ca, "match.play", map[string]any{"table": "missing", "seat": 0, "move": "a1-b1"}, "not-found", `no table "missing"`},
		{ca, "match.load", nil, "bad-request", "match.load needs save"},
		{ca, "match.load", map[string]any{"save": "nope"}, "not-found", "no such save"},
	})

	// An open table: Ann's, with a seat for Bob.
	id := tableID(ca.ok("table.create", with(dots("me", "open"), "policy", map[string]any{"onGone": ""})))
	tbl := func(fields ...any) map[string]any {
		m := map[string]any{"table": id}
		for i := 0; i+1 < len(fields); i += 2 {
			m[fields[i].(string)] = fields[i+1]
		}
		return m
	}
	ca.ok("table.watch", tbl())
	checkRefusals(t, []refusal{
		{cb, "table.watch", tbl("since", -1), "bad-request", "since must be 0 or more"},
		{ca, "table.watch", tbl(), "conflict", "already watching this table; unwatch first"},
		{cb, "table.sit", tbl(), "bad-request", "table.sit needs seat"},
		{cb, "table.sit", tbl("seat", 7), "bad-request", "no seat 7 at this table"},
		{cb, "table.sit", tbl("seat", "1"), "bad-request", `field "seat" must be an integer`},
		{cb, "table.sit", tbl("seat", 0), "conflict", "seat 0 is not open"},
		{cb, "table.stand", tbl(), "bad-request", "table.stand needs seat"},
		{cb, "table.stand", tbl("seat", 0), "forbidden", "you do not hold seat 0"},
		{ca, "table.start", tbl(), "conflict", "every seat must be taken before the start"},
		{ca, "match.play", tbl("seat", 0, "move", "a1-b1"), "conflict", "the match has not started"},
		{ca, "match.resign", tbl("seat", 0), "conflict", "the match has not started"},
		{ca, "match.reclaim", tbl("seat", 0), "conflict", "the match has not started"},
		{ca, "match.handover", tbl("seat", 0), "conflict", "the match has not started"},
		{ca, "match.save", tbl("name", "early"), "conflict", "the match has not started"},
		{cc, "chat.send", map[string]any{"channel": "table:" + id, "text": "hi"}, "forbidden", "spectators cannot write at this table"},
	})

	cb.ok("table.sit", tbl("seat", 1))
	checkRefusals(t, []refusal{
		{cb, "table.start", tbl(), "forbidden", "only the table's creator can start it"},
	})
	ca.ok("table.start", tbl())
	cb.ok("table.watch", tbl("views", false))
	cc.ok("table.watch", tbl("views", false))
	annIdle := ann.dial() // Ann's second connection, watching nothing
	checkRefusals(t, []refusal{
		{ca, "table.start", tbl(), "conflict", "the table has already started"},
		{cc, "table.sit", tbl("seat", 1), "conflict", "seats can only be taken before the start"},
		{cb, "table.stand", tbl("seat", 1), "conflict", "seats can only be left before the start; resign instead"},
		{cb, "match.play", tbl("seat", 0, "move", line(0, 0, 1)), "forbidden", "you do not hold seat 0"},
		{cc, "match.resign", tbl("seat", 0), "forbidden", "you do not hold seat 0"},
		{ca, "match.play", tbl("seat", 9, "move", line(0, 0, 1)), "bad-request", "no seat 9 at this table"},
		{ca, "match.play", tbl("move", line(0, 0, 1)), "bad-request", "match.play needs seat"},
		{ca, "match.play", tbl("seat", 0), "bad-request", "match.play needs move"},
		{ca, "match.play", tbl("seat", 0, "move", "zz"), "bad-move", `move "zz"…`},
		{cb, "match.play", tbl("seat", 1, "move", line(0, 0, 1)), "not-your-turn", "it is not seat 1's turn"},
		{ca, "match.play", tbl("seat", 0, "move", line(0, 0, 5)), "off-board", "dot …"},
		{ca, "match.play", tbl("seat", 0, "move", line(0, 0, 2)), "too-far", "those dots are too far apart: join neighbouring dots, one step apart"},
		{annIdle, "match.handover", tbl("seat", 0), "conflict", "watch the table first"},
		{annIdle, "match.reclaim", tbl("seat", 0), "conflict", "watch the table first"},
		{ca, "match.reclaim", tbl("seat", 0), "conflict", "no bot plays seat 0: it is yours to play"},
		{cc, "match.save", tbl("name", "mine"), "forbidden", "only players can save a match"},
		{ca, "match.save", tbl("name", " "), "bad-request", "match.save needs a name of 1-100 characters"},
		{cc, "match.rematch", tbl(), "forbidden", "only players can ask for a rematch"},
		{ca, "match.rematch", tbl(), "conflict", "the game is still being played: a rematch can be asked for after the end"},
		{cc, "match.rematch.decline", tbl(), "forbidden", "only players can answer a rematch"},
		{ca, "match.rematch.decline", tbl(), "conflict", "no rematch is on offer at this table"},
	})
	ca.ok("match.play", tbl("seat", 0, "move", line(0, 0, 1)))
	waitSeq(cb, id, 1)
	checkRefusals(t, []refusal{
		{cb, "match.play", tbl("seat", 1, "move", line(0, 0, 1)), "already-drawn", "that line is already drawn"},
	})
	save := ca.ok("match.save", tbl("name", "first line"))["save"].(map[string]any)["id"].(string)
	checkRefusals(t, []refusal{
		{ca, "match.load", map[string]any{"save": save, "seats": []any{map[string]any{"kind": "me"}}}, "bad-request", "Dots and Boxes with these options has 2 seats; 1 given"},
		{ca, "match.load", map[string]any{"save": save, "seats": []any{map[string]any{"kind": "me"}, map[string]any{"kind": "open"}}}, "bad-request", "a loaded match needs every seat filled (me or a bot)"},
		{cb, "match.load", map[string]any{"save": save}, "not-found", "no such save"},
	})

	ca.ok("match.resign", tbl("seat", 0))
	waitSeq(cb, id, 2)
	checkRefusals(t, []refusal{
		{ca, "match.resign", tbl("seat", 0), "conflict", "the match is already over"},
		{cb, "match.play", tbl("seat", 1, "move", line(1, 0, 1)), "conflict", "the match is over"},
		{cb, "match.reclaim", tbl("seat", 1), "conflict", "the match is already over"},
	})
}

// TestRefusalCodesHotSeatBattleship: at one screen, a move before the
// hand-over is confirmed is a conflict, and Battleship's rule refusals
// carry Battleship's codes.
func TestRefusalCodesHotSeatBattleship(t *testing.T) {
	e := newEnv(t)
	c := e.guest("Solo").dial()
	id := tableID(c.ok("table.create", map[string]any{"game": "battleship",
		"seats": []any{map[string]any{"kind": "me"}, map[string]any{"kind": "me"}}}))
	c.ok("table.watch", map[string]any{"table": id})
	play := func(seat int, move any) map[string]any {
		return map[string]any{"table": id, "seat": seat, "move": move}
	}
	checkRefusals(t, []refusal{
		{c, "match.play", play(0, "random"), "conflict", "confirm the hand-over to seat 0 first"},
	})
	c.ok("match.handover", map[string]any{"table": id, "seat": 0})
	checkRefusals(t, []refusal{
		{c, "match.play", play(0, "B7"), "not-placed", "place your fleet before firing"},
		{c, "match.play", play(0, map[string]any{"fleet": []any{map[string]any{"ship": "dinghy", "row": 0, "col": 0, "dir": "h"}}}),
			"unknown-ship", `there is no ship called "dinghy" (the fleet is carrier, battleship, cruiser, submarine, destroyer)`},
		{c, "match.play", play(1, "random"), "conflict", "confirm the hand-over to seat 1 first"},
	})
	c.ok("match.play", play(0, map[string]any{"fleet": plantedFleet}))
	c.waitFor("handover to seat 1", func(m msg) bool { return m.t() == "handover" && m.m["seat"] == float64(1) })
	c.ok("match.handover", map[string]any{"table": id, "seat": 1})
	c.ok("match.play", play(1, "random"))
	c.waitFor("handover to seat 0", func(m msg) bool { return m.t() == "handover" && m.m["seat"] == float64(0) })
	c.ok("match.handover", map[string]any{"table": id, "seat": 0})
	checkRefusals(t, []refusal{
		{c, "match.play", play(0, map[string]any{"fleet": plantedFleet}), "already-placed", "your fleet is placed; fire a shot, like B7"},
		{c, "match.play", play(0, map[string]any{"shot": []int{0, 10}}), "off-grid", "shot [0,10] is off the grid (rows and columns are 0-9)"},
	})
}

// TestRefusalCodesBotSeat: a seat a bot took over when its game clock ran
// out is the bot's: its holder's move is a conflict, and so is asking for
// it back.
func TestRefusalCodesBotSeat(t *testing.T) {
	e, clock := newClockEnv(t)
	ca, cb := e.guest("Ann").dial(), e.guest("Bob").dial()
	id := dotsDuel(t, ca, cb, map[string]any{"gameClock": 60, "onTimeout": "bot"})
	ca.ok("match.play", map[string]any{"table": id, "seat": 0, "move": line(0, 0, 1)})
	waitSeq(cb, id, 1)
	clock.Advance(60 * time.Second) // Bob's game clock runs out
	timeoutPush(t, cb, id, 2, 1, "bot")
	if bot := waitSeq(cb, id, 3); bot.m["seat"] != float64(1) || bot.m["move"] == nil {
		t.Fatalf("the bot did not move for Bob: %s", bot.raw)
	}
	checkRefusals(t, []refusal{
		{cb, "match.play", map[string]any{"table": id, "seat": 1, "move": line(2, 0, 1)}, "conflict", "a bot plays this seat now"},
		{cb, "match.reclaim", map[string]any{"table": id, "seat": 1}, "conflict", "seat 1 has no time left on its game clock, so the bot keeps playing it"},
	})
}

// flakyStore is a store that fails every write and read a request makes
// while fail is set, as a full disk or a broken database would, and
// returns saves whose log does not read while damaged is set.
type flakyStore struct {
	*store.Store
	fail, damaged atomic.Bool
	keyFail       atomic.Bool // only reading the server's keys fails
}

var errDisk = errors.New("disk I/O error")

func (f *flakyStore) SaveTable(ctx context.Context, row store.TableRow) error {
	if f.fail.Load() {
		return errDisk
	}
	return f.Store.SaveTable(ctx, row)
}

func (f *flakyStore) AddChat(ctx context.Context, l store.ChatLine) error {
	if f.fail.Load() {
		return errDisk
	}
	return f.Store.AddChat(ctx, l)
}

func (f *flakyStore) ChatLines(ctx context.Context, channel string, n int) ([]store.ChatLine, error) {
	if f.fail.Load() {
		return nil, errDisk
	}
	return f.Store.ChatLines(ctx, channel, n)
}

func (f *flakyStore) CreateSave(ctx context.Context, sv store.Save) (store.Save, error) {
	if f.fail.Load() {
		return store.Save{}, errDisk
	}
	return f.Store.CreateSave(ctx, sv)
}

func (f *flakyStore) GetSave(ctx context.Context, userID int64, id string) (store.Save, error) {
	if f.fail.Load() {
		return store.Save{}, errDisk
	}
	sv, err := f.Store.GetSave(ctx, userID, id)
	if err == nil && f.damaged.Load() {
		sv.Log = json.RawMessage(`{"game":`)
	}
	return sv, err
}

func (f *flakyStore) DeleteSave(ctx context.Context, userID int64, id string) error {
	if f.fail.Load() {
		return errDisk
	}
	return f.Store.DeleteSave(ctx, userID, id)
}

func (f *flakyStore) Key(ctx context.Context, name string) ([]byte, error) {
	if f.fail.Load() || f.keyFail.Load() {
		return nil, errDisk
	}
	return f.Store.Key(ctx, name)
}

func (f *flakyStore) CreateMatch(ctx context.Context, h store.MatchHeader) error {
	if f.fail.Load() {
		return errDisk
	}
	return f.Store.CreateMatch(ctx, h)
}

func (f *flakyStore) Append(ctx context.Context, r store.Record) error {
	if f.fail.Load() {
		return errDisk
	}
	return f.Store.Append(ctx, r)
}

// TestRefusalCodesStoreFailures: what the store did not take is refused
// as unavailable, changing nothing, and a save that no longer reads as
// internal; once the store works again, so does the same request.
func TestRefusalCodesStoreFailures(t *testing.T) {
	fs := &flakyStore{}
	e := startEnvConfig(t, t.TempDir(), match.Options{}, func(cfg *server.Config) {
		fs.Store = cfg.Store.(*store.Store)
		cfg.Store = fs
		// The matches' store fails too.
		mgr := match.New(cfg.Registry, fs, nil, match.Options{})
		t.Cleanup(func() { mgr.Close(context.Background()) })
		cfg.Matches = mgr
	})
	ann, bob := e.guest("Ann"), e.guest("Bob")
	ca, cb := ann.dial(), bob.dial()
	quiet := map[string]any{"onGone": ""}
	hot := tableID(ca.ok("table.create", map[string]any{"game": "dots", "policy": quiet,
		"seats": []any{map[string]any{"kind": "me"}, map[string]any{"kind": "me"}}}))
	ca.ok("table.watch", map[string]any{"table": hot})
	open := tableID(ca.ok("table.create", map[string]any{"game": "dots", "policy": quiet,
		"seats": []any{map[string]any{"kind": "me"}, map[string]any{"kind": "open"}}}))
	cb.ok("table.sit", map[string]any{"table": open, "seat": 1})
	save := ca.ok("match.save", map[string]any{"table": hot, "name": "start"})["save"].(map[string]any)["id"].(string)
	move := map[string]any{"table": hot, "seat": 0, "move": line(0, 0, 1)}

	_, file := ann.do("GET", "/api/saves/"+save+"/file", nil)
	// An unfinished Battleship game against a bot: its download is sealed,
	// under a key not yet read from the store.
	bs := tableID(ca.ok("table.create", map[string]any{"game": "battleship", "policy": quiet,
		"seats": []any{map[string]any{"kind": "me"}, map[string]any{"kind": "bot", "level": "easy"}}}))
	bsSave := ca.ok("match.save", map[string]any{"table": bs, "name": "sealed"})["save"].(map[string]any)["id"].(string)

	fs.fail.Store(true)
	checkRefusals(t, []refusal{
		{ca, "table.create", map[string]any{"game": "dots", "seats": []any{map[string]any{"kind": "me"}, map[string]any{"kind": "open"}}}, "unavailable", "could not save the table; try again"},
		{ca, "table.start", map[string]any{"table": open}, "unavailable", "the match could not be stored; try again"},
		// The store's own error ("disk I/O error") is for the log only.
		{ca, "match.play", move, "unavailable", "the server could not do this just now (it may be restarting); nothing was changed: try again in a moment"},
		{ca, "match.resign", map[string]any{"table": hot, "seat": 0}, "unavailable", "the server could not do this just now (it may be restarting); nothing was changed: try again in a moment"},
		{ca, "chat.send", map[string]any{"channel": "lobby", "text": "hello"}, "unavailable", "the message could not be saved; try again"},
		{ca, "chat.history", map[string]any{"channel": "lobby"}, "unavailable", "the chat history could not be read; try again"},
		{ca, "match.save", map[string]any{"table": hot, "name": "again"}, "unavailable", "the match could not be saved; try again"},
		{ca, "match.load", map[string]any{"save": save}, "unavailable", "the save could not be read; try again"},
	})
	// Over HTTP a store failure is 503, to be retried, not 404.
	for _, c := range []struct {
		method, path string
		body         any
	}{
		{"GET", "/api/saves/" + save + "/file", nil},
		{"DELETE", "/api/saves/" + save, nil},
		{"POST", "/api/saves/import", file},
	} {
		if code, body := ann.do(c.method, c.path, c.body); code != 503 {
			t.Errorf("%s %s while the store fails: %d %s, want 503", c.method, c.path, code, body)
		}
	}
	fs.fail.Store(false)
	// The sealing key is read from the store on its first use: if that
	// fails, the sealed download is 503 too, and works once it does not.
	fs.keyFail.Store(true)
	if code, body := ann.do("GET", "/api/saves/"+bsSave+"/file", nil); code != 503 {
		t.Errorf("a sealed download while the key cannot be read: %d %s, want 503", code, body)
	}
	fs.keyFail.Store(false)
	if code, body := ann.do("GET", "/api/saves/"+bsSave+"/file", nil); code != 200 || !strings.Contains(string(body), `"sealed"`) {
		t.Errorf("the sealed download once the key reads: %d %s", code, body)
	}
	for _, c := range [][2]string{{"GET", "/api/saves/nosuch/file"}, {"DELETE", "/api/saves/nosuch"}} {
		if code, body := ann.do(c[0], c[1], nil); code != 404 {
			t.Errorf("%s %s: %d %s, want 404", c[0], c[1], code, body)
		}
	}
	fs.damaged.Store(true)
	checkRefusals(t, []refusal{
		{ca, "match.load", map[string]any{"save": save}, "internal", "the save is damaged: …"},
	})
	fs.damaged.Store(false)

	// Nothing changed: the refused move is the first one, and the table
	// not started starts now.
	if rep := ca.ok("match.play", move); rep["seq"] != float64(1) {
		t.Fatalf("the move after the store came back has seq %v, want 1", rep["seq"])
	}
	ca.ok("table.start", map[string]any{"table": open})
}
