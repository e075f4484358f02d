package browser

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/dom"
	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/cdproto/runtime"
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
}

// ActionResult reports what an action did.
type ActionResult struct {
	Ref    string `json:"ref,omitempty"`
	Healed bool   `json:"healed,omitempty"`
	URL    string `json:"url"`
	Title  string `json:"title,omitempty"`
	// Navigated is set when the action started a navigation to a new
	// document; RefsInvalidated then says the old page's refs are stale.
	Navigated       bool       `json:"navigated"`
	RefsInvalidated bool       `json:"refsInvalidated"`
	Value           string     `json:"value,omitempty"`     // a field's value after fill/type
	Selected        []string   `json:"selected,omitempty"`  // options chosen by select
	Checked         *bool      `json:"checked,omitempty"`   // state after check/uncheck
	Dialogs         []Dialog   `json:"dialogs,omitempty"`   // dialogs answered during the action
	Downloads       []Download `json:"downloads,omitempty"` // files downloaded by the action
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
	hung := tab.watchHang(budget)
	err := fn(tctx, el, res)
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
	actx, acancel := context.WithTimeout(ctx, 2*time.Second)
	b.waitAdopted(actx)
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

// probe is what the page reports about an element before an action.
type probe struct {
	Connected bool      `json:"connected"`
	Visible   bool      `json:"visible"`
	InView    bool      `json:"inView"`
	Enabled   bool      `json:"enabled"`
	Editable  bool      `json:"editable"`
	Tag       string    `json:"tag"`
	Type      string    `json:"type"`
	Checkable bool      `json:"checkable"`
	Checked   bool      `json:"checked"`
	Box       []float64 `json:"box"`
}

type hitResult struct {
	OK          bool `json:"ok"`
	Gone        bool `json:"gone"`
	Interceptor *struct {
		Tag    string `json:"tag"`
		Role   string `json:"role"`
		Name   string `json:"name"`
		Handle int    `json:"handle"`
		ID     string `json:"id"`
	} `json:"interceptor"`
}

// point waits until the element is ready for a pointer action and returns
// the point to act at, in main-viewport coordinates. Unless force is set,
// ready means attached, visible, stable, enabled (when needEnabled), and not
// covered by another element at that point.
func (b *Browser) point(ctx context.Context, el *element, force, needEnabled bool, budget time.Duration) (x, y float64, err error) {
	pctx, cancel := context.WithTimeout(ctx, budget)
	defer cancel()
	var last error
	for attempt := 0; ; attempt++ {
		var err error
		x, y, err = b.tryPoint(pctx, el, force, needEnabled)
		if err == nil {
			return x, y, nil
		}
		code := refs.CodeOf(err)
		if pctx.Err() != nil && ctx.Err() == nil {
			// Out of time: report why the element was not ready.
			if last == nil {
				last = refs.Errorf(refs.CodeTimeout, "ref %s (%s %q) was not ready within %s", el.ref, el.entry.Role, el.entry.Name, budget)
			}
			return 0, 0, last
		}
		if code == refs.CodeStaleRef || code == "" {
			return 0, 0, err
		}
		last = err
		if sleep(pctx, time.Duration(min(20*(attempt+1), 200))*time.Millisecond) != nil && ctx.Err() == nil {
			return 0, 0, last
		}
	}
}

func (b *Browser) tryPoint(ctx context.Context, el *element, force, needEnabled bool) (float64, float64, error) {
	var p probe
	if err := el.call(ctx, "probe", &p); err != nil {
		return 0, 0, err
	}
	if !p.Connected {
		h, err := el.heal(ctx)
		if err != nil {
			return 0, 0, err
		}
		b.refs.Rebind(el.ref, h)
		el.handle, el.healed = h, true
		return 0, 0, refs.Errorf(refs.CodeTimeout, "ref %s was re-rendered while Ariadne waited", el.ref)
	}
	if !force && !p.Visible {
		return 0, 0, refs.Errorf(refs.CodeNotVisible, "ref %s (%s %q) is not visible (hidden, zero-size or transparent to layout); scroll or open what contains it, or use --force", el.ref, el.entry.Role, el.entry.Name)
	}
	if !force && needEnabled && !p.Enabled {
		return 0, 0, refs.Errorf(refs.CodeNotEnabled, "ref %s (%s %q) is disabled; wait until the page enables it", el.ref, el.entry.Role, el.entry.Name)
	}
	if !p.InView {
		if err := el.call(ctx, "scrollIntoView", nil); err != nil {
			return 0, 0, err
		}
	}
	box := p.Box
	if !force {
		var stable []float64
		if err := el.call(ctx, "stableBox", &stable); err != nil {
			return 0, 0, err
		}
		if len(stable) != 4 {
			return 0, 0, refs.Errorf(refs.CodeTimeout, "ref %s (%s %q) keeps moving (animating); wait for it to settle or use --force", el.ref, el.entry.Role, el.entry.Name)
		}
		box = stable
	} else if !p.InView {
		if err := el.call(ctx, "probe", &p); err != nil {
			return 0, 0, err
		}
		box = p.Box
	}
	if len(box) != 4 {
		return 0, 0, refs.Errorf(refs.CodeNotVisible, "ref %s has no box", el.ref)
	}
	lx, ly := box[0]+box[2]/2, box[1]+box[3]/2
	if !force {
		var hit hitResult
		if err := el.call(ctx, "hitTest", &hit, lx, ly); err != nil {
			return 0, 0, err
		}
		if !hit.OK {
			return 0, 0, b.intercepted(el, hit, lx+el.offset[0], ly+el.offset[1])
		}
	}
	return math.Round((lx+el.offset[0])*100) / 100, math.Round((ly+el.offset[1])*100) / 100, nil
}

func (b *Browser) intercepted(el *element, hit hitResult, x, y float64) error {
	if hit.Gone {
		return refs.Errorf(refs.CodeTimeout, "ref %s was removed while Ariadne waited", el.ref)
	}
	return refs.Errorf(refs.CodeClickIntercepted, "ref %s (%s %q) is covered at (%.0f, %.0f): %s would receive the click; close or accept it first, or use --force to click anyway",
		el.ref, el.entry.Role, el.entry.Name, x, y, b.interceptor(el, hit))
}

// interceptor names the element that would receive a pointer event.
func (b *Browser) interceptor(el *element, hit hitResult) string {
	who := "nothing (the point is outside the page)"
	if i := hit.Interceptor; i != nil {
		who = "<" + i.Tag + ">"
		if i.ID != "" {
			who += "#" + i.ID
		}
		if i.Role != "" {
			who = fmt.Sprintf("%s %q (%s)", i.Role, i.Name, who)
		}
		if ref, ok := b.refs.RefFor(refs.Key{Tab: string(el.tab.id), Frame: string(el.frame.ID), Doc: el.world.doc, Handle: i.Handle}); ok {
			who += " [" + ref + "]"
		}
	}
	return who
}

func mouseButton(name string) (input.MouseButton, error) {
	switch strings.ToLower(name) {
	case "", "left":
		return input.MouseButtonLeft, nil
	case "right":
		return input.MouseButtonRight, nil
	case "middle":
		return input.MouseButtonMiddle, nil
	}
	return "", refs.Errorf(refs.CodeBadArgument, "button %q: want left, right or middle", name)
}

func modifierMask(names []string) (int64, error) {
	var m int64
	for _, n := range names {
		bit, ok := modifierBits[canonicalKey(n)]
		if !ok {
			return 0, refs.Errorf(refs.CodeBadArgument, "modifier %q: want Alt, Control, Meta or Shift", n)
		}
		m |= int64(bit)
	}
	return m, nil
}

// Click clicks the element of ref (see ActionOptions for the button,
// modifiers, click count and --force).
func (b *Browser) Click(ctx context.Context, ref string, o ActionOptions) (*ActionResult, error) {
	btn, err := mouseButton(o.Button)
	if err != nil {
		return nil, err
	}
	mods, err := modifierMask(o.Modifiers)
	if err != nil {
		return nil, err
	}
	count := max(o.Count, 1)
	return b.act(ctx, ref, o, func(ctx context.Context, el *element, res *ActionResult) error {
		x, y, err := b.point(ctx, el, o.Force, true, o.timeout(b))
		if err != nil {
			return err
		}
		if o.Force {
			// A forced click on a covered element goes to the element itself,
			// not to whatever covers it.
			var hit hitResult
			if err := el.call(ctx, "hitTest", &hit, x-el.offset[0], y-el.offset[1]); err != nil {
				return err
			}
			if !hit.OK {
				res.Forced = "covered by " + b.interceptor(el, hit) + "; the click was delivered to the element itself"
				return el.call(ctx, "dispatchClick", nil, buttonNumber(btn), count, mods)
			}
		}
		return el.tab.clickAt(ctx, x, y, btn, mods, count)
	})
}

func buttonNumber(b input.MouseButton) int {
	switch b {
	case input.MouseButtonMiddle:
		return 1
	case input.MouseButtonRight:
		return 2
	}
	return 0
}

func (t *Tab) clickAt(ctx context.Context, x, y float64, btn input.MouseButton, mods int64, count int) error {
	move := input.DispatchMouseEventParams{Type: input.DispatchMouseEventTypeMouseMoved, X: x, Y: y, Modifiers: mods}
	if _, err := chromedp.Call(ctx, input.DispatchMouseEvent, move); err != nil {
		return fmt.Errorf("moving the mouse: %w", err)
	}
	for i := 1; i <= count; i++ {
		for _, typ := range []input.DispatchMouseEventType{input.DispatchMouseEventTypeMousePressed, input.DispatchMouseEventTypeMouseReleased} {
			p := input.DispatchMouseEventParams{Type: typ, X: x, Y: y, Button: btn, ClickCount: int64(i), Modifiers: mods}
			if _, err := chromedp.Call(ctx, input.DispatchMouseEvent, p); err != nil {
				if closedByClick(err) {
					return nil // the click closed the tab (window.close()): done
				}
				return fmt.Errorf("clicking: %w", err)
			}
		}
	}
	return nil
}

// Hover moves the mouse over the element of ref.
func (b *Browser) Hover(ctx context.Context, ref string, o ActionOptions) (*ActionResult, error) {
	return b.act(ctx, ref, o, func(ctx context.Context, el *element, res *ActionResult) error {
		x, y, err := b.point(ctx, el, o.Force, false, o.timeout(b))
		if err != nil {
			return err
		}
		_, err = chromedp.Call(ctx, input.DispatchMouseEvent, input.DispatchMouseEventParams{Type: input.DispatchMouseEventTypeMouseMoved, X: x, Y: y})
		return err
	})
}

// Focus focuses the element of ref.
func (b *Browser) Focus(ctx context.Context, ref string, o ActionOptions) (*ActionResult, error) {
	return b.act(ctx, ref, o, func(ctx context.Context, el *element, res *ActionResult) error {
		return el.call(ctx, "focus", nil)
	})
}

// fillState is prepareFill's answer.
type fillState struct {
	Mode     string `json:"mode"`
	Error    string `json:"error"`
	Tag      string `json:"tag"`
	Type     string `json:"type"`
	ReadOnly bool   `json:"readOnly"`
	Disabled bool   `json:"disabled"`
}

func (el *element) notEditable(f fillState) error {
	why := "it is not a text field or editable element"
	switch {
	case f.Disabled:
		why = "it is disabled"
	case f.ReadOnly:
		why = "it is read-only"
	}
	return refs.Errorf(refs.CodeNotEditable, "ref %s (%s %q, <%s>) cannot be filled: %s; pick a textbox, textarea or contenteditable ref", el.ref, el.entry.Role, el.entry.Name, f.Tag, why)
}

// waitEditable waits (within ctx) until the element can take text.
func (el *element) waitEditable(ctx context.Context) (fillState, error) {
	var f fillState
	for {
		if err := el.call(ctx, "prepareFill", &f); err != nil {
			return f, err
		}
		switch {
		case f.Error == "":
			return f, nil
		case f.Error == "gone":
			h, err := el.heal(ctx)
			if err != nil {
				return f, err
			}
			el.tab.b.refs.Rebind(el.ref, h)
			el.handle, el.healed = h, true
			continue
		case f.Disabled && sleep(ctx, 50*time.Millisecond) == nil:
			continue // may become enabled
		}
		return f, el.notEditable(f)
	}
}

// Fill replaces the value of a textbox, textarea or contenteditable with
// text, firing input and change as a user's typing would.
func (b *Browser) Fill(ctx context.Context, ref, text string, o ActionOptions) (*ActionResult, error) {
	return b.act(ctx, ref, o, func(ctx context.Context, el *element, res *ActionResult) error {
		f, err := el.waitEditable(ctx)
		if err != nil {
			return err
		}
		if f.Mode == "value" {
			if err := el.call(ctx, "setValue", nil, text); err != nil {
				return err
			}
		} else if text == "" {
			if err := pressChords(ctx, []chord{{key: []rune(kbDelete)[0], name: "Delete"}}); err != nil {
				return err
			}
		} else if _, err := chromedp.Call(ctx, input.InsertText, input.InsertTextParams{Text: text}); err != nil {
			return fmt.Errorf("inserting text: %w", err)
		}
		var v *string
		if err := el.call(ctx, "finishFill", &v); err != nil {
			return err
		}
		if v != nil {
			res.Value = *v
		}
		return nil
	})
}

const kbDelete = "\u007f"

// Clear empties a field.
func (b *Browser) Clear(ctx context.Context, ref string, o ActionOptions) (*ActionResult, error) {
	return b.Fill(ctx, ref, "", o)
}

// Type focuses the element and types text key by key, as a user would
// (keydown, keypress/input, keyup for each character).
func (b *Browser) Type(ctx context.Context, ref, text string, o ActionOptions) (*ActionResult, error) {
	return b.act(ctx, ref, o, func(ctx context.Context, el *element, res *ActionResult) error {
		var p probe
		if err := el.call(ctx, "probe", &p); err != nil {
			return err
		}
		if !o.Force && !p.Editable {
			return el.notEditable(fillState{Tag: p.Tag, Type: p.Type, Disabled: !p.Enabled})
		}
		if err := el.call(ctx, "focus", nil); err != nil {
			return err
		}
		if err := chromedp.Do(ctx, chromedp.KeyEvent(text)); err != nil {
			return fmt.Errorf("typing: %w", err)
		}
		var v *string
		if err := el.call(ctx, "value", &v); err == nil && v != nil {
			res.Value = *v
		}
		return nil
	})
}

// Press presses keys or chords ("Enter", "Control+A", "Shift+Tab"). With a
// ref, the element is focused first; without one, the keys go to whatever
// has focus in the current tab.
func (b *Browser) Press(ctx context.Context, ref, keys string, o ActionOptions) (*ActionResult, error) {
	chords, err := parseKeys(keys)
	if err != nil {
		return nil, err
	}
	return b.act(ctx, ref, o, func(ctx context.Context, el *element, res *ActionResult) error {
		if el != nil {
			if err := el.call(ctx, "focus", nil); err != nil {
				return err
			}
		}
		return pressChords(ctx, chords)
	})
}

// Option is one option of a <select>.
type Option struct {
	Label    string `json:"label"`
	Value    string `json:"value"`
	Selected bool   `json:"selected"`
	Disabled bool   `json:"disabled"`
}

type selectResult struct {
	Error     string   `json:"error"`
	Tag       string   `json:"tag"`
	Wanted    string   `json:"wanted"`
	Available []string `json:"available"`
	Selected  []string `json:"selected"`
	Multiple  bool     `json:"multiple"`
	Options   []Option `json:"options"`
}

func (el *element) selectError(r selectResult) error {
	switch r.Error {
	case "not_a_select":
		return refs.Errorf(refs.CodeNotASelect, "ref %s (%s %q) is a <%s>, not a <select>; click it and pick the option's ref instead", el.ref, el.entry.Role, el.entry.Name, r.Tag)
	case "option_not_found":
		return refs.Errorf(refs.CodeOptionNotFound, "ref %s (%s %q) has no option %q; it has: %s", el.ref, el.entry.Role, el.entry.Name, r.Wanted, strings.Join(quoteAll(r.Available), ", "))
	case "option_disabled":
		return refs.Errorf(refs.CodeNotEnabled, "option %q of ref %s is disabled", r.Wanted, el.ref)
	case "not_multiple":
		return refs.Errorf(refs.CodeBadArgument, "ref %s takes one option, not several", el.ref)
	case "not_enabled":
		return refs.Errorf(refs.CodeNotEnabled, "ref %s (%s %q) is disabled", el.ref, el.entry.Role, el.entry.Name)
	case "gone":
		return refs.Errorf(refs.CodeStaleRef, "ref %s is gone; take a new snapshot", el.ref)
	}
	return refs.Errorf(refs.CodeInternal, "select on ref %s: %s", el.ref, r.Error)
}

func quoteAll(s []string) []string {
	out := make([]string, len(s))
	for i, x := range s {
		out[i] = fmt.Sprintf("%q", x)
	}
	return out
}

// Select chooses options of a <select> by value or label.
func (b *Browser) Select(ctx context.Context, ref string, values []string, o ActionOptions) (*ActionResult, error) {
	if len(values) == 0 {
		return nil, refs.Errorf(refs.CodeBadArgument, "select needs at least one option (its label or value)")
	}
	return b.act(ctx, ref, o, func(ctx context.Context, el *element, res *ActionResult) error {
		var r selectResult
		if err := el.call(ctx, "select", &r, values); err != nil {
			return err
		}
		if r.Error != "" {
			return el.selectError(r)
		}
		res.Selected = r.Selected
		return nil
	})
}

// SelectOptions lists the options of the <select> of ref, for pickers.
func (b *Browser) SelectOptions(ctx context.Context, ref string) ([]Option, error) {
	var out []Option
	_, err := b.act(ctx, ref, ActionOptions{}, func(ctx context.Context, el *element, res *ActionResult) error {
		var r selectResult
		if err := el.call(ctx, "options", &r); err != nil {
			return err
		}
		if r.Error != "" {
			return el.selectError(r)
		}
		out = r.Options
		return nil
	})
	return out, err
}

// SetChecked checks or unchecks a checkbox, radio or switch. It does
// nothing when the state is already right, and verifies the state after
// clicking.
func (b *Browser) SetChecked(ctx context.Context, ref string, checked bool, o ActionOptions) (*ActionResult, error) {
	return b.act(ctx, ref, o, func(ctx context.Context, el *element, res *ActionResult) error {
		var p probe
		if err := el.call(ctx, "probe", &p); err != nil {
			return err
		}
		if !p.Checkable {
			return refs.Errorf(refs.CodeBadArgument, "ref %s (%s %q) is not a checkbox, radio or switch", el.ref, el.entry.Role, el.entry.Name)
		}
		if p.Checked != checked {
			if !checked && p.Type == "radio" {
				return refs.Errorf(refs.CodeBadArgument, "ref %s is a radio button: check another option of its group instead of unchecking it", el.ref)
			}
			x, y, err := b.point(ctx, el, o.Force, true, o.timeout(b))
			if err != nil {
				return err
			}
			if err := el.tab.clickAt(ctx, x, y, input.MouseButtonLeft, 0, 1); err != nil {
				return err
			}
			if err := el.call(ctx, "probe", &p); err != nil {
				return err
			}
			if p.Checked != checked {
				return refs.Errorf(refs.CodeInternal, "clicking ref %s did not change its state (the page may prevent it)", el.ref)
			}
		}
		res.Checked = &p.Checked
		return nil
	})
}

// Upload sets files on a file input, or, for a button that opens a file
// chooser, clicks it and answers the chooser.
func (b *Browser) Upload(ctx context.Context, ref string, files []string, o ActionOptions) (*ActionResult, error) {
	if len(files) == 0 {
		return nil, refs.Errorf(refs.CodeBadArgument, "upload needs at least one file")
	}
	abs := make([]string, len(files))
	for i, f := range files {
		a, err := filepath.Abs(f)
		if err == nil {
			_, err = os.Stat(a)
		}
		if err != nil {
			return nil, refs.Wrap(refs.CodeBadArgument, err, "cannot upload %s", f)
		}
		abs[i] = a
	}
	return b.act(ctx, ref, o, func(ctx context.Context, el *element, res *ActionResult) error {
		var isFile bool
		if err := el.call(ctx, "isFileInput", &isFile); err != nil {
			return err
		}
		if isFile {
			obj, err := el.object(ctx)
			if err != nil {
				return err
			}
			if _, err := chromedp.Call(ctx, dom.SetFileInputFiles, dom.SetFileInputFilesParams{Files: abs, ObjectID: obj}); err != nil {
				return fmt.Errorf("setting files: %w", err)
			}
			// Frameworks listen for input/change, which setFileInputFiles fires.
			return nil
		}
		// Not a file input: expect it to open a file chooser.
		chooser := chromedp.Events(ctx, page.FileChooserOpened)
		if _, err := chromedp.Call(ctx, page.SetInterceptFileChooserDialog, page.SetInterceptFileChooserDialogParams{Enabled: true}); err != nil {
			return fmt.Errorf("intercepting the file chooser: %w", err)
		}
		defer chromedp.Call(context.WithoutCancel(ctx), page.SetInterceptFileChooserDialog, page.SetInterceptFileChooserDialogParams{Enabled: false})
		x, y, err := b.point(ctx, el, o.Force, true, o.timeout(b))
		if err != nil {
			return err
		}
		if err := el.tab.clickAt(ctx, x, y, input.MouseButtonLeft, 0, 1); err != nil {
			return err
		}
		for ev, err := range chooser {
			if err != nil {
				if errors.Is(err, context.DeadlineExceeded) || errors.Is(err, context.Canceled) {
					return refs.Errorf(refs.CodeTimeout, "clicking ref %s opened no file chooser; pick the file input's ref", el.ref)
				}
				return err
			}
			_, err := chromedp.Call(ctx, dom.SetFileInputFiles, dom.SetFileInputFilesParams{Files: abs, BackendNodeID: ev.BackendNodeID})
			return err
		}
		return nil
	})
}

// object returns a remote object id for the element, for DOM commands.
func (el *element) object(ctx context.Context) (runtime.RemoteObjectID, error) {
	res, err := chromedp.Call(ctx, runtime.Evaluate, runtime.EvaluateParams{
		Expression: fmt.Sprintf("__ariadne.act.element(%d)", el.handle),
		ContextID:  el.world.ctxID,
	})
	if err != nil {
		return "", err
	}
	if res.Result == nil || res.Result.ObjectID == "" {
		return "", refs.Errorf(refs.CodeStaleRef, "ref %s is gone; take a new snapshot", el.ref)
	}
	return res.Result.ObjectID, nil
}

// Drag drags the element of from onto the element of to (mouse events, and
// HTML5 drag and drop when the page uses it).
func (b *Browser) Drag(ctx context.Context, from, to string, o ActionOptions) (*ActionResult, error) {
	dst, err := b.resolve(ctx, to)
	if err != nil {
		return nil, err
	}
	return b.act(ctx, from, o, func(ctx context.Context, el *element, res *ActionResult) error {
		if dst.tab != el.tab {
			return refs.Errorf(refs.CodeBadArgument, "refs %s and %s are in different tabs", from, to)
		}
		x1, y1, err := b.point(ctx, el, o.Force, true, o.timeout(b))
		if err != nil {
			return err
		}
		x2, y2, err := b.point(ctx, dst, true, false, o.timeout(b))
		if err != nil {
			return err
		}
		return chromedp.Do(ctx, chromedp.DragAndDropXY(x1, y1, x2, y2))
	})
}

// ScrollIntoView scrolls the element of ref into view.
func (b *Browser) ScrollIntoView(ctx context.Context, ref string, o ActionOptions) (*ActionResult, error) {
	return b.act(ctx, ref, o, func(ctx context.Context, el *element, res *ActionResult) error {
		return el.call(ctx, "scrollIntoView", nil)
	})
}

// ScrollBy scrolls the current tab's page by dx, dy CSS pixels.
func (b *Browser) ScrollBy(ctx context.Context, dx, dy float64) (*ActionResult, error) {
	return b.act(ctx, "", ActionOptions{}, func(ctx context.Context, _ *element, res *ActionResult) error {
		t, err := b.CurrentTab()
		if err != nil {
			return err
		}
		tree, err := t.frameTree(ctx)
		if err != nil {
			return err
		}
		w, err := t.worldFor(ctx, tree.Frame)
		if err != nil {
			return err
		}
		_, err = t.callIn(ctx, w, "(x, y) => __ariadne.act.scrollBy(x, y)", dx, dy)
		return err
	})
}

// Screenshot captures the current tab's viewport as PNG, or with a ref, the
// element's box.
func (b *Browser) Screenshot(ctx context.Context, ref string) ([]byte, error) {
	var out []byte
	_, err := b.act(ctx, ref, ActionOptions{}, func(ctx context.Context, el *element, res *ActionResult) error {
		params := page.CaptureScreenshotParams{Format: page.CaptureScreenshotFormatPng}
		if el != nil {
			if err := el.call(ctx, "scrollIntoView", nil); err != nil {
				return err
			}
			var p probe
			if err := el.call(ctx, "probe", &p); err != nil {
				return err
			}
			if len(p.Box) != 4 || p.Box[2] <= 0 || p.Box[3] <= 0 {
				return refs.Errorf(refs.CodeNotVisible, "ref %s has no visible box to capture", el.ref)
			}
			params.Clip = &page.Viewport{X: p.Box[0] + el.offset[0], Y: p.Box[1] + el.offset[1], Width: p.Box[2], Height: p.Box[3], Scale: 1}
		}
		r, err := chromedp.Call(ctx, page.CaptureScreenshot, params)
		if err != nil {
			return fmt.Errorf("capturing a screenshot: %w", err)
		}
		out = r.Data
		return nil
	})
	return out, err
}

// closedByClick reports whether err says the tab went away while a click
// was being delivered, which is what a button calling window.close() does.
func closedByClick(err error) bool {
	return errors.Is(err, chromedp.ErrTargetDetached) || strings.Contains(err.Error(), "target detached")
}
