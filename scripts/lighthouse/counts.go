package main

import (
	"context"
	"encoding/json"
	"fmt"
	"net/url"
	"os"
	"time"

	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/performance"
	"github.com/chromedp/cdproto/tracing"
	"github.com/chromedp/chromedp"

	"github.com/parlor-games/parlor/client"
)

// drawCounts are what the browser did to show one page, counted rather
// than timed: the same build gives the same figures on a busy machine and
// a quiet one, where Lighthouse's times follow the load.
type drawCounts struct {
	styleRecalcs  int     // style recalculations (UpdateLayoutTree events)
	stylesElems   int     // elements whose style was computed, summed over them
	layouts       int     // layouts (Layout events)
	layoutObjects int     // layout objects laid out, summed over the layouts
	nodes         float64 // DOM nodes once shown
	objects       float64 // layout objects once shown
}

// countDraws opens each page in Chromium at a phone's size (390x844, no
// throttling), traces it from the navigation until the page is shown and
// a second has passed, and counts its style and layout work.
func countDraws(ctx context.Context, base, session string, pages []page) ([]drawCounts, error) {
	opts := append(chromedp.DefaultExecAllocatorOptions[:], chromedp.NoSandbox, chromedp.DisableGPU)
	if p := os.Getenv("CHROME_PATH"); p != "" {
		opts = append(opts, chromedp.ExecPath(p))
	}
	actx, cancel := chromedp.NewExecAllocator(ctx, opts...)
	defer cancel()
	var out []drawCounts
	for _, p := range pages {
		c, err := countOne(actx, base, session, p)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", p.name, err)
		}
		out = append(out, c)
	}
	return out, nil
}

// shownJS is true once a page has drawn what it came for: a table's
// screen no longer waiting for its first reply, or any other screen.
const shownJS = `document.readyState === "complete" && document.querySelector("main") !== null &&
	(location.pathname.startsWith("/t/") ? document.querySelector(".table-screen:not(.arriving) .board-area svg, .table-screen:not(.arriving) .board-area button") !== null : document.querySelector("main").childElementCount > 0)`

// countOne counts one page's drawing in a tab of its own, so that no
// page's work is counted in another's.
func countOne(actx context.Context, base, session string, p page) (drawCounts, error) {
	ctx, cancel := chromedp.NewContext(actx)
	defer cancel()
	var c drawCounts
	if err := prepareTab(ctx, base, session, p); err != nil {
		return c, err
	}
	tr, err := startTrace(ctx)
	if err != nil {
		return c, err
	}
	tctx, tcancel := context.WithTimeout(ctx, time.Minute)
	defer tcancel()
	if err := chromedp.Do(tctx, chromedp.Navigate(base+p.path), chromedp.Poll[chromedp.Void](shownJS)); err != nil {
		return c, err
	}
	time.Sleep(time.Second)
	m, err := chromedp.Call(ctx, performance.GetMetrics, struct{}{})
	if err != nil {
		return c, err
	}
	for _, x := range m.Metrics {
		switch x.Name {
		case "Nodes":
			c.nodes = x.Value
		case "LayoutObjects":
			c.objects = x.Value
		}
	}
	traced, err := tr.end(ctx)
	if err != nil {
		return c, err
	}
	c.add(traced)
	return c, nil
}

// prepareTab sizes the tab as a phone, gives it the session when the page
// needs one, and turns on the metrics read once the page is shown.
func prepareTab(ctx context.Context, base, session string, p page) error {
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(390, 844, chromedp.EmulateMobile, chromedp.EmulateTouch)); err != nil {
		return err
	}
	if p.cookie {
		u, _ := url.Parse(base)
		if _, err := chromedp.Call(ctx, network.SetCookie, network.SetCookieParams{Name: client.SessionCookie, Value: session, URL: u.String()}); err != nil {
			return err
		}
	}
	_, err := chromedp.Call(ctx, performance.Enable, performance.EnableParams{})
	return err
}

// layoutTrace is a tab's trace as the browser streams it: its style and
// layout events are kept, as they come, until the trace ends.
type layoutTrace struct {
	events    chan []byte
	done      chan struct{} // closed when the browser has sent the whole trace
	collected chan struct{} // closed when every event has been read
	traced    []traceEvent
}

// startTrace listens for the tab's trace events and starts the trace.
func startTrace(ctx context.Context) (*layoutTrace, error) {
	tr := &layoutTrace{events: make(chan []byte, 1024), done: make(chan struct{}), collected: make(chan struct{})}
	err := chromedp.Listen(ctx, func(ev any) {
		switch e := ev.(type) {
		case *tracing.EventDataCollected:
			for _, v := range e.Value {
				tr.events <- []byte(v)
			}
		case *tracing.EventTracingComplete:
			close(tr.done)
		}
	})
	if err != nil {
		return nil, err
	}
	go func() {
		defer close(tr.collected)
		for raw := range tr.events {
			var e traceEvent
			if json.Unmarshal(raw, &e) == nil && (e.Name == "UpdateLayoutTree" || e.Name == "Layout") {
				tr.traced = append(tr.traced, e)
			}
		}
	}()
	_, err = chromedp.Call(ctx, tracing.Start, tracing.StartParams{
		TransferMode: tracing.StartTransferModeReportEvents,
		TraceConfig:  &tracing.TraceConfig{IncludedCategories: []string{"devtools.timeline", "disabled-by-default-devtools.timeline"}},
	})
	if err != nil {
		return nil, err
	}
	return tr, nil
}

// end ends the trace and returns its style and layout events once the
// browser has sent them all.
func (tr *layoutTrace) end(ctx context.Context) ([]traceEvent, error) {
	if _, err := chromedp.Call(ctx, tracing.End, struct{}{}); err != nil {
		return nil, err
	}
	select {
	case <-tr.done:
	case <-time.After(30 * time.Second):
		return nil, fmt.Errorf("the trace did not end")
	}
	close(tr.events)
	<-tr.collected
	return tr.traced, nil
}

// add counts the passes of style and layout in traced. A begin and end
// pair (or one complete event) is one pass; the count of elements rides
// on whichever of them carries it.
func (c *drawCounts) add(traced []traceEvent) {
	for _, e := range traced {
		first := e.Ph != "E"
		switch e.Name {
		case "UpdateLayoutTree":
			if first {
				c.styleRecalcs++
			}
			c.stylesElems += e.Args.ElementCount
		case "Layout":
			if first {
				c.layouts++
			}
			c.layoutObjects += e.Args.BeginData.DirtyObjects
		}
	}
}

// traceEvent is the part of a Chromium trace event the counts read.
type traceEvent struct {
	Name string `json:"name"`
	Ph   string `json:"ph"`
	Args struct {
		ElementCount int `json:"elementCount"`
		BeginData    struct {
			DirtyObjects int `json:"dirtyObjects"`
		} `json:"beginData"`
	} `json:"args"`
}
