package e2e

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

func TestSaveReloadLoadDownloadUpload(t *testing.T) {
	p := newPage(t, "saver", 1280, 860)
	p.guest(uniqueName("Sav"))
	p.createTable("dots", "bot", 5, "easy")
	p.waitFor("the board", `document.querySelectorAll("g.slot").length === 40`)
	for i := 0; i < 3; i++ {
		p.waitFor("my turn", `!!document.querySelector("#status.my-turn")`)
		s := p.dots()
		p.drawLine(s.Free[len(s.Free)/2])
	}
	p.waitFor("my turn", `!!document.querySelector("#status.my-turn")`)
	drawn := p.dots().Drawn

	p.click("#save")
	p.typeInto("#save-name", "Half time")
	p.click("#save-ok")
	p.waitFor("the saved notice", `[...document.querySelectorAll(".toast")].some(t => t.textContent.includes("Half time"))`)
	p.snap("saved")

	// A reload keeps the table; then the saved game loads into a new one.
	p.do("reload", chromedp.Reload())
	p.waitFor("the table after a reload", `document.querySelectorAll(".ln.drawn").length === `+itoa(drawn))
	// Every line is one move: the move log still lists them all.
	p.waitFor("the whole move log after a reload", `document.querySelectorAll(".move-log li").length === `+itoa(drawn))
	p.goTo("/saves")
	p.waitVisible(`tr[data-save="Half time"]`)
	p.snap("saves-list")
	p.click(`tr[data-save="Half time"] button[data-load]`)
	p.waitFor("the loaded game", `location.pathname.startsWith("/t/") && document.querySelectorAll("g.slot").length === 40`)
	p.waitFor("the saved lines back on the board", `document.querySelectorAll(".ln.drawn").length === `+itoa(drawn))
	p.snap("loaded")
	p.waitFor("my turn in the loaded game", `!!document.querySelector("#status.my-turn")`)
	s := p.dots()
	p.drawLine(s.Free[0])

	// Download the file, then upload it again as a second save.
	p.goTo("/saves")
	p.waitVisible(`tr[data-save="Half time"] a[data-download]`)
	file := evalAs[string](p, `fetch(document.querySelector('tr[data-save="Half time"] a[data-download]').href).then(r => r.ok ? r.text() : Promise.reject(new Error("download: " + r.status)))`)
	var parsed map[string]any
	if err := json.Unmarshal([]byte(file), &parsed); err != nil {
		t.Fatalf("the downloaded save is not JSON: %v\n%.200s", err, file)
	}
	if !strings.Contains(file, "dots") {
		t.Fatalf("the downloaded save does not name its game: %.200s", file)
	}
	path := filepath.Join(t.TempDir(), "half-time.parlor.json")
	if err := os.WriteFile(path, []byte(file), 0o644); err != nil {
		t.Fatal(err)
	}
	rows := evalAs[int](p, `document.querySelectorAll(".saves-table tbody tr").length`)
	p.do("upload", chromedp.SetUploadFiles(chromedp.CSS("#upload-save"), []string{path}))
	p.waitFor("the uploaded save listed", `document.querySelectorAll(".saves-table tbody tr").length === `+itoa(rows+1))
	p.snap("uploaded")

	// A file that is not a save is refused with the server's reason.
	bad := filepath.Join(t.TempDir(), "bad.json")
	if err := os.WriteFile(bad, []byte(`{"game":"dots","moves":[{"seat":0,"move":"z9-z10"}]}`), 0o644); err != nil {
		t.Fatal(err)
	}
	p.do("upload a bad file", chromedp.SetUploadFiles(chromedp.CSS("#upload-save"), []string{bad}))
	p.waitFor("the refusal", `document.querySelector("#saves-error").textContent.length > 0`)
	p.snap("upload-refused")
}

func itoa(n int) string {
	b, _ := json.Marshal(n)
	return string(b)
}
