package browser

import (
	"context"

	"github.com/chromedp/cdproto/page"
)

// FrameWithURL returns the frame index path (as FindIn takes it) of the
// child frame of tab n whose document's URL is url, the first in
// depth-first order; ok is false when no child frame has that URL. The
// main frame is not a child frame: a tab at url has no such frame. This is
// how a DevTools Recorder step whose target names an out-of-process iframe
// finds its frame.
func (b *Browser) FrameWithURL(ctx context.Context, n int, url string) (path []int, ok bool, err error) {
	t, err := b.tabAt(n)
	if err != nil {
		return nil, false, err
	}
	fctx, cancel := t.opContext(ctx, b.opts.NavTimeout)
	defer cancel()
	tree, err := t.frameTree(fctx)
	if err != nil {
		return nil, false, b.browserErr(err)
	}
	path, ok = frameWithURL(tree, url)
	return path, ok, nil
}

func frameWithURL(ft *page.FrameTree, url string) ([]int, bool) {
	for i, c := range ft.ChildFrames {
		if c.Frame.URL+c.Frame.URLFragment == url {
			return []int{i}, true
		}
		if p, ok := frameWithURL(c, url); ok {
			return append([]int{i}, p...), true
		}
	}
	return nil, false
}
