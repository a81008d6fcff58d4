package web

import (
	"encoding/json"
	"fmt"
	"net/http"
)

// The web app manifest, which makes Parlor installable: a name, icons,
// the address it starts at and a window of its own.

type manifestIcon struct {
	Src     string `json:"src"`
	Sizes   string `json:"sizes"`
	Type    string `json:"type"`
	Purpose string `json:"purpose,omitempty"`
}

type manifest struct {
	Name            string         `json:"name"`
	ShortName       string         `json:"short_name"`
	Description     string         `json:"description"`
	ID              string         `json:"id"`
	StartURL        string         `json:"start_url"`
	Scope           string         `json:"scope"`
	Display         string         `json:"display"`
	BackgroundColor string         `json:"background_color"`
	ThemeColor      string         `json:"theme_color"`
	Icons           []manifestIcon `json:"icons"`
}

// iconSizes are the PNG icons served under /icons/: 192 and 512 pixels
// are what installing asks for.
var iconSizes = []int{192, 512}

func manifestJSON() []byte {
	m := manifest{
		Name:            "Parlor",
		ShortName:       "Parlor",
		Description:     "Turn-based board games with friends, at one screen or against the computer.",
		ID:              "/",
		StartURL:        "/",
		Scope:           "/",
		Display:         "standalone",
		BackgroundColor: "#ffffff",
		ThemeColor:      "#1d3f8f",
	}
	for _, n := range iconSizes {
		m.Icons = append(m.Icons, manifestIcon{Src: fmt.Sprintf("/icons/icon-%d.png", n), Sizes: fmt.Sprintf("%dx%d", n, n), Type: "image/png", Purpose: "any"})
	}
	m.Icons = append(m.Icons,
		manifestIcon{Src: "/icons/icon-maskable-512.png", Sizes: "512x512", Type: "image/png", Purpose: "maskable"},
		manifestIcon{Src: "/icons/icon.svg", Sizes: "any", Type: "image/svg+xml", Purpose: "any"})
	b, err := json.MarshalIndent(m, "", "  ")
	if err != nil {
		panic(err) // a fixed value of plain fields always encodes
	}
	return b
}

// installRoutes serves the manifest, the icons and the service worker
// from the root, the worker's scope.
func installRoutes(mux *http.ServeMux, b *Bundle) error {
	type file struct {
		path, ctype string
		body        []byte
	}
	files := []file{
		{"/manifest.webmanifest", "application/manifest+json", manifestJSON()},
		{"/icons/icon.svg", "image/svg+xml", []byte(iconSVG)},
		{"/icons/icon-maskable-512.png", "image/png", drawIcon(512, true)},
		// no-cache: a browser checks for a new worker at each visit, and a
		// cached copy would hold back a new release.
		{"/sw.js", "text/javascript; charset=utf-8", b.SW},
	}
	for _, n := range iconSizes {
		files = append(files, file{fmt.Sprintf("/icons/icon-%d.png", n), "image/png", drawIcon(n, false)})
	}
	for _, f := range files {
		a, err := newAsset(f.body, f.ctype, "no-cache")
		if err != nil {
			return err
		}
		mux.Handle("GET "+f.path, a)
	}
	return nil
}
