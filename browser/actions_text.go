package browser

import (
	"context"
	"fmt"
	"time"

	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"

	"github.com/ariadne-tui/ariadne/refs"
)

// This file fills, clears, types into and presses keys on elements.

// fillState is prepareFill's answer.
type fillState struct {
	Mode     string `json:"mode"`
	Secret   bool   `json:"secret"` // a password field
	Error    string `json:"error"`
	Tag      string `json:"tag"`
	Type     string `json:"type"`
	ReadOnly bool   `json:"readOnly"`
	Disabled bool   `json:"disabled"`
}

func (el *element) notEditable(f fillState) error {
	why := "it is not a text field or editable element"
	switch {
	case f.Disabled:
		why = "it is disabled"
	case f.ReadOnly:
		why = "it is read-only"
	}
	return refs.Errorf(refs.CodeNotEditable, "ref %s (%s %q, <%s>) cannot be filled: %s; pick a textbox, textarea or contenteditable ref", el.ref, el.entry.Role, el.entry.Name, f.Tag, why)
}

// waitEditable waits (within ctx) until the element can take text; a
// disabled one may become enabled. secret marks the field a secret (the
// text comes from one). A field still disabled when ctx ends is
// not_editable, whether the last look or the wait saw the end.
func (el *element) waitEditable(ctx context.Context, secret bool) (fillState, error) {
	var f fillState
	for {
		last := f
		if err := el.call(ctx, "prepareFill", &f, secret); err != nil {
			if last.Disabled && ctx.Err() != nil {
				return last, el.notEditable(last)
			}
			return f, err
		}
		switch {
		case f.Error == "":
			return f, nil
		case f.Error == "gone":
			h, err := el.heal(ctx)
			if err != nil {
				return f, err
			}
			el.tab.b.refs.Rebind(el.ref, h)
			el.handle, el.healed = h, true
			continue
		case f.Disabled && sleep(ctx, 50*time.Millisecond) == nil:
			continue // may become enabled
		}
		return f, el.notEditable(f)
	}
}

// Fill replaces the value of a textbox, textarea or contenteditable with
// text, firing input and change as a user's typing would.
func (b *Browser) Fill(ctx context.Context, ref, text string, o ActionOptions) (*ActionResult, error) {
	return b.act(ctx, ref, o, func(ctx context.Context, el *element, res *ActionResult) error {
		f, err := el.waitEditable(ctx, o.Secret)
		if err != nil {
			return err
		}
		if f.Mode == "value" {
			if err := el.call(ctx, "setValue", nil, text); err != nil {
				return err
			}
		} else if text == "" {
			if err := pressChords(ctx, []chord{{key: []rune(kbDelete)[0], name: "Delete"}}); err != nil {
				return err
			}
		} else if _, err := chromedp.Call(ctx, input.InsertText, input.InsertTextParams{Text: text}); err != nil {
			return fmt.Errorf("inserting text: %w", err)
		}
		var v *string
		if err := el.call(ctx, "finishFill", &v); err != nil {
			return err
		}
		// A password field before, during or after the fill: a secret.
		res.Secret = f.Secret
		if !res.Secret {
			if err := el.call(ctx, "secret", &res.Secret, false); err != nil {
				return err
			}
		}
		if v != nil && !res.Secret {
			res.Value = *v
		}
		return nil
	})
}

const kbDelete = "\u007f"

// Clear empties a field.
func (b *Browser) Clear(ctx context.Context, ref string, o ActionOptions) (*ActionResult, error) {
	return b.Fill(ctx, ref, "", o)
}

// Type focuses the element and types text key by key, as a user would
// (keydown, keypress/input, keyup for each character).
func (b *Browser) Type(ctx context.Context, ref, text string, o ActionOptions) (*ActionResult, error) {
	return b.act(ctx, ref, o, func(ctx context.Context, el *element, res *ActionResult) error {
		var p probe
		if err := el.call(ctx, "probe", &p); err != nil {
			return err
		}
		if !o.Force && !p.Editable {
			return el.notEditable(fillState{Tag: p.Tag, Type: p.Type, Disabled: !p.Enabled})
		}
		if err := el.call(ctx, "focus", nil); err != nil {
			return err
		}
		// A password field before or after the focus (a page may make it
		// one on focus), or a secret's text: a secret for good.
		if err := el.call(ctx, "secret", &res.Secret, o.Secret || p.Secret); err != nil {
			return err
		}
		if err := chromedp.Do(ctx, chromedp.KeyEvent(text)); err != nil {
			return fmt.Errorf("typing: %w", err)
		}
		var after bool
		if err := el.call(ctx, "secret", &after, res.Secret); err == nil {
			res.Secret = res.Secret || after
		}
		var v *string
		if err := el.call(ctx, "value", &v); err == nil && v != nil && !res.Secret {
			res.Value = *v
		}
		return nil
	})
}

// Press presses keys or chords ("Enter", "Control+A", "Shift+Tab"). With a
// ref, the element is focused first; without one, the keys go to whatever
// has focus in the current tab. Keys pressed into a password field (the
// ref's, or the focused one, read before the keys move the focus) set
// Secret; so does a focus inside a frame of another origin, which cannot
// be read.
func (b *Browser) Press(ctx context.Context, ref, keys string, o ActionOptions) (*ActionResult, error) {
	chords, err := parseKeys(keys)
	if err != nil {
		return nil, err
	}
	return b.act(ctx, ref, o, func(ctx context.Context, el *element, res *ActionResult) error {
		if el == nil {
			t, err := b.CurrentTab()
			if err != nil {
				return err
			}
			f, _, err := t.focused(ctx)
			if err != nil {
				return err
			}
			res.Secret = f.Pw || !f.Known
		} else {
			var p probe
			if err := el.call(ctx, "probe", &p); err != nil {
				return err
			}
			if err := el.call(ctx, "focus", nil); err != nil {
				return err
			}
			// Keys pressed in a password field (before or after the
			// focus) are what was typed.
			if err := el.call(ctx, "secret", &res.Secret, o.Secret || p.Secret); err != nil {
				return err
			}
		}
		return pressChords(ctx, chords)
	})
}
