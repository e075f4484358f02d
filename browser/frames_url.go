package browser

import (
	"context"

	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/cdproto/target"

	"github.com/ariadne-tui/ariadne/refs"
)

// FrameWithURL returns the frame index path (as FindIn takes it) of the
// child frame of tab n whose document's URL is url, the first in
// depth-first order; ok is false when no child frame has that URL. The
// main frame is not a child frame: a tab at url has no such frame. This is
// how a DevTools Recorder step whose target names an out-of-process iframe
// finds its frame.
//
// A frame at url that runs in a process of its own (a cross-site frame of
// a browser with site isolation, as --remote browsers have it) is not in
// the tab's frame tree: it is found among the browser's iframe targets
// that belong to the tab, reached through its own session by a snapshot,
// and counted after the frames of the page's process (fullTree). When that
// session cannot be had, the error is out_of_process_frame.
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
	if path, ok = frameWithURL(tree, url); ok {
		return path, true, nil
	}
	if full, _ := t.fullTree(fctx, tree); full != tree {
		if path, ok = frameWithURL(full, url); ok {
			return path, true, nil
		}
	}
	id, ok, err := t.outOfProcessFrame(fctx, url)
	if err != nil {
		return nil, false, b.browserErr(err)
	}
	if !ok {
		return nil, false, nil
	}
	// A frame target no snapshot has reached yet: a snapshot attaches to it.
	snap, err := t.Snapshot(fctx)
	if err != nil {
		return nil, false, b.browserErr(err)
	}
	if tree, err = t.frameTree(fctx); err != nil {
		return nil, false, b.browserErr(err)
	}
	full, _ := t.fullTree(fctx, tree)
	if path, ok = frameWithURL(full, url); ok {
		return path, true, nil
	}
	why := "no problem reported"
	if len(snap.Problems) > 0 {
		why = snap.Problems[0]
	}
	return nil, false, refs.Errorf(refs.CodeOutOfProcessFrame,
		"the frame at %s is in tab %d but runs in a process of its own (target %s), and Ariadne could not reach it through the frame's session (%s); "+
			"take a snapshot to see what it reads, or start the browser with --disable-features=IsolateOrigins,SitePerProcess",
		url, n, id, why)
}

// outOfProcessFrame returns the id of the iframe target at url whose
// parent targets lead to the tab, if the browser has one.
func (t *Tab) outOfProcessFrame(ctx context.Context, url string) (target.ID, bool, error) {
	infos, err := t.frameTargets(ctx)
	if err != nil {
		return "", false, err
	}
	for _, in := range infos {
		if in.URL == url {
			return in.TargetID, true, nil
		}
	}
	return "", false, ctx.Err()
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
