package main

import (
	"io"
	"strings"
	"testing"
)

// TestGameDefaultFlag: an operator sets any game's option default by its
// name, and a game's own shorthand flag sets the same; a value the option
// does not take, or an option the game does not have, is refused.
func TestGameDefaultFlag(t *testing.T) {
	for _, args := range [][]string{
		{"-game-default", "clue.difficulty=easy", "-game-default", "dots.rows=4"},
		{"-clue-difficulty", "easy", "-game-default", "dots.rows=4"},
	} {
		f, err := parseServeFlags(args, io.Discard)
		if err != nil {
			t.Fatalf("%v: %v", args, err)
		}
		got := f.defaults.config()
		if string(got["clue"]) != `{"difficulty":"easy"}` || string(got["dots"]) != `{"rows":4}` || len(got) != 2 {
			t.Errorf("%v: defaults %s", args, got)
		}
	}
	for arg, want := range map[string]string{
		"clue.difficulty=extreme": "easy, medium or hard",
		"clue.colour=red":         "no option",
		"chess.rows=4":            "unknown game",
		"dots.rows=x":             "whole number",
		"dots":                    "GAME.OPTION=VALUE",
	} {
		_, err := parseServeFlags([]string{"-game-default", arg}, io.Discard)
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("-game-default %s: %v, want an error saying %q", arg, err, want)
		}
	}
	if f, err := parseServeFlags(nil, io.Discard); err != nil || f.defaults.config() != nil {
		t.Errorf("no flag: defaults %v, %v", f.defaults.config(), err)
	}
}
