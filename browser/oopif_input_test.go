//go:build e2e

package browser

import (
	"context"
	"encoding/json"
	"strconv"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/cdproto/target"
	"github.com/chromedp/chromedp"

	"github.com/ariadne-tui/ariadne/refs"
)

// TestOOPIFInputCoordinates pins down where Chromium delivers mouse
// events meant for an out-of-process frame: through the tab's session at
// main-viewport coordinates (what Ariadne's actions use, as Playwright
// does: input is routed by hit testing across processes), and through the
// frame's own session at the frame's viewport coordinates. Each press must
// reach the frame's button at the frame-local point it was aimed at.
func TestOOPIFInputCoordinates(t *testing.T) {
	t.Parallel()
	b, _ := oopifPage(t, "frame-inner.html")
	ctx := testContext(t, 60*time.Second)
	snap := snapshotUntil(t, b, func(s *refs.Snapshot) bool { return has(s.Root, "", "button", "Pay") })
	pay := findNode(t, snap.Root, "button", "Pay")
	assertOutOfProcess(t, b, pay.Frame)
	tab, err := b.CurrentTab()
	if err != nil {
		t.Fatal(err)
	}
	e, err := b.Refs().Lookup(pay.Ref)
	if err != nil {
		t.Fatal(err)
	}
	sess, err := tab.remoteSession(ctx, target.ID(e.Frame))
	if err != nil {
		t.Fatal(err)
	}
	fctx, cancel := within(sess, ctx)
	defer cancel()
	w := tab.knownWorld(cdp.FrameID(e.Frame))
	if _, err := tab.evalIn(fctx, w, `(() => { window.__downs = []; document.addEventListener('mousedown', (e) => __downs.push([Math.round(e.clientX), Math.round(e.clientY), e.target.tagName]), true); return true; })()`); err != nil {
		t.Fatal(err)
	}
	raw, err := tab.evalIn(fctx, w, "(() => { const r = __ariadne.elementOf("+strconv.Itoa(e.Handle)+").getBoundingClientRect(); return [Math.round(r.x + r.width / 2), Math.round(r.y + r.height / 2)]; })()")
	var local [2]float64
	if err == nil {
		err = json.Unmarshal(raw, &local)
	}
	if err != nil {
		t.Fatal(err)
	}
	// The frame's origin in the main viewport, as actions compute it.
	tctx, tcancel := tab.bind(ctx)
	defer tcancel()
	tree, err := tab.frameTree(tctx)
	if err != nil {
		t.Fatal(err)
	}
	place, err := tab.placeFrame(tctx, tree, cdp.FrameID(e.Frame))
	if err != nil || place == nil {
		t.Fatalf("placing the frame: %v", err)
	}
	origin, err := tab.placeOrigin(tctx, place)
	if err != nil {
		t.Fatal(err)
	}
	press := func(c context.Context, x, y float64) {
		t.Helper()
		for _, typ := range []input.DispatchMouseEventType{input.DispatchMouseEventTypeMousePressed, input.DispatchMouseEventTypeMouseReleased} {
			if _, err := chromedp.Call(c, input.DispatchMouseEvent, input.DispatchMouseEventParams{Type: typ, X: x, Y: y, Button: input.MouseButtonLeft, ClickCount: 1}); err != nil {
				t.Fatal(err)
			}
		}
	}
	press(tctx, origin[0]+local[0], origin[1]+local[1]) // the tab's session, page coordinates
	press(fctx, local[0], local[1])                     // the frame's session, frame coordinates
	raw, err = tab.evalIn(fctx, w, "JSON.stringify(window.__downs)")
	if err != nil {
		t.Fatal(err)
	}
	var s string
	var downs [][3]any
	if err := json.Unmarshal(raw, &s); err != nil || json.Unmarshal([]byte(s), &downs) != nil {
		t.Fatalf("decoding %s: %v", raw, err)
	}
	if len(downs) != 2 {
		t.Fatalf("the frame saw %d presses, want 2: %s", len(downs), s)
	}
	for i, d := range downs {
		x, _ := d[0].(float64)
		y, _ := d[1].(float64)
		if d[2] != "BUTTON" || x != local[0] || y != local[1] {
			t.Errorf("press %d reached %v, want the BUTTON at %v in the frame", i+1, d, local)
		}
	}
}
