package browser

import (
	"context"
	"encoding/json"
	"errors"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/dom"
	"github.com/chromedp/cdproto/overlay"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"

	"github.com/ariadne-tui/ariadne/refs"
)

// highlightConfig is the look of the inspector highlight: DevTools' colours
// for the content box, padding and margin.
func highlightConfig() *overlay.HighlightConfig {
	return &overlay.HighlightConfig{
		ShowInfo:     true,
		ContentColor: &cdp.RGBA{R: 111, G: 168, B: 220, A: 0.66},
		PaddingColor: &cdp.RGBA{R: 147, G: 196, B: 125, A: 0.55},
		BorderColor:  &cdp.RGBA{R: 255, G: 229, B: 153, A: 0.66},
		MarginColor:  &cdp.RGBA{R: 246, G: 178, B: 107, A: 0.66},
	}
}

// Highlight draws the browser's inspector highlight over the element of ref,
// for a visible (--headful) window; an empty ref hides the highlight. It
// does not scroll or otherwise touch the page.
func (b *Browser) Highlight(ctx context.Context, ref string) error {
	if ref == "" {
		t, err := b.CurrentTab()
		if err != nil {
			return err
		}
		hctx, cancel := t.opContext(ctx, b.opts.ActionTimeout)
		defer cancel()
		_, err = chromedp.Call(hctx, overlay.HideHighlight, cdp.Empty{})
		// A highlight drawn in an out-of-process frame is that frame's.
		for _, sess := range t.remoteSessions() {
			rctx, rcancel := within(sess, hctx)
			chromedp.Call(rctx, overlay.HideHighlight, cdp.Empty{})
			rcancel()
		}
		return b.browserErr(err)
	}
	el, err := b.resolve(ctx, ref)
	if err != nil {
		return err
	}
	octx, cancel := el.tab.opContext(ctx, b.opts.ActionTimeout)
	defer cancel()
	hctx, hcancel := el.world.bind(octx) // an out-of-process frame's session
	defer hcancel()
	obj, err := el.object(hctx)
	if err != nil {
		return err
	}
	defer chromedp.Call(hctx, runtime.ReleaseObject, runtime.ReleaseObjectParams{ObjectID: obj})
	if _, err := chromedp.Call(hctx, overlay.Enable, cdp.Empty{}); err != nil {
		return b.browserErr(err)
	}
	_, err = chromedp.Call(hctx, overlay.HighlightNode, overlay.HighlightNodeParams{HighlightConfig: highlightConfig(), ObjectID: obj})
	return b.browserErr(err)
}

// pickTimeout bounds how long Pick waits for the user's click.
const pickTimeout = 10 * time.Minute

// Pick puts the current tab in the inspector's pick mode: the element under
// the mouse is highlighted, and the element the user clicks is returned as
// a ref (its own, or that of its nearest ancestor with one). An element the
// last snapshot did not name gets a ref from a fresh snapshot. Pick returns
// when the user clicks, when ctx ends (leaving pick mode), or after ten
// minutes.
func (b *Browser) Pick(ctx context.Context) (string, error) {
	t, err := b.CurrentTab()
	if err != nil {
		return "", err
	}
	pctx, cancel := t.opContext(ctx, pickTimeout)
	defer cancel()
	if _, err := chromedp.Call(pctx, overlay.Enable, cdp.Empty{}); err != nil {
		return "", b.browserErr(err)
	}
	picks := chromedp.Events(pctx, overlay.InspectNodeRequested)
	if _, err := chromedp.Call(pctx, overlay.SetInspectMode, overlay.SetInspectModeParams{Mode: overlay.InspectModeSearchForNode, HighlightConfig: highlightConfig()}); err != nil {
		return "", b.browserErr(err)
	}
	defer func() {
		octx, ocancel := t.opContext(context.WithoutCancel(ctx), b.opts.ActionTimeout)
		chromedp.Call(octx, overlay.SetInspectMode, overlay.SetInspectModeParams{Mode: overlay.InspectModeNone})
		chromedp.Call(octx, overlay.HideHighlight, cdp.Empty{})
		ocancel()
	}()
	for ev, err := range picks {
		if err != nil {
			if ctx.Err() != nil {
				return "", ctx.Err()
			}
			if errors.Is(err, context.DeadlineExceeded) {
				return "", refs.Errorf(refs.CodeTimeout, "nothing was picked within %s", pickTimeout)
			}
			return "", b.browserErr(err)
		}
		rctx, rcancel := t.opContext(ctx, b.opts.NavTimeout)
		ref, err := t.refForBackendNode(rctx, ev.BackendNodeID)
		if err == nil && ref == "" {
			// Not in the last snapshot: a new one names it.
			if _, err = t.Snapshot(rctx); err == nil {
				ref, err = t.refForBackendNode(rctx, ev.BackendNodeID)
			}
		}
		rcancel()
		if err != nil {
			return "", b.browserErr(err)
		}
		if ref == "" {
			return "", refs.Errorf(refs.CodeNotLocatable, "the picked element is not in the ARIA tree, and neither is any element around it")
		}
		return ref, nil
	}
	return "", refs.Errorf(refs.CodeTimeout, "pick mode ended before anything was picked")
}

// handlesUp lists Ariadne's handles for a node and its ancestors, nearest
// first, crossing shadow roots.
const handlesUp = `function() {
  const out = [];
  let e = this.nodeType === 1 ? this : this.parentElement;
  while (e) {
    out.push(__ariadne.handleOf(e));
    e = e.parentElement || (e.parentNode && e.parentNode.host) || null;
  }
  return out;
}`

// refForBackendNode finds the ref of a DOM node (or of its nearest ancestor
// with a ref) by resolving it in Ariadne's world of each frame of the tab.
// It returns "" when no ancestor has a ref yet.
func (t *Tab) refForBackendNode(ctx context.Context, id cdp.BackendNodeID) (string, error) {
	t.mu.Lock()
	worlds := make([]*world, 0, len(t.worlds))
	for _, w := range t.worlds {
		worlds = append(worlds, w)
	}
	t.mu.Unlock()
	for _, w := range worlds {
		obj, err := chromedp.Call(ctx, dom.ResolveNode, dom.ResolveNodeParams{BackendNodeID: id, ExecutionContextID: w.ctxID})
		if err != nil || obj.Object == nil || obj.Object.ObjectID == "" {
			continue // not this frame's node, or the world is gone
		}
		res, err := chromedp.Call(ctx, runtime.CallFunctionOn, runtime.CallFunctionOnParams{
			FunctionDeclaration: handlesUp,
			ObjectID:            obj.Object.ObjectID,
			ReturnByValue:       new(true),
		})
		chromedp.Call(ctx, runtime.ReleaseObject, runtime.ReleaseObjectParams{ObjectID: obj.Object.ObjectID})
		if err != nil || res.Result == nil || res.ExceptionDetails != nil {
			continue
		}
		var handles []int
		if json.Unmarshal(res.Result.Value, &handles) != nil {
			continue
		}
		for _, h := range handles {
			if ref, ok := t.b.refs.RefFor(refs.Key{Tab: string(t.id), Frame: string(w.frame), Doc: w.doc, Handle: h}); ok {
				return ref, nil
			}
		}
	}
	if err := ctx.Err(); err != nil {
		return "", err
	}
	return "", nil
}
