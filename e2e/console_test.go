package e2e

import (
	"context"
	"strings"
	"sync"
	"testing"

	"github.com/chromedp/cdproto/cdp"
	cdplog "github.com/chromedp/cdproto/log"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"
)

// TestSignedOutVisitLogsNoError (issue 22, point 13): a visit without a
// session, to the first page or to a table's link, logs no error in the
// browser's console (no 401 for asking who is signed in).
func TestSignedOutVisitLogsNoError(t *testing.T) {
	p := newPage(t, "visitor", 1280, 800)
	var mu sync.Mutex
	var errs []string
	if err := chromedp.Listen(p.ctx, func(ev any) {
		mu.Lock()
		defer mu.Unlock()
		switch e := ev.(type) {
		case *cdplog.EventEntryAdded:
			if e.Entry != nil && e.Entry.Level == cdplog.EntryLevelError {
				errs = append(errs, e.Entry.Text+" "+e.Entry.URL)
			}
		case *runtime.EventExceptionThrown:
			errs = append(errs, "exception")
		case *runtime.EventConsoleAPICalled:
			if e.Type == runtime.ConsoleAPICalledTypeError {
				errs = append(errs, "console.error")
			}
		}
	}); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(p.ctx, wait)
	if _, err := chromedp.Call(ctx, cdplog.Enable, cdp.Empty{}); err != nil {
		t.Fatalf("enabling the log: %v", err)
	}
	cancel()
	for _, path := range []string{"/", "/t/nosuchtable", "/lobby"} {
		p.goTo(path)
		p.waitVisible("#auth-name")
		// The games' list is asked too: the page is whole once it is shown.
		p.waitFor("the page settled", `document.readyState === "complete"`)
	}
	mu.Lock()
	defer mu.Unlock()
	if len(errs) > 0 {
		p.fail("signed-out visits logged errors: %s", strings.Join(errs, "; "))
	}
}
