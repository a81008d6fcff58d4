package tui

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"

	tea "charm.land/bubbletea/v2"
	"github.com/parlor-games/parlor/client"
)

// createForm is the new-table screen: the game, its options, and who sits
// in each seat (you, an open seat for another person, or a bot of a level).
type createForm struct {
	games []client.Game
	game  int
	opts  map[string]any
	seats []string // "me", "open" or a bot level
	field int
	me    string
	role  string // your character, in a game with characters; "" for any
	// policy is what the table does with a gone player, from the game's
	// default (leaving.go).
	policy client.Policy
	// names are the names typed for seats at one screen, nil where the
	// default stands (seatnames.go).
	names []*string
	// clock is the index of the chosen clock in clockChoices.
	clock int
}

// clockChoice is a clock the form offers: seconds of a move clock or of
// a game clock; none without either.
type clockChoice struct {
	move, game float64
	words      string
}

// clockChoices are the form's clocks, as the web's create dialog offers
// them: none, live clocks, then correspondence clocks of days a move.
var clockChoices = func() []clockChoice {
	out := []clockChoice{{words: "none"}, {move: 30, words: "30 seconds a move"}, {move: 60, words: "1 minute a move"},
		{game: 300, words: "5 minutes a game"}, {game: 900, words: "15 minutes a game"}}
	for _, d := range client.CorrespondenceDays {
		out = append(out, clockChoice{move: float64(d * 24 * 3600), words: client.DaysWords(d) + " a move (correspondence)"})
	}
	return out
}()

func newCreateForm(games []client.Game, me string) *createForm {
	f := &createForm{games: games, me: me}
	f.pick(0)
	return f
}

// pick chooses game i and resets its options to their defaults.
func (f *createForm) pick(i int) {
	f.game = i
	g := f.games[i]
	f.policy = g.Policy
	f.opts = map[string]any{}
	for _, o := range g.Options {
		var v any
		_ = json.Unmarshal(o.Default, &v)
		if o.Kind == "int" {
			if x, ok := v.(float64); ok {
				v = int(x)
			}
		}
		if o.Kind != "scenario" {
			f.opts[o.Name] = v
		}
	}
	f.resize()
}

// seatOptions are the option names that set a game's number of seats:
// "players" in some games, "seats" in others.
var seatOptions = []string{"players", "seats"}

// seatChoiceOptions are the option names whose value is a seat, from 0
// in the options as the game counts (who moves "first"): the form
// shows it numbered from 1, as every seat is, with who sits there.
var seatChoiceOptions = []string{"first"}

// seatWords says who sits in seat n: you, an open seat or a bot.
func (f *createForm) seatWords(n int) string {
	switch f.seats[n] {
	case "me":
		return "you (" + f.me + ")"
	case "open":
		return "open for another player"
	}
	return "bot, " + f.seats[n]
}

// resize gives the form one seat row per player: the players option
// where the game has one, two otherwise. The first seat is yours, the
// others bots of the game's middle level where it has bots.
func (f *createForm) resize() {
	n := 2
	for _, name := range seatOptions {
		if p, ok := f.opts[name].(int); ok && p > 0 {
			n = p
		}
	}
	g := f.games[f.game]
	for len(f.seats) < n {
		switch {
		case len(f.seats) == 0:
			f.seats = append(f.seats, "me")
		case len(g.Bots) > 0:
			f.seats = append(f.seats, g.Bots[len(g.Bots)/2])
		default:
			f.seats = append(f.seats, "open")
		}
	}
	f.seats = f.seats[:n]
	for i, s := range f.seats {
		if s != "me" && s != "open" && !contains(g.Bots, s) {
			f.seats[i] = "open"
		}
	}
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// fields lists the form's rows: the game, each option, each seat.
func (f *createForm) fields() []string {
	out := []string{"game"}
	for _, o := range f.games[f.game].Options {
		if o.Kind != "scenario" {
			out = append(out, "opt:"+o.Name)
		}
	}
	for i := range f.seats {
		out = append(out, "seat:"+strconv.Itoa(i))
		out = append(out, f.nameField(i)...)
	}
	if f.games[f.game].Roles != nil {
		out = append(out, "role")
	}
	return append(out, "clock", "leave:wait", "leave:then")
}

func (f *createForm) option(name string) client.OptionSpec {
	for _, o := range f.games[f.game].Options {
		if o.Name == name {
			return o
		}
	}
	return client.OptionSpec{}
}

func (f *createForm) key(m *Model, s string) tea.Cmd {
	fields := f.fields()
	if f.field >= len(fields) {
		f.field = len(fields) - 1
	}
	if f.typeName(fields[f.field], s) {
		return nil
	}
	switch s {
	case "esc", "q":
		m.create = nil
		m.show(screenLobby)
		return nil
	case "up", "k", "shift+tab":
		f.field = (f.field + len(fields) - 1) % len(fields)
	case "down", "j", "tab":
		f.field = (f.field + 1) % len(fields)
	case "left", "h":
		f.change(fields[f.field], -1)
		f.stayOn(fields[f.field])
	case "right", "l", "space", " ":
		f.change(fields[f.field], +1)
		f.stayOn(fields[f.field])
	case "enter":
		return f.submit(m)
	}
	return nil
}

func (f *createForm) change(field string, d int) {
	switch {
	case field == "role":
		rs := f.games[f.game].Roles
		keys := []string{""}
		for _, r := range rs.Choices {
			keys = append(keys, r.Key)
		}
		i := 0
		for j, k := range keys {
			if k == f.role {
				i = j
			}
		}
		f.role = keys[(i+d+len(keys))%len(keys)]
	case field == "game":
		f.seats, f.role = nil, ""
		f.pick((f.game + d + len(f.games)) % len(f.games))
		f.field = 0
	case len(field) > 4 && field[:4] == "opt:":
		o := f.option(field[4:])
		switch o.Kind {
		case "int":
			v, _ := f.opts[o.Name].(int)
			v += d
			if o.Max > 0 && v > o.Max {
				v = o.Min
			}
			if v < o.Min {
				v = o.Max
			}
			f.opts[o.Name] = v
			if slices.Contains(seatOptions, o.Name) {
				f.resize()
			}
		case "bool":
			v, _ := f.opts[o.Name].(bool)
			f.opts[o.Name] = !v
		case "choice":
			cur, _ := f.opts[o.Name].(string)
			i := 0
			for j, c := range o.Choices {
				if c == cur {
					i = j
				}
			}
			if len(o.Choices) > 0 {
				f.opts[o.Name] = o.Choices[(i+d+len(o.Choices))%len(o.Choices)]
			}
		}
	case field == "clock":
		f.clock = (f.clock + d + len(clockChoices)) % len(clockChoices)
	case strings.HasPrefix(field, "leave:"):
		f.changeLeave(field, d)
	case len(field) > 5 && field[:5] == "seat:":
		i, _ := strconv.Atoi(field[5:])
		choices := append([]string{"me", "open"}, f.games[f.game].Bots...)
		cur := 0
		for j, c := range choices {
			if c == f.seats[i] {
				cur = j
			}
		}
		f.seats[i] = choices[(cur+d+len(choices))%len(choices)]
	}
}

func (f *createForm) submit(m *Model) tea.Cmd {
	pol := f.policy
	pol.OnGone = f.onGone()
	if c := clockChoices[f.clock]; c.move > 0 || c.game > 0 {
		pol.MoveClock, pol.GameClock, pol.OnTimeout = c.move, c.game, client.Forfeit
	}
	req := client.CreateTable{Game: f.games[f.game].Name, Options: f.opts, Policy: &pol}
	role := f.role
	for i, s := range f.seats {
		switch s {
		case "me":
			req.Seats = append(req.Seats, client.SeatRequest{Kind: client.ChooseMe, Role: role, Name: f.seatRequestName(i)})
			role = "" // the character goes to your first seat
		case "open":
			req.Seats = append(req.Seats, client.SeatRequest{Kind: client.ChooseOpen})
		default:
			req.Seats = append(req.Seats, client.SeatRequest{Kind: client.ChooseBot, Level: s})
		}
	}
	return m.request("create the table", func(ctx context.Context, c *client.Conn) (func(*Model) tea.Cmd, error) {
		t, err := c.CreateTable(ctx, req)
		return func(m *Model) tea.Cmd {
			m.create = nil
			m.table = newTableState(t.ID)
			m.table.created = true
			m.show(screenTable)
			return m.watch(m.table.f)
		}, err
	})
}

func (f *createForm) view(m *Model) string {
	g := f.games[f.game]
	lines := []string{m.st.bold.Render("New table"), ""}
	for i, field := range f.fields() {
		var label, value string
		switch {
		case field == "game":
			label, value = "Game", g.Title
		case field == "role":
			label, value = "Your "+strings.ToLower(g.Roles.Label), "any free one"
			for _, r := range g.Roles.Choices {
				if r.Key == f.role {
					value = r.Name
				}
			}
		case field == "clock":
			label, value = "Clock", clockChoices[f.clock].words
		case strings.HasPrefix(field, "leave:"):
			label, value = f.leaveRow(field)
		case strings.HasPrefix(field, "name:"):
			n, _ := strconv.Atoi(field[5:])
			label, value = fmt.Sprintf("  Name of player %d", n+1), f.seatName(n)
		case strings.HasPrefix(field, "opt:"):
			o := f.option(field[4:])
			label, value = o.Label, fmt.Sprint(f.opts[o.Name])
			if label == "" {
				label = o.Name
			}
			if n, ok := f.opts[o.Name].(int); ok && n == 0 && o.Off != "" {
				value = o.Off
			}
			if b, ok := f.opts[o.Name].(bool); ok {
				value = map[bool]string{true: "yes", false: "no"}[b]
			}
			if n, ok := f.opts[o.Name].(int); ok && slices.Contains(seatChoiceOptions, o.Name) && n >= 0 && n < len(f.seats) {
				value = fmt.Sprintf("Seat %d, %s", n+1, f.seatWords(n))
			}
		default:
			n, _ := strconv.Atoi(field[5:])
			label, value = fmt.Sprintf("Seat %d", n+1), f.seatWords(n)
		}
		line := fmt.Sprintf("%s %-22s < %s >", marker(i == f.field), label, value)
		if strings.HasPrefix(field, "name:") {
			line = fmt.Sprintf("%s %-22s [%s]", marker(i == f.field), label, value)
		}
		if i == f.field {
			line = m.st.cursor.Render(line)
		}
		lines = append(lines, line)
	}
	// The summary wraps: it says what the game is to someone choosing.
	// Under it, what the chosen option does, as the game explains it (a
	// house option such as a round limit says it is off by default).
	about := g.Summary
	if fields := f.fields(); f.field < len(fields) && strings.HasPrefix(fields[f.field], "opt:") {
		if o := f.option(fields[f.field][4:]); o.Help != "" {
			about = o.Label + ": " + o.Help
		}
	} else if f.field < len(fields) && fields[f.field] == "clock" {
		about = "Clock: who runs out of time loses."
		if clockChoices[f.clock].move >= 24*3600 {
			about = "Clock: a correspondence game, played across days. The clock runs while you are away; who runs out of time loses (among three or more, the seat is handled as if its player left)."
		}
	}
	lines = append(lines, "")
	for _, l := range wrap(about, max(m.w, 20)) {
		lines = append(lines, m.st.dim.Render(l))
	}
	lines = append(lines, "", m.st.dim.Render(keyBar(max(m.w, 20), []string{"Enter create", "Esc back", "? help"}, "up/down choose", "left/right change")))
	return joinLines(lines)
}
