// Command lighthouse measures the web client as a phone sees it: it starts
// Parlor on a free port, signs in a guest, opens a table of each game
// against bots over the WebSocket API, and runs Lighthouse (mobile, its
// default throttling) on the first page, the lobby and each table, the
// guest's session cookie sent as an extra header. It prints one Markdown
// table of the figures docs/benchmarks.md keeps.
//
// Lighthouse is a measuring tool, not a dependency of Parlor: install it
// apart from the repository (npm install lighthouse@12 in a folder of your
// choice) and name its command with -lighthouse or put it on PATH. Chromium
// is found through CHROME_PATH, as Lighthouse itself does.
//
//	go run ./scripts/lighthouse                  # the working tree
//	go run ./scripts/lighthouse -before REV      # REV first, then the working tree
//	go run ./scripts/lighthouse -only lobby      # one page (its name contains the word)
//	go run ./scripts/lighthouse -counts          # style and layout work counted, no Lighthouse
//	go run ./scripts/lighthouse -installable     # whether Chromium would install the app
//
// With -before, both builds are measured in the same run, one page after
// the other, so a busy machine weighs on both alike.
package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"

	"github.com/parlor-games/parlor/client"
)

func main() {
	lh := flag.String("lighthouse", "lighthouse", "the Lighthouse command (from npm install lighthouse@12)")
	before := flag.String("before", "", "a git revision to measure first, for a before/after table")
	keep := flag.String("out", "", "a folder to keep the JSON reports in (none kept by default)")
	only := flag.String("only", "", "measure only the pages whose name contains this (a game's title, \"lobby\")")
	installable := flag.Bool("installable", false, "check only that Chromium would install the web app (a manifest with icons, a service worker, a secure origin), as Lighthouse's installability audit did before version 12 dropped it")
	counts := flag.Bool("counts", false, "count the style and layout work of each page's first draw in Chromium instead of running Lighthouse")
	flag.Parse()
	if *installable {
		if err := checkInstallable(); err != nil {
			fmt.Fprintln(os.Stderr, "lighthouse:", err)
			os.Exit(1)
		}
		return
	}
	if err := run(*lh, *before, *keep, *only, *counts); err != nil {
		fmt.Fprintln(os.Stderr, "lighthouse:", err)
		os.Exit(1)
	}
}

// build is one version of Parlor under measurement.
type build struct {
	label string
	dir   string // source tree
}

// page is one URL measured, with or without the guest's cookie.
type page struct {
	name   string
	path   string
	cookie bool
}

// figures are what one Lighthouse report says about one page.
type figures struct {
	access, perf   float64
	cls            float64
	tbt, fcp       float64
	bytes, gzBytes float64
}

func run(lh, before, keep, only string, counts bool) error {
	root, err := os.Getwd()
	if err != nil {
		return err
	}
	if _, err := os.Stat(filepath.Join(root, "go.mod")); err != nil {
		return errors.New("run this from the repository's root")
	}
	tmp, err := os.MkdirTemp("", "parlor-lighthouse-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	if keep == "" {
		keep = filepath.Join(tmp, "reports")
	}
	if err := os.MkdirAll(keep, 0o755); err != nil {
		return err
	}
	builds := []build{{label: "now", dir: root}}
	if before != "" {
		dir := filepath.Join(tmp, "before")
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return err
		}
		cmd := exec.Command("sh", "-c", "git archive "+before+" | tar -x -C "+dir)
		cmd.Dir = root
		if out, err := cmd.CombinedOutput(); err != nil {
			return fmt.Errorf("git archive %s: %v\n%s", before, err, out)
		}
		builds = []build{{label: before, dir: dir}, {label: "now", dir: root}}
	}
	results := map[string][]figures{}
	drawn := map[string][]drawCounts{}
	var pages []page
	for _, b := range builds {
		ps, figs, draws, err := measure(lh, b, tmp, keep, only, counts)
		if err != nil {
			return fmt.Errorf("%s: %w", b.label, err)
		}
		pages = ps
		results[b.label] = figs
		drawn[b.label] = draws
	}
	label := func(b build) string {
		if before == "" {
			return b.label
		}
		// The columns docs/benchmarks.md keeps.
		return map[bool]string{true: "before", false: "after"}[b.label == before]
	}
	if counts {
		fmt.Println("| page | build | style recalculations | elements styled | layouts | objects laid out | DOM nodes | layout objects |")
		fmt.Println("|---|---|---|---|---|---|---|---|")
		for i, p := range pages {
			for _, b := range builds {
				d := drawn[b.label][i]
				fmt.Printf("| %s | %s | %d | %d | %d | %d | %.0f | %.0f |\n",
					p.name, label(b), d.styleRecalcs, d.stylesElems, d.layouts, d.layoutObjects, d.nodes, d.objects)
			}
		}
		return nil
	}
	fmt.Println("| page | build | accessibility | mobile performance | layout shift | total blocking time | first contentful paint | page weight (gzip) |")
	fmt.Println("|---|---|---|---|---|---|---|---|")
	for i, p := range pages {
		for _, b := range builds {
			f := results[b.label][i]
			name := label(b)
			fmt.Printf("| %s | %s | %.0f | %.0f | %.3f | %.0f ms | %.1f s | %.1f KiB (%.1f KiB) |\n",
				p.name, name, f.access*100, f.perf*100, f.cls, f.tbt, f.fcp/1000, f.bytes/1024, f.gzBytes/1024)
		}
	}
	return nil
}

// start builds one version and serves it on a free port with a fresh
// data directory, until stop.
func start(b build, tmp string) (base string, stop func(), err error) {
	bin := filepath.Join(tmp, "parlor-"+strings.ReplaceAll(b.label, "/", "-"))
	cmd := exec.Command("go", "build", "-o", bin, "./cmd/parlor")
	cmd.Dir = b.dir
	if out, err := cmd.CombinedOutput(); err != nil {
		return "", nil, fmt.Errorf("go build: %v\n%s", err, out)
	}
	addr, err := freeAddr()
	if err != nil {
		return "", nil, err
	}
	data, err := os.MkdirTemp(tmp, "data-")
	if err != nil {
		return "", nil, err
	}
	srv := exec.Command(bin, "serve", "-addr", addr, "-data", data)
	logf, err := os.Create(filepath.Join(tmp, "server-"+filepath.Base(data)+".log"))
	if err != nil {
		return "", nil, err
	}
	srv.Stdout, srv.Stderr = logf, logf
	if err := srv.Start(); err != nil {
		logf.Close()
		return "", nil, err
	}
	stop = func() {
		_ = srv.Process.Signal(os.Interrupt)
		done := make(chan struct{})
		go func() { _ = srv.Wait(); close(done) }()
		select {
		case <-done:
		case <-time.After(10 * time.Second):
			_ = srv.Process.Kill()
		}
		logf.Close()
	}
	base = "http://" + addr
	if err := waitHealthy(base); err != nil {
		stop()
		return "", nil, err
	}
	return base, stop, nil
}

// measure builds and starts one version, prepares a guest and its tables
// and runs Lighthouse on every page, or counts its drawing work.
func measure(lh string, b build, tmp, keep, only string, counts bool) ([]page, []figures, []drawCounts, error) {
	base, stop, err := start(b, tmp)
	if err != nil {
		return nil, nil, nil, err
	}
	defer stop()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	c, err := client.New(base)
	if err != nil {
		return nil, nil, nil, err
	}
	if _, err := c.Guest(ctx, "Measurer"); err != nil {
		return nil, nil, nil, fmt.Errorf("guest: %w", err)
	}
	conn, err := c.Dial(ctx, client.WithOrigin(base))
	if err != nil {
		return nil, nil, nil, fmt.Errorf("websocket: %w", err)
	}
	defer conn.Close()
	pages := []page{{"first page (signed out)", "/", false}, {"lobby", "/lobby", true}}
	tables, err := tablePages(ctx, c, conn)
	if err != nil {
		return nil, nil, nil, err
	}
	pages = append(pages, tables...)
	headers, err := json.Marshal(map[string]string{"Cookie": client.SessionCookie + "=" + c.Session()})
	if err != nil {
		return nil, nil, nil, err
	}
	if pages, err = pick(pages, only); err != nil {
		return nil, nil, nil, err
	}
	if counts {
		draws, err := countDraws(context.Background(), base, c.Session(), pages)
		return pages, nil, draws, err
	}
	figs, err := runLighthouse(lh, b, keep, base, string(headers), pages)
	if err != nil {
		return nil, nil, nil, err
	}
	return pages, figs, nil, nil
}

// tablePages opens a table of every game the server has, each with as
// few seats as it takes and an island fixed by its seed where the game
// draws one, so that every build measures the same table.
func tablePages(ctx context.Context, c *client.Client, conn *client.Conn) ([]page, error) {
	list, err := c.Games(ctx)
	if err != nil {
		return nil, fmt.Errorf("the games: %w", err)
	}
	var pages []page
	for _, g := range list {
		seats, options := tableOf(g)
		seated := []map[string]string{{"kind": "me"}}
		for range seats - 1 {
			seated = append(seated, map[string]string{"kind": "bot", "level": "easy"})
		}
		var reply struct {
			Table client.Table `json:"table"`
		}
		if err := conn.Call(ctx, "table.create", map[string]any{"game": g.Name, "options": options, "seats": seated}, &reply); err != nil {
			return nil, fmt.Errorf("a %s table: %w", g.Name, err)
		}
		pages = append(pages, page{g.Title + " table", "/t/" + reply.Table.ID, true})
	}
	return pages, nil
}

// pick keeps the pages whose name contains only (-only), so that one page
// can be measured alone; none kept is an error rather than an empty report.
func pick(pages []page, only string) ([]page, error) {
	var picked []page
	for _, p := range pages {
		if strings.Contains(p.name, only) {
			picked = append(picked, p)
		}
	}
	if len(picked) == 0 {
		return nil, fmt.Errorf("no page's name contains %q", only)
	}
	return picked, nil
}

// runLighthouse runs Lighthouse on each page in turn, signed in through
// headers where the page needs it, keeping each report in keep under
// the build's label, and reads the figures of each.
func runLighthouse(lh string, b build, keep, base, headers string, pages []page) ([]figures, error) {
	var figs []figures
	for i, p := range pages {
		report := filepath.Join(keep, fmt.Sprintf("%s-%d.json", strings.ReplaceAll(b.label, "/", "-"), i))
		args := []string{base + p.path, "--quiet", "--output=json", "--output-path=" + report,
			"--only-categories=performance,accessibility",
			"--chrome-flags=--headless --no-sandbox --disable-gpu"}
		if p.cookie {
			args = append(args, "--extra-headers="+headers)
		}
		fmt.Fprintf(os.Stderr, "measuring %s: %s\n", b.label, p.name)
		lhc := exec.Command(lh, args...)
		lhc.Stderr = os.Stderr
		if err := lhc.Run(); err != nil {
			return nil, fmt.Errorf("lighthouse on %s: %w", p.path, err)
		}
		f, err := readReport(report)
		if err != nil {
			return nil, fmt.Errorf("the report on %s: %w", p.path, err)
		}
		figs = append(figs, f)
	}
	return figs, nil
}

// tableOf is the table measured for g: the fewest seats the game takes
// (its option "players" or "seats", else two), and its options: that
// number of seats, and a seed of 1 where the game has a "seed" option.
func tableOf(g client.Game) (seats int, options map[string]any) {
	seats, options = 2, map[string]any{}
	for _, o := range g.Options {
		switch {
		case o.Kind == "int" && (o.Name == "players" || o.Name == "seats"):
			seats = max(o.Min, 1)
			options[o.Name] = seats
		case o.Kind == "int" && o.Name == "seed":
			options[o.Name] = 1
		}
	}
	return seats, options
}

// readReport takes the figures out of a Lighthouse JSON report. The page
// weight is the sum over the page's requests, as sent (gzip) and as the
// browser holds them once unpacked.
func readReport(path string) (figures, error) {
	raw, err := os.ReadFile(path)
	if err != nil {
		return figures{}, err
	}
	var r struct {
		Categories map[string]struct {
			Score float64 `json:"score"`
		} `json:"categories"`
		Audits map[string]struct {
			NumericValue float64         `json:"numericValue"`
			Details      json.RawMessage `json:"details"`
		} `json:"audits"`
	}
	if err := json.Unmarshal(raw, &r); err != nil {
		return figures{}, err
	}
	f := figures{
		access: r.Categories["accessibility"].Score,
		perf:   r.Categories["performance"].Score,
		cls:    r.Audits["cumulative-layout-shift"].NumericValue,
		tbt:    r.Audits["total-blocking-time"].NumericValue,
		fcp:    r.Audits["first-contentful-paint"].NumericValue,
	}
	var requests struct {
		Items []struct {
			TransferSize float64 `json:"transferSize"`
			ResourceSize float64 `json:"resourceSize"`
		} `json:"items"`
	}
	if err := json.Unmarshal(r.Audits["network-requests"].Details, &requests); err != nil {
		return figures{}, fmt.Errorf("its network requests: %w", err)
	}
	for _, it := range requests.Items {
		f.bytes += it.ResourceSize
		f.gzBytes += it.TransferSize
	}
	return f, nil
}

func freeAddr() (string, error) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return "", err
	}
	defer l.Close()
	return l.Addr().String(), nil
}

func waitHealthy(base string) error {
	deadline := time.Now().Add(time.Minute)
	for time.Now().Before(deadline) {
		resp, err := http.Get(base + "/healthz")
		if err == nil {
			_, _ = io.Copy(io.Discard, resp.Body)
			resp.Body.Close()
			if resp.StatusCode == http.StatusOK {
				return nil
			}
		}
		time.Sleep(100 * time.Millisecond)
	}
	return errors.New("parlor serve did not answer /healthz within a minute")
}
