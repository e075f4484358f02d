package browser

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/chromedp/cdproto/page"
)

// liveJS reads the page's version from Ariadne's world in the document
// (world/changes.js, pageVersion): a number that moves with every DOM
// mutation, every event that changes what a walk reads (input, change,
// focus), and every change no mutation reports (world/silent.js: a
// control's value or checked state set by a script, a style sheet edited
// through the CSSOM). The world lives in an isolated world: the page
// cannot see or reset it. It counts from the world's install.
const liveJS = `__ariadne.version()`

// DOMVersion returns a token that changes when the current tab's page
// changes: a navigation or a new document in any frame, a frame added or
// removed, or a change in any frame (liveJS). It is
// cheap (two small evaluations per frame), for polling: compare it with
// the token read before the last snapshot and snapshot again only when it
// differs. Tokens are only comparable within one tab.
func (b *Browser) DOMVersion(ctx context.Context) (string, error) {
	t, err := b.CurrentTab()
	if err != nil {
		return "", err
	}
	ctx, cancel := t.opContext(ctx, b.opts.ActionTimeout)
	defer cancel()
	tree, err := t.frameTree(ctx)
	if err != nil {
		return "", b.browserErr(err)
	}
	var sb strings.Builder
	sb.WriteString(string(t.id))
	var walk func(ft *page.FrameTree)
	walk = func(ft *page.FrameTree) {
		f := ft.Frame
		fmt.Fprintf(&sb, "|%s:%s:", f.ID, f.LoaderID)
		// worldFor installs Ariadne's world in a new document, so the
		// counter starts before the snapshot that follows this call.
		if w, err := t.worldFor(ctx, f); err == nil {
			raw, err := t.evalIn(ctx, w, liveJS)
			var n int64
			if err == nil && json.Unmarshal(raw, &n) == nil {
				fmt.Fprintf(&sb, "%s:%d", w.doc, n)
			} else {
				sb.WriteString("?")
			}
		} else {
			sb.WriteString("?")
		}
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
