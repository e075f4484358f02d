package browser

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/page"

	"github.com/ariadne-tui/ariadne/refs"
)

// liveJS reads the page's version from Ariadne's world in the document
// (world/changes.js, pageVersion): a number that moves with every DOM
// mutation, every event that changes what a walk reads (input, change,
// focus), and every change no mutation reports (world/silent.js: a
// control's value or checked state set by a script, a style sheet edited
// through the CSSOM). The world lives in an isolated world: the page
// cannot see or reset it. It counts from the world's install.
const liveJS = `__ariadne.doc + ":" + __ariadne.version()`

// DOMVersion returns a token that changes when the current tab's page
// changes: a navigation or a new document in any frame, a frame added or
// removed, or a change in any frame (liveJS), frames in other processes
// included. It is cheap (the frame tree, then one small evaluation per
// frame whose world exists), for polling: compare it with the token read
// before the last snapshot and snapshot again only when it differs.
// Tokens are only comparable within one tab.
func (b *Browser) DOMVersion(ctx context.Context) (string, error) {
	t, err := b.CurrentTab()
	if err != nil {
		return "", err
	}
	return b.versionOf(ctx, t)
}

// versionOf is DOMVersion for tab t.
func (b *Browser) versionOf(ctx context.Context, t *Tab) (string, error) {
	ctx, cancel := t.opContext(ctx, b.opts.ActionTimeout)
	defer cancel()
	tree, err := t.frameTree(ctx)
	if err != nil {
		return "", b.browserErr(err)
	}
	// Frames in other processes are read through their own sessions.
	tree, sessions := t.fullTree(ctx, tree)
	var sb strings.Builder
	sb.WriteString(string(t.id))
	var walk func(ft *page.FrameTree)
	walk = func(ft *page.FrameTree) {
		f := ft.Frame
		fmt.Fprintf(&sb, "|%s:%s:", f.ID, f.LoaderID)
		sb.WriteString(t.frameVersion(ctx, sessions[f.ID], f))
		for _, c := range ft.ChildFrames {
			walk(c)
		}
	}
	walk(tree)
	if !b.Alive() {
		return "", b.browserErr(fmt.Errorf("the browser is gone"))
	}
	return sb.String(), nil
}

// frameVersion is frame f's part of the DOM version: its world's document
// token and counter, or "?". The world of a document already seen is
// asked in one evaluation; worldIn (which checks it first) installs
// Ariadne's world in a new document, so the counter starts before the
// snapshot that follows. sess is the session of a frame in another
// process, nil for the tab's own.
func (t *Tab) frameVersion(ctx, sess context.Context, f *cdp.Frame) string {
	read := func(w *world) (string, bool) {
		raw, err := t.evalIn(ctx, w, liveJS)
		var v string
		if err != nil || json.Unmarshal(raw, &v) != nil {
			return "", false
		}
		return v, true
	}
	if w := t.knownWorld(f.ID); w != nil && w.loader == f.LoaderID {
		if v, ok := read(w); ok {
			return v
		}
	}
	w, err := t.worldIn(ctx, sess, f)
	if err != nil {
		return "?"
	}
	if v, ok := read(w); ok {
		return v
	}
	return "?"
}

// Follow brings the current tab's snapshot up to date for live follow and
// returns it, or nil when shown (the snapshot on screen) still shows it:
// the same tree, URL, title and tab. A tab whose snapshot refreshes can
// keep is asked only for its changes (Refresh as a poll: one evaluation
// per frame, which also answers that nothing changed, so a quiet page
// costs no more than that). Otherwise (no snapshot of the tab yet, or a
// frame in another process) the tab's DOMVersion is compared with
// version, the one Follow or DOMVersion returned last, and the tab is read
// again (in full) when it moved. It returns the version to pass next time
// ("" when refreshes follow the tab).
func (b *Browser) Follow(ctx context.Context, version string, shown *refs.Snapshot) (*refs.Snapshot, string, error) {
	t, err := b.CurrentTab()
	if err != nil {
		return nil, "", err
	}
	var v string
	if !t.refreshes() {
		if v, err = b.versionOf(ctx, t); err != nil {
			return nil, "", err
		}
	}
	var snap *refs.Snapshot
	if v != "" && v == version {
		snap = t.held()
	} else {
		if snap, err = t.pollRefresh(ctx); err != nil {
			return nil, "", b.browserErr(err)
		}
	}
	if snap == nil {
		return nil, v, nil
	}
	snap.TabIndex = b.tabIndex(t)
	if shown != nil && snap.Root == shown.Root && snap.URL == shown.URL && snap.Title == shown.Title && snap.TabIndex == shown.TabIndex {
		return nil, v, nil
	}
	return snap, v, nil
}

// refreshes reports whether the tab's next Refresh can read only what
// changed: the tab has a snapshot, and no frame of it was read through its
// own target.
func (t *Tab) refreshes() bool {
	t.liveMu.Lock()
	defer t.liveMu.Unlock()
	return t.live != nil && !t.live.remote
}

// held returns a copy of the tab's last snapshot or refresh, nil if none.
func (t *Tab) held() *refs.Snapshot {
	t.liveMu.Lock()
	defer t.liveMu.Unlock()
	if t.live == nil {
		return nil
	}
	snap := *t.live.snap
	return &snap
}

// pollRefresh is Refresh as live follow's poll (refreshLocked).
func (t *Tab) pollRefresh(ctx context.Context) (*refs.Snapshot, error) {
	t.liveMu.Lock()
	defer t.liveMu.Unlock()
	return t.refreshLocked(ctx, true)
}
