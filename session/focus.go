package session

import (
	"context"
	"strconv"
	"strings"

	"github.com/ariadne-tui/ariadne/browser"
	"github.com/ariadne-tui/ariadne/recordings"
	"github.com/ariadne-tui/ariadne/refs"
)

// This file keeps the keys of a press without a ref secret when they go
// into a focused password field: whatever reports or records them must
// know before they are pressed (the keys may move the focus, the press
// may fail).

// focuser is the browser's reading of the focused element
// (browser.(*Browser).Focused). A browser without it (a test's fake)
// presses without a ref as before: nothing is known of the focus.
type focuser interface {
	Focused(ctx context.Context) (browser.Focus, error)
}

// FocusedSecret reports whether keys pressed without a ref would go into
// a password field of the current tab, or into a focus that cannot be
// read (inside a frame of another origin): what is pressed is then
// masked. A focus that cannot be asked about counts as secret.
func FocusedSecret(ctx context.Context, b Browser) bool {
	fb, ok := b.(focuser)
	if !ok {
		return false
	}
	f, err := fb.Focused(ctx)
	return err != nil || f.Password || !f.Known
}

// focusedField makes the focused password field the element of a press
// without a ref (before it runs), so that its keys are recorded as the
// field's secret (recordings.Secrets.Apply), never as keys. A press that
// edits text in a focus the recorder cannot locate (a password field in a
// frame, a frame of another origin) is refused, nothing done: press with
// the field's ref instead.
func focusedField(ctx context.Context, b Browser, p *pre, keys string) error {
	fb, ok := b.(focuser)
	if !ok {
		return nil
	}
	f, err := fb.Focused(ctx)
	if err != nil {
		return err
	}
	edits := false
	for _, k := range strings.Fields(keys) {
		edits = edits || recordings.EditsText(k)
	}
	switch {
	case !f.Known && edits:
		return refs.Errorf(refs.CodeNotLocatable, "not done: the keys go into a frame of another origin, which the recording cannot read (it may be a password field); press with the ref of the field (take a snapshot to find it)")
	case !f.Password:
		return nil
	case f.Ref == "":
		return refs.Errorf(refs.CodeNotLocatable, "not done: the focused password field is inside a frame and cannot be recorded as a secret; press with its ref (take a snapshot to find it)")
	}
	el, info, err := element(ctx, b, f.Ref)
	if err != nil {
		return err
	}
	p.el, p.tabID, p.url, p.healed = el, info.TabID, info.URL, info.Healed
	return nil
}

// MaskKeys replaces, in the message of err, every quoted key, chord and
// word of keys (pressed into a password field) with [secret]: "unknown
// key "Hunter2"" must not show what was typed. err keeps its code.
func MaskKeys(err error, keys string) error {
	if err == nil {
		return nil
	}
	msg := refs.MessageOf(err)
	quoted := []string{strconv.Quote(keys)}
	for _, w := range strings.Fields(keys) {
		quoted = append(quoted, strconv.Quote(w))
		for _, p := range strings.Split(w, "+") {
			quoted = append(quoted, strconv.Quote(p))
		}
	}
	masked := msg
	for _, q := range quoted {
		masked = strings.ReplaceAll(masked, q, refs.SecretMask)
	}
	if masked == msg {
		return err
	}
	code := refs.CodeOf(err)
	if code == "" {
		code = refs.CodeInternal
	}
	return refs.Errorf(code, "%s", masked)
}
