package browser

import (
	"context"
	"errors"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/page"

	"github.com/ariadne-tui/ariadne/refs"
)

// Incremental snapshots. Each frame's world notes what changed in its
// document since the last walk (world/changes.js); Refresh asks every
// frame for those changes, re-walks only the changed subtrees
// (world/refresh.js), splices them into the walk it kept, and rebuilds
// that frame's part of the tree with the same builder as a full snapshot,
// so the two cannot differ. Unchanged frames are not walked and their
// nodes are reused as they are. A full snapshot remains the fallback: a
// frame came, went or navigated, a frame lives in another process, or a
// world could not bound its changes.

// liveState is what the tab's last snapshot or refresh read.
type liveState struct {
	snap *refs.Snapshot
	// loaders are the frames of the tab's frame tree and their documents;
	// frames are those walked (a frame whose iframe is hidden is not).
	loaders map[cdp.FrameID]cdp.LoaderID
	frames  map[cdp.FrameID]*frameLive
	// remote is set when a frame was read through its own target
	// (snapshot_oopif.go): refreshes then take full snapshots.
	remote bool
	// full is set when a full snapshot made this state.
	full bool
}

// frameLive is what the last walk of one frame's document read.
type frameLive struct {
	doc    string
	loader cdp.LoaderID
	gen    int          // the walk's number in the world (refresh.js)
	raw    *rawSnapshot // the walk, patches spliced in
	offset [2]float64   // the document's viewport in the main viewport
	owner  string       // ref of the iframe node holding it; "" for the main frame
}

// errRefreshFull makes Refresh take a full snapshot.
var errRefreshFull = errors.New("a full snapshot is needed")

// Refresh brings the current tab's snapshot up to date at the cost of what
// changed since the last snapshot or refresh (see Tab.Refresh).
func (b *Browser) Refresh(ctx context.Context) (*refs.Snapshot, error) {
	t, err := b.CurrentTab()
	if err != nil {
		return nil, err
	}
	snap, err := t.Refresh(ctx)
	if err != nil {
		return nil, b.browserErr(err)
	}
	b.mu.Lock()
	for i, x := range b.tabs {
		if x == t {
			snap.TabIndex = i + 1
		}
	}
	b.mu.Unlock()
	return snap, nil
}

// Refresh returns the tab's snapshot as a full Snapshot would, walking only
// the subtrees that changed since the tab's last snapshot or refresh. The
// nodes of frames that did not change are those of the last snapshot;
// nodes are never changed in place, so an older snapshot stays as it was.
// Boxes of nodes outside the re-walked subtrees are as of their last walk
// (as after a scroll).
func (t *Tab) Refresh(ctx context.Context) (*refs.Snapshot, error) {
	t.liveMu.Lock()
	defer t.liveMu.Unlock()
	snap, err := t.refresh(ctx)
	if errors.Is(err, errRefreshFull) || errors.Is(err, errPatchMismatch) {
		return t.fullSnapshot(ctx)
	}
	if err != nil {
		t.live = nil
		return nil, err
	}
	return snap, nil
}

func (t *Tab) refresh(ctx context.Context) (*refs.Snapshot, error) {
	st := t.live
	if st == nil || st.remote {
		return nil, errRefreshFull
	}
	ctx, cancel := t.opContext(ctx, t.b.opts.NavTimeout)
	defer cancel()
	tree, err := t.frameTree(ctx)
	if err != nil {
		return nil, err
	}
	var order []*page.FrameTree // parents before children
	var list func(ft *page.FrameTree)
	list = func(ft *page.FrameTree) {
		order = append(order, ft)
		for _, c := range ft.ChildFrames {
			list(c)
		}
	}
	list(tree)
	if !sameFrames(st.loaders, order) {
		return nil, errRefreshFull
	}
	snap := *st.snap
	next := &liveState{loaders: st.loaders, frames: make(map[cdp.FrameID]*frameLive, len(st.frames))}
	for _, ft := range order {
		f := ft.Frame
		fl := st.frames[f.ID]
		if fl == nil {
			continue // not in the tree: its iframe is hidden
		}
		w := t.knownWorld(f.ID)
		if w == nil || w.doc != fl.doc {
			return nil, errRefreshFull
		}
		raw, err := t.evalIn(ctx, w, t.refreshExpr(fl.gen))
		if err != nil {
			if ctx.Err() != nil {
				return nil, err
			}
			return nil, errRefreshFull // the world went away: a new document
		}
		ch, err := decodeRefresh(raw)
		if err != nil {
			return nil, err
		}
		if ch.gen == 0 {
			next.frames[f.ID] = fl
			continue
		}
		nfl, err := t.rebuild(&snap, fl, f, ch)
		if err != nil {
			return nil, err
		}
		next.frames[f.ID] = nfl
	}
	snap.Count = 0
	snap.Root.Walk(func(n *refs.Node, _ int) bool {
		if n.Ref != "" {
			snap.Count++
		}
		return true
	})
	next.snap = &snap
	t.live = next
	return &snap, nil
}

// rebuild applies one frame's refresh ch to snap (a copy of the last
// snapshot whose tree it replaces, never changes) and returns the frame's
// new state.
func (t *Tab) rebuild(snap *refs.Snapshot, fl *frameLive, f *cdp.Frame, ch *refreshed) (*frameLive, error) {
	rs := ch.full
	if rs == nil {
		var err error
		if rs, err = splice(fl.raw, ch.patches); err != nil {
			return nil, err
		}
		rs.URL, rs.Title = ch.url, ch.title
	}
	b := &builder{table: t.b.refs, tab: string(t.id), frame: string(f.ID), doc: fl.doc, offset: fl.offset}
	root, err := b.tree(rs)
	if err != nil {
		return nil, err
	}
	// The frame's iframes keep the documents they held.
	if len(b.frames) > 0 {
		old := iframeNodes(snap.Root)
		for _, slot := range b.frames {
			o := old[slot.node.Ref]
			if o == nil {
				return nil, errRefreshFull
			}
			slot.node.Children = o.Children
		}
	}
	if fl.owner == "" {
		snap.Root = root
		snap.URL, snap.Title = rs.URL, rs.Title
	} else {
		r, ok := replaceChildren(snap.Root, fl.owner, root.Children)
		if !ok {
			return nil, errRefreshFull
		}
		snap.Root = r
	}
	nfl := *fl
	nfl.gen, nfl.raw = ch.gen, rs
	return &nfl, nil
}

// sameFrames reports whether the frame tree listed in order holds the
// frames and documents of loaders.
func sameFrames(loaders map[cdp.FrameID]cdp.LoaderID, order []*page.FrameTree) bool {
	if len(order) != len(loaders) {
		return false
	}
	for _, ft := range order {
		if l, ok := loaders[ft.Frame.ID]; !ok || l != ft.Frame.LoaderID {
			return false
		}
	}
	return true
}

// frameLoaders lists the frames of tree and their documents.
func frameLoaders(tree *page.FrameTree) map[cdp.FrameID]cdp.LoaderID {
	out := map[cdp.FrameID]cdp.LoaderID{}
	var walk func(ft *page.FrameTree)
	walk = func(ft *page.FrameTree) {
		out[ft.Frame.ID] = ft.Frame.LoaderID
		for _, c := range ft.ChildFrames {
			walk(c)
		}
	}
	walk(tree)
	return out
}

// iframeNodes maps the refs of the iframe nodes under root to the nodes.
func iframeNodes(root *refs.Node) map[string]*refs.Node {
	out := map[string]*refs.Node{}
	root.Walk(func(n *refs.Node, _ int) bool {
		if n.Role == "iframe" && n.Ref != "" {
			out[n.Ref] = n
		}
		return true
	})
	return out
}

// replaceChildren returns a copy of the tree at n in which the node with
// ref has children kids; only the nodes on the path to it are copied.
func replaceChildren(n *refs.Node, ref string, kids []*refs.Node) (*refs.Node, bool) {
	if n.Ref == ref {
		cp := *n
		cp.Children = kids
		return &cp, true
	}
	for i, c := range n.Children {
		if nc, ok := replaceChildren(c, ref, kids); ok {
			cp := *n
			cp.Children = append([]*refs.Node(nil), n.Children...)
			cp.Children[i] = nc
			return &cp, true
		}
	}
	return nil, false
}
