package browser

import (
	"context"
	"errors"
	"fmt"

	"github.com/chromedp/cdproto/cdp"

	"github.com/ariadne-tui/ariadne/refs"
)

// Incremental snapshots. Each frame's world notes what changed in its
// document since the last walk (world/changes.js); Refresh asks every
// frame for those changes, and the world re-walks only the changed
// subtrees (world/refresh.js). Each subtree replaces one node of the last
// snapshot (snapshot_splice.go): the new tree shares every other node with
// the old one, which is never changed in place. Refs are assigned as a
// full snapshot would assign them. A full snapshot remains the fallback: a
// frame came, went or navigated, a frame lives in another process, a world
// could not bound its changes, or a changed subtree holds an iframe.

// liveState is what the tab's last snapshot or refresh read.
type liveState struct {
	snap *refs.Snapshot
	main cdp.FrameID
	// frames are the frames walked (a frame whose iframe is hidden is not).
	frames map[cdp.FrameID]*frameLive
	// paths locate every node with a ref in snap.Root: child indexes from
	// the root. A refresh replaces one node by one node, so the paths
	// outside the replaced subtrees stay true.
	paths map[string][]int32
	// orders are the elements per frame, role and name in document order
	// (snapshot_order.go), kept true with paths.
	orders orders
	// remote is set when a frame was read through its own target
	// (snapshot_oopif.go): refreshes then take full snapshots.
	remote bool
	// full is set when a full snapshot made this state.
	full bool
}

// frameLive is what Ariadne knows of one frame's document.
type frameLive struct {
	doc     string
	loader  cdp.LoaderID
	gen     int          // the last walk's number in the world (refresh.js)
	offset  [2]float64   // the document's viewport in the main viewport
	present map[int]bool // handles of the document's elements in the snapshot
}

// presentIn lists the handles of the elements of a walk.
func presentIn(rs *rawSnapshot) map[int]bool {
	present := make(map[int]bool, len(rs.Nodes)/2)
	for i := range rs.Nodes {
		if rs.Nodes[i].R != "#" {
			present[rs.Nodes[i].H] = true
		}
	}
	return present
}

// errRefreshFull makes Refresh take a full snapshot.
var errRefreshFull = errors.New("a full snapshot is needed")

// Refresh brings the current tab's snapshot up to date at the cost of what
// changed since the last snapshot or refresh (see Tab.Refresh).
func (b *Browser) Refresh(ctx context.Context) (*refs.Snapshot, error) {
	return b.onCurrentTab(func(t *Tab) (*refs.Snapshot, error) { return t.Refresh(ctx) })
}

// Refresh returns the tab's snapshot as a full Snapshot would, walking only
// the subtrees that changed since the tab's last snapshot or refresh.
// Unchanged nodes are those of the last snapshot (same pointers); nodes
// are never changed in place, so an older snapshot stays as it was. Boxes
// of nodes outside the re-walked subtrees are as of their last walk (as
// after a scroll).
func (t *Tab) Refresh(ctx context.Context) (*refs.Snapshot, error) {
	t.liveMu.Lock()
	defer t.liveMu.Unlock()
	return t.refreshLocked(ctx, false)
}

// refreshLocked is Refresh; the caller holds liveMu. A poll (live
// follow's check, Follow) reads the style sheets' rules in turns while
// nothing else changed, as the DOM version check does, and all of them
// before it walks.
func (t *Tab) refreshLocked(ctx context.Context, poll bool) (*refs.Snapshot, error) {
	snap, err := t.refresh(ctx, poll)
	if errors.Is(err, errRefreshFull) {
		return t.fullSnapshot(ctx)
	}
	if err != nil {
		t.live = nil
		return nil, err
	}
	return snap, nil
}

func (t *Tab) refresh(ctx context.Context, poll bool) (*refs.Snapshot, error) {
	st := t.live
	if st == nil || st.remote {
		return nil, errRefreshFull
	}
	ctx, cancel := t.opContext(ctx, t.b.opts.NavTimeout)
	defer cancel()
	// No frame tree is read: a frame that navigated lost its world (the
	// evaluation fails), and a frame that came or went changed its
	// parent's document around an iframe, which a refresh does not splice.
	st.index()
	snap := *st.snap
	next := &liveState{main: st.main, frames: st.frames, paths: st.paths, orders: st.orders}
	for id, fl := range st.frames {
		w := t.knownWorld(id)
		if w == nil || w.doc != fl.doc || w.loader != fl.loader {
			return nil, errRefreshFull
		}
		raw, err := t.evalIn(ctx, w, t.refreshCall(fl.gen, poll))
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
			continue
		}
		if ch.full != nil {
			return nil, errRefreshFull
		}
		sp := &splicer{table: t.b.refs, tab: string(t.id), frame: id, fl: fl, paths: next.paths, orders: next.orders}
		if err := sp.apply(&snap, ch.patches); err != nil {
			return nil, err
		}
		fl.gen = ch.gen
		if id == st.main {
			snap.URL, snap.Title = ch.url, ch.title
		}
	}
	held := snap
	next.snap = &held
	t.live = next
	return &snap, nil
}

// index makes the paths and orders of a state a full snapshot made: they
// are built on the first refresh, so that snapshots never refreshed do not
// pay for them.
func (st *liveState) index() {
	if st.paths != nil {
		return
	}
	st.paths = make(map[string][]int32, st.snap.Count)
	st.orders = orders{}
	addIndex(st.paths, st.orders, st.snap.Root, nil)
}

// errNotHere is a patch that does not fit the snapshot held.
func errNotHere(format string, a ...any) error {
	return fmt.Errorf("%w: "+format, append([]any{errRefreshFull}, a...)...)
}
