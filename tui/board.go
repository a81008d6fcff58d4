package tui

import (
	"encoding/json"

	"github.com/parlor-games/parlor/client"

	tea "charm.land/bubbletea/v2"
)

// A board is one game's part of the table screen: it draws the seat's
// view and turns keys into moves. There is one file per game in this
// package, as there is one per game under the web client's games folder;
// everything else (seats, turn, log, chat, clocks) is the table screen's.
type board interface {
	// set takes the view the server sent for seat (-1 for a spectator)
	// and whether that seat owes a move now.
	set(view json.RawMessage, seat int, myTurn bool) error
	// key handles a key press while the board has the focus. It returns
	// a move to send (the move's JSON value or its notation as a string),
	// or nil, and a sentence for the status line ("" for none).
	key(k tea.KeyPressMsg) (move any, note string)
	// click handles a mouse click at (x, y) relative to the board's top
	// left corner, as key does.
	click(x, y int) (move any, note string)
	// render draws the board in at most width columns.
	render(width int) string
	// prompt says what the player may do now, in a line.
	prompt() string
	// keys lists the board's keys for the help screen, as "key: what".
	keys() []string
}

// A describer words a game's events for the move log, where the move's
// own notation is hidden from a seat (in a game with secrets only the
// mover sees it). "" leaves an event out of the line.
type describer interface {
	describe(e client.Event) string
}

// boards makes the board of each game the terminal client can show.
var boards = map[string]func(names []string, st styles) board{
	"dots":       newDots,
	"battleship": newBattleship,
	"clue":       newClue,
	"warfare":    newWarfare,
	"buccaneer":  newBuccaneer,
}

// lessons reads each game's analysis as a lesson in text (analysis.go),
// for the games whose analysis reads well as text; the readers live in
// their games' files.
var lessons = map[string]func(analysis json.RawMessage, names []string) (lesson, error){
	"dots":       dotsStudy,
	"battleship": battleshipStudy,
	"clue":       clueStudy,
	"warfare":    chartsLesson,
	"buccaneer":  chartsLesson,
}

// challengeGame is the game a challenge is for when the player names
// none, and challengeOther the game the help's example names instead.
const (
	challengeGame  = "dots"
	challengeOther = "warfare"
)
