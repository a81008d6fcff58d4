package e2e

import (
	"strings"
	"testing"
)

// TestCreateDialogOffersLimitsOff (issue 32, point 16): the create
// dialog offers Medieval Warfare's round limit and Buccaneer's turn limit
// off, reading "none" (point 17: not 0), as the specs end those games
// only by their own rules, and says beside each that it is a house
// option and what it does.
func TestCreateDialogOffersLimitsOff(t *testing.T) {
	p := newPage(t, "limits", 1280, 800)
	p.guest(uniqueName("Limit"))
	p.click("#new-table")
	p.waitVisible("dialog.create")
	for _, c := range []struct{ game, option string }{{"warfare", "rounds"}, {"buccaneer", "turns"}} {
		p.choose("#create-game", c.game)
		sel := "#opt-" + c.option
		p.waitVisible(sel)
		if v := evalAs[string](p, `(() => { const r = document.querySelector("`+sel+`-on input:checked"); return r ? r.value + " " + document.querySelector('label[for="' + r.id + '"]').textContent + (document.querySelector("`+sel+`").disabled ? "" : " (number on)") : "none chosen"; })()`); v != "off none" {
			p.fail("%s: the %s limit starts as %q, want off, reading none", c.game, c.option, v)
		}
		help := evalAs[string](p, `document.querySelector("`+sel+`").closest(".field").textContent`)
		if !strings.Contains(help, "house option, 0 (none) by default") {
			p.fail("%s: the %s limit is not explained: %q", c.game, c.option, help)
		}
	}
}
