package tui

import (
	"encoding/json"
	"fmt"
	"strings"

	tea "charm.land/bubbletea/v2"

	"github.com/parlor-games/parlor/client"
	"github.com/parlor-games/parlor/games/clue"
)

// clueBoard draws Clue-Less: the mansion's 3 x 3 rooms with the hallways
// between them, every token and weapon, and beside it a menu of what the
// seat may do now (walk, suggest, show a card, accuse, end the turn),
// chosen with the arrows or a digit. A suggestion and an accusation are
// built one card at a time; an accusation asks once more before it goes.
// n shows the notebook instead of the menu.
type clueBoard struct {
	st       styles
	names    []string
	v        clue.View
	ok       bool
	seat     int
	myTurn   bool
	mode     clueMode
	picked   []clue.Card
	sel      int
	notebook bool
	// replaying: the board shows a replay's step, where nobody owes a
	// move and no menu is offered.
	replaying bool
	// menuAt is the item of each line of the menu as last drawn (a long
	// item wraps onto several lines), -1 for its title, for clicks.
	menuAt []int
	// caseAt is the line of the last drawing that reveals the case file,
	// 0 while it is secret: at the end a short screen scrolls to it.
	caseAt int
}

type clueMode int

const (
	clueMain clueMode = iota
	clueSuggest
	clueAccuse
)

// clueItem is one line of the menu: a move to send, or a step into a
// choice of cards.
type clueItem struct {
	label string
	move  *clue.Move
	enter func(b *clueBoard)
}

func newClue(names []string, st styles) board { return &clueBoard{st: st, names: names} }

func (b *clueBoard) rename(names []string) { b.names = names }

func (b *clueBoard) set(view json.RawMessage, seat int, myTurn bool) error {
	var v clue.View
	if err := json.Unmarshal(view, &v); err != nil {
		return err
	}
	turnChanged := !b.ok || v.Turn != b.v.Turn || v.Phase != b.v.Phase
	b.v, b.seat, b.myTurn, b.ok = v, seat, myTurn, true
	if turnChanged {
		b.mode, b.picked, b.sel = clueMain, nil, 0
	}
	return nil
}

// replay marks the board as showing a replay (replay.go).
func (b *clueBoard) replay() { b.replaying = true }

// abbrev is a card's two letters on the map.
var abbrev = map[string]string{
	"scarlet": "Sc", "mustard": "Mu", "white": "Wh", "green": "Gr", "peacock": "Pe", "plum": "Pl",
	"candlestick": "Ca", "knife": "Kn", "lead-pipe": "Pi", "revolver": "Re", "rope": "Ro", "wrench": "Wr",
}

func cardsOf(kind clue.Kind) []clue.Card {
	var out []clue.Card
	for _, c := range clue.Cards() {
		if c.Kind() == kind {
			out = append(out, c)
		}
	}
	return out
}

func (b *clueBoard) pending() *clue.SuggestionView {
	if n := len(b.v.Suggestions); n > 0 && !b.v.Suggestions[n-1].Answered {
		return &b.v.Suggestions[n-1]
	}
	return nil
}

func (b *clueBoard) owes() bool {
	if b.replaying {
		return false
	}
	for _, s := range b.v.Owes {
		if int(s) == b.seat {
			return true
		}
	}
	return false
}

// items lists the menu as it stands.
func (b *clueBoard) items() []clueItem {
	if !b.ok || b.seat < 0 || !b.owes() {
		return nil
	}
	if b.v.Phase == "disprove" {
		var out []clueItem
		if sg := b.pending(); sg != nil {
			for _, c := range []clue.Card{sg.Suspect, sg.Weapon, sg.Room} {
				for _, h := range b.v.Hand {
					if h == c {
						out = append(out, clueItem{label: "show " + c.String(), move: &clue.Move{Kind: clue.VerbShow, Card: c}})
					}
				}
			}
		}
		return out
	}
	switch b.mode {
	case clueSuggest, clueAccuse:
		kinds := []clue.Kind{clue.SuspectCard, clue.WeaponCard, clue.RoomCard}
		if len(b.picked) == 3 || (b.mode == clueSuggest && len(b.picked) == 2) {
			return b.confirmItems()
		}
		var out []clueItem
		for _, c := range cardsOf(kinds[len(b.picked)]) {
			c := c
			label := c.String()
			if b.holds(c) {
				label += " (yours)"
			}
			out = append(out, clueItem{label: label, enter: func(b *clueBoard) { b.picked = append(b.picked, c); b.sel = 0 }})
		}
		return append(out, clueItem{label: "back", enter: func(b *clueBoard) { b.back() }})
	}
	var out []clueItem
	for _, p := range b.v.Moves {
		p := p
		out = append(out, clueItem{label: "walk to " + p.String(), move: &clue.Move{Kind: clue.VerbMove, To: p}})
	}
	if (b.v.CanStay || b.v.MustSuggest) && b.v.Room != nil {
		out = append(out, clueItem{label: "suggest in the " + b.v.Room.String(), enter: func(b *clueBoard) { b.mode, b.picked, b.sel = clueSuggest, nil, 0 }})
	}
	if b.v.CanEnd {
		out = append(out, clueItem{label: "end your turn", move: &clue.Move{Kind: clue.VerbEnd}})
	}
	out = append(out, clueItem{label: "accuse...", enter: func(b *clueBoard) { b.mode, b.picked, b.sel = clueAccuse, nil, 0 }})
	return out
}

func (b *clueBoard) confirmItems() []clueItem {
	if b.mode == clueSuggest {
		m := &clue.Move{Kind: clue.VerbSuggest, Suspect: b.picked[0], Weapon: b.picked[1]}
		return []clueItem{
			{label: fmt.Sprintf("suggest %s with the %s in the %s", m.Suspect, m.Weapon, b.v.Room), move: m},
			{label: "back", enter: func(b *clueBoard) { b.back() }},
		}
	}
	m := &clue.Move{Kind: clue.VerbAccuse, Suspect: b.picked[0], Weapon: b.picked[1], Room: b.picked[2]}
	return []clueItem{
		{label: fmt.Sprintf("ACCUSE %s, %s, %s", m.Suspect, m.Weapon, m.Room), move: m},
		{label: "back", enter: func(b *clueBoard) { b.back() }},
	}
}

func (b *clueBoard) back() {
	b.sel = 0
	if len(b.picked) > 0 {
		b.picked = b.picked[:len(b.picked)-1]
		return
	}
	b.mode = clueMain
}

func (b *clueBoard) holds(c clue.Card) bool {
	for _, h := range b.v.Hand {
		if h == c {
			return true
		}
	}
	return false
}

func (b *clueBoard) key(k tea.KeyPressMsg) (any, string) {
	items := b.items()
	s := k.String()
	switch s {
	case "n":
		b.notebook = !b.notebook
		return nil, ""
	case "up", "k":
		b.sel = max(b.sel-1, 0)
	case "down", "j":
		b.sel = min(b.sel+1, max(len(items)-1, 0))
	case "backspace", "left", "h":
		if b.mode != clueMain {
			b.back()
		}
	case "enter", "space", " ", "right", "l":
		return b.choose(items, b.sel)
	default:
		if len(s) == 1 && s[0] >= '1' && s[0] <= '9' {
			return b.choose(items, int(s[0]-'1'))
		}
	}
	return nil, ""
}

func (b *clueBoard) choose(items []clueItem, i int) (any, string) {
	if i < 0 || i >= len(items) {
		return nil, ""
	}
	b.sel = i
	it := items[i]
	if it.enter != nil {
		it.enter(b)
		return nil, ""
	}
	if it.move != nil {
		return it.move, ""
	}
	return nil, ""
}

// The menu stands to the right of the map, at column clueMenuLeft, from
// its second line; a click on one of its lines chooses it.
const clueMenuLeft = 57

func (b *clueBoard) click(x, y int) (any, string) {
	if x < clueMenuLeft || b.notebook || y < 0 || y >= len(b.menuAt) || b.menuAt[y] < 0 {
		return nil, ""
	}
	return b.choose(b.items(), b.menuAt[y])
}

// menuRows is how many menu lines fit beside the map.
const menuRows = 9

func (b *clueBoard) menuFirst(n int) int {
	if n <= menuRows {
		return 0
	}
	return max(0, min(b.sel-menuRows/2, n-menuRows))
}

func (b *clueBoard) waitingFor() int {
	if len(b.v.Owes) > 0 {
		return int(b.v.Owes[0])
	}
	return int(b.v.Turn)
}

func (b *clueBoard) nameOf(seat int) string {
	if seat >= 0 && seat < len(b.names) {
		for _, p := range b.v.Players {
			// A bot is named by its suspect already ("Mustard").
			if int(p.Seat) == seat && !strings.Contains(p.Suspect.String(), b.names[seat]) {
				return b.names[seat] + " (" + abbrev[p.Suspect.Key()] + ")"
			}
		}
		return b.names[seat]
	}
	return "the game"
}

func (b *clueBoard) prompt() string {
	switch {
	case !b.ok || b.seat < 0:
		return ""
	case b.v.Phase == clueOver:
		return ""
	case b.notebook && b.owes():
		return "Your turn: n goes back to the map and the menu"
	case b.notebook:
		return "n goes back to the map"
	case b.owes() && b.mode == clueAccuse && len(b.picked) == 3:
		return "A wrong accusation ends your game: you sit out the rest and only show cards. Enter on ACCUSE sends it; back or Backspace steps back."
	case b.owes():
		return "Choose with up/down and Enter, or a digit; Backspace goes back; n notebook"
	}
	return "n notebook"
}

func (b *clueBoard) mainKey() string { return "Enter choose" }

// seatOut says whether seat made a wrong accusation and sits out the
// game (requirement 8), for the seat line's "(out)".
func (b *clueBoard) seatOut(seat int) bool {
	for _, p := range b.v.Players {
		if int(p.Seat) == seat {
			return p.Inactive && b.v.Phase != clueOver
		}
	}
	return false
}

// seatRemoved says whether the players removed seat by a vote, for the
// seat line's "(removed)": such a player's token and cards stay in the
// game, so nothing on the map tells it.
func (b *clueBoard) seatRemoved(seat int) bool {
	for _, p := range b.v.Players {
		if int(p.Seat) == seat {
			return p.Removed
		}
	}
	return false
}

// seatMark is the seat line's word for a seat no longer in the game.
func (b *clueBoard) seatMark(seat int) string {
	switch {
	case b.seatRemoved(seat):
		return "removed"
	case b.seatOut(seat):
		return "out"
	}
	return ""
}

// notices says in a sentence that this seat is out after a wrong
// accusation: the case file line alone did not tell a player so; and who
// was removed by a vote, whose cards the game still shows for them, so
// that a player knows an answer may come from a seat no one plays.
func (b *clueBoard) notices() []string {
	if !b.ok {
		return nil
	}
	var out []string
	if b.seat >= 0 && b.seatOut(b.seat) {
		out = append(out, b.st.warn.Render("Your accusation was wrong: you are out of the game.")+" You still show a card when a suggestion asks you.")
	}
	var removed []string
	for _, p := range b.v.Players {
		if p.Removed {
			removed = append(removed, b.nameOf(int(p.Seat)))
		}
	}
	if len(removed) > 0 {
		out = append(out, "Removed by a vote: "+strings.Join(removed, ", ")+". Their cards still answer suggestions.")
	}
	return out
}

func (b *clueBoard) keys() []string {
	return []string{
		"up/down and Enter, or a digit: choose from the menu beside the mansion",
		"Backspace or left: back one step of a suggestion or accusation",
		"n: the notebook (Y holds, - does not, ? not known; last column the case file)",
		": then a move such as 'move hall-lounge', 'suggest plum rope', 'show rope',",
		"  'accuse plum rope study' or 'end'",
		"On the map: Sc Mu Wh Gr Pe Pl the suspects (yours with *), Ca Kn Pi Re Ro Wr the weapons",
	}
}

// describe words Clue-Less events for the move log.
func (b *clueBoard) describe(e client.Event) string {
	var d struct {
		Suspect, Weapon, Room, Card clue.Card
		To                          clue.Place
		Passage, Correct            bool
		Seat, By                    int
		CaseFile                    []clue.Card
	}
	// Fields absent from an event stay zero; each case reads only its own.
	var raw map[string]json.RawMessage
	if json.Unmarshal(e.Data, &raw) != nil {
		return e.Type
	}
	get := func(k string, v any) { _ = json.Unmarshal(raw[k], v) }
	switch e.Type {
	case "moved":
		get("to", &d.To)
		get("passage", &d.Passage)
		if d.Passage {
			return "took the secret passage to the " + d.To.String()
		}
		return "walked to " + d.To.String()
	case "suggestion":
		get("suspect", &d.Suspect)
		get("weapon", &d.Weapon)
		get("room", &d.Room)
		return fmt.Sprintf("suggested %s with the %s in the %s", d.Suspect, d.Weapon, d.Room)
	case "passed":
		get("seat", &d.Seat)
		return b.nameOf(d.Seat) + " could not show a card"
	case "unanswered":
		return "nobody could show a card"
	case "shown":
		get("by", &d.By)
		get("to", &d.Seat)
		return b.nameOf(d.By) + " showed " + b.nameOf(d.Seat) + " a card"
	case "card":
		get("card", &d.Card)
		return "the card: " + d.Card.String()
	case "accusation":
		get("suspect", &d.Suspect)
		get("weapon", &d.Weapon)
		get("room", &d.Room)
		get("correct", &d.Correct)
		verdict := "wrong"
		if d.Correct {
			verdict = "right"
		}
		return fmt.Sprintf("accused %s, %s, %s: %s", d.Suspect, d.Weapon, d.Room, verdict)
	case "blocked":
		return "is blocked in and loses the move"
	case "turn":
		get("seat", &d.Seat)
		return "the turn passes to " + b.nameOf(d.Seat)
	case "casefile":
		get("caseFile", &d.CaseFile)
		if len(d.CaseFile) == 3 {
			return fmt.Sprintf("looked in the case file: %s, %s, %s", d.CaseFile[0], d.CaseFile[1], d.CaseFile[2])
		}
	}
	return "" // asked, summoned, weapon, over: the board shows them
}
