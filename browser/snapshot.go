package browser

import (
	"context"
	"encoding/json"
	"fmt"
	"strconv"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/dom"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"

	"github.com/ariadne-tui/ariadne/refs"
)

// Snapshot reads the ARIA snapshot of the current tab.
func (b *Browser) Snapshot(ctx context.Context) (*refs.Snapshot, error) {
	return b.onCurrentTab(func(t *Tab) (*refs.Snapshot, error) { return t.steadySnapshot(ctx) })
}

// onCurrentTab reads a snapshot of the current tab with read and gives it
// the tab's place in the tab list.
func (b *Browser) onCurrentTab(read func(t *Tab) (*refs.Snapshot, error)) (*refs.Snapshot, error) {
	t, err := b.CurrentTab()
	if err != nil {
		return nil, err
	}
	snap, err := read(t)
	if err != nil {
		return nil, b.browserErr(err)
	}
	snap.TabIndex = b.tabIndex(t)
	return snap, nil
}

// Snapshot reads the tab's ARIA snapshot: every frame's document, stitched
// under its iframe, with refs assigned from the session's table.
func (t *Tab) Snapshot(ctx context.Context) (*refs.Snapshot, error) {
	t.liveMu.Lock()
	defer t.liveMu.Unlock()
	return t.fullSnapshot(ctx)
}

// fullSnapshot walks every frame; the caller holds liveMu. It keeps what
// it read in t.live for the next Refresh.
func (t *Tab) fullSnapshot(ctx context.Context) (*refs.Snapshot, error) {
	t.live = nil
	ctx, cancel := t.opContext(ctx, t.b.opts.NavTimeout)
	defer cancel()
	tree, err := t.frameTree(ctx)
	if err != nil {
		return nil, err
	}
	s := &snapshotter{t: t, table: t.b.refs, mainFrame: tree.Frame.ID, live: map[cdp.FrameID]*frameLive{}}
	root, err := s.frame(ctx, t.ctx, tree, [2]float64{})
	if err != nil {
		return nil, err
	}
	remote := len(s.pending) > 0
	s.remoteFrames(ctx, root)
	snap := &refs.Snapshot{
		URL:      s.mainURL,
		Title:    s.mainTitle,
		Tab:      string(t.id),
		Viewport: t.b.opts.Viewport,
		Count:    s.count,
		Root:     root,
		Problems: s.problems,
	}
	// The caller may change the snapshot's fields (not its nodes): keep a
	// copy.
	held := *snap
	t.live = &liveState{snap: &held, main: tree.Frame.ID, frames: s.live, remote: remote, full: true}
	return snap, nil
}

// opContext derives a context for work on this tab: bound to the tab's
// chromedp context (so commands reach its target), to ctx's cancellation,
// and to the timeout d.
func (t *Tab) opContext(ctx context.Context, d time.Duration) (context.Context, context.CancelFunc) {
	c, cancel := context.WithTimeout(t.base(), d)
	stop := context.AfterFunc(ctx, cancel)
	return c, func() { stop(); cancel() }
}

type snapshotter struct {
	t         *Tab
	table     *refs.Table
	mainFrame cdp.FrameID
	count     int
	mainURL   string
	mainTitle string
	problems  []string
	// pending are iframes whose document this tab's session cannot reach:
	// out-of-process frames, read through their own targets (oopif.go).
	pending []frameSlot
	// live is what each frame's walk read, for refreshes
	// (snapshot_refresh.go).
	live map[cdp.FrameID]*frameLive
	// untracked walks leave the worlds' change tracking alone (the tests
	// compare refreshes with them); their result is not for refreshing.
	untracked bool
}

// frame snapshots one frame and, recursively, its child frames in the same
// target. ctx is bound to the target's session, sess is that session (the
// tab's context, or one of snapshot_oopif.go), and offset the position of
// the frame's viewport in the main frame's viewport.
func (s *snapshotter) frame(ctx, sess context.Context, ft *page.FrameTree, offset [2]float64) (*refs.Node, error) {
	f := ft.Frame
	var remote context.Context // nil: the tab's own session
	if sess != s.t.ctx {
		remote = sess
	}
	w, err := s.t.worldIn(ctx, remote, f)
	if err != nil {
		return nil, err
	}
	var rs *rawSnapshot
	var gen int
	if s.untracked {
		var raw []byte
		if raw, err = s.t.evalIn(ctx, w, "__ariadne.lines("+s.t.walkOpts()+")"); err == nil {
			rs, err = decodeWalk(raw)
		}
	} else {
		rs, gen, err = s.t.walk(ctx, w)
	}
	if err != nil {
		return nil, fmt.Errorf("snapshotting frame %s: %w", f.URL, err)
	}
	if f.ID == s.mainFrame {
		s.mainURL, s.mainTitle = rs.URL, rs.Title
	}
	b := &builder{table: s.table, tab: string(s.t.id), frame: string(f.ID), doc: w.doc, offset: offset}
	root, err := b.tree(rs)
	if err != nil {
		return nil, err
	}
	s.count += b.count
	s.live[f.ID] = &frameLive{doc: w.doc, loader: f.LoaderID, gen: gen, offset: offset, present: presentIn(rs)}
	if len(b.frames) == 0 {
		return root, nil
	}
	// Which child frame lives in which iframe element of this document.
	children := map[int]*page.FrameTree{}
	for _, cf := range ft.ChildFrames {
		h, err := s.ownerHandle(ctx, w, cf.Frame.ID)
		if err != nil {
			s.problems = append(s.problems, fmt.Sprintf("frame %s: %v", cf.Frame.URL, err))
			continue
		}
		children[h] = cf
	}
	for _, slot := range b.frames {
		cf := children[slot.handle]
		if cf == nil {
			// Not a frame of this target: out of process, or empty.
			slot.parentWorld, slot.sess = w, sess
			s.pending = append(s.pending, slot)
			continue
		}
		doc, err := s.frame(ctx, sess, cf, slot.offset)
		if err != nil {
			// Listed in this target's tree but not in its process: try
			// the frame's own target.
			slot.parentWorld, slot.sess = w, sess
			s.pending = append(s.pending, slot)
			continue
		}
		slot.node.Children = append(slot.node.Children, doc.Children...)
	}
	return root, nil
}

// walk runs a full, tracked walk in world w and decodes its output; gen
// numbers the walk for the refreshes that follow (world/refresh.js).
func (t *Tab) walk(ctx context.Context, w *world) (*rawSnapshot, int, error) {
	raw, err := t.evalIn(ctx, w, t.refreshExpr(-1))
	if err != nil {
		return nil, 0, err
	}
	ch, err := decodeRefresh(raw)
	if err != nil {
		return nil, 0, err
	}
	if ch.full == nil {
		return nil, 0, fmt.Errorf("decoding the walker's output: a full walk was asked for, a patch came back")
	}
	return ch.full, ch.gen, nil
}

// refreshExpr is the call of the walker's refresh since walk number gen
// (-1 for a full walk).
func (t *Tab) refreshExpr(gen int) string { return t.refreshCall(gen, false) }

// refreshCall is refreshExpr, for a poll (refresh.js: the style sheets'
// rules in turns until something else changed) or not.
func (t *Tab) refreshCall(gen int, poll bool) string {
	return "__ariadne.refresh(" + t.walkOpts() + ", " + strconv.Itoa(gen) + ", " + strconv.FormatBool(poll) + ")"
}

// walkOpts are the walker's options, as a JavaScript object.
func (t *Tab) walkOpts() string {
	if t.b.opts.TextContainers {
		return "{containers: true}"
	}
	return "{}"
}

// ownerHandle returns the handle, in world w, of the iframe element that
// holds child frame id.
func (s *snapshotter) ownerHandle(ctx context.Context, w *world, id cdp.FrameID) (int, error) {
	owner, err := chromedp.Call(ctx, dom.GetFrameOwner, dom.GetFrameOwnerParams{FrameID: id})
	if err != nil {
		return 0, fmt.Errorf("finding its iframe: %w", err)
	}
	return s.handleOfNode(ctx, w, owner.BackendNodeID)
}

// handleOfNode returns the handle, in world w, of the DOM node id.
func (s *snapshotter) handleOfNode(ctx context.Context, w *world, id cdp.BackendNodeID) (int, error) {
	obj, err := chromedp.Call(ctx, dom.ResolveNode, dom.ResolveNodeParams{BackendNodeID: id, ExecutionContextID: w.ctxID})
	if err != nil {
		return 0, fmt.Errorf("resolving its iframe: %w", err)
	}
	res, err := chromedp.Call(ctx, runtime.CallFunctionOn, runtime.CallFunctionOnParams{
		FunctionDeclaration: "function() { return __ariadne.handleOf(this); }",
		ObjectID:            obj.Object.ObjectID,
		ReturnByValue:       new(true),
	})
	chromedp.Call(ctx, runtime.ReleaseObject, runtime.ReleaseObjectParams{ObjectID: obj.Object.ObjectID})
	if err != nil {
		return 0, fmt.Errorf("naming its iframe: %w", err)
	}
	var h int
	if res.Result == nil || json.Unmarshal(res.Result.Value, &h) != nil {
		return 0, fmt.Errorf("naming its iframe: no handle")
	}
	return h, nil
}
