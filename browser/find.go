package browser

import (
	"context"
	"encoding/json"
	"fmt"
	"math"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/page"

	"github.com/ariadne-tui/ariadne/refs"
)

// This file goes the other way from locators.go: from a locator to the
// elements it matches, as Playwright would resolve it, for the replay of
// recordings; and it reads what a recorder and a replay's assertions need
// to know about one element (ElementInfo, ElementState).

// Find returns the refs of the elements loc matches in tab n (1-based, as
// Tabs numbers them; 0 is the current tab), in Playwright's order. It takes
// a snapshot of the tab first, so that every element of the ARIA tree has a
// ref. An element that matches but is not in the ARIA tree (hidden, or
// aria-hidden) has no ref: its entry is "". A frame part that matches
// several iframes is entered in each of them.
func (b *Browser) Find(ctx context.Context, tab int, loc refs.Locator) ([]string, error) {
	out, err := b.findEach(ctx, tab, nil, []refs.Locator{loc}, false)
	if err != nil {
		return nil, err
	}
	return out[0], nil
}

// FindEach is Find for several locators, against one snapshot, for
// replays: a match outside the ARIA tree gets a ref of its own (replays
// act on what a locator finds, as Playwright does). A locator Ariadne
// cannot evaluate (a bad_argument from Find) matches nothing here, so that
// one odd fallback does not hide the others.
func (b *Browser) FindEach(ctx context.Context, tab int, locs []refs.Locator) ([][]string, error) {
	return b.findEach(ctx, tab, nil, locs, true)
}

// FindIn is FindEach inside the frame that framePath reaches from the main
// frame, child frame by child frame, in the order Chrome lists them (a
// DevTools Recorder step's "frame"): frame parts of locs are then entered
// from there. A path the tab has no frame at is a frame_detached error
// that says how far it got.
func (b *Browser) FindIn(ctx context.Context, tab int, framePath []int, locs []refs.Locator) ([][]string, error) {
	return b.findEach(ctx, tab, framePath, locs, true)
}

func (b *Browser) findEach(ctx context.Context, tab int, framePath []int, locs []refs.Locator, lenient bool) ([][]string, error) {
	t, err := b.tabAt(tab)
	if err != nil {
		return nil, err
	}
	if _, err := t.Snapshot(ctx); err != nil {
		return nil, b.browserErr(err)
	}
	fctx, cancel := t.opContext(ctx, b.opts.NavTimeout)
	defer cancel()
	tree, err := t.frameTree(fctx)
	if err != nil {
		return nil, b.browserErr(err)
	}
	tree, sessions := t.fullTree(fctx, tree)
	root, err := frameAt(tree, framePath)
	if err != nil {
		return nil, err
	}
	f := &finder{t: t, root: root, sessions: sessions, owners: map[cdp.FrameID]map[int]*page.FrameTree{}, anyElement: lenient}
	out := make([][]string, len(locs))
	for i, loc := range locs {
		out[i], err = f.find(fctx, loc)
		if err != nil && lenient && refs.CodeOf(err) == refs.CodeBadArgument {
			out[i], err = nil, nil
		}
		if err != nil {
			return nil, b.browserErr(err)
		}
	}
	return out, nil
}

// tabAt returns tab n (1-based), or the current tab for 0.
func (b *Browser) tabAt(n int) (*Tab, error) {
	if n == 0 {
		return b.CurrentTab()
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	if n < 1 || n > len(b.tabs) {
		return nil, refs.Errorf(refs.CodeNoTab, "there is no tab %d (tabs 1-%d are open)", n, len(b.tabs))
	}
	return b.tabs[n-1], nil
}

// finder resolves locators in one tab, remembering which iframe element
// holds which child frame.
type finder struct {
	t *Tab
	// root is the frame locators are looked up from: the main frame, or
	// the one a frame path reaches.
	root *page.FrameTree
	// sessions are those of the frames outside the tab's own session
	// (fullTree).
	sessions map[cdp.FrameID]context.Context
	owners   map[cdp.FrameID]map[int]*page.FrameTree // frame -> iframe handle -> child frame
	// anyElement gives refs to matches outside the ARIA tree too
	// (FindEach, for replays).
	anyElement bool
}

// find resolves one locator: its frame parts first, each entered from
// the documents the previous ones reached, then the rest in each of those.
func (f *finder) find(ctx context.Context, loc refs.Locator) ([]string, error) {
	if err := loc.Validate(); err != nil {
		return nil, refs.Wrap(refs.CodeBadArgument, err, "cannot look up %s", loc)
	}
	frames := []*page.FrameTree{f.root}
	parts := loc.Parts
	for len(parts) > 0 && parts[0].Kind == refs.KindFrame {
		css := []refs.Part{{Kind: refs.KindCSS, CSS: parts[0].CSS}}
		var next []*page.FrameTree
		for _, ft := range frames {
			w, err := f.t.worldIn(ctx, f.sessions[ft.Frame.ID], ft.Frame)
			if err != nil {
				return nil, err
			}
			hs, err := f.run(ctx, w, css)
			if err != nil {
				return nil, err
			}
			owners, err := f.children(ctx, ft, w)
			if err != nil {
				return nil, err
			}
			for _, h := range hs {
				if child := owners[h]; child != nil {
					next = append(next, child)
				}
			}
		}
		frames, parts = next, parts[1:]
	}
	for _, p := range parts {
		if p.Kind == refs.KindFrame {
			return nil, refs.Errorf(refs.CodeBadArgument, "cannot look up %s: frame parts must come before the others", loc)
		}
	}
	var out []string
	for _, ft := range frames {
		w, err := f.t.worldIn(ctx, f.sessions[ft.Frame.ID], ft.Frame)
		if err != nil {
			return nil, err
		}
		hs, err := f.run(ctx, w, parts)
		if err != nil {
			return nil, err
		}
		for _, h := range hs {
			k := refs.Key{Tab: string(f.t.id), Frame: string(ft.Frame.ID), Doc: w.doc, Handle: h}
			ref, ok := f.t.b.refs.RefFor(k)
			if !ok && f.anyElement {
				// Not in the ARIA tree (an SVG path, a role-less span in a
				// shadow root, a hidden element): a ref of its own, as
				// Playwright acts on whatever its locator finds. No role or
				// name, and an index no heal matches.
				ref = f.t.b.refs.Assign(k, "", "", math.MaxInt32)
			}
			out = append(out, ref)
		}
	}
	return out, nil
}

// run evaluates parts (no frame parts) in world w and returns the handles
// of the elements they match.
func (f *finder) run(ctx context.Context, w *world, parts []refs.Part) ([]int, error) {
	req := struct {
		Attr  string      `json:"attr"`
		Parts []refs.Part `json:"parts"`
	}{f.t.b.opts.TestIDAttribute, parts}
	raw, err := f.t.callIn(ctx, w, "(r) => __ariadne.locate.find(r)", req)
	if err != nil {
		return nil, fmt.Errorf("finding %s: %w", refs.Locator{Parts: parts}, err)
	}
	var s string
	if err := json.Unmarshal(raw, &s); err != nil {
		return nil, fmt.Errorf("finding %s: %w", refs.Locator{Parts: parts}, err)
	}
	if s == "null" {
		return nil, refs.Errorf(refs.CodeBadArgument, "Ariadne cannot evaluate %s (role filters such as checked= are not supported)", refs.Locator{Parts: parts})
	}
	var hs []int
	if err := json.Unmarshal([]byte(s), &hs); err != nil {
		return nil, fmt.Errorf("finding %s: decoding %s: %w", refs.Locator{Parts: parts}, s, err)
	}
	return hs, nil
}

// children maps the handles of ft's iframe elements, in world w, to the
// child frames they hold.
func (f *finder) children(ctx context.Context, ft *page.FrameTree, w *world) (map[int]*page.FrameTree, error) {
	if m, ok := f.owners[ft.Frame.ID]; ok {
		return m, nil
	}
	m := map[int]*page.FrameTree{}
	s := &snapshotter{t: f.t}
	bctx, cancel := w.bind(ctx)
	defer cancel()
	for _, c := range ft.ChildFrames {
		h, err := s.ownerHandle(bctx, w, c.Frame.ID)
		if err != nil {
			continue // a frame going away: it holds nothing to find
		}
		m[h] = c
	}
	f.owners[ft.Frame.ID] = m
	return m, nil
}

// ElementInfo is what a recorder needs to know about an element besides
// its locators.
type ElementInfo struct {
	Ref   string `json:"ref"`
	TabID string `json:"tabId"` // the target id of its tab
	URL   string `json:"url"`   // the URL of its tab's main document
	// FramePath is the index of each frame among its parent's child
	// frames, from the main frame down to the element's; nil in the main
	// frame.
	FramePath []int  `json:"framePath,omitempty"`
	Tag       string `json:"tag"`
	Type      string `json:"type,omitempty"` // an input's type
	// Password is set for <input type=password>, and for a field Ariadne
	// filled as a secret (whatever its type is now): what is typed there
	// is a secret.
	Password bool `json:"password,omitempty"`
	// Healed is set when reading the element healed its ref (a framework
	// had re-rendered it): the action that follows then cannot tell.
	Healed bool `json:"healed,omitempty"`
}

// Info reads what a recorder needs to know about ref's element.
func (b *Browser) Info(ctx context.Context, ref string) (ElementInfo, error) {
	el, err := b.resolve(ctx, ref)
	if err != nil {
		return ElementInfo{}, err
	}
	ictx, cancel := el.tab.opContext(ctx, b.opts.ActionTimeout)
	defer cancel()
	var p probe
	if err := el.call(ictx, "probe", &p); err != nil {
		return ElementInfo{}, err
	}
	if !p.Connected {
		return ElementInfo{}, refs.Errorf(refs.CodeStaleRef, "ref %s is gone; take a new snapshot", el.ref)
	}
	tree, err := el.tab.frameTree(ictx)
	if err != nil {
		return ElementInfo{}, b.browserErr(err)
	}
	info := ElementInfo{Ref: el.ref, TabID: string(el.tab.id), URL: tree.Frame.URL + tree.Frame.URLFragment,
		Tag: p.Tag, Type: p.Type, Password: p.Secret || (p.Tag == "input" && p.Type == "password"), Healed: el.healed}
	full, _ := el.tab.fullTree(ictx, tree)
	info.FramePath = framePath(full, el.frame.ID)
	return info, nil
}

// frameAt returns the frame that path reaches from ft, child by child.
func frameAt(ft *page.FrameTree, path []int) (*page.FrameTree, error) {
	for depth, i := range path {
		if i < 0 || i >= len(ft.ChildFrames) {
			where := "the main frame"
			if depth > 0 {
				where = fmt.Sprintf("frame %v", path[:depth])
			}
			return nil, refs.Errorf(refs.CodeFrameDetached, "the page has no frame %v: %s has %d child frames", path, where, len(ft.ChildFrames))
		}
		ft = ft.ChildFrames[i]
	}
	return ft, nil
}

// framePath is the index of each frame on the way from the main frame to
// id among its parent's children; nil for the main frame or a frame that
// is gone.
func framePath(ft *page.FrameTree, id cdp.FrameID) []int {
	if ft.Frame.ID == id {
		return nil
	}
	for i, c := range ft.ChildFrames {
		if c.Frame.ID == id {
			return []int{i}
		}
		if p := framePath(c, id); p != nil {
			return append([]int{i}, p...)
		}
	}
	return nil
}

// ElementState is what Playwright's assertions read of an element.
type ElementState struct {
	// Text is the element's text as toHaveText reads it, whitespace
	// normalized.
	Text string `json:"text"`
	// Value is an input's, textarea's or select's value; nil for other
	// elements.
	Value *string `json:"value"`
	// Checked is a checkbox's or radio's state (or aria-checked); nil when
	// the element is not checkable.
	Checked *bool  `json:"checked"`
	Enabled bool   `json:"enabled"`
	Visible bool   `json:"visible"`
	Tag     string `json:"tag"`
	Type    string `json:"type,omitempty"`
	// Password is set for <input type=password>: Value is then compared,
	// never shown.
	Password bool `json:"password,omitempty"`
}

// State reads the state of ref's element for assertions.
func (b *Browser) State(ctx context.Context, ref string) (ElementState, error) {
	el, err := b.resolve(ctx, ref)
	if err != nil {
		return ElementState{}, err
	}
	sctx, cancel := el.tab.opContext(ctx, b.opts.ActionTimeout)
	defer cancel()
	req := struct {
		Attr string `json:"attr"`
		H    int    `json:"h"`
	}{b.opts.TestIDAttribute, el.handle}
	raw, err := el.tab.callIn(sctx, el.world, "(r) => __ariadne.locate.state(r)", req)
	if err != nil {
		return ElementState{}, b.browserErr(fmt.Errorf("reading the state of ref %s: %w", el.ref, err))
	}
	var s string
	if err := json.Unmarshal(raw, &s); err != nil {
		return ElementState{}, fmt.Errorf("reading the state of ref %s: %w", el.ref, err)
	}
	if s == "null" {
		return ElementState{}, refs.Errorf(refs.CodeStaleRef, "ref %s is gone; take a new snapshot", el.ref)
	}
	var st ElementState
	if err := json.Unmarshal([]byte(s), &st); err != nil {
		return ElementState{}, fmt.Errorf("reading the state of ref %s: decoding %s: %w", el.ref, s, err)
	}
	return st, nil
}
