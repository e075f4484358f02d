package browser

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/ariadne-tui/ariadne/refs"
)

// This file tells which element has focus in the current tab, for the
// keys a press without a ref sends there: when it is a password field,
// what is pressed is a secret, masked in results and recorded as one.

// Focus is the element that has focus in the current tab.
type Focus struct {
	// Ref is its ref; "" when the page itself has focus (the body), or
	// the focused element is inside a frame (Password still says what
	// it is when the frame is of the same origin).
	Ref string
	// Password is set for an <input type=password>.
	Password bool
	// Known is false when the focus is inside a frame of another origin,
	// which the main document cannot look into: it may be a password.
	Known bool
}

// focusJS finds the focused element through open shadow roots and frames
// of the same origin: its handle (in the main document only), whether it
// is a password field, and whether it could be read.
const focusJS = `() => {
	let el = document.activeElement, top = true;
	for (;;) {
		while (el && el.shadowRoot && el.shadowRoot.activeElement) el = el.shadowRoot.activeElement;
		if (!el || (el.tagName !== 'IFRAME' && el.tagName !== 'FRAME')) break;
		let d = null;
		try { d = el.contentDocument; } catch (e) {}
		if (!d) return { known: false };
		el = d.activeElement;
		top = false;
	}
	if (!el || el === el.ownerDocument.body || el === el.ownerDocument.documentElement) return { known: true };
	const pw = __ariadne.isSecret(el); // a password field, or one filled as a secret (this frame's marks)
	return { known: true, pw, h: top ? __ariadne.handleOf(el) : 0 };
}`

type focusFacts struct {
	Known bool `json:"known"`
	Pw    bool `json:"pw"`
	H     int  `json:"h"`
}

// Focused reports the element that has focus in the current tab. Its ref
// is the one the snapshots gave it, or one a fresh snapshot gives it.
func (b *Browser) Focused(ctx context.Context) (Focus, error) {
	t, err := b.CurrentTab()
	if err != nil {
		return Focus{}, err
	}
	cctx, cancel := t.opContext(ctx, b.opts.ActionTimeout)
	defer cancel()
	f, key, err := t.focused(cctx)
	if err != nil {
		return Focus{}, b.browserErr(err)
	}
	out := Focus{Password: f.Pw, Known: f.Known}
	if f.H == 0 {
		return out, nil
	}
	ref, ok := b.refs.RefFor(key)
	if !ok {
		if _, err := t.Snapshot(cctx); err != nil {
			return out, b.browserErr(err)
		}
		ref, _ = b.refs.RefFor(key)
	}
	out.Ref = ref
	return out, nil
}

// focused reads the focus facts of the tab's main document and the ref
// key of the focused element (its handle is 0 when it has none).
func (t *Tab) focused(ctx context.Context) (focusFacts, refs.Key, error) {
	tree, err := t.frameTree(ctx)
	if err != nil {
		return focusFacts{}, refs.Key{}, err
	}
	w, err := t.worldFor(ctx, tree.Frame)
	if err != nil {
		return focusFacts{}, refs.Key{}, err
	}
	raw, err := t.callIn(ctx, w, focusJS)
	if err != nil {
		return focusFacts{}, refs.Key{}, fmt.Errorf("reading the focused element: %w", err)
	}
	var f focusFacts
	if err := json.Unmarshal(raw, &f); err != nil {
		return focusFacts{}, refs.Key{}, fmt.Errorf("reading the focused element: %w", err)
	}
	return f, refs.Key{Tab: string(t.id), Frame: string(tree.Frame.ID), Doc: w.doc, Handle: f.H}, nil
}
