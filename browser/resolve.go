package browser

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/page"

	"github.com/ariadne-tui/ariadne/refs"
)

// element is a ref resolved to a live element.
type element struct {
	ref    string
	tab    *Tab
	frame  *cdp.Frame
	world  *world
	handle int
	entry  refs.Entry
	healed bool
	// offset of the frame's viewport in the main frame's viewport.
	offset [2]float64
}

// resolve finds the live element of ref: in the tab and frame that produced
// it, in the same document. A ref of a document that is gone is stale; an
// element a framework re-rendered is healed by role, name and index.
func (b *Browser) resolve(ctx context.Context, raw string) (*element, error) {
	ref, err := refs.ParseRef(raw)
	if err != nil {
		return nil, err
	}
	e, err := b.refs.Lookup(ref)
	if err != nil {
		return nil, err
	}
	tab, err := b.tabFor(e.Tab)
	if err != nil {
		return nil, err
	}
	ctx, cancel := tab.bind(ctx)
	defer cancel()
	tree, err := tab.frameTree(ctx)
	if err != nil {
		return nil, b.browserErr(err)
	}
	place, err := tab.placeFrame(ctx, tree, cdp.FrameID(e.Frame))
	if err != nil {
		return nil, b.browserErr(err)
	}
	if place == nil {
		main := tab.knownWorld(tree.Frame.ID)
		if main == nil || main.loader != tree.Frame.LoaderID {
			return nil, staleRef(ref, e, "its page navigated away")
		}
		return nil, refs.Errorf(refs.CodeFrameDetached, "ref %s (%s %q) was in a frame that is gone; take a new snapshot", ref, e.Role, e.Name)
	}
	frame := place.frame()
	known := tab.knownWorld(frame.ID)
	if known == nil || known.doc != e.Doc || known.loader != frame.LoaderID {
		return nil, staleRef(ref, e, "the page navigated or reloaded since")
	}
	w, err := tab.worldIn(ctx, place.sess, frame)
	if err != nil {
		return nil, b.browserErr(err)
	}
	if w.doc != e.Doc {
		return nil, staleRef(ref, e, "the page navigated or reloaded since")
	}
	t := &element{ref: ref, tab: tab, frame: frame, world: w, handle: e.Handle, entry: e}
	var alive bool
	raw2, err := tab.callIn(ctx, w, "(h) => !!__ariadne.act.element(h)", e.Handle)
	if err == nil {
		err = json.Unmarshal(raw2, &alive)
	}
	if err != nil {
		return nil, b.browserErr(fmt.Errorf("checking ref %s: %w", ref, err))
	}
	if !alive {
		h, err := t.heal(ctx)
		if err != nil {
			return nil, err
		}
		b.refs.Rebind(ref, h)
		t.handle, t.healed = h, true
	}
	if t.offset, err = tab.placeOrigin(ctx, place); err != nil {
		return nil, err
	}
	return t, nil
}

func staleRef(ref string, e refs.Entry, why string) error {
	return refs.Errorf(refs.CodeStaleRef, "ref %s (%s %q) is stale: %s; take a new snapshot and use its refs", ref, e.Role, e.Name, why)
}

// findFrame returns the path of frames from the main frame to id, or nil.
func findFrame(ft *page.FrameTree, id cdp.FrameID) []*cdp.Frame {
	if ft.Frame.ID == id {
		return []*cdp.Frame{ft.Frame}
	}
	for _, c := range ft.ChildFrames {
		if p := findFrame(c, id); p != nil {
			return append([]*cdp.Frame{ft.Frame}, p...)
		}
	}
	return nil
}

// heal finds the element that now has the ref's role, name and index among
// equals in the same document, after the original node was replaced.
func (el *element) heal(ctx context.Context) (int, error) {
	if el.entry.Role == "" {
		// An element outside the ARIA tree (found by a replay): nothing
		// tells what replaced it.
		return 0, refs.Errorf(refs.CodeStaleRef, "ref %s is gone from the page; look it up again", el.ref)
	}
	raw, err := el.tab.evalIn(ctx, el.world, "__ariadne.snapshot()")
	if err != nil {
		return 0, fmt.Errorf("healing ref %s: %w", el.ref, err)
	}
	var str string
	var rs rawSnapshot
	if err := json.Unmarshal(raw, &str); err != nil {
		return 0, fmt.Errorf("healing ref %s: %w", el.ref, err)
	}
	if err := json.Unmarshal([]byte(str), &rs); err != nil {
		return 0, fmt.Errorf("healing ref %s: %w", el.ref, err)
	}
	var same []int
	for _, n := range rs.Nodes {
		if n.R == el.entry.Role && n.N == el.entry.Name {
			same = append(same, n.H)
		}
	}
	switch {
	case el.entry.Index < len(same):
		return same[el.entry.Index], nil
	case len(same) == 1:
		return same[0], nil
	}
	return 0, refs.Errorf(refs.CodeStaleRef, "ref %s (%s %q) is gone from the page and no element with that role and name replaced it; take a new snapshot", el.ref, el.entry.Role, el.entry.Name)
}

// call runs a function of __ariadne.act on the target element and decodes
// its JSON result into out (which may be nil).
func (el *element) call(ctx context.Context, fn string, out any, args ...any) error {
	all := append([]any{el.handle}, args...)
	raw, err := el.tab.callIn(ctx, el.world, "(h, ...a) => __ariadne.act."+fn+"(h, ...a)", all...)
	if err != nil {
		return el.tab.b.browserErr(fmt.Errorf("%s on ref %s: %w", fn, el.ref, err))
	}
	if out == nil {
		return nil
	}
	if err := json.Unmarshal(raw, out); err != nil {
		return fmt.Errorf("%s on ref %s: decoding %s: %w", fn, el.ref, raw, err)
	}
	return nil
}

// bind derives a context for work on this tab that ends when ctx ends or
// its deadline passes.
func (t *Tab) bind(ctx context.Context) (context.Context, context.CancelFunc) {
	c, cancel := context.WithCancel(t.base())
	if dl, ok := ctx.Deadline(); ok {
		c, cancel = context.WithDeadline(t.base(), dl)
	}
	stop := context.AfterFunc(ctx, cancel)
	return c, func() { stop(); cancel() }
}
