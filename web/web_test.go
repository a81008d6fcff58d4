package web

import (
	"bytes"
	"compress/gzip"
	"io"
	"net/http"
	"net/http/httptest"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// maxGzipped is the budget for script plus styles as sent over the wire.
const maxGzipped = 200 * 1024

func gzSize(t *testing.T, b []byte) int {
	t.Helper()
	var buf bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&buf, gzip.BestCompression)
	zw.Write(b)
	zw.Close()
	return buf.Len()
}

func TestBundleBuildsWithinBudget(t *testing.T) {
	b, err := Build()
	if err != nil {
		t.Fatal(err)
	}
	if len(b.JS) == 0 || len(b.CSS) == 0 {
		t.Fatalf("empty bundle: js %d bytes, css %d bytes", len(b.JS), len(b.CSS))
	}
	total := gzSize(t, b.JS) + gzSize(t, b.CSS)
	for name, c := range b.Chunks {
		t.Logf("chunk %s: %d bytes, %d gzipped", name, len(c), gzSize(t, c))
		total += gzSize(t, c)
	}
	t.Logf("bundle: js %d bytes, css %d bytes, %d bytes gzipped with every chunk", len(b.JS), len(b.CSS), total)
	if total > maxGzipped {
		t.Fatalf("script and styles are %d bytes gzipped, over the %d budget", total, maxGzipped)
	}
}

// TestEachGameIsAChunkOfItsOwn: a page fetches the entry and the chunks
// it imports at once; no game's board is among them, each game's board
// is a chunk of its own, fetched when a table of that game opens.
func TestEachGameIsAChunkOfItsOwn(t *testing.T) {
	b, err := Build()
	if err != nil {
		t.Fatal(err)
	}
	for _, game := range []string{"dots", "battleship", "clue", "buccaneer", "warfare"} {
		var names []string
		for name := range b.Chunks {
			if strings.HasPrefix(name, game+"-") {
				names = append(names, name)
			}
		}
		if len(names) != 1 {
			t.Errorf("%s: chunks %v, want one", game, names)
			continue
		}
		if bytes.Contains(b.JS, []byte(names[0])) && !bytes.Contains(b.JS, []byte(`import("./`+names[0])) {
			t.Errorf("the entry imports %s at once, want it imported on demand", names[0])
		}
		for _, p := range b.Preload {
			if p == names[0] {
				t.Errorf("the page preloads %s, a game's board", p)
			}
		}
	}
	for _, p := range b.Preload {
		if _, ok := b.Chunks[p]; !ok {
			t.Errorf("the page preloads %s, which the bundle does not hold", p)
		}
	}
}

func get(t *testing.T, h http.Handler, target string, hdr map[string]string) *httptest.ResponseRecorder {
	t.Helper()
	req := httptest.NewRequest("GET", target, nil)
	for k, v := range hdr {
		req.Header.Set(k, v)
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	return rec
}

func TestHandlerServesPageAndAssets(t *testing.T) {
	h, err := Handler()
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{"/", "/t/abc123", "/profile/ann"} {
		rec := get(t, h, p, nil)
		if rec.Code != 200 || !strings.Contains(rec.Body.String(), "/assets/app.js?v=") {
			t.Errorf("GET %s: status %d, body %.80q", p, rec.Code, rec.Body.String())
		}
	}
	if rec := get(t, h, "/assets/nothing.js", nil); rec.Code != 404 {
		t.Errorf("unknown asset: status %d, want 404", rec.Code)
	}

	rec := get(t, h, "/assets/app.js", map[string]string{"Accept-Encoding": "gzip, br"})
	if rec.Code != 200 || rec.Header().Get("Content-Encoding") != "gzip" {
		t.Fatalf("app.js: status %d, encoding %q", rec.Code, rec.Header().Get("Content-Encoding"))
	}
	zr, err := gzip.NewReader(rec.Body)
	if err != nil {
		t.Fatal(err)
	}
	js, err := io.ReadAll(zr)
	if err != nil || len(js) == 0 {
		t.Fatalf("app.js does not unzip: %v", err)
	}
	etag := rec.Header().Get("ETag")
	if etag == "" {
		t.Fatal("app.js has no ETag")
	}
	if rec := get(t, h, "/assets/app.js", map[string]string{"If-None-Match": etag}); rec.Code != 304 {
		t.Errorf("revalidation with the current ETag: status %d, want 304", rec.Code)
	}
	plain := get(t, h, "/assets/app.css", nil)
	if plain.Code != 200 || plain.Header().Get("Content-Encoding") != "" || !strings.HasPrefix(plain.Header().Get("Content-Type"), "text/css") {
		t.Errorf("app.css without gzip: status %d, encoding %q, type %q", plain.Code, plain.Header().Get("Content-Encoding"), plain.Header().Get("Content-Type"))
	}
	v := strings.Trim(etag, `"`)
	if rec := get(t, h, "/assets/app.js?v="+v, nil); !strings.Contains(rec.Header().Get("Cache-Control"), "immutable") {
		t.Errorf("versioned app.js: Cache-Control %q, want immutable", rec.Header().Get("Cache-Control"))
	}
	if rec := get(t, h, "/assets/app.js", nil); strings.Contains(rec.Header().Get("Cache-Control"), "immutable") {
		t.Errorf("app.js without its version: Cache-Control %q, want revalidation", rec.Header().Get("Cache-Control"))
	}
}

// TestChunksAreServedZippedForGood: every chunk, shared or a game's
// board, is served gzip'd, with an ETag, and cached for a year (its name
// changes with its content); the entry names each game's board, and the
// page asks for the shared chunks beside the entry, at low priority.
func TestChunksAreServedZippedForGood(t *testing.T) {
	h, err := Handler()
	if err != nil {
		t.Fatal(err)
	}
	b, err := Build()
	if err != nil {
		t.Fatal(err)
	}
	page := get(t, h, "/", nil).Body.String()
	if !strings.Contains(page, `<script type="module" src="/assets/app.js?v=`) || !strings.Contains(page, `fetchpriority="low"></script>`) {
		t.Fatalf("the page does not load app.js as a module at low priority: %s", page)
	}
	js := get(t, h, "/assets/app.js", nil).Body.String()
	// The games' registry (games/load.ts) is shared with the boards and
	// may sit in a chunk the page preloads: the loaders are in the entry or
	// in one of those.
	first := js
	for _, name := range b.Preload {
		first += string(b.Chunks[name])
	}
	if names := regexp.MustCompile(`import\("\./(dots|battleship|clue|buccaneer|warfare)-\w+\.js"\)`).FindAllString(first, -1); len(names) < 5 {
		t.Errorf("the page's first scripts import %d boards on demand (%v), want the five games'", len(names), names)
	}
	if len(b.Chunks) < 6 {
		t.Fatalf("%d chunks, want the five boards and the code they share", len(b.Chunks))
	}
	for name := range b.Chunks {
		rec := get(t, h, "/assets/"+name, map[string]string{"Accept-Encoding": "gzip"})
		if rec.Code != 200 {
			t.Errorf("%s: status %d", name, rec.Code)
			continue
		}
		if rec.Header().Get("Content-Encoding") != "gzip" || !strings.Contains(rec.Header().Get("Cache-Control"), "max-age=31536000") ||
			rec.Header().Get("ETag") == "" || !strings.HasPrefix(rec.Header().Get("Content-Type"), "text/javascript") {
			t.Errorf("%s: encoding %q, cache %q, ETag %q, type %q", name, rec.Header().Get("Content-Encoding"),
				rec.Header().Get("Cache-Control"), rec.Header().Get("ETag"), rec.Header().Get("Content-Type"))
		}
	}
	for _, name := range b.Preload {
		if !strings.Contains(page, `<link rel="modulepreload" href="/assets/`+name+`" fetchpriority="low">`) {
			t.Errorf("the page does not preload the shared chunk %s", name)
		}
	}
	for _, m := range regexp.MustCompile(`from"\./(chunk-\w+\.js)"`).FindAllStringSubmatch(js, -1) {
		if !slices.Contains(b.Preload, m[1]) {
			t.Errorf("app.js imports %s at once but the page does not preload it", m[1])
		}
	}
}
