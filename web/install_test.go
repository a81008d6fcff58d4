package web

import (
	"bytes"
	"encoding/json"
	"image/png"
	"io"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"
)

func fetchPath(t *testing.T, path string) (int, string, []byte) {
	t.Helper()
	h, err := Handler()
	if err != nil {
		t.Fatal(err)
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest("GET", path, nil))
	body, _ := io.ReadAll(rec.Result().Body)
	return rec.Code, rec.Header().Get("Content-Type"), body
}

// TestInstallable: the page names a manifest whose every icon is served
// at the size it claims (the PNGs decode), which starts the app at / in
// a window of its own; the service worker is served from the root, where
// its scope is the whole site, and handles pushes and clicks.
func TestInstallable(t *testing.T) {
	_, _, page := fetchPath(t, "/")
	if !bytes.Contains(page, []byte(`<link rel="manifest" href="/manifest.webmanifest">`)) {
		t.Fatal("the page names no manifest")
	}
	code, ctype, body := fetchPath(t, "/manifest.webmanifest")
	if code != 200 || ctype != "application/manifest+json" {
		t.Fatalf("manifest: %d %s", code, ctype)
	}
	var m manifest
	if err := json.Unmarshal(body, &m); err != nil {
		t.Fatal(err)
	}
	if m.Name != "Parlor" || m.StartURL != "/" || m.Display != "standalone" {
		t.Fatalf("manifest %+v", m)
	}
	sizes := map[string]bool{}
	for _, ic := range m.Icons {
		code, ctype, img := fetchPath(t, ic.Src)
		if code != 200 || ctype != ic.Type {
			t.Fatalf("icon %s: %d %s, want %s", ic.Src, code, ctype, ic.Type)
		}
		if ic.Type != "image/png" {
			continue
		}
		cfg, err := png.DecodeConfig(bytes.NewReader(img))
		if err != nil {
			t.Fatalf("icon %s: %v", ic.Src, err)
		}
		if got := strings.Split(ic.Sizes, "x")[0]; got != strconv.Itoa(cfg.Width) || cfg.Width != cfg.Height {
			t.Fatalf("icon %s claims %s and is %dx%d", ic.Src, ic.Sizes, cfg.Width, cfg.Height)
		}
		sizes[ic.Sizes+" "+ic.Purpose] = true
	}
	for _, want := range []string{"192x192 any", "512x512 any", "512x512 maskable"} {
		if !sizes[want] {
			t.Errorf("no %s icon", want)
		}
	}
	code, ctype, sw := fetchPath(t, "/sw.js")
	if code != 200 || !strings.HasPrefix(ctype, "text/javascript") {
		t.Fatalf("/sw.js: %d %s", code, ctype)
	}
	for _, want := range []string{`"push"`, `"notificationclick"`, `"fetch"`, "parlor-shell-"} {
		if !bytes.Contains(sw, []byte(want)) {
			t.Errorf("the service worker has no %s", want)
		}
	}
	if bytes.Contains(sw, []byte("VERSION")) {
		t.Error("the service worker's release was not written in")
	}
}
