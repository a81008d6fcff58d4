package client

import (
	"context"
	"encoding/json"
	"fmt"
)

// SeatRequest is one seat of table.create or match.load.
type SeatRequest struct {
	Kind  SeatChoice `json:"kind"`
	Level string     `json:"level,omitempty"`
	// Role is the seat's character, in a game with characters.
	Role string `json:"role,omitempty"`
	// Name (since v6) is the name of the person who plays a seat of
	// yours at a table played at one screen (two or more seats of yours):
	// 1-24 letters, digits, spaces, _ or -, each seat's its own.
	Name string `json:"name,omitempty"`
}

// CreateTable is the request table.create. Options left nil take the
// server's defaults; Policy nil takes the default policy; Rated nil is
// rated unless a scenario is given.
type CreateTable struct {
	Game          string        `json:"game"`
	Options       any           `json:"options,omitempty"`
	Seats         []SeatRequest `json:"seats"`
	SpectatorChat bool          `json:"spectatorChat,omitempty"`
	Policy        *Policy       `json:"policy,omitempty"`
	Rated         *bool         `json:"rated,omitempty"`
}

type tableReply struct {
	Table Table `json:"table"`
}

// CreateTable makes a table.
func (c *Conn) CreateTable(ctx context.Context, req CreateTable) (Table, error) {
	var out tableReply
	err := c.Call(ctx, "table.create", req, &out)
	return out.Table, err
}

// Sit takes an open seat before the start.
func (c *Conn) Sit(ctx context.Context, table string, seat int) (Table, error) {
	var out tableReply
	err := c.Call(ctx, "table.sit", map[string]any{"table": table, "seat": seat}, &out)
	return out.Table, err
}

// SitAs takes an open seat with a character, in a game with characters.
func (c *Conn) SitAs(ctx context.Context, table string, seat int, role string) (Table, error) {
	var out tableReply
	err := c.Call(ctx, "table.sit", map[string]any{"table": table, "seat": seat, "role": role}, &out)
	return out.Table, err
}

// SetRole changes the character of a seat one holds, before the start;
// "" chooses none.
func (c *Conn) SetRole(ctx context.Context, table string, seat int, role string) (Table, error) {
	var out tableReply
	err := c.Call(ctx, "table.role", map[string]any{"table": table, "seat": seat, "role": role}, &out)
	return out.Table, err
}

// Stand frees a seat before the start.
func (c *Conn) Stand(ctx context.Context, table string, seat int) (Table, error) {
	var out tableReply
	err := c.Call(ctx, "table.stand", map[string]any{"table": table, "seat": seat}, &out)
	return out.Table, err
}

// Start starts a table whose seats are all filled (its creator only).
func (c *Conn) Start(ctx context.Context, table string) (Table, error) {
	var out tableReply
	err := c.Call(ctx, "table.start", map[string]any{"table": table}, &out)
	return out.Table, err
}

// Watch is the request table.watch. Since > 0 resumes after that seq;
// Views false asks for no views in pushes (the client keeps the board
// from events); History asks for every update so far.
type Watch struct {
	Table string `json:"table"`
	Since *int64 `json:"since,omitempty"`
	Views *bool  `json:"views,omitempty"`
	// Patches (since v5), with views, has each push carry patches to the
	// views held (Update.ViewPatches, ApplyViewPatch) instead of them.
	Patches bool `json:"patches,omitempty"`
	History bool `json:"history,omitempty"`
}

// Watching is the reply to table.watch.
type Watching struct {
	Table    Table     `json:"table"`
	Seats    []int     `json:"seats"`
	Snapshot *Snapshot `json:"snapshot"`
	History  []Update  `json:"history"`
	// Seq, after a resume (Watch.Since), is the last update's seq when the
	// server replied: the pushes that follow the reply bring the client
	// up to it, and until then what it knows is behind.
	Seq int64 `json:"seq"`
}

// Watch starts following a table.
func (c *Conn) Watch(ctx context.Context, req Watch) (Watching, error) {
	var out Watching
	err := c.Call(ctx, "table.watch", req, &out)
	return out, err
}

// Unwatch stops following a table.
func (c *Conn) Unwatch(ctx context.Context, table string) error {
	return c.Call(ctx, "table.unwatch", map[string]any{"table": table}, nil)
}

type seqReply struct {
	Seq     int64 `json:"seq"`
	Pending bool  `json:"pending"`
}

// Play sends a move for a seat: move is the move's JSON value, or a
// string of the game's notation. It returns the move's seq once the move
// is durable.
func (c *Conn) Play(ctx context.Context, table string, seat int, move any) (int64, error) {
	var out seqReply
	err := c.Call(ctx, "match.play", map[string]any{"table": table, "seat": seat, "move": move}, &out)
	return out.Seq, err
}

// PlayAfter is Play for a move tagged with after, the seq of the last
// update the caller knew of when it chose the move (protocol v6). A move
// whose answer was lost (ErrClosed) may be sent again with the same
// after, on any connection: if the server had played it, the answer is
// the first one, never a refusal, and it is played once.
func (c *Conn) PlayAfter(ctx context.Context, table string, seat int, move any, after int64) (int64, error) {
	var out seqReply
	err := c.Call(ctx, "match.play", map[string]any{"table": table, "seat": seat, "move": move, "after": after}, &out)
	return out.Seq, err
}

// Resign gives up a seat's match.
func (c *Conn) Resign(ctx context.Context, table string, seat int) (int64, error) {
	var out seqReply
	err := c.Call(ctx, "match.resign", map[string]any{"table": table, "seat": seat}, &out)
	return out.Seq, err
}

// Reclaim takes back a seat a bot took over; pending says the bot
// finishes the move it thinks about first.
func (c *Conn) Reclaim(ctx context.Context, table string, seat int) (seq int64, pending bool, err error) {
	var out seqReply
	err = c.Call(ctx, "match.reclaim", map[string]any{"table": table, "seat": seat}, &out)
	return out.Seq, out.Pending, err
}

// Handover confirms a hot-seat hand-over and returns the seat's snapshot.
func (c *Conn) Handover(ctx context.Context, table string, seat int) (Snapshot, error) {
	var out struct {
		Snapshot Snapshot `json:"snapshot"`
	}
	err := c.Call(ctx, "match.handover", map[string]any{"table": table, "seat": seat}, &out)
	return out.Snapshot, err
}

// SaveMatch saves the match of a table under name.
func (c *Conn) SaveMatch(ctx context.Context, table, name string) (Save, error) {
	var out struct {
		Save Save `json:"save"`
	}
	err := c.Call(ctx, "match.save", map[string]any{"table": table, "name": name}, &out)
	return out.Save, err
}

// Load opens a save: a copy at a new table, or the table of the match a
// bookmark marks. Seats nil keeps the saved seats.
func (c *Conn) Load(ctx context.Context, save string, seats []SeatRequest) (Table, error) {
	req := map[string]any{"save": save}
	if seats != nil {
		req["seats"] = seats
	}
	var out tableReply
	err := c.Call(ctx, "match.load", req, &out)
	return out.Table, err
}

// Aid asks for the game's advice for a seat the caller holds, made from
// that seat's view only (a map of where the expert would fire); the server
// gives it only at unrated tables against bots. The reply is the game's
// own JSON.
func (c *Conn) Aid(ctx context.Context, table string, seat int) (json.RawMessage, error) {
	var out struct {
		Aid json.RawMessage `json:"aid"`
	}
	err := c.Call(ctx, "match.aid", map[string]any{"table": table, "seat": seat}, &out)
	return out.Aid, err
}

// PlayOn opens step of a finished match's replay as a new table where the
// caller plays the seats to move against a bot of level ("" for the
// strongest); only for games that hide nothing.
func (c *Conn) PlayOn(ctx context.Context, match string, step int, level string) (Table, error) {
	req := map[string]any{"match": match, "step": step}
	if level != "" {
		req["level"] = level
	}
	var out tableReply
	err := c.Call(ctx, "replay.play", req, &out)
	return out.Table, err
}

// JoinLobby asks for the lobby's pushes: who is online and the tables,
// each whole once and then as their changes; Lobby.Apply keeps both.
func (c *Conn) JoinLobby(ctx context.Context) error {
	return c.Call(ctx, "lobby.join", map[string]any{"changes": true}, nil)
}

// JoinLobbyPage is JoinLobby with, instead of every table, the first n
// tables of the list and one's own past them (since v6), for a server
// with more tables than a screen shows; n is 1 to 500.
func (c *Conn) JoinLobbyPage(ctx context.Context, n int) error {
	return c.JoinLobbyPages(ctx, LobbyPages{Tables: PageAt{N: n}})
}

// PageAt is a page of one of the lobby's lists: N items (1 to 500) from
// the From-th (0 for the first); N 0 is the whole list.
type PageAt struct{ From, N int }

// LobbyPages are the pages of the lobby's lists to join with (since v6).
type LobbyPages struct{ Tables, Online PageAt }

// JoinLobbyPages is JoinLobby with a page of either list, or both, and
// one's own tables and entry outside them; joining again with other
// pages moves to them (the lists come whole again).
func (c *Conn) JoinLobbyPages(ctx context.Context, p LobbyPages) error {
	req := map[string]any{"changes": true}
	if p.Tables.N > 0 {
		req["page"], req["from"] = p.Tables.N, p.Tables.From
	}
	if p.Online.N > 0 {
		req["online"], req["onlineFrom"] = p.Online.N, p.Online.From
	}
	return c.Call(ctx, "lobby.join", req, nil)
}

// LeaveLobby stops the lobby's pushes.
func (c *Conn) LeaveLobby(ctx context.Context) error {
	return c.Call(ctx, "lobby.leave", nil, nil)
}

// LobbyChannel is the lobby's chat channel.
const LobbyChannel = "lobby"

// TableChannel is the chat channel of a table.
func TableChannel(table string) string { return "table:" + table }

// Say sends a line to a chat channel.
func (c *Conn) Say(ctx context.Context, channel, text string) error {
	return c.Call(ctx, "chat.send", map[string]any{"channel": channel, "text": text}, nil)
}

// ChatHistory returns a channel's last lines, oldest first.
func (c *Conn) ChatHistory(ctx context.Context, channel string) ([]Chat, error) {
	var out struct {
		Messages []Chat `json:"messages"`
	}
	err := c.Call(ctx, "chat.history", map[string]any{"channel": channel}, &out)
	return out.Messages, err
}

// Decoders of pushes. Each returns an error when the push is of another
// kind or does not read.

func (p Push) decode(kind string, v any) error {
	if p.T != kind {
		return fmt.Errorf("a %s push is not a %s push", p.T, kind)
	}
	return json.Unmarshal(p.Raw, v)
}

// Update decodes a match push.
func (p Push) Update() (Update, error) {
	var u Update
	err := p.decode("match", &u)
	return u, err
}

// Table decodes a table push.
func (p Push) Table() (Table, error) {
	var out tableReply
	err := p.decode("table", &out)
	return out.Table, err
}

// Chat decodes a chat push.
func (p Push) Chat() (Chat, error) {
	var c Chat
	err := p.decode("chat", &c)
	return c, err
}

// Online decodes a lobby.online push.
func (p Push) Online() ([]Online, error) {
	var out struct {
		Users []Online `json:"users"`
	}
	err := p.decode("lobby.online", &out)
	return out.Users, err
}

// Tables decodes a lobby.tables push.
func (p Push) Tables() ([]Table, error) {
	var out struct {
		Tables []Table `json:"tables"`
	}
	err := p.decode("lobby.tables", &out)
	return out.Tables, err
}

// Handover is a hot-seat hand-over the server waits for.
type Handover struct {
	Table string `json:"table"`
	Seat  int    `json:"seat"`
}

// Handover decodes a handover push.
func (p Push) Handover() (Handover, error) {
	var h Handover
	err := p.decode("handover", &h)
	return h, err
}

// Achievement decodes an achievement push.
func (p Push) Achievement() (Achievement, error) {
	var out struct {
		Achievement Achievement `json:"achievement"`
	}
	err := p.decode("achievement", &out)
	return out.Achievement, err
}
