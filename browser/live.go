package browser

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/chromedp/cdproto/page"
)

// liveJS counts DOM mutations in the document of the world it runs in. The
// counter lives in Ariadne's isolated world (the page cannot see or reset
// it) and is installed on first use; it counts what happened since.
const liveJS = `(() => {
  if (!globalThis.__ariadneLive) {
    let n = 0;
    new MutationObserver((records) => { n += records.length; })
      .observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
    globalThis.__ariadneLive = () => n;
  }
  return globalThis.__ariadneLive();
})()`

// DOMVersion returns a token that changes when the current tab's page
// changes: a navigation or a new document in any frame, a frame added or
// removed, or a DOM mutation in any frame. It is
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
