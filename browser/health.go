package browser

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/inspector"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/cdproto/target"
	"github.com/chromedp/chromedp"

	"github.com/ariadne-tui/ariadne/refs"
)

// A tab's health: a page whose script never yields (for(;;){}) hangs its
// renderer, and a renderer can crash. Either way every call into the page
// would wait for its whole timeout and fail with a misleading error, so
// Ariadne watches for both and says what happened: page_unresponsive (and
// the script is stopped, or the tab replaced) or page_crashed (reload it).

// probeWait is how long a healthy renderer may take to evaluate "1".
const probeWait = time.Second

// health is a tab's crash state. Work on the tab runs in contexts derived
// from ctx (see base), which ends when the renderer crashes, so that
// nothing waits for an answer that cannot come.
type health struct {
	mu      sync.Mutex
	ctx     context.Context
	cancel  context.CancelFunc
	crashed bool
}

// startHealth sets up the tab's health state and watches for crashes.
func (t *Tab) startHealth() {
	t.health.ctx, t.health.cancel = context.WithCancel(t.ctx)
	go func() {
		for _, err := range chromedp.Events(t.ctx, inspector.TargetCrashed) {
			if err != nil {
				return
			}
			t.health.mu.Lock()
			t.health.crashed = true
			t.health.cancel()
			t.health.mu.Unlock()
			t.b.emit(Event{Kind: EventCrashed, Tab: string(t.id), Message: "the page crashed"})
		}
	}()
}

// base is the context work on the tab derives from: the tab's chromedp
// context, ended early when the renderer crashes.
func (t *Tab) base() context.Context {
	t.health.mu.Lock()
	defer t.health.mu.Unlock()
	if t.health.ctx == nil {
		return t.ctx
	}
	return t.health.ctx
}

// isCrashed reports whether the tab's renderer crashed and has not been
// reloaded since.
func (t *Tab) isCrashed() bool {
	t.health.mu.Lock()
	defer t.health.mu.Unlock()
	return t.health.crashed
}

// revive clears the crash state before a navigation or reload, which give
// the tab a new renderer.
func (t *Tab) revive() {
	t.health.mu.Lock()
	defer t.health.mu.Unlock()
	if !t.health.crashed {
		return
	}
	t.health.crashed = false
	t.health.ctx, t.health.cancel = context.WithCancel(t.ctx)
	t.mu.Lock()
	clear(t.worlds)
	t.mu.Unlock()
}

func crashedError(err error) error {
	return refs.Wrap(refs.CodePageCrashed, err, "the page crashed (its renderer died, as a browser's \"Aw, Snap!\"); reload it (run: reload; explorer: R) or open another URL")
}

// responsive reports whether the page's main thread evaluates a trivial
// expression within d. A page showing a dialog counts as responsive: the
// dialog, not a script, holds it.
func (t *Tab) responsive(d time.Duration) bool {
	if t.hasDialog() {
		return true
	}
	ctx, cancel := context.WithTimeout(t.base(), d)
	defer cancel()
	_, err := chromedp.Call(ctx, runtime.Evaluate, runtime.EvaluateParams{Expression: "1", ReturnByValue: new(true)})
	// Any answer counts, an error too (a page between two documents
	// answers "cannot find context"); only silence is a hang. A crash ends
	// base and is told apart by isCrashed.
	return ctx.Err() == nil || !errors.Is(err, context.DeadlineExceeded) || t.hasDialog()
}

// hasDialog reports whether a dialog holds the page, or did a moment ago
// (in a storm of alerts the page runs only between two of them).
func (t *Tab) hasDialog() bool {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.dialog.pending != nil || time.Since(t.dialog.activity) < 2*probeWait
}

// unhang stops a page whose script keeps its renderer busy: it terminates
// the running script (CDP Runtime.terminateExecution, which Chromium
// handles off the busy thread) and, if the page still does not answer,
// replaces the tab with a blank one in the same place. The browser, the
// other tabs and any recording are kept. It returns the page_unresponsive
// error that says what was done.
func (t *Tab) unhang(waited time.Duration) error {
	ctx, cancel := context.WithTimeout(t.base(), 2*time.Second)
	_, terr := chromedp.Call(ctx, runtime.TerminateExecution, cdp.Empty{})
	cancel()
	if terr == nil && t.responsive(2*probeWait) {
		return refs.Errorf(refs.CodePageUnresponsive, "the page did not respond for %s (a script that never ends, such as an endless loop); Ariadne stopped the script. The page may be half-updated: take a new snapshot, or reload it", waited.Round(100*time.Millisecond))
	}
	if err := t.b.replaceTab(t); err != nil {
		return refs.Wrap(refs.CodePageUnresponsive, err, "the page did not respond for %s and its script could not be stopped; close the tab", waited.Round(100*time.Millisecond))
	}
	return refs.Errorf(refs.CodePageUnresponsive, "the page did not respond for %s and its script could not be stopped, so Ariadne replaced the tab with a blank one; open the URL again", waited.Round(100*time.Millisecond))
}

// watchHang watches the tab while an action runs: when the page's main
// thread has not answered for the whole budget, the page is hung, and it
// is stopped (unhang) so that the action returns. done ends the watch and
// returns the page_unresponsive error when it fired.
func (t *Tab) watchHang(budget time.Duration) (done func() error) {
	stop := make(chan struct{})
	result := make(chan error, 1)
	go func() {
		start, lastOK := time.Now(), time.Now()
		for {
			select {
			case <-stop:
				result <- nil
				return
			default:
			}
			if t.responsive(probeWait) {
				lastOK = time.Now()
				select {
				case <-stop:
					result <- nil
					return
				case <-time.After(250 * time.Millisecond):
				}
				continue
			}
			if time.Since(lastOK) >= budget {
				result <- t.unhang(time.Since(start))
				return
			}
		}
	}()
	return func() error {
		close(stop)
		return <-result
	}
}

// healthErr explains an error from work on the current tab when its cause
// is the page's health: page_crashed when its renderer crashed, and, when
// the work ran out of time, page_unresponsive after stopping a hung page.
// It returns nil when health is not the cause.
func (b *Browser) healthErr(err error) error {
	if err == nil || !b.Alive() {
		return nil
	}
	t, terr := b.CurrentTab()
	if terr != nil {
		return nil
	}
	if t.isCrashed() {
		return crashedError(err)
	}
	var coded *refs.Error
	if errors.As(err, &coded) && (coded.Code == refs.CodePageUnresponsive || coded.Code == refs.CodePageCrashed) {
		return err
	}
	if !errors.Is(err, context.DeadlineExceeded) {
		return nil
	}
	if t.responsive(probeWait) {
		return nil
	}
	if t.isCrashed() {
		return crashedError(err)
	}
	return t.unhang(probeWait)
}

// replaceTab puts a fresh about:blank tab in old's place and closes old.
func (b *Browser) replaceTab(old *Tab) error {
	nt, err := b.newBlankTab()
	if err != nil {
		return err
	}
	b.mu.Lock()
	b.dropAdopted(nt.id)
	for i, x := range b.tabs {
		if x == old {
			b.tabs[i] = nt
		}
	}
	b.mu.Unlock()
	b.closeTarget(old)
	return nil
}

// newBlankTab opens an about:blank tab and adopts it; it is not yet in the
// tab list.
func (b *Browser) newBlankTab() (*Tab, error) {
	// The tab's context must outlive this call, so the wait is bounded
	// from outside it.
	tctx, tcancel := chromedp.NewContext(b.first)
	done := make(chan error, 1)
	go func() { _, err := chromedp.Run(tctx, chromedp.Navigate("about:blank")); done <- err }()
	select {
	case err := <-done:
		if err != nil {
			tcancel()
			return nil, fmt.Errorf("opening a blank tab: %w", err)
		}
	case <-time.After(10 * time.Second):
		tcancel()
		return nil, fmt.Errorf("opening a blank tab: no answer in 10s")
	}
	t, err := b.adoptTab(tctx, tcancel)
	if err != nil {
		tcancel()
		return nil, err
	}
	return t, nil
}

// closeTarget closes t's page through the browser, which works whatever
// state its renderer is in, and drops its chromedp session. The first
// tab's session is the browser's own and is kept.
func (b *Browser) closeTarget(t *Tab) {
	ctx, cancel := context.WithTimeout(b.first, 5*time.Second)
	defer cancel()
	if _, err := chromedp.CallBrowser(ctx, target.CloseTarget, target.CloseTargetParams{TargetID: t.id}); err != nil {
		b.opts.Logf("closing tab %s: %v", t.id, err)
	}
	if t.ctx != b.first {
		t.cancel()
	}
}

// keepOneTab opens a blank tab when none is left, so that there is always
// a tab to open a URL in.
func (b *Browser) keepOneTab() error {
	b.mu.Lock()
	n := len(b.tabs)
	b.mu.Unlock()
	if n > 0 || !b.Alive() {
		return nil
	}
	t, err := b.newBlankTab()
	if err != nil {
		return b.browserErr(err)
	}
	b.mu.Lock()
	b.dropAdopted(t.id)
	b.tabs = append(b.tabs, t)
	b.current = len(b.tabs) - 1
	b.mu.Unlock()
	b.emit(Event{Kind: EventTabOpened, Tab: string(t.id), URL: "about:blank"})
	return nil
}
