package e2e

import (
	"testing"
)

// A table without touching and with salvos: the board refuses a ship
// beside another from what the view says (keepOff), and the shots left
// of a salvo, which the board keeps from the events, stay the server's
// (issue #35, point 1).
func TestBattleshipNoTouchAndSalvo(t *testing.T) {
	p := newPage(t, "salvo", 1280, 900)
	p.register(uniqueName("Salvo"))
	id := evalAs[string](p, createTableJS("battleship", map[string]any{"touch": false, "salvo": true},
		[]map[string]string{{"kind": "me"}, {"kind": "bot", "level": "easy"}}))
	p.goTo("/t/" + id)
	p.waitFor("placement", `!!document.querySelector(".bs.placing")`)

	// The carrier across from A1; the battleship across from A2 would
	// touch it, and from A3 it does not.
	p.click(`#ocean .cell[data-sq="A1"]`)
	p.waitFor("the carrier placed", `document.querySelector('.ship-btn[data-ship="carrier"]').classList.contains("done")`)
	p.click(`#ocean .cell[data-sq="B2"]`)
	p.waitFor("touching refused", `document.querySelector("#note").textContent.includes("may not touch")`)
	if evalAs[bool](p, `document.querySelector('.ship-btn[data-ship="battleship"]').classList.contains("done")`) {
		t.Fatal("a battleship touching the carrier at a corner was placed")
	}
	p.snap("touch-refused")
	p.click(`#ocean .cell[data-sq="A3"]`)
	p.waitFor("the battleship placed", `document.querySelector('.ship-btn[data-ship="battleship"]').classList.contains("done")`)

	// A random fleet keeps every ship a square apart.
	p.click("#random-fleet")
	p.waitFor("a full fleet", `document.querySelectorAll("#ocean .cell.ship").length === 17 && !document.querySelector("#start-battle").disabled`)
	apart := evalAs[bool](p, `(() => {
		const at = (r, c) => document.querySelector('#ocean .cell[data-r="' + r + '"][data-c="' + c + '"]');
		for (let r = 0; r < 10; r++) for (let c = 0; c < 10; c++) {
			const ship = [...at(r, c).classList].find((k) => k.startsWith("ship-"));
			if (!ship) continue;
			for (let dr = -1; dr <= 1; dr++) for (let dc = -1; dc <= 1; dc++) {
				const n = at(r + dr, c + dc);
				const other = n && [...n.classList].find((k) => k.startsWith("ship-"));
				if (other && other !== ship) return false;
			}
		}
		return true;
	})()`)
	if !apart {
		t.Fatal("the random fleet has two ships touching at a table where they may not")
	}
	p.click("#start-battle")
	p.waitFor("the battle", `!!document.querySelector("#target.armed")`)

	// Sink the bot's fleet in salvos, and the board kept from the
	// events, shots left included, is the server's at the end.
	matchID := evalAs[string](p, `document.querySelector(".table-screen").dataset.match`)
	for i, sq := range botFleet(t, matchID, 1) {
		if p.bs().Over {
			break
		}
		p.fire(sq)
		if i == 1 {
			// Two shots of the first salvo fired, five ships afloat: three
			// to go, in the view the board keeps.
			if left := evalAs[int](p, `window.parlorTable.state().views["0"].shotsLeft`); left != 3 {
				t.Fatalf("after two shots of a salvo of five the kept view says %d left, want 3", left)
			}
		}
		if i == 4 {
			p.snap("salvo-fired")
		}
	}
	p.waitFor("the result", `!!document.querySelector("#result:not([hidden])")`)
	keptBoardIsServers(p)
}
