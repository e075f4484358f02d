package browser

import (
	"context"
	"fmt"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"

	"github.com/ariadne-tui/ariadne/refs"
)

// Preview scrolls ref's element into view and captures the current tab's
// viewport as PNG, with the element's border box in CSS pixels relative to
// the viewport, so that the caller can outline it, and the viewport's width
// in CSS pixels (the PNG's width over it is the device pixel ratio). With
// ref "" it captures the viewport as it is and box is nil.
func (b *Browser) Preview(ctx context.Context, ref string) (png []byte, box *refs.Box, cssWidth float64, err error) {
	_, err = b.act(ctx, ref, ActionOptions{}, func(ctx context.Context, el *element, _ *ActionResult) error {
		if el != nil {
			if err := el.call(ctx, "scrollIntoView", nil); err != nil {
				return err
			}
			var p probe
			if err := el.call(ctx, "probe", &p); err != nil {
				return err
			}
			if len(p.Box) == 4 && p.Box[2] > 0 && p.Box[3] > 0 {
				box = &refs.Box{X: p.Box[0] + el.offset[0], Y: p.Box[1] + el.offset[1], Width: p.Box[2], Height: p.Box[3]}
			}
		}
		m, err := chromedp.Call(ctx, page.GetLayoutMetrics, cdp.Empty{})
		if err != nil {
			return fmt.Errorf("reading the viewport: %w", err)
		}
		if m.CSSVisualViewport != nil {
			cssWidth = m.CSSVisualViewport.ClientWidth
		}
		r, err := chromedp.Call(ctx, page.CaptureScreenshot, page.CaptureScreenshotParams{Format: page.CaptureScreenshotFormatPng})
		if err != nil {
			return fmt.Errorf("capturing a screenshot: %w", err)
		}
		png = r.Data
		return nil
	})
	return png, box, cssWidth, err
}
