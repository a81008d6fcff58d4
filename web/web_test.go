package web

import (
	"bytes"
	"compress/gzip"
	"io"
	"net/http"
	"net/http/httptest"
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
	t.Logf("bundle: js %d bytes, css %d bytes, %d bytes gzipped", len(b.JS), len(b.CSS), total)
	if total > maxGzipped {
		t.Fatalf("script and styles are %d bytes gzipped, over the %d budget", total, maxGzipped)
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
}
