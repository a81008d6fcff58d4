package server_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/parlor-games/parlor/games"
)

// TestRulebookServed: every game's rulebook is served as its package
// writes it, to anyone (no session), for the web's Help and the
// terminal's help screen; an unknown game is a 404 with a sentence.
func TestRulebookServed(t *testing.T) {
	e := newEnv(t)
	u := e.newUser("Reader")
	for _, d := range games.Registry().List() {
		code, body := u.do("GET", "/api/games/"+d.Name+"/rules", nil)
		var got struct {
			Game, Title string
			Sections    []struct {
				Title string
				Paras []string
			}
		}
		if code != 200 || json.Unmarshal(body, &got) != nil {
			t.Fatalf("%s rules: %d %s", d.Name, code, body)
		}
		if got.Game != d.Name || got.Title != d.Title || len(got.Sections) != len(d.Rulebook.Sections) {
			t.Fatalf("%s rules: %s", d.Name, body)
		}
		for i, s := range got.Sections {
			want := d.Rulebook.Sections[i]
			if s.Title != want.Title || strings.Join(s.Paras, "\n") != strings.Join(want.Paras, "\n") {
				t.Errorf("%s section %d: %+v, want %+v", d.Name, i, s, want)
			}
		}
	}
	if code, body := u.do("GET", "/api/games/chess/rules", nil); code != 404 || !strings.Contains(string(body), "no such game") {
		t.Errorf("an unknown game's rules: %d %s", code, body)
	}
}
