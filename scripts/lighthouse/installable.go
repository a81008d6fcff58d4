package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	cdppage "github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
)

// checkInstallable serves the working tree and asks Chromium, in a
// profile of its own (a private window cannot install), whether anything
// stops the first page being installed as an app: the question
// Lighthouse's installability audit put to Chromium (installable-
// manifest), which Lighthouse 12 no longer asks.
func checkInstallable() error {
	root, err := os.Getwd()
	if err != nil {
		return err
	}
	tmp, err := os.MkdirTemp("", "parlor-installable-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	base, stop, err := start(build{label: "now", dir: root}, tmp)
	if err != nil {
		return err
	}
	defer stop()
	opts := append(chromedp.DefaultExecAllocatorOptions[:], chromedp.NoSandbox, chromedp.DisableGPU,
		chromedp.UserDataDir(filepath.Join(tmp, "profile")))
	if p := os.Getenv("CHROME_PATH"); p != "" {
		opts = append(opts, chromedp.ExecPath(p))
	}
	actx, cancel := chromedp.NewExecAllocator(context.Background(), opts...)
	defer cancel()
	ctx, cancel := chromedp.NewContext(actx)
	defer cancel()
	ctx, cancel = context.WithTimeout(ctx, time.Minute)
	defer cancel()
	if err := chromedp.Do(ctx, chromedp.Navigate(base+"/")); err != nil {
		return err
	}
	if _, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`navigator.serviceWorker.ready.then(() => true)`, chromedp.EvalAwaitPromise)); err != nil {
		return fmt.Errorf("no service worker took charge: %w", err)
	}
	// The icons and the worker load in the background: ask until nothing
	// is missing, or the minute is up.
	var ids []string
	for {
		res, err := chromedp.Call(ctx, cdppage.GetInstallabilityErrors, struct{}{})
		if err != nil {
			return err
		}
		ids = ids[:0]
		for _, e := range res.InstallabilityErrors {
			ids = append(ids, e.ErrorID)
		}
		if len(ids) == 0 {
			fmt.Println("| page | installable |")
			fmt.Println("|---|---|")
			fmt.Println("| first page | yes |")
			return nil
		}
		select {
		case <-ctx.Done():
			return errors.New("Chromium would not install the app: " + strings.Join(ids, ", "))
		case <-time.After(500 * time.Millisecond):
		}
	}
}
