package browser

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"

	"github.com/ariadne-tui/ariadne/refs"
)

// This file drags, scrolls and takes screenshots.

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
		if el.world.sess != nil || dst.world.sess != nil {
			// Chromium does not report an HTML5 drag that starts in such a
			// frame to the drag interception (not through the tab's
			// session, nor through the frame's): the drop would not
			// happen, and nothing would say so.
			return refs.Errorf(refs.CodeOutOfProcessFrame, "cannot drag %s onto %s: one of them is in an iframe that runs in a process of its own, where Ariadne cannot drag yet; "+
				"start the browser with --disable-features=IsolateOrigins,SitePerProcess, or let Ariadne launch its own", from, to)
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
