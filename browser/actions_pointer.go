package browser

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"strings"
	"time"

	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"

	"github.com/ariadne-tui/ariadne/refs"
)

// This file waits for an element to take a pointer action, diagnoses what
// stops it (hidden, moving, disabled, inert, covered), and clicks, hovers
// and focuses.

// probe is what the page reports about an element before an action.
type probe struct {
	Connected bool   `json:"connected"`
	Visible   bool   `json:"visible"`
	InView    bool   `json:"inView"`
	Enabled   bool   `json:"enabled"`
	Editable  bool   `json:"editable"`
	Tag       string `json:"tag"`
	Type      string `json:"type"`
	// Secret is set for a password field, and for a field Ariadne filled
	// as a secret (from a secret, or while it was a password field),
	// whatever its type is now: its value is never shown.
	Secret    bool      `json:"secret"`
	Checkable bool      `json:"checkable"`
	Checked   bool      `json:"checked"`
	Box       []float64 `json:"box"`
	// Inert is what makes the element inert, if anything: an ancestor
	// with the inert attribute (Why "inert") or an open modal dialog the
	// element is outside of (Why "modal").
	Inert *struct {
		Why string `json:"why"`
		pageElement
	} `json:"inert"`
}

// pageElement is an element as the page describes it: its own role,
// name, tag, id and handle, and its ancestors' handles, nearest first.
type pageElement struct {
	pageNode
	Up []pageNode `json:"up"`
}

type pageNode struct {
	Tag    string `json:"tag"`
	Role   string `json:"role"`
	Name   string `json:"name"`
	Handle int    `json:"handle"`
	ID     string `json:"id"`
}

// String names the element by its role, name, tag and id:
// img "25.0°C" (<svg>#thumb).
func (d pageNode) String() string {
	who := "<" + d.Tag + ">"
	if d.ID != "" {
		who += "#" + d.ID
	}
	if d.Role != "" && d.Role != "generic" {
		if d.Name != "" {
			return fmt.Sprintf("%s %q (%s)", d.Role, d.Name, who)
		}
		return fmt.Sprintf("%s (%s)", d.Role, who)
	}
	return who
}

type hitResult struct {
	OK          bool         `json:"ok"`
	Gone        bool         `json:"gone"`
	Interceptor *pageElement `json:"interceptor"`
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
	if !force && p.Inert != nil {
		return 0, 0, b.inert(el, p)
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

// inert reports an element that is inert: inside an inert subtree, or
// outside the open modal dialog.
func (b *Browser) inert(el *element, p probe) error {
	by := b.describeElement(el, &p.Inert.pageElement)
	if p.Inert.Why == "modal" {
		return refs.Errorf(refs.CodeInert, "ref %s (%s %q) is outside the open modal dialog %s, so the page ignores clicks and keys on it; close the dialog first", el.ref, el.entry.Role, el.entry.Name, by)
	}
	return refs.Errorf(refs.CodeInert, "ref %s (%s %q) is inert (inside %s, which has the inert attribute), so the page ignores clicks and keys on it; wait until the page makes it live", el.ref, el.entry.Role, el.entry.Name, by)
}

// interceptor names the element that would receive a pointer event.
func (b *Browser) interceptor(el *element, hit hitResult) string {
	if hit.Interceptor == nil {
		return "nothing (the point is outside the page)"
	}
	return b.describeElement(el, hit.Interceptor)
}

// describeElement names an element of el's document by its own role,
// name, tag and id, and its ref; an element without a ref is said to be
// inside its nearest ancestor that has one:
// <text> inside img "25.0°C" (<svg>#thumb) [e9].
func (b *Browser) describeElement(el *element, d *pageElement) string {
	key := refs.Key{Tab: string(el.tab.id), Frame: string(el.frame.ID), Doc: el.world.doc}
	key.Handle = d.Handle
	if ref, ok := b.refs.RefFor(key); ok {
		return d.String() + " [" + ref + "]"
	}
	for _, a := range d.Up {
		key.Handle = a.Handle
		if ref, ok := b.refs.RefFor(key); ok {
			return d.String() + " inside " + a.String() + " [" + ref + "]"
		}
	}
	return d.String()
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
		deadline := time.Now().Add(o.timeout(b))
		for lost := 0; ; lost++ {
			x, y, err := b.point(ctx, el, o.Force, true, max(time.Until(deadline), 0))
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
			watched := btn == input.MouseButtonLeft && el.call(ctx, "watchPress", nil) == nil
			if err := el.tab.clickAt(ctx, x, y, btn, mods, count); err != nil {
				return err
			}
			if !watched || !el.pressLost(ctx) {
				return nil
			}
			// The page re-rendered the element between the press and the
			// release (it put back the same markup and did nothing else),
			// and the browser dropped the click: click what the ref heals
			// to (point heals it). Playwright reports such a click as made.
			if lost == 2 {
				return refs.Errorf(refs.CodeTimeout, "ref %s (%s %q) was re-rendered by the page between the mouse's press and its release %d times, and the browser dropped each click; wait for the page to settle", el.ref, el.entry.Role, el.entry.Name, lost+1)
			}
		}
	})
}

// pressLost reports whether the click watched since watchPress was lost
// to a re-render (actions.js, pressLost). A page that cannot answer soon
// (it navigated, a dialog holds it) did not lose it; the call does not go
// through the browser's health checks (a slow answer is not a hang here).
func (el *element) pressLost(ctx context.Context) bool {
	el.tab.mu.Lock()
	dialog := el.tab.dialog.pending != nil
	el.tab.mu.Unlock()
	if dialog {
		return false
	}
	ctx, cancel := context.WithTimeout(ctx, 2*time.Second)
	defer cancel()
	raw, err := el.tab.callIn(ctx, el.world, "() => __ariadne.act.pressLost()")
	var lost bool
	return err == nil && json.Unmarshal(raw, &lost) == nil && lost
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
