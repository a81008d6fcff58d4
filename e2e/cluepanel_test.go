package e2e

import (
	"fmt"
	"testing"
)

// TestCluePanelMatchesTheBoard (issue 32, point 10): at each size the
// Players panel's swatch of every seat is the colour of that seat's pawn
// on the board, and each secret-passage mark stands clear of the part of
// its room where the room's weapons and pawns go (it covered the
// Revolver in the Lounge).
func TestCluePanelMatchesTheBoard(t *testing.T) {
	for _, size := range layoutSizes {
		t.Run(fmt.Sprintf("%dx%d", size[0], size[1]), func(t *testing.T) {
			p := newPage(t, "sleuth", size[0], size[1])
			openClueAgainstBots(p)
			p.snap("board")
			wrong := evalAs[[]string](p, `(() => {
				const v = Object.values(window.parlorTable.state().views)[0];
				const out = [];
				for (const pl of v.players) {
					const sw = document.querySelector('.seat[data-seat="' + pl.seat + '"] .swatch');
					const pawn = document.querySelector('.clue-board .token[data-suspect="' + pl.suspect + '"]');
					if (!sw || !pawn) { out.push("seat " + pl.seat + ": no swatch or pawn"); continue; }
					const a = getComputedStyle(sw).backgroundColor, b = getComputedStyle(pawn).backgroundColor;
					if (a !== b) out.push("seat " + pl.seat + " (" + pl.suspect + "): swatch " + a + ", pawn " + b);
				}
				return out;
			})()`)
			if len(wrong) > 0 {
				p.fail("swatches unlike the pawns: %v", wrong)
			}
			covered := evalAs[[]string](p, `(() => {
				const out = [];
				for (const mark of document.querySelectorAll(".clue-passage")) {
					const room = mark.closest(".clue-cell.room");
					const r = room.getBoundingClientRect(), st = getComputedStyle(room);
					const inner = { left: r.left + parseFloat(st.borderLeftWidth) + parseFloat(st.paddingLeft), right: r.right - parseFloat(st.borderRightWidth) - parseFloat(st.paddingRight),
						top: r.top + parseFloat(st.borderTopWidth) + parseFloat(st.paddingTop), bottom: r.bottom - parseFloat(st.borderBottomWidth) - parseFloat(st.paddingBottom) };
					const m = mark.getBoundingClientRect();
					const meets = (a, b) => a.left < b.right - 0.5 && b.left < a.right - 0.5 && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5;
					// The room's name may share the top strip with a mark in
					// an upper corner (it is padded aside); weapons and pawns
					// go in the rest, which the mark must leave free.
					const words = (el) => { const rg = document.createRange(); rg.selectNodeContents(el); return rg.getBoundingClientRect(); };
					const name = room.querySelector("strong").getBoundingClientRect();
					const body = { left: inner.left, right: inner.right, top: Math.max(inner.top, name.bottom), bottom: inner.bottom };
					if (meets(m, body)) out.push(room.dataset.place);
					for (const x of room.querySelectorAll(".clue-weapon, .token, strong")) if (meets(m, words(x))) out.push(room.dataset.place + ": " + x.textContent);
				}
				return out;
			})()`)
			if len(covered) > 0 {
				p.fail("passage marks over what the room holds: %v", covered)
			}
		})
	}
}
