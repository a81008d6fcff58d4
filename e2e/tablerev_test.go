package e2e

import (
	"context"
	"encoding/json"
	"fmt"
	"testing"

	cdppage "github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
)

// keepSocket keeps the WebSocket the page opened last in window.__socket,
// from the page's first script on, so that a test can hand the page a
// message as if the server had sent it.
const keepSocket = `(() => {
	const Real = window.WebSocket;
	window.WebSocket = class extends Real {
		constructor(...a) {
			super(...a);
			window.__socket = this;
		}
	};
})();`

func (p *page) keepSocket() {
	p.t.Helper()
	ctx, cancel := context.WithTimeout(p.ctx, wait)
	defer cancel()
	if _, err := chromedp.Call(ctx, cdppage.AddScriptToEvaluateOnNewDocument, cdppage.AddScriptToEvaluateOnNewDocumentParams{Source: keepSocket}); err != nil {
		p.t.Fatalf("adding the socket keeper: %v", err)
	}
}

// tableDesc is a description of a table the server sent the page: in a
// reply (table.watch, table.sit, ...) or a table push.
type tableDesc struct {
	raw   json.RawMessage
	rev   int64
	seats []string // each seat's kind
}

// tableDescs lists the descriptions of table id among the frames the
// page received (recordFrames), in the order they came.
func (p *page) tableDescs(id string) []tableDesc {
	p.t.Helper()
	var out []tableDesc
	for _, f := range evalAs[[]string](p, `window.__frames ?? []`) {
		var m struct {
			Table json.RawMessage `json:"table"`
		}
		if json.Unmarshal([]byte(f), &m) != nil || len(m.Table) == 0 || m.Table[0] != '{' {
			continue
		}
		var t struct {
			ID    string `json:"id"`
			Rev   int64  `json:"rev"`
			Seats []struct {
				Kind string `json:"kind"`
			} `json:"seats"`
		}
		if json.Unmarshal(m.Table, &t) != nil || t.ID != id {
			continue
		}
		d := tableDesc{raw: m.Table, rev: t.Rev}
		for _, s := range t.Seats {
			d.seats = append(d.seats, s.Kind)
		}
		out = append(out, d)
	}
	return out
}

// TestTableScreenIgnoresAnOlderDescription: a reply and a push about a
// table, worked out at about the same time, can reach the page in either
// order (docs/protocol.md, rev), and the older must not undo the newer:
// Ann, waiting at her table, sees Bob sit down; the description from
// before he sat, arriving late, must not show his seat open again. The
// late description is handed to the page's own socket, as the server's
// frames are; the same description with a newer rev then shows, so the
// page did read it, and ignored the first only for its rev.
func TestTableScreenIgnoresAnOlderDescription(t *testing.T) {
	// A server of its own: on the suite's shared one, whose first page
	// of tables earlier tests have filled, Ann's new table would be past
	// the page Bob's lobby holds, and he could not join it from there.
	base := startLobbyServer(t)
	ann := newPage(t, "ann", 1280, 800)
	ann.base = base
	ann.recordFrames()
	ann.keepSocket()
	ann.guest(uniqueName("Ann"))
	bob := newPage(t, "bob", 1280, 800)
	bob.base = base
	bob.guest(uniqueName("Bob"))

	id := ann.createTable("dots", "online", 4, "")
	ann.waitVisible("#invite-link")
	seat2Open := `document.querySelector("li.seat-1 .conn")?.classList.contains("conn-waiting")`
	if !evalAs[bool](ann, seat2Open) {
		t.Fatalf("Ann's new table shows seat 2 taken before anyone sat: %q", ann.text("li.seat-1"))
	}
	bob.waitFor("the new table in the lobby", fmt.Sprintf(`document.querySelector('button[data-table=%q]') !== null`, id))
	bob.click(fmt.Sprintf(`button[data-table=%q]`, id))
	ann.waitFor("Bob in seat 2 on Ann's screen", `document.querySelector("li.seat-1 .conn") && !`+seat2Open)

	var before *tableDesc
	var latest int64
	for _, d := range ann.tableDescs(id) {
		if len(d.seats) == 2 && d.seats[1] == "open" && (before == nil || d.rev > before.rev) {
			before = &d
		}
		latest = max(latest, d.rev)
	}
	if before == nil || before.rev == 0 || before.rev >= latest {
		t.Fatalf("Ann's page got no description of the table from before Bob sat that is older than the last (latest rev %d, before %+v)", latest, before)
	}

	// The newer rev is worked out at the moment of the pushes, from every
	// frame the page has had by then: the server may have described the
	// table again since (Bob's connection, say).
	got := evalAs[[]bool](ann, fmt.Sprintf(`(() => {
		const open = () => %s;
		const push = (table) => window.__socket.dispatchEvent(new MessageEvent("message", { data: JSON.stringify({ t: "table", table }) }));
		const revs = window.__frames.map((f) => JSON.parse(f).table).filter((t) => t && t.id === %q).map((t) => t.rev ?? 0);
		const before = %s;
		push(before);
		const late = open();
		push({ ...before, rev: Math.max(...revs) + 1 });
		return [late, open()];
	})()`, seat2Open, id, before.raw))
	if got[0] {
		t.Errorf("the description from before Bob sat (rev %d), arriving after his (rev %d), showed his seat open again", before.rev, latest)
	}
	if !got[1] {
		t.Errorf("the same description with a rev newer than any the page had did not show: the page does not read what its socket hands it, so the check above proves nothing")
	}
}
