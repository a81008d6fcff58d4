// Package web is Parlor's browser client. The TypeScript and CSS sources in
// src/ are embedded in the binary and bundled in memory with esbuild when
// Handler is first called, so running Parlor needs nothing but Go: no
// Node.js, no build step, no files next to the binary.
package web

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"embed"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"html"
	"io/fs"
	"net/http"
	"path"
	"sort"
	"strings"
	"sync"

	"github.com/evanw/esbuild/pkg/api"

	"github.com/parlor-games/parlor/games"
)

//go:embed src index.html
var files embed.FS

// asset is one file the handler serves, kept both plain and gzip'd so that
// each request costs no compression work.
type asset struct {
	body  []byte
	gz    []byte
	etag  string
	ctype string
	// cache is the Cache-Control value: revalidate with the ETag unless
	// the URL names the version (see versioned).
	cache string
}

func newAsset(body []byte, ctype, cache string) (*asset, error) {
	var buf bytes.Buffer
	zw, err := gzip.NewWriterLevel(&buf, gzip.BestCompression)
	if err != nil {
		return nil, err
	}
	if _, err := zw.Write(body); err != nil {
		return nil, err
	}
	if err := zw.Close(); err != nil {
		return nil, err
	}
	sum := sha256.Sum256(body)
	return &asset{
		body:  body,
		gz:    buf.Bytes(),
		etag:  `"` + hex.EncodeToString(sum[:12]) + `"`,
		ctype: ctype,
		cache: cache,
	}, nil
}

func (a *asset) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	h := w.Header()
	h.Set("Content-Type", a.ctype)
	h.Set("Cache-Control", a.cache)
	h.Set("ETag", a.etag)
	h.Set("Vary", "Accept-Encoding")
	h.Set("X-Content-Type-Options", "nosniff")
	if match := r.Header.Get("If-None-Match"); match != "" && etagMatches(match, a.etag) {
		w.WriteHeader(http.StatusNotModified)
		return
	}
	body := a.body
	if acceptsGzip(r.Header.Get("Accept-Encoding")) {
		h.Set("Content-Encoding", "gzip")
		body = a.gz
	}
	h.Set("Content-Length", fmt.Sprint(len(body)))
	if r.Method == http.MethodHead {
		return
	}
	_, _ = w.Write(body)
}

func etagMatches(header, etag string) bool {
	for _, part := range strings.Split(header, ",") {
		part = strings.TrimSpace(part)
		part = strings.TrimPrefix(part, "W/")
		if part == etag || part == "*" {
			return true
		}
	}
	return false
}

func acceptsGzip(header string) bool {
	for _, part := range strings.Split(header, ",") {
		name, params, _ := strings.Cut(strings.TrimSpace(part), ";")
		if strings.TrimSpace(name) != "gzip" {
			continue
		}
		return !strings.Contains(strings.ReplaceAll(params, " ", ""), "q=0") || strings.Contains(params, "q=0.")
	}
	return false
}

// Bundle is the client as the browser receives it.
type Bundle struct {
	// JS is the entry script, served as /assets/app.js.
	JS []byte
	// Chunks are the other scripts by file name: each game's board (loaded
	// with import() when a table or replay of it opens) and the code the
	// entry shares with them. A chunk's name carries a hash of its
	// content, so a URL never names two versions.
	Chunks map[string][]byte
	// Preload names the shared chunks, for the page to ask for beside the
	// entry: those the entry imports, and the few small ones that only
	// boards import (panzoom.ts), which would otherwise be asked for one
	// round trip after their board.
	Preload []string
	CSS     []byte
	HTML    []byte
	// SW is the service worker (src/worker/sw.ts), served as /sw.js.
	SW []byte
}

// Build bundles the embedded sources. It is exported so that a test can
// check the bundle without serving it.
func Build() (*Bundle, error) {
	b := &Bundle{Chunks: map[string][]byte{}}
	js, err := build("src/app.ts", api.LoaderTS, "")
	if err != nil {
		return nil, err
	}
	for _, f := range js.OutputFiles {
		name := path.Base(f.Path)
		if name == "app.js" {
			b.JS = f.Contents
		} else if strings.HasSuffix(name, ".js") {
			b.Chunks[name] = f.Contents
		}
	}
	if b.JS == nil {
		return nil, errors.New("web: bundling produced no app.js")
	}
	if b.Preload, err = sharedChunks(js.Metafile); err != nil {
		return nil, err
	}
	sheet, err := styles()
	if err != nil {
		return nil, err
	}
	css, err := build(stylesEntry, api.LoaderCSS, sheet)
	if err != nil {
		return nil, err
	}
	for _, f := range css.OutputFiles {
		if strings.HasSuffix(f.Path, ".css") {
			b.CSS = f.Contents
		}
	}
	if b.CSS == nil {
		return nil, errors.New("web: bundling produced no app.css")
	}
	if b.HTML, err = indexPage(); err != nil {
		return nil, err
	}
	if b.SW, err = buildWorker(b); err != nil {
		return nil, err
	}
	return b, nil
}

// indexPage is index.html with the games' titles in its description, from the
// games' registry, so that the page names the games the binary ships.
func indexPage() ([]byte, error) {
	b, err := files.ReadFile("index.html")
	if err != nil {
		return nil, err
	}
	var titles []string
	for _, d := range games.Registry().List() {
		titles = append(titles, html.EscapeString(d.Title))
	}
	list := strings.Join(titles, ", ")
	if n := len(titles); n > 1 {
		list = strings.Join(titles[:n-1], ", ") + " and " + titles[n-1]
	}
	return bytes.ReplaceAll(b, []byte("{{games}}"), []byte(list)), nil
}

// sharedChunks lists the chunks that hold code shared between modules
// (the entry and the games' boards), as against the entry and the boards
// themselves, read from esbuild's metafile: every output that is no entry
// point.
func sharedChunks(metafile string) ([]string, error) {
	var meta struct {
		Outputs map[string]struct {
			EntryPoint string `json:"entryPoint"`
		} `json:"outputs"`
	}
	if err := json.Unmarshal([]byte(metafile), &meta); err != nil {
		return nil, fmt.Errorf("web: esbuild's metafile: %w", err)
	}
	var names []string
	for out, o := range meta.Outputs {
		if o.EntryPoint == "" && strings.HasSuffix(out, ".js") {
			names = append(names, path.Base(out))
		}
	}
	sort.Strings(names)
	return names, nil
}

// stylesEntry is the style sheet's entry point, made by styles rather
// than read from the sources.
const stylesEntry = "src/styles.css"

// styles is the style sheet's entry: the shared styles (app.css), then
// each game's own (src/games/<game>/*.css, beside its board), so that a
// game brings its styles from its own folder and no shared file lists
// them. The games' rules come after the shared ones: a game's rule wins
// over a shared rule as specific.
func styles() (string, error) {
	sheets, err := fs.Glob(files, "src/games/*/*.css")
	if err != nil {
		return "", err
	}
	sort.Strings(sheets)
	var b strings.Builder
	b.WriteString("@import \"./app.css\";\n")
	for _, s := range sheets {
		fmt.Fprintf(&b, "@import \"./%s\";\n", strings.TrimPrefix(s, "src/"))
	}
	return b.String(), nil
}

// embeddedPlugin reads every import from the embedded file system; entry,
// when not empty, is the content of the entry point, made rather than
// read (see styles).
func embeddedPlugin(entry string) api.Plugin {
	return api.Plugin{
		Name: "embedded",
		Setup: func(b api.PluginBuild) {
			b.OnResolve(api.OnResolveOptions{Filter: ".*"}, func(args api.OnResolveArgs) (api.OnResolveResult, error) {
				p := args.Path
				if entry != "" && args.Kind == api.ResolveEntryPoint {
					return api.OnResolveResult{Path: p, Namespace: "made"}, nil
				}
				// Fragment references (an SVG pattern's url(#id)) and
				// absolute URLs are left for the browser.
				if strings.HasPrefix(p, "#") || strings.Contains(p, ":") || strings.HasPrefix(p, "/") {
					return api.OnResolveResult{Path: p, External: true}, nil
				}
				if args.Importer != "" {
					p = path.Join(path.Dir(args.Importer), p)
				}
				p = path.Clean(p)
				for _, cand := range []string{p, p + ".ts", p + "/index.ts"} {
					if st, err := fs.Stat(files, cand); err == nil && !st.IsDir() {
						return api.OnResolveResult{Path: cand, Namespace: "embedded"}, nil
					}
				}
				return api.OnResolveResult{}, fmt.Errorf("cannot find %q imported from %q", args.Path, args.Importer)
			})
			b.OnLoad(api.OnLoadOptions{Filter: ".*", Namespace: "made"}, func(args api.OnLoadArgs) (api.OnLoadResult, error) {
				return api.OnLoadResult{Contents: &entry, Loader: api.LoaderCSS}, nil
			})
			b.OnLoad(api.OnLoadOptions{Filter: ".*", Namespace: "embedded"}, func(args api.OnLoadArgs) (api.OnLoadResult, error) {
				data, err := files.ReadFile(args.Path)
				if err != nil {
					return api.OnLoadResult{}, err
				}
				s := string(data)
				l := api.LoaderTS
				if strings.HasSuffix(args.Path, ".css") {
					l = api.LoaderCSS
				}
				return api.OnLoadResult{Contents: &s, Loader: l}, nil
			})
		},
	}
}

// build runs esbuild over one entry point, reading every import from the
// embedded file system through a plugin so nothing touches the disk
// (entry, when not empty, is the entry point's content, see styles). The
// script is an ES module split into chunks: each module reached by
// import() becomes a chunk of its own, and code two chunks share goes
// into a third, so a page fetches only what it runs.
func build(entry string, loader api.Loader, content string) (api.BuildResult, error) {
	embedded := embeddedPlugin(content)
	res := api.Build(api.BuildOptions{
		EntryPoints:       []string{entry},
		Bundle:            true,
		MinifyWhitespace:  true,
		MinifyIdentifiers: true,
		MinifySyntax:      true,
		Write:             false,
		Target:            api.ES2020,
		Format:            api.FormatESModule,
		Splitting:         loader == api.LoaderTS,
		Outdir:            "out",
		// The entry keeps its name (the page asks for it with its
		// version in the query); every other file is named by its hash.
		EntryNames: "[name]",
		ChunkNames: "[name]-[hash]",
		Metafile:   true,
		Plugins:    []api.Plugin{embedded},
		LogLevel:   api.LogLevelSilent,
		Charset:    api.CharsetUTF8,
		Loader:     map[string]api.Loader{path.Ext(entry): loader},
	})
	if len(res.Errors) > 0 {
		msgs := api.FormatMessages(res.Errors, api.FormatMessagesOptions{Kind: api.ErrorMessage})
		return res, errors.New("web: bundling " + entry + ":\n" + strings.Join(msgs, ""))
	}
	return res, nil
}

var (
	once    sync.Once
	handler http.Handler
	hErr    error
)

// Handler returns the handler for the client: index.html for "/" and every
// client route (so an invite link such as /t/abc opens the app, which then
// reads the path), and the bundled script and styles under /assets/. The
// bundle is built once per process; a build error is returned, not
// panicked, so the server can refuse to start with a clear message.
func Handler() (http.Handler, error) {
	once.Do(func() { handler, hErr = newHandler() })
	return handler, hErr
}

func newHandler() (http.Handler, error) {
	b, err := Build()
	if err != nil {
		return nil, err
	}
	js, err := newAsset(b.JS, "text/javascript; charset=utf-8", "no-cache")
	if err != nil {
		return nil, err
	}
	css, err := newAsset(b.CSS, "text/css; charset=utf-8", "no-cache")
	if err != nil {
		return nil, err
	}
	// The page names the assets with their ETag as a query string, so a
	// browser that has them revalidates nothing and still sees a new
	// release at once.
	html := bytes.ReplaceAll(b.HTML, []byte("/assets/app.js"), []byte("/assets/app.js?v="+strings.Trim(js.etag, `"`)))
	html = bytes.ReplaceAll(html, []byte("/assets/app.css"), []byte("/assets/app.css?v="+strings.Trim(css.etag, `"`)))
	// The shared chunks are asked for beside the entry, not one round
	// trip after it or after a board. Like the entry they are fetched at low
	// priority: the page's first paint ("Loading Parlor…") waits only
	// for the styles, as it did for the classic deferred script.
	var preload strings.Builder
	for _, name := range b.Preload {
		fmt.Fprintf(&preload, "<link rel=\"modulepreload\" href=\"/assets/%s\" fetchpriority=\"low\">\n", name)
	}
	html = bytes.Replace(html, []byte("</head>"), []byte(preload.String()+"</head>"), 1)
	page, err := newAsset(html, "text/html; charset=utf-8", "no-cache")
	if err != nil {
		return nil, err
	}
	mux := http.NewServeMux()
	mux.Handle("GET /assets/app.js", versioned(js))
	mux.Handle("GET /assets/app.css", versioned(css))
	// A chunk's name changes with its content: it is cached for good.
	for name, body := range b.Chunks {
		chunk, err := newAsset(body, "text/javascript; charset=utf-8", immutable)
		if err != nil {
			return nil, err
		}
		mux.Handle("GET /assets/"+name, chunk)
	}
	mux.Handle("GET /assets/", http.NotFoundHandler())
	if err := installRoutes(mux, b); err != nil {
		return nil, err
	}
	mux.Handle("GET /{$}", page)
	for _, route := range []string{"/t/", "/lobby", "/profile/", "/saves", "/replay/", "/settings", "/rules/", "/reset/", "/verify-email/"} {
		mux.Handle("GET "+route, page)
	}
	// A game may have a page of its own at /<game> (its entry's page in
	// src/games/<game>/index.ts); the app says when one has none.
	for _, name := range games.Registry().Names() {
		mux.Handle("GET /"+name, page)
	}
	return mux, nil
}

// immutable is the Cache-Control of a URL that names one version for good.
const immutable = "public, max-age=31536000, immutable"

// versioned serves a with a long cache lifetime when the request names the
// current version (?v=etag), and with revalidation otherwise.
func versioned(a *asset) http.Handler {
	long := *a
	long.cache = immutable
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if v := r.URL.Query().Get("v"); v != "" && `"`+v+`"` == a.etag {
			long.ServeHTTP(w, r)
			return
		}
		a.ServeHTTP(w, r)
	})
}
