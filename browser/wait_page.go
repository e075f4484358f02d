package browser

import (
	"context"
	"encoding/json"
	"time"

	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/cdproto/target"

	"github.com/ariadne-tui/ariadne/refs"
)

// idleFor is how long the DOM and the network must both be quiet for
// WaitIdle, as long as Playwright's "networkidle" waits for the network.
const idleFor = 500 * time.Millisecond

// WaitSelector waits until an element matching the CSS selector css is
// in the current tab's page (in any frame, out of process ones a snapshot
// reached included) or the timeout passes. A
// selector the browser cannot parse gives bad_argument at once.
func (b *Browser) WaitSelector(ctx context.Context, css string, timeout time.Duration) error {
	tried := map[target.ID]bool{}
	return b.waitFor(ctx, timeout, "selector "+quote(css), func(ctx context.Context, t *Tab) (bool, error) {
		tree, err := t.frameTree(ctx)
		if err != nil {
			return false, err
		}
		t.reachFrames(ctx, tried)
		tree, sessions := t.fullTree(ctx, tree)
		var walk func(ft *page.FrameTree) (bool, error)
		walk = func(ft *page.FrameTree) (bool, error) {
			if w, err := t.worldIn(ctx, sessions[ft.Frame.ID], ft.Frame); err == nil {
				raw, err := t.callIn(ctx, w, `(s) => { try { return document.querySelector(s) ? "yes" : "no"; } catch (e) { return "bad"; } }`, css)
				var got string
				if err == nil && json.Unmarshal(raw, &got) == nil {
					switch got {
					case "yes":
						return true, nil
					case "bad":
						return false, refs.Errorf(refs.CodeBadArgument, "selector %s is not valid CSS; write it as document.querySelector takes it", quote(css))
					}
				}
			}
			for _, c := range ft.ChildFrames {
				if ok, err := walk(c); ok || err != nil {
					return ok, err
				}
			}
			return false, nil
		}
		return walk(tree)
	})
}

// WaitIdle waits until the current tab's main document has loaded and
// its DOM, the network and its frames' loading have been quiet for
// idleFor, or the timeout passes: for pages that add content shortly
// after load.
func (b *Browser) WaitIdle(ctx context.Context, timeout time.Duration) error {
	return b.waitFor(ctx, timeout, "the page to be idle (no DOM change, no request and no frame loading for 500ms)", func(ctx context.Context, t *Tab) (bool, error) {
		tree, err := t.frameTree(ctx)
		if err != nil {
			return false, err
		}
		w, err := t.worldFor(ctx, tree.Frame)
		if err != nil {
			return false, nil // a document on its way in
		}
		raw, err := t.evalIn(ctx, w, "[__ariadne.act.quietFor(), document.readyState]")
		if err != nil {
			return false, nil
		}
		var st [2]any
		if json.Unmarshal(raw, &st) != nil {
			return false, nil
		}
		q, _ := st[0].(float64)
		return q >= float64(idleFor.Milliseconds()) && st[1] == "complete" && t.net.quietFor() >= idleFor, nil
	})
}
