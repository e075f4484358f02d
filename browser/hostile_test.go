//go:build e2e

package browser

import (
	"context"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"

	"github.com/ariadne-tui/ariadne/refs"
)

// The hostile-page cases of testdata/hostile: each ends within a generous
// bound derived from the configured timeouts, with the coded error that
// says what happened, and the session works afterwards. They wait out
// timeouts on purpose and bound their time: the e2e tier, serial.

const (
	hostileNav    = 8 * time.Second
	hostileAction = 3 * time.Second
)

func launchHostile(t *testing.T, mod ...func(*Options)) *Browser {
	t.Helper()
	return launchTest(t, append([]func(*Options){func(o *Options) {
		o.NavTimeout, o.ActionTimeout = hostileNav, hostileAction
	}}, mod...)...)
}

// boundBy runs f and fails the test when it took longer than bound.
func boundBy(t *testing.T, what string, bound time.Duration, f func(ctx context.Context) error) error {
	t.Helper()
	start := time.Now()
	err := f(testContext(t, bound+30*time.Second))
	if took := time.Since(start); took > bound {
		t.Errorf("%s took %s, over its bound of %s (err: %v)", what, took.Round(time.Millisecond), bound, err)
	}
	return err
}

func hostileRef(t *testing.T, b *Browser, role, name string) string {
	t.Helper()
	snap, err := b.Snapshot(testContext(t, 30*time.Second))
	if err != nil {
		t.Fatalf("snapshot: %v", err)
	}
	var ref string
	var walk func(n *refs.Node)
	walk = func(n *refs.Node) {
		if ref == "" && n.Role == role && n.Name == name {
			ref = n.Ref
		}
		for _, c := range n.Children {
			walk(c)
		}
	}
	walk(snap.Root)
	if ref == "" {
		t.Fatalf("no %s %q in the snapshot:\n%s", role, name, refs.Text(snap.Root, refs.TextOptions{}))
	}
	return ref
}

// pageText returns the text of the element with id in the current tab.
func pageText(t *testing.T, b *Browser, id string) string {
	t.Helper()
	_, ctx, w := mainWorld(t, b, 10*time.Second)
	tab, _ := b.CurrentTab()
	raw, err := tab.callIn(ctx, w, "(id) => { const e = document.getElementById(id); return e ? (e.value ?? e.textContent) : null; }", id)
	if err != nil {
		t.Fatalf("reading #%s: %v", id, err)
	}
	var s *string
	json.Unmarshal(raw, &s)
	if s == nil {
		return "<none>"
	}
	return *s
}

func wantCode(t *testing.T, what string, err error, code refs.Code) {
	t.Helper()
	if refs.CodeOf(err) != code {
		t.Fatalf("%s: %v (code %q), want %s", what, err, refs.CodeOf(err), code)
	}
}

// A button running for(;;){} hangs the renderer: the click ends with
// page_unresponsive within the action timeout (plus the time to stop the
// script), and the tab works again: snapshot, reload, open, back.
func TestHostileEndlessLoop(t *testing.T) {
	b := launchHostile(t)
	srv := serveHostile(t)
	open(t, b, srv, "spin.html")
	ref := hostileRef(t, b, "button", "Hang")
	err := boundBy(t, "click on the endless loop", hostileAction+2*time.Second+4*probeWait+2*time.Second, func(ctx context.Context) error {
		_, err := b.Click(ctx, ref, ActionOptions{})
		return err
	})
	wantCode(t, "click", err, refs.CodePageUnresponsive)
	if !strings.Contains(err.Error(), "did not respond") {
		t.Errorf("message does not say what happened: %v", err)
	}
	if got := pageText(t, b, "s"); got != "idle" {
		t.Errorf("#s = %q after the stopped script, want idle", got)
	}
	hostileRef(t, b, "button", "Hang")
	err = boundBy(t, "reload", hostileNav, func(ctx context.Context) error {
		res, err := b.Reload(ctx)
		if err == nil && res.Partial {
			t.Errorf("reload after the hang was partial: %+v", res)
		}
		return err
	})
	if err != nil {
		t.Fatalf("reload after the hang: %v", err)
	}
	pages := servePages(t)
	res, err := b.Open(testContext(t, 20*time.Second), pages.URL+"/form.html")
	if err != nil || res.Partial || !strings.HasSuffix(res.URL, "/form.html") {
		t.Fatalf("open after the hang: %+v, %v", res, err)
	}
	hostileRef(t, b, "button", "Sign in")
	res, err = b.Back(testContext(t, 20*time.Second))
	if err != nil || !strings.HasSuffix(res.URL, "/spin.html") {
		t.Fatalf("back after the hang: %+v, %v", res, err)
	}
	hostileRef(t, b, "button", "Hang")
	if n := len(b.tabs); n != 1 {
		t.Errorf("%d tabs after the recovery, want 1", n)
	}
}

// A renderer crash is reported at once as page_crashed (also as an event),
// and a reload brings the page back.
func TestHostileRendererCrash(t *testing.T) {
	b := launchHostile(t)
	srv := serveHostile(t)
	open(t, b, srv, "spin.html")
	ref := hostileRef(t, b, "button", "Hang")
	tab, _ := b.CurrentTab()
	drainEvents(b)
	go chromedp.Call(tab.ctx, page.Crash, cdp.Empty{})
	waitEvent(t, b, EventCrashed, 10*time.Second)
	err := boundBy(t, "snapshot of the crashed page", 2*time.Second, func(ctx context.Context) error {
		_, err := b.Snapshot(ctx)
		return err
	})
	wantCode(t, "snapshot after the crash", err, refs.CodePageCrashed)
	if !strings.Contains(err.Error(), "reload") {
		t.Errorf("the message does not offer a reload: %v", err)
	}
	err = boundBy(t, "click on the crashed page", 2*time.Second, func(ctx context.Context) error {
		_, err := b.Click(ctx, ref, ActionOptions{})
		return err
	})
	wantCode(t, "click after the crash", err, refs.CodePageCrashed)
	if _, err := b.Reload(testContext(t, 20*time.Second)); err != nil {
		t.Fatalf("reload after the crash: %v", err)
	}
	hostileRef(t, b, "button", "Hang")
}

// A DOM 3,000 elements deep: the snapshot reads it, or (if it kills the
// renderer) says page_crashed within the navigation timeout; never a
// timeout dressed as an internal error.
func TestHostileDeepDOM(t *testing.T) {
	b := launchHostile(t)
	srv := serveHostile(t)
	open(t, b, srv, "deep.html")
	var snap *refs.Snapshot
	err := boundBy(t, "snapshot of the deep DOM", hostileNav+2*probeWait+3*time.Second, func(ctx context.Context) error {
		var err error
		snap, err = b.Snapshot(ctx)
		return err
	})
	switch {
	case err == nil:
		if !strings.Contains(refs.Text(snap.Root, refs.TextOptions{}), "bottom") {
			t.Errorf("the snapshot lacks the deepest text")
		}
	case refs.CodeOf(err) == refs.CodePageCrashed:
		t.Logf("the deep DOM crashed the renderer: %v", err)
		if _, err := b.Open(testContext(t, 20*time.Second), srv.URL+"/spin.html"); err != nil {
			t.Fatalf("open after the crash: %v", err)
		}
		hostileRef(t, b, "button", "Hang")
	default:
		t.Fatalf("snapshot of the deep DOM: %v (code %q), want a snapshot or page_crashed", err, refs.CodeOf(err))
	}
}

// 7,000 history.pushState calls at load: the page can be read and used.
func TestHostilePushState(t *testing.T) {
	b := launchHostile(t)
	srv := serveHostile(t)
	err := boundBy(t, "open", hostileNav+2*probeWait+3*time.Second, func(ctx context.Context) error {
		_, err := b.Open(ctx, srv.URL+"/pushstate.html")
		return err
	})
	if err != nil {
		t.Fatalf("open: %v", err)
	}
	var ref string
	boundBy(t, "snapshot", hostileNav, func(context.Context) error {
		ref = hostileRef(t, b, "button", "Go")
		return nil
	})
	if _, err := b.Click(testContext(t, 20*time.Second), ref, ActionOptions{}); err != nil {
		t.Fatalf("click: %v", err)
	}
	if got := pageText(t, b, "s"); got != "clicked" {
		t.Errorf("#s = %q, want clicked", got)
	}
	if _, err := b.Reload(testContext(t, 20*time.Second)); err != nil {
		t.Fatalf("reload: %v", err)
	}
	hostileRef(t, b, "button", "Go")
}

// A <meta http-equiv=refresh content=0> loop: a snapshot ends within the
// navigation timeout with page_navigating (or, between two loads, reads
// the page); and another URL opens.
func TestHostileRefreshLoop(t *testing.T) {
	b := launchHostile(t)
	srv := serveHostile(t)
	open(t, b, srv, "refresh.html")
	for range 3 {
		var snap *refs.Snapshot
		err := boundBy(t, "snapshot of the refresh loop", hostileNav+2*probeWait+3*time.Second, func(ctx context.Context) error {
			var err error
			snap, err = b.Snapshot(ctx)
			return err
		})
		switch {
		case err == nil:
			if !strings.Contains(refs.Text(snap.Root, refs.TextOptions{}), "Refresh loop") {
				t.Errorf("snapshot lacks the heading")
			}
		case refs.CodeOf(err) == refs.CodePageNavigating:
			if !strings.Contains(err.Error(), "refresh") {
				t.Errorf("message does not say what happened: %v", err)
			}
		default:
			t.Fatalf("snapshot: %v (code %q), want a snapshot or page_navigating", err, refs.CodeOf(err))
		}
	}
	err := boundBy(t, "reload of the refresh loop", hostileNav+2*probeWait+3*time.Second, func(ctx context.Context) error {
		_, err := b.Reload(ctx)
		return err
	})
	if err != nil && refs.CodeOf(err) != refs.CodePageNavigating {
		t.Errorf("reload: %v (code %q), want it done or page_navigating", err, refs.CodeOf(err))
	}
	res, err := b.Open(testContext(t, 20*time.Second), srv.URL+"/spin.html")
	if err != nil || !strings.HasSuffix(res.URL, "/spin.html") {
		t.Fatalf("open after the loop: %+v %v", res, err)
	}
	hostileRef(t, b, "button", "Hang")
}

// beforeunload on reload: dismissed by the policy, the reload ends at once
// with navigation_failed and the page keeps its state; accepted, it
// reloads.
func TestHostileBeforeUnloadReload(t *testing.T) {
	for _, policy := range []string{"dismiss", "accept"} {
		t.Run(policy, func(t *testing.T) {
			b := launchHostile(t, func(o *Options) { o.Dialogs = policy })
			srv := servePages(t)
			open(t, b, srv, "beforeunload.html")
			ref := hostileRef(t, b, "textbox", "Draft")
			if _, err := b.Type(testContext(t, 20*time.Second), ref, "unsaved", ActionOptions{}); err != nil {
				t.Fatal(err)
			}
			err := boundBy(t, "reload", hostileNav, func(ctx context.Context) error {
				_, err := b.Reload(ctx)
				return err
			})
			got := pageText(t, b, "draft")
			if policy == "dismiss" {
				wantCode(t, "reload refused by the page", err, refs.CodeNavigationFailed)
				if !strings.Contains(err.Error(), "beforeunload") || got != "unsaved" {
					t.Errorf("reload: %v; draft %q (want it kept)", err, got)
				}
				return
			}
			if err != nil || got != "" {
				t.Errorf("accepted reload: %v; draft %q, want empty", err, got)
			}
		})
	}
}

// Closing the last tab leaves a blank tab to open a URL in.
func TestHostileCloseLastTab(t *testing.T) {
	b := launchHostile(t)
	srv := serveHostile(t)
	open(t, b, srv, "spin.html")
	if err := b.CloseTab(testContext(t, 10*time.Second), 0); err != nil {
		t.Fatalf("closing the last tab: %v", err)
	}
	tabs, err := b.Tabs(testContext(t, 10*time.Second))
	if err != nil || len(tabs) != 1 || tabs[0].URL != "about:blank" {
		t.Fatalf("tabs after closing the last: %+v %v, want one about:blank", tabs, err)
	}
	open(t, b, srv, "pushstate.html")
	hostileRef(t, b, "button", "Go")
}

func drainEvents(b *Browser) {
	for {
		select {
		case <-b.Events():
		default:
			return
		}
	}
}

func waitEvent(t *testing.T, b *Browser, kind EventKind, d time.Duration) Event {
	t.Helper()
	timer := time.NewTimer(d)
	defer timer.Stop()
	for {
		select {
		case ev := <-b.Events():
			if ev.Kind == kind {
				return ev
			}
		case <-timer.C:
			t.Fatalf("no %s event in %s", kind, d)
		}
	}
}

// A storm of 1,000 alerts: each waits its turn in order, and one
// DismissDialogs ends the storm; the page runs to its end.
func TestHostileAlertStorm(t *testing.T) {
	b := launchHostile(t, func(o *Options) { o.Dialogs = "wait" })
	srv := serveHostile(t)
	open(t, b, srv, "alert-storm.html")
	ref := hostileRef(t, b, "button", "Storm")
	drainEvents(b)
	clicked := make(chan error, 1)
	go func() {
		_, err := b.Click(testContext(t, 60*time.Second), ref, ActionOptions{})
		clicked <- err
	}()
	for i := 1; i <= 3; i++ {
		ev := waitEvent(t, b, EventDialog, 10*time.Second)
		if want := "alert " + strconv.Itoa(i); ev.Dialog.Message != want {
			t.Fatalf("dialog %d says %q, want %q", i, ev.Dialog.Message, want)
		}
		if _, err := b.AnswerDialog(testContext(t, 10*time.Second), false, ""); err != nil {
			t.Fatalf("dismissing alert %d: %v", i, err)
		}
	}
	waitEvent(t, b, EventDialog, 10*time.Second)
	err := boundBy(t, "dismissing the storm", 60*time.Second, func(ctx context.Context) error {
		if _, err := b.DismissDialogs(ctx); err != nil {
			return err
		}
		// The click returns when its dialogs let it; what it says is not
		// the point here.
		t.Logf("the click: %v", <-clicked)
		// Between two alerts none is pending: the storm is over when the
		// page has counted to its end.
		for b.PendingDialog() != nil || stormCount(b) != "1000" {
			if sleep(ctx, 100*time.Millisecond) != nil {
				return fmt.Errorf("the storm did not end: #s = %q, dialog %v", stormCount(b), b.PendingDialog())
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// stormCount reads #s of the current tab, or "" while the page cannot answer
// (a dialog holds it).
func stormCount(b *Browser) string {
	tab, err := b.CurrentTab()
	if err != nil {
		return ""
	}
	ctx, cancel := tab.opContext(context.Background(), time.Second)
	defer cancel()
	s, err := chromedp.Run(ctx, chromedp.Evaluate[string]("document.getElementById('s').textContent"))
	if err != nil {
		return ""
	}
	return s
}
