package recordings

import (
	"strconv"
	"strings"

	"github.com/ariadne-tui/ariadne/refs"
)

// This file checks an assertion against what was observed of the page, as
// Playwright's expect compares: the one check of replay, ariadne run's
// assert and the explorer's assertion menu.

// Observed is what an assertion is checked against.
type Observed struct {
	Count int // elements the target matched: 1 when found, 0 when none
	State ElementState
	URL   string
	Title string
	Aria  string
}

// Check reports whether a holds for what was observed: nil, or an
// assertion_failed error that says what was expected and what was found.
// Text and title compare with whitespace normalized, as Playwright's
// toHaveText and toHaveTitle do; value and URL exactly, as toHaveValue
// and toHaveURL do; an ARIA snapshot line by line, trailing spaces and
// blank lines aside.
func (a Assertion) Check(o Observed) error {
	var ok bool
	var got string
	switch a.Kind {
	case AssertVisible:
		ok, got = o.Count > 0 && o.State.Visible, "hidden"
		if ok {
			got = "visible"
		}
		if o.Count == 0 {
			got = "no element"
		}
	case AssertHidden:
		ok, got = o.Count == 0 || !o.State.Visible, "visible"
		if ok {
			got = "hidden"
		}
	case AssertCount:
		want, err := ParseCount(a.Expected)
		if err != nil {
			return refs.Wrap(refs.CodeBadArgument, err, "count assertion")
		}
		ok, got = o.Count == want, strconv.Itoa(o.Count)
	case AssertText:
		ok, got = normalizeWS(o.State.Text) == normalizeWS(a.Expected), strconv.Quote(o.State.Text)
	case AssertContainsText:
		ok, got = strings.Contains(normalizeWS(o.State.Text), normalizeWS(a.Expected)), strconv.Quote(o.State.Text)
		if o.Count == 0 {
			ok, got = false, "no element"
		}
	case AssertValue:
		if o.State.Value == nil {
			return refs.Errorf(CodeAssertionFailed, "expected a value, but the element has no value (not an input, textarea or select)")
		}
		ok, got = *o.State.Value == a.Expected, strconv.Quote(*o.State.Value)
		if a.Secret != "" || o.State.Password {
			got = passwordGot(*o.State.Value) // a password: never printed
		}
	case AssertChecked:
		if o.State.Checked == nil {
			return refs.Errorf(CodeAssertionFailed, "expected a checked state, but the element is not a checkbox or radio")
		}
		ok, got = *o.State.Checked, "unchecked"
		if ok {
			got = "checked"
		}
	case AssertEnabled:
		ok, got = o.State.Enabled, "disabled"
		if ok {
			got = "enabled"
		}
	case AssertURL:
		ok, got = o.URL == a.Expected, strconv.Quote(o.URL)
	case AssertTitle:
		ok, got = normalizeWS(o.Title) == normalizeWS(a.Expected), strconv.Quote(o.Title)
	case AssertAriaSnapshot:
		ok = normalizeAria(o.Aria) == normalizeAria(a.Expected)
		got = "\n" + o.Aria
	default:
		return refs.Errorf(refs.CodeBadArgument, "unknown assertion %q", a.Kind)
	}
	if ok != a.Not {
		return nil
	}
	want := string(a.Kind)
	switch {
	case a.Kind == AssertValue && a.Secret != "":
		want += " of the secret $" + a.Secret
	case a.Kind == AssertValue && o.State.Password && a.Expected != "":
		want += " " + refs.SecretMask // typed by hand or --record-secrets: still never shown
	case a.Kind == AssertContainsText:
		want = "text containing " + strconv.Quote(a.Expected)
	case a.Kind == AssertText, a.Kind == AssertValue, a.Kind == AssertURL, a.Kind == AssertTitle:
		want += " " + strconv.Quote(a.Expected)
	case a.Kind == AssertCount:
		want += " " + a.Expected
	case a.Kind == AssertAriaSnapshot:
		want += ":\n" + a.Expected
	}
	if a.Not {
		return refs.Errorf(CodeAssertionFailed, "expected not %s, and it is", want)
	}
	return refs.Errorf(CodeAssertionFailed, "expected %s, got %s", want, got)
}

// normalizeWS is Playwright's normalizeWhiteSpace: no zero-width spaces,
// trimmed, runs of whitespace as one space.
func normalizeWS(s string) string {
	s = strings.ReplaceAll(s, "\u200b", "")
	return strings.Join(strings.Fields(s), " ")
}

func normalizeAria(s string) string {
	var out []string
	for _, l := range strings.Split(s, "\n") {
		if l = strings.TrimRight(l, " \t\r"); l != "" {
			out = append(out, l)
		}
	}
	return strings.Join(out, "\n")
}
