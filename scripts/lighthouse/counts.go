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

func countOne(actx context.Context, base, session string, p page) (drawCounts, error) {
	ctx, cancel := chromedp.NewContext(actx)
	defer cancel()
	var c drawCounts
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(390, 844, chromedp.EmulateMobile, chromedp.EmulateTouch)); err != nil {
		return c, err
	}
	if p.cookie {
		u, _ := url.Parse(base)
		if _, err := chromedp.Call(ctx, network.SetCookie, network.SetCookieParams{Name: client.SessionCookie, Value: session, URL: u.String()}); err != nil {
			return c, err
		}
	}
	if _, err := chromedp.Call(ctx, performance.Enable, performance.EnableParams{}); err != nil {
		return c, err
	}
	events := make(chan []byte, 1024)
	done := make(chan struct{})
	err := chromedp.Listen(ctx, func(ev any) {
		switch e := ev.(type) {
		case *tracing.EventDataCollected:
			for _, v := range e.Value {
				events <- []byte(v)
			}
		case *tracing.EventTracingComplete:
			close(done)
		}
	})
	if err != nil {
		return c, err
	}
	var traced []traceEvent
	collected := make(chan struct{})
	go func() {
		defer close(collected)
		for raw := range events {
			var e traceEvent
			if json.Unmarshal(raw, &e) == nil && (e.Name == "UpdateLayoutTree" || e.Name == "Layout") {
				traced = append(traced, e)
			}
		}
	}()
	if _, err := chromedp.Call(ctx, tracing.Start, tracing.StartParams{
		TransferMode: tracing.StartTransferModeReportEvents,
		TraceConfig:  &tracing.TraceConfig{IncludedCategories: []string{"devtools.timeline", "disabled-by-default-devtools.timeline"}},
	}); err != nil {
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
	if _, err := chromedp.Call(ctx, tracing.End, struct{}{}); err != nil {
		return c, err
	}
	select {
	case <-done:
	case <-time.After(30 * time.Second):
		return c, fmt.Errorf("the trace did not end")
	}
	close(events)
	<-collected
	// A begin and end pair (or one complete event) is one pass; the count
	// of elements rides on whichever of them carries it.
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
	return c, nil
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
