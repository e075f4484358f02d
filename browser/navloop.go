package browser

import (
	"context"
	"errors"
	"strings"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/ariadne-tui/ariadne/refs"
)

// Pages that never hold still: a <meta http-equiv=refresh content=0> loop
// replaces the document as soon as it loads, and a beforeunload handler
// can refuse a reload. Each ends, within its timeout, with a coded error
// that says what happened.

// maxDocChanges is how many times a snapshot starts again because the
// page replaced its document under it before Ariadne gives up.
const maxDocChanges = 10

// steadySnapshot reads the tab's snapshot, starting again when the page
// replaced its document during the read, until the navigation timeout or
// maxDocChanges; then it fails with page_navigating.
func (t *Tab) steadySnapshot(ctx context.Context) (*refs.Snapshot, error) {
	start := time.Now()
	for changes := 1; ; changes++ {
		before := t.mainLoader(ctx)
		snap, err := t.Snapshot(ctx)
		if err == nil || ctx.Err() != nil {
			return snap, err
		}
		// A navigation that raced the walk may not have committed yet.
		// (A document still being parsed reads as what it holds so far:
		// the walker does not fail on it.)
		if !documentGone(err) && (sleep(ctx, 100*time.Millisecond) != nil || t.mainLoader(ctx) == before && t.loaded(ctx)) {
			return snap, err
		}
		if changes >= maxDocChanges || time.Since(start) > t.b.opts.NavTimeout {
			return nil, refs.Wrap(refs.CodePageNavigating, err, "the page replaced its document %d times in %s while Ariadne read it (a <meta http-equiv=refresh> or script redirect loop?); open another URL, or snapshot again later", changes, time.Since(start).Round(100*time.Millisecond))
		}
		if sleep(ctx, 100*time.Millisecond) != nil {
			return nil, err
		}
	}
}

// documentGone reports whether err says the page's document (or its
// execution context) went away during a call: a navigation raced it.
func documentGone(err error) bool {
	msg := err.Error()
	for _, s := range []string{
		"Cannot find context with specified id",
		"Execution context was destroyed",
		"Inspected target navigated or closed",
		"Not attached to an active page",
		"No frame with given id",
		"Frame with the given id was not found",
		"Cannot find default execution context",
	} {
		if strings.Contains(msg, s) {
			return true
		}
	}
	return false
}

// reload reloads the tab and waits for the load. A reload the page refuses
// (its beforeunload dialog dismissed, by the user or the --dialogs
// policy) ends at once with navigation_failed; one still waiting on such
// a dialog when the timeout ends says so, instead of passing for a slow
// load. A reload that races the page's own navigation is tried again.
func (t *Tab) reload(ctx context.Context) (*NavResult, error) {
	t.revive()
	nctx, cancel := t.opContext(ctx, t.b.opts.NavTimeout)
	defer cancel()
	wctx, stop := t.stopWhenStaying(nctx)
	defer stop()
	res := &NavResult{}
	start := time.Now()
	for tries := 1; ; tries++ {
		err := chromedp.Do(wctx, chromedp.Reload())
		if err == nil {
			break
		}
		if d := t.stayed(); d != nil {
			return nil, stayError(d)
		}
		if errors.Is(err, context.DeadlineExceeded) && ctx.Err() == nil {
			if d := t.pendingLeaveDialog(); d != nil {
				return nil, refs.Errorf(refs.CodeNavigationFailed, "the reload waits for the page's leave-page (beforeunload) dialog %q; answer it (explorer: enter or esc; run: dialog accept|dismiss) and reload again", d.Message)
			}
			if !t.responsive(probeWait) {
				return nil, t.unhang(t.b.opts.NavTimeout)
			}
			res.Partial = true
			break
		}
		if documentGone(err) || strings.Contains(err.Error(), "ERR_ABORTED") {
			// The page navigated on its own and aborted the reload.
			if tries >= maxDocChanges {
				return nil, refs.Wrap(refs.CodePageNavigating, err, "the page kept navigating on its own and aborted the reload %d times in %s (a <meta http-equiv=refresh> or script redirect loop?); open another URL", tries, time.Since(start).Round(100*time.Millisecond))
			}
			if sleep(wctx, 100*time.Millisecond) == nil {
				continue
			}
		}
		return nil, t.b.browserErr(refs.Wrap(refs.CodeNavigationFailed, err, "reload failed"))
	}
	t.fillLocation(ctx, res)
	res.Dialogs = t.drainDialogs()
	return res, nil
}

func stayError(d *Dialog) error {
	return refs.Errorf(refs.CodeNavigationFailed, "the page asked to stay (a leave-page dialog, beforeunload) and the dialog was dismissed (%s), so it did not reload; answer the next one with 'dialog accept', or run with --dialogs accept", d.By)
}

// stopWhenStaying returns a context that ends when a beforeunload dialog
// of this tab is dismissed: the navigation waiting on it will not happen.
func (t *Tab) stopWhenStaying(ctx context.Context) (context.Context, context.CancelFunc) {
	c, cancel := context.WithCancel(ctx)
	go func() {
		for c.Err() == nil {
			if t.stayed() != nil {
				cancel()
				return
			}
			sleep(c, 50*time.Millisecond)
		}
	}()
	return c, cancel
}

// stayed returns the beforeunload dialog dismissed since the last drain,
// or nil.
func (t *Tab) stayed() *Dialog {
	t.mu.Lock()
	defer t.mu.Unlock()
	for i := range t.dialog.handled {
		if d := t.dialog.handled[i]; d.Type == "beforeunload" && d.Outcome == "dismissed" {
			return &d
		}
	}
	return nil
}

func (t *Tab) pendingLeaveDialog() *Dialog {
	t.mu.Lock()
	defer t.mu.Unlock()
	if d := t.dialog.pending; d != nil && d.Type == "beforeunload" {
		c := *d
		return &c
	}
	return nil
}

// open navigates to u. When the page it leaves navigates on its own at the
// same moment (a refresh loop), that navigation can win, and the tab ends
// up on the old page again; open then tries again (a few times), and fails with
// page_navigating rather than report a load that did not happen.
func (t *Tab) open(ctx context.Context, u string) (*NavResult, error) {
	prev := t.location(ctx)
	// A page whose location cannot be read is between documents: as
	// restless as a page that is still loading.
	loading := prev == "" || !sameURL(prev, u) && t.restless(ctx)
	start := time.Now()
	for try := 1; ; try++ {
		res, err := t.navigate(ctx, u)
		if !loading {
			return res, err
		}
		if err != nil && !strings.Contains(err.Error(), "ERR_ABORTED") {
			return res, err
		}
		if err != nil {
			// The old page's own navigation aborted ours.
			res = &NavResult{}
		}
		// The old page was still loading: its own navigation may commit
		// after ours.
		if sleep(ctx, 150*time.Millisecond) == nil {
			t.fillLocation(ctx, res)
		}
		if err == nil && !t.replacedBy(ctx, res.URL, prev, u) {
			return res, nil
		}
		if try == maxDocChanges/2 || time.Since(start) > t.b.opts.NavTimeout {
			was := prev
			if was == "" {
				was = "a page still loading"
			}
			return nil, refs.Errorf(refs.CodePageNavigating, "opening %s: the page it was on (%s) navigated on its own and replaced it (a <meta http-equiv=refresh> or script redirect loop?); open the URL again", u, was)
		}
	}
}

// replacedBy reports whether the tab, after navigating to u, shows at
// landed the page it left (prev) instead: the old page's own navigation
// won. When prev is unknown, a landing elsewhere than u on a page that is
// itself restless counts as the old page; a plain redirect lands on a
// quiet page.
func (t *Tab) replacedBy(ctx context.Context, landed, prev, u string) bool {
	switch {
	case landed == "":
		return true
	case prev != "":
		return landed == prev
	case sameURL(landed, u):
		return false
	}
	return t.restless(ctx)
}

// location is the URL of the tab's current history entry, "" when the tab
// cannot say within a few tries (it is between documents).
func (t *Tab) location(ctx context.Context) string {
	for range 5 {
		res := &NavResult{}
		t.fillLocation(ctx, res)
		if res.URL != "" || sleep(ctx, 100*time.Millisecond) != nil {
			return res.URL
		}
	}
	return ""
}

// sameURL compares two URLs without their fragments.
func sameURL(a, b string) bool {
	a, _, _ = strings.Cut(a, "#")
	b, _, _ = strings.Cut(b, "#")
	return a == b
}

// loaded reports whether the tab's document has finished loading; a page
// that does not answer within a second counts as loaded (not ours to
// judge here).
func (t *Tab) loaded(ctx context.Context) bool {
	return t.evalBool(ctx, "document.readyState === 'complete'", true)
}

// restless reports whether the tab's document may navigate on its own at
// any moment: it is still loading, or it has a <meta http-equiv=refresh>.
// A page that cannot say counts as restless: in a refresh loop the probe
// itself often meets a document being replaced ("Execution context was
// destroyed"), and taking that for a quiet page lets the loop's next load
// pass for ours.
func (t *Tab) restless(ctx context.Context) bool {
	lctx, cancel := t.opContext(ctx, probeWait)
	defer cancel()
	v, err := chromedp.Run(lctx, chromedp.Evaluate[bool](`document.readyState !== 'complete' || !!document.querySelector('meta[http-equiv="refresh" i]')`))
	if err != nil {
		// A probe that ran out of time on a loaded machine says nothing
		// of the page: only a document replaced under it is restless.
		return documentGone(err)
	}
	return v
}

// evalBool evaluates expr in the page's main world within probeWait; def
// when it does not answer.
func (t *Tab) evalBool(ctx context.Context, expr string, def bool) bool {
	lctx, cancel := t.opContext(ctx, probeWait)
	defer cancel()
	v, err := chromedp.Run(lctx, chromedp.Evaluate[bool](expr))
	if err != nil {
		return def
	}
	return v
}
