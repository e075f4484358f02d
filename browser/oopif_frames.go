package browser

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/cdproto/target"
	"github.com/chromedp/chromedp"

	"github.com/ariadne-tui/ariadne/refs"
)

// Frames outside the tab's frame tree. An out-of-process frame (see
// snapshot_oopif.go) and the frames in its process are in the frame tree of
// the frame's own session; actions on their refs find them there.

// framePlace is where a frame lives: the path of frames from the root of
// its session's frame tree down to it, the session (nil: the tab's own),
// and where that root's viewport sits in the main frame's viewport.
type framePlace struct {
	path []*cdp.Frame
	sess context.Context
	base [2]float64
}

func (p *framePlace) frame() *cdp.Frame { return p.path[len(p.path)-1] }

// setParent records that the out-of-process frame id sits in an iframe of
// frame parent.
func (t *Tab) setParent(id, parent cdp.FrameID) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.parents == nil {
		t.parents = map[cdp.FrameID]cdp.FrameID{}
	}
	t.parents[id] = parent
}

// placeFrame finds frame id: in the tab's frame tree, or in the tree of an
// out-of-process frame a snapshot reached. nil when neither has it.
func (t *Tab) placeFrame(ctx context.Context, tree *page.FrameTree, id cdp.FrameID) (*framePlace, error) {
	if path := findFrame(tree, id); path != nil {
		return &framePlace{path: path}, nil
	}
	t.mu.Lock()
	roots := make(map[cdp.FrameID]cdp.FrameID, len(t.parents))
	for k, v := range t.parents {
		roots[k] = v
	}
	t.mu.Unlock()
	// The frame itself first: it is usually the root of its session.
	order := make([]cdp.FrameID, 0, len(roots))
	if _, ok := roots[id]; ok {
		order = append(order, id)
	}
	for r := range roots {
		if r != id {
			order = append(order, r)
		}
	}
	for _, root := range order {
		t.mu.Lock()
		sess := t.remote[target.ID(root)]
		t.mu.Unlock()
		if sess == nil || sess.Err() != nil {
			continue
		}
		sctx, cancel := within(sess, ctx)
		rtree, err := t.frameTree(sctx)
		cancel()
		if err != nil {
			continue // the frame went away
		}
		path := findFrame(rtree, id)
		if path == nil {
			continue
		}
		base, err := t.remoteOrigin(ctx, tree, root, roots[root], sess)
		if err != nil {
			return nil, err
		}
		return &framePlace{path: path, sess: sess, base: base}, nil
	}
	return nil, ctx.Err()
}

// remoteOrigin is where the viewport of the out-of-process frame root
// (held by an iframe of frame parent) sits in the main frame's viewport.
func (t *Tab) remoteOrigin(ctx context.Context, tree *page.FrameTree, root, parent cdp.FrameID, sess context.Context) ([2]float64, error) {
	pp, err := t.placeFrame(ctx, tree, parent)
	if err != nil {
		return [2]float64{}, err
	}
	if pp == nil {
		return [2]float64{}, refs.Errorf(refs.CodeFrameDetached, "the page holding frame %s is gone; take a new snapshot", root)
	}
	off, err := t.placeOrigin(ctx, pp)
	if err != nil {
		return off, err
	}
	pw, err := t.worldIn(ctx, pp.sess, pp.frame())
	if err != nil {
		return off, err
	}
	xy, err := t.iframeOrigin(ctx, pw, root)
	if err != nil {
		return off, err
	}
	return [2]float64{off[0] + xy[0], off[1] + xy[1]}, nil
}

// placeOrigin is where the viewport of the frame at p sits in the main
// frame's viewport: p's base plus the iframes on its path.
func (t *Tab) placeOrigin(ctx context.Context, p *framePlace) ([2]float64, error) {
	off := p.base
	for i := 1; i < len(p.path); i++ {
		pw, err := t.worldIn(ctx, p.sess, p.path[i-1])
		if err != nil {
			return off, err
		}
		xy, err := t.iframeOrigin(ctx, pw, p.path[i].ID)
		if err != nil {
			return off, fmt.Errorf("locating frame %s: %w", p.path[i].URL, err)
		}
		off[0] += xy[0]
		off[1] += xy[1]
	}
	return off, nil
}

// iframeOrigin is where the content of the iframe holding frame id sits in
// the viewport of the document of world pw, the iframe's.
func (t *Tab) iframeOrigin(ctx context.Context, pw *world, id cdp.FrameID) ([2]float64, error) {
	bctx, cancel := pw.bind(ctx)
	defer cancel()
	s := &snapshotter{t: t}
	h, err := s.ownerHandle(bctx, pw, id)
	if err != nil {
		return [2]float64{}, err
	}
	raw, err := t.callIn(ctx, pw, `(h) => { const e = __ariadne.act.element(h); if (!e) return null;
		const r = e.getBoundingClientRect(); const cs = getComputedStyle(e);
		return [r.x + e.clientLeft + parseFloat(cs.paddingLeft || "0"), r.y + e.clientTop + parseFloat(cs.paddingTop || "0")]; }`, h)
	if err != nil {
		return [2]float64{}, err
	}
	var xy []float64
	if json.Unmarshal(raw, &xy) != nil || len(xy) != 2 {
		return [2]float64{}, refs.Errorf(refs.CodeFrameDetached, "the iframe of frame %s is gone; take a new snapshot", id)
	}
	return [2]float64{xy[0], xy[1]}, nil
}

// fullTree is the tab's frame tree (tree) with the out-of-process frames
// a snapshot reached spliced in under the frames holding their iframes,
// after those frames' own children, in the order of their ids; sessions
// holds the session of each frame that is not in the tab's own. Frame
// index paths (FindIn, FrameWithURL, ElementInfo.FramePath) count in it.
func (t *Tab) fullTree(ctx context.Context, tree *page.FrameTree) (*page.FrameTree, map[cdp.FrameID]context.Context) {
	sessions := map[cdp.FrameID]context.Context{}
	t.mu.Lock()
	pending := make([]cdp.FrameID, 0, len(t.parents))
	parents := make(map[cdp.FrameID]cdp.FrameID, len(t.parents))
	for id, p := range t.parents {
		if s := t.remote[target.ID(id)]; s != nil && s.Err() == nil {
			pending = append(pending, id)
			parents[id] = p
			sessions[id] = s
		}
	}
	t.mu.Unlock()
	if len(pending) == 0 {
		return tree, sessions
	}
	slices.Sort(pending)
	full := copyTree(tree)
	byID := map[cdp.FrameID]*page.FrameTree{}
	index(full, byID)
	pending = slices.DeleteFunc(pending, func(id cdp.FrameID) bool {
		if byID[id] != nil { // in the tab's own tree (now in process)
			delete(sessions, id)
			return true
		}
		return false
	})
	// Parents first: a frame whose parent is itself out of process waits
	// for that parent to be spliced in.
	for progress := true; progress && len(pending) > 0; {
		progress = false
		var left []cdp.FrameID
		for _, id := range pending {
			parent := byID[parents[id]]
			if parent == nil {
				left = append(left, id)
				continue
			}
			sess := sessions[id]
			sctx, cancel := within(sess, ctx)
			rtree, err := t.frameTree(sctx)
			cancel()
			if err != nil {
				delete(sessions, id)
				continue // the frame went away
			}
			sub := copyTree(rtree)
			parent.ChildFrames = append(parent.ChildFrames, sub)
			index(sub, byID)
			var mark func(*page.FrameTree)
			mark = func(ft *page.FrameTree) {
				sessions[ft.Frame.ID] = sess
				for _, c := range ft.ChildFrames {
					mark(c)
				}
			}
			mark(sub)
			progress = true
		}
		pending = left
	}
	for _, id := range pending {
		if byID[id] == nil {
			delete(sessions, id)
		}
	}
	return full, sessions
}

// copyTree copies the nodes of ft (not the frames) so that children can
// be added.
func copyTree(ft *page.FrameTree) *page.FrameTree {
	c := &page.FrameTree{Frame: ft.Frame, ChildFrames: make([]*page.FrameTree, 0, len(ft.ChildFrames))}
	for _, k := range ft.ChildFrames {
		c.ChildFrames = append(c.ChildFrames, copyTree(k))
	}
	return c
}

func index(ft *page.FrameTree, byID map[cdp.FrameID]*page.FrameTree) {
	byID[ft.Frame.ID] = ft
	for _, c := range ft.ChildFrames {
		index(c, byID)
	}
}

// frameTargets returns the browser's iframe targets whose parent targets
// lead to the tab: its out-of-process frames.
func (t *Tab) frameTargets(ctx context.Context) ([]*target.Info, error) {
	infos, err := chromedp.Targets(ctx)
	if err != nil {
		return nil, fmt.Errorf("listing the frame targets: %w", err)
	}
	byID := map[target.ID]*target.Info{}
	for _, in := range infos {
		byID[in.TargetID] = in
	}
	var out []*target.Info
	for _, in := range infos {
		if in.Type != "iframe" {
			continue
		}
		// Up the parents, frame by frame, to the page that holds them.
		p := in
		for range len(infos) {
			if p.ParentID == "" {
				break
			}
			if p.ParentID == t.id {
				out = append(out, in)
				break
			}
			if p = byID[p.ParentID]; p == nil {
				break
			}
		}
	}
	return out, nil
}

// reachFrames takes a snapshot when the tab has an out-of-process frame
// that no snapshot has reached yet and that tried does not hold, so that
// waits and lookups that walk fullTree see it; it adds those frames to
// tried, so that one wait snapshots once for each new frame.
func (t *Tab) reachFrames(ctx context.Context, tried map[target.ID]bool) {
	infos, err := t.frameTargets(ctx)
	if err != nil || len(infos) == 0 {
		return
	}
	t.mu.Lock()
	missing := false
	for _, in := range infos {
		if _, ok := t.parents[cdp.FrameID(in.TargetID)]; !ok && !tried[in.TargetID] {
			missing = true
			tried[in.TargetID] = true
		}
	}
	t.mu.Unlock()
	if missing {
		t.Snapshot(ctx) // what it cannot reach, it reports; the wait goes on
	}
}
