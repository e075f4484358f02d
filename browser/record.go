package browser

import (
	"context"
	_ "embed"
	"encoding/json"
	"fmt"
	"strconv"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/cdproto/target"
	"github.com/chromedp/chromedp"

	"github.com/ariadne-tui/ariadne/refs"
)

// This file watches what the user does in a visible browser window, for
// recordings made in the explorer with --headful: a listener in Ariadne's
// isolated world of every document (js/record.js) reports trusted clicks,
// changes and key presses to a binding that only that world can see
// (Runtime.addBinding with the world's name), and each report becomes a
// UserAction with the element's locators. A click that takes the page away
// before its locators are read is located from the facts the listener
// gathered at the moment of the click.

//go:embed js/record.js
var recordJS string

// userBinding is the binding the listener reports to.
const userBinding = "__ariadneUser"

// UserAction is one thing the user did in the browser window.
type UserAction struct {
	// Kind is click, fill, select, check, uncheck or press.
	Kind  string
	TabID string
	URL   string // the page's URL when it happened
	// Ref is the element's ref, "" when it had none (it left the page
	// before its locators were read, say).
	Ref string
	// Locators are the element's locators (Best, Candidates, Role, Name);
	// Best is zero and Err set when none could be found.
	Locators  ElementLocators
	FramePath []int
	Password  bool

	Value     string   // fill: the field's text
	Values    []string // select: the chosen options' values
	Key       string   // press: "Enter", "Shift+Tab"
	Button    string
	Count     int
	Modifiers []string
	Time      time.Time
	Err       error
}

// userReport is what the listener sends.
type userReport struct {
	Kind   string   `json:"kind"`
	I      int      `json:"i"`
	H      int      `json:"h"`
	F      string   `json:"f"`
	Value  string   `json:"value"`
	Values []string `json:"values"`
	Key    string   `json:"key"`
	Button string   `json:"button"`
	Count  int      `json:"count"`
	Mods   []string `json:"mods"`
	Type   string   `json:"type"`
}

// WatchUser reports, until ctx ends, what the user does in the browser's
// tabs (those open now and those that open later). It is meant for a
// visible window; Ariadne's own actions are seen too (CDP input is
// trusted), so the caller drops reports made while it acts.
func (b *Browser) WatchUser(ctx context.Context) (<-chan UserAction, error) {
	out := make(chan UserAction, 64)
	t, err := b.CurrentTab()
	if err != nil {
		return nil, err
	}
	if err := t.watchUser(ctx, out); err != nil {
		return nil, b.browserErr(err)
	}
	go func() {
		watched := map[target.ID]bool{t.id: true}
		tick := time.NewTicker(300 * time.Millisecond)
		defer tick.Stop()
		for {
			select {
			case <-ctx.Done():
				return
			case <-tick.C:
			}
			b.mu.Lock()
			tabs := append([]*Tab(nil), b.tabs...)
			b.mu.Unlock()
			for _, t := range tabs {
				if !watched[t.id] && t.watchUser(ctx, out) == nil {
					watched[t.id] = true
				}
			}
		}
	}()
	return out, nil
}

// watchUser installs the listener in every document of the tab, present
// and future, and forwards its reports.
func (t *Tab) watchUser(ctx context.Context, out chan<- UserAction) error {
	cctx, cancel := t.opContext(ctx, 10*time.Second)
	defer cancel()
	attr, _ := json.Marshal(t.b.opts.TestIDAttribute)
	src := "globalThis.__ariadneUserAttr = " + string(attr) + ";\n" + recordJS
	if _, err := chromedp.Call(cctx, runtime.AddBinding, runtime.AddBindingParams{Name: userBinding, ExecutionContextName: worldName}); err != nil {
		return fmt.Errorf("watching the window: %w", err)
	}
	if _, err := chromedp.Call(cctx, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{
		Source: src, WorldName: worldName, RunImmediately: new(true)}); err != nil {
		return fmt.Errorf("watching the window: %w", err)
	}
	// The documents open now: install it in Ariadne's world of each.
	tree, err := t.frameTree(cctx)
	if err != nil {
		return err
	}
	var install func(ft *page.FrameTree)
	install = func(ft *page.FrameTree) {
		if w, err := t.worldFor(cctx, ft.Frame); err == nil {
			t.evalIn(cctx, w, src)
		}
		for _, c := range ft.ChildFrames {
			install(c)
		}
	}
	install(tree)
	go func() {
		for ev, err := range chromedp.Events(t.ctx, runtime.BindingCalled) {
			if err != nil || ctx.Err() != nil {
				return
			}
			if ev.Name != userBinding {
				continue
			}
			ua := t.userAction(ctx, ev)
			select {
			case out <- ua:
			case <-ctx.Done():
				return
			}
		}
	}()
	return nil
}

// userAction turns one report into a UserAction with the element's
// locators.
func (t *Tab) userAction(ctx context.Context, ev runtime.EventBindingCalled) UserAction {
	ua := UserAction{TabID: string(t.id), Time: time.Now()}
	var r userReport
	if err := json.Unmarshal([]byte(ev.Payload), &r); err != nil {
		ua.Err = fmt.Errorf("reading the window's report: %w", err)
		return ua
	}
	ua.Kind, ua.Value, ua.Values, ua.Key, ua.Button, ua.Count, ua.Modifiers = r.Kind, r.Value, r.Values, r.Key, r.Button, r.Count, r.Mods
	ua.Password = r.Type == "password"
	cctx, cancel := t.opContext(ctx, t.b.opts.NavTimeout)
	defer cancel()
	tree, err := t.frameTree(cctx)
	if err != nil {
		ua.Err = t.b.browserErr(err)
		return ua
	}
	ua.URL = tree.Frame.URL + tree.Frame.URLFragment
	f, w := t.worldOfContext(cctx, tree, ev.ExecutionContextID)
	if w != nil {
		// Name the element, and give it a ref with a fresh snapshot.
		raw, err := t.callIn(cctx, w, `(i) => { const m = globalThis.__ariadneUserEls, el = m && m.get(i);
			if (m) m.delete(i); return el && el.isConnected ? __ariadne.handleOf(el) : 0; }`, r.I)
		var h int
		if err == nil && json.Unmarshal(raw, &h) == nil && h > 0 {
			if _, err := t.Snapshot(cctx); err == nil {
				ua.Ref, _ = t.b.refs.RefFor(refs.Key{Tab: string(t.id), Frame: string(f.ID), Doc: w.doc, Handle: h})
			}
		}
	}
	if ua.Ref != "" {
		if locs, err := t.b.Locators(cctx, []string{ua.Ref}); err == nil && locs[0].Problem == "" {
			ua.Locators = locs[0]
			ua.FramePath = framePath(tree, cdp.FrameID(locs[0].Frame))
			return ua
		}
	}
	// The element is gone (the click left the page): locate it from the
	// facts read when it happened, in the main frame only.
	if f == nil || f.ParentID == "" {
		if l, ok := locatorFromFacts(r.F); ok {
			ua.Locators = l
			return ua
		}
	}
	ua.Err = refs.Errorf(refs.CodeNotLocatable, "the %s in the window could not be recorded: its element is gone and no locator was read in time", r.Kind)
	return ua
}

// worldOfContext finds the frame and Ariadne world of execution context id.
func (t *Tab) worldOfContext(ctx context.Context, tree *page.FrameTree, id runtime.ExecutionContextID) (*cdp.Frame, *world) {
	var found *cdp.Frame
	var fw *world
	var walk func(ft *page.FrameTree)
	walk = func(ft *page.FrameTree) {
		if found != nil {
			return
		}
		if w, err := t.worldFor(ctx, ft.Frame); err == nil && w.ctxID == id {
			found, fw = ft.Frame, w
			return
		}
		for _, c := range ft.ChildFrames {
			walk(c)
		}
	}
	walk(tree)
	return found, fw
}

// locatorFromFacts runs the ladder on the facts locate.facts read in the
// page, with the counts it predicted (no round trip: the page may be
// gone). It keeps the candidates that matched the element, and reports
// false when none matched it alone.
func locatorFromFacts(raw string) (ElementLocators, bool) {
	if raw == "" {
		return ElementLocators{}, false
	}
	var pf pageFacts
	if err := json.Unmarshal([]byte(raw), &pf); err != nil || len(pf.Targets) != 1 || pf.Targets[0].Problem != "" {
		return ElementLocators{}, false
	}
	pt := pf.Targets[0]
	counts := countsOf(pt.K)
	var cands []refs.Candidate
	for _, c := range refs.Propose(pt.F) {
		n, ok := counts[partKey(c.Locator)]
		if !ok || n.idx < 0 || n.n < 1 {
			continue
		}
		c.Matches = n.n
		cands = append(cands, c)
	}
	best, all := refs.Choose(cands)
	if !best.Unique() {
		return ElementLocators{}, false
	}
	return ElementLocators{Ref: "", Role: pt.F.Role, Name: pt.F.Name, Best: best, Candidates: all}, true
}

// String describes the action for messages.
func (ua UserAction) String() string {
	s := ua.Kind
	if ua.Ref != "" {
		s += " " + ua.Ref
	}
	if ua.Key != "" {
		s += " " + strconv.Quote(ua.Key)
	}
	return s
}
