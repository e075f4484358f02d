package browser

import (
	"context"
	"encoding/json"
	"sync/atomic"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"

	"github.com/ariadne-tui/ariadne/refs"
)

// ActionOptions adjust one action.
type ActionOptions struct {
	Button    string   // left (default), right, middle
	Modifiers []string // held during a click: Alt, Control, Meta, Shift
	Count     int      // clicks: 2 for a double-click
	// Force skips the actionability checks (visible, stable, enabled, not
	// covered by another element).
	Force bool
	// Timeout bounds the wait for the element; zero: the session's action timeout.
	Timeout time.Duration
	// Snapshot asks for the tab's snapshot after the action.
	Snapshot bool
	// Secret says the text typed is a secret (a replay types a
	// recording's secret): the field becomes a secret for the life of
	// the element, so that its value is never shown, whatever its type.
	Secret bool
}

// ActionResult reports what an action did.
type ActionResult struct {
	Ref    string `json:"ref,omitempty"`
	Healed bool   `json:"healed,omitempty"`
	URL    string `json:"url"`
	Title  string `json:"title,omitempty"`
	// Navigated is set when the action started a navigation to a new
	// document; RefsInvalidated then says the old page's refs are stale.
	Navigated       bool   `json:"navigated"`
	RefsInvalidated bool   `json:"refsInvalidated"`
	Value           string `json:"value,omitempty"` // a field's value after fill/type (never a password's)
	// Secret is set when the action typed into a password field, or into
	// a field that was one at any moment of the action or that holds a
	// secret: its value is not reported, and front ends must not echo
	// what was typed.
	Secret    bool       `json:"secret,omitempty"`
	Selected  []string   `json:"selected,omitempty"`  // options chosen by select
	Checked   *bool      `json:"checked,omitempty"`   // state after check/uncheck
	Dialogs   []Dialog   `json:"dialogs,omitempty"`   // dialogs answered during the action
	Downloads []Download `json:"downloads,omitempty"` // files downloaded by the action
	// Forced, for a --force click on a covered element, says what covered
	// it; the click was delivered to the element itself.
	Forced   string         `json:"forced,omitempty"`
	Snapshot *refs.Snapshot `json:"snapshot,omitempty"`
}

func (o ActionOptions) timeout(b *Browser) time.Duration {
	if o.Timeout > 0 {
		return o.Timeout
	}
	return b.opts.ActionTimeout
}

// act runs fn on the resolved ref inside the action's deadline and reports
// the aftermath (navigation, dialogs, snapshot).
func (b *Browser) act(ctx context.Context, ref string, o ActionOptions, fn func(ctx context.Context, el *element, res *ActionResult) error) (*ActionResult, error) {
	// The lookup and the element's wait share the action timeout; the
	// settling afterwards has its own small budget.
	budget := o.timeout(b)
	rctx, cancel := context.WithTimeout(ctx, budget+2*time.Second)
	defer cancel()
	var tab *Tab
	var el *element
	if ref != "" {
		var err error
		el, err = b.resolve(rctx, ref)
		if err != nil {
			return nil, err
		}
		tab = el.tab
	} else {
		var err error
		if tab, err = b.CurrentTab(); err != nil {
			return nil, err
		}
	}
	tctx, tcancel := tab.opContext(rctx, budget+2*time.Second)
	defer tcancel()
	b.bringToFront(tctx, tab)
	before := tab.mainLoader(tctx)
	res := &ActionResult{Ref: ref}
	if el != nil {
		res.Healed = el.healed
	}
	popups := b.popupTargets(tctx)
	// The windows the page asks for while the action runs: a link with
	// target=_blank opens its window after the click returns, and on a
	// loaded machine after the action has settled too.
	var windows atomic.Int32
	_ = chromedp.Listen(tctx, func(ev any) {
		if _, ok := ev.(*page.EventWindowOpen); ok {
			windows.Add(1)
		}
	}) // without it, the popups already created are waited for
	hung := tab.watchHang(budget)
	err := fn(tctx, el, res)
	if el != nil && el.healed {
		res.Healed = true // healed while the action waited for it
	}
	if herr := hung(); herr != nil {
		return nil, herr
	}
	if err != nil {
		return nil, b.browserErr(err)
	}
	tab.settle(ctx, before, res)
	res.Dialogs = tab.drainDialogs()
	dctx, dcancel := context.WithTimeout(ctx, b.opts.NavTimeout)
	res.Downloads = b.waitDownloads(dctx)
	dcancel()
	actx, acancel := context.WithTimeout(ctx, b.opts.ActionTimeout)
	b.waitPopups(actx, popups, int(windows.Load()))
	acancel()
	if o.Snapshot {
		snap, err := tab.Snapshot(ctx)
		if err != nil {
			return res, b.browserErr(err)
		}
		res.Snapshot = snap
	}
	return res, nil
}

// bringToFront makes tab the active one, so that it gets animation frames
// and input like a tab the user looks at.
func (b *Browser) bringToFront(ctx context.Context, t *Tab) {
	b.mu.Lock()
	front := b.front
	b.front = t.id
	b.mu.Unlock()
	if front != t.id {
		chromedp.Call(ctx, page.BringToFront, cdp.Empty{})
	}
}

func (t *Tab) mainLoader(ctx context.Context) cdp.LoaderID {
	tree, err := t.frameTree(ctx)
	if err != nil {
		return ""
	}
	return tree.Frame.LoaderID
}

// settle waits briefly, after an action, for what the action set off: a
// navigation (to load, bounded by the navigation timeout), or DOM changes
// and requests (until the DOM and the network have both been quiet for
// 100 ms, at most 1.5 s).
func (t *Tab) settle(ctx context.Context, before cdp.LoaderID, res *ActionResult) {
	sctx, cancel := t.opContext(ctx, t.b.opts.NavTimeout)
	defer cancel()
	start := time.Now()
	for time.Since(start) < 1500*time.Millisecond {
		if sleep(sctx, 50*time.Millisecond) != nil {
			break
		}
		tree, err := t.frameTree(sctx)
		if err != nil {
			break
		}
		if tree.Frame.LoaderID != before && before != "" {
			res.Navigated, res.RefsInvalidated = true, true
			t.waitLoaded(sctx)
			break
		}
		w, err := t.worldFor(sctx, tree.Frame)
		if err != nil {
			break
		}
		raw, err := t.evalIn(sctx, w, "[__ariadne.act.quietFor(), document.readyState]")
		var st []any
		if err != nil || json.Unmarshal(raw, &st) != nil || len(st) != 2 {
			break
		}
		if q, _ := st[0].(float64); q >= 100 && st[1] == "complete" && t.net.quietFor() >= 100*time.Millisecond {
			break
		}
	}
	nr := &NavResult{}
	t.fillLocation(ctx, nr)
	res.URL, res.Title = nr.URL, nr.Title
}

// waitLoaded polls until the main document has loaded or ctx ends.
func (t *Tab) waitLoaded(ctx context.Context) {
	for {
		state, err := chromedp.Run(ctx, chromedp.Evaluate[string]("document.readyState"))
		if err == nil && state == "complete" {
			return
		}
		if sleep(ctx, 50*time.Millisecond) != nil {
			return
		}
	}
}

func sleep(ctx context.Context, d time.Duration) error {
	tm := time.NewTimer(d)
	defer tm.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-tm.C:
		return nil
	}
}
