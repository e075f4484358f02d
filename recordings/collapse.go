package recordings

import (
	"slices"
	"unicode"
	"unicode/utf8"
)

// This file tidies steps as they arrive, so that a recording reads like
// what the user meant rather than every event the page saw:
//
//   - typing into a field, key by key or in bursts, becomes one fill with
//     the field's final value;
//   - a click that only put the caret in a text field is dropped when a
//     fill of that field follows (fill focuses the field itself);
//   - the navigation a link click caused is part of the click, not a
//     second step.

// Add appends s to steps, applying the rules above, and returns the new
// slice. Like append it may reuse steps' spare capacity, but it never
// changes the elements the caller can see: when it rewrites the last
// steps, it copies.
func Add(steps []Step, s Step) []Step {
	n := len(steps)
	if n == 0 {
		return append(steps, s)
	}
	last := steps[n-1]

	if folds(last, s) {
		out := slices.Clone(steps)
		if out[n-1].URLAfter == "" {
			out[n-1].URLAfter = s.URL
		}
		return out
	}

	if isTextEntry(last) && isTextEntry(s) && sameTarget(last, s) {
		merged := s
		merged.Kind = Fill
		merged.Key = ""
		merged.Text = joinText(last, s)
		merged.URLBefore = last.URLBefore
		if merged.URLAfter == "" {
			merged.URLAfter = last.URLAfter
		}
		out := slices.Clone(steps[:n-1])
		return dropFocusClick(out, merged)
	}
	if s.Kind == Fill {
		return dropFocusClick(slices.Clone(steps), s)
	}
	return append(steps, s)
}

// folds reports whether navigate s is the navigation that click last
// caused: same tab, and the URL it reached, if known, is s's.
func folds(last, s Step) bool {
	return s.Kind == Navigate && last.Navigated && last.Tab == s.Tab &&
		(last.Kind == Click || last.Kind == DblClick || last.Kind == Press) &&
		(last.URLAfter == "" || last.URLAfter == s.URL)
}

// dropFocusClick appends fill s to steps, first removing the last step if
// it is a plain click that only focused the same text field.
func dropFocusClick(steps []Step, s Step) []Step {
	if n := len(steps); n > 0 && isFocusClick(steps[n-1]) && sameTarget(steps[n-1], s) {
		steps = steps[:n-1]
	}
	return append(steps, s)
}

// textRoles are the roles of fields a click focuses to type into. A
// combobox that is followed by a fill takes text (a <select> is selected,
// not filled).
var textRoles = []string{"textbox", "searchbox", "combobox", "spinbutton"}

func isFocusClick(s Step) bool {
	return s.Kind == Click && !s.Navigated && s.OpensTab == 0 &&
		(s.Button == "" || s.Button == "left") && len(s.Modifiers) == 0 && s.ClickCount <= 1 &&
		slices.Contains(textRoles, s.Target.Role)
}

// isTextEntry reports whether s puts characters into its target: a fill,
// a type, or a press of one printable character.
func isTextEntry(s Step) bool {
	if s.Target.Locator.IsZero() {
		return false
	}
	switch s.Kind {
	case Fill, Type:
		return true
	case Press:
		return isCharKey(s.Key)
	}
	return false
}

// isCharKey reports whether key types one printable character ("a", "é",
// " "), as opposed to a named key ("Enter") or a chord ("Control+a").
func isCharKey(key string) bool {
	r, size := utf8.DecodeRuneInString(key)
	return size > 0 && size == len(key) && r != utf8.RuneError && unicode.IsPrint(r)
}

// typed returns the text s enters.
func typed(s Step) Value {
	if s.Kind == Press {
		return Plain(s.Key)
	}
	return s.Text
}

// joinText is the field's value after last then s: a fill replaces what
// came before, a type or key press adds to it. Text and a secret cannot
// be joined; the secret wins, so that it is never stored as text.
func joinText(last, s Step) Value {
	if s.Kind == Fill {
		return s.Text
	}
	a, b := typed(last), typed(s)
	switch {
	case b.IsSecret():
		return b
	case a.IsSecret():
		return a
	}
	return Plain(a.Text + b.Text)
}

// sameTarget reports whether a and b acted on the same element: same tab,
// frame and chosen locator.
func sameTarget(a, b Step) bool {
	return a.Tab == b.Tab && a.Frame.Equal(b.Frame) && slices.Equal(a.FramePath, b.FramePath) &&
		!a.Target.Locator.IsZero() && a.Target.Locator.Equal(b.Target.Locator)
}
