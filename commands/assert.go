package commands

import (
	"context"

	"github.com/ariadne-tui/ariadne/recordings"
	"github.com/ariadne-tui/ariadne/session"
)

const assertUsage = "assert visible|hidden|enabled|checked REF | assert text|contains|value REF [TEXT] | assert count REF [N] | assert url|title [TEXT] | assert snapshot [REF]"

// assertForms are assert's forms; the first argument is the kind.
var assertForms = func() []Form {
	kind := func(k string) Arg { return Arg{Name: k, Word: k} }
	var out []Form
	for _, k := range []string{"visible", "enabled", "checked"} {
		out = append(out, Form{kind(k), ref})
	}
	for _, k := range []string{"text", "value"} {
		out = append(out, Form{kind(k), ref}, Form{kind(k), ref, text})
	}
	for _, k := range []string{"url", "title"} {
		out = append(out, Form{kind(k)}, Form{kind(k), text})
	}
	out = append(out, Form{kind("snapshot")}, Form{kind("snapshot"), ref})
	// The kinds added later come last, so that the forms above keep their
	// numbers.
	return append(out, Form{kind("hidden"), ref}, Form{kind("contains"), ref}, Form{kind("contains"), ref, text},
		Form{kind("count"), ref}, Form{kind("count"), ref, Arg{Name: "N"}})
}()

// runAssert checks an assertion through the session, which records it
// when it records. Without an expected text, text, contains, value, url,
// title and snapshot take the page's current one, and count the number of
// elements the element's locator (without a trailing nth) matches now.
func runAssert(ctx context.Context, c *Call) (Result, error) {
	o, err := actionOptions(c.Flags)
	if err != nil {
		return nil, err
	}
	args := c.Args
	e := session.Expect{Assertion: recordings.Assertion{Kind: recordings.AssertKind(args[0]), Not: c.Flags["not"] == "true"}, Timeout: o.Timeout}
	switch args[0] {
	case "snapshot":
		e.Kind = recordings.AssertAriaSnapshot
	case "contains":
		e.Kind = recordings.AssertContainsText
	}
	page := e.Kind == recordings.AssertURL || e.Kind == recordings.AssertTitle
	switch {
	case len(args) == 3:
		e.Ref, e.Expected, e.Given = args[1], args[2], true
	case len(args) == 2 && page:
		e.Expected, e.Given = args[1], true
	case len(args) == 2:
		e.Ref = args[1]
	}
	out, err := c.Session.Assert(ctx, e)
	if out == nil {
		return nil, err
	}
	a := out.Assertion
	m := Result{"assert": string(a.Kind), "expected": a.Expected, "not": a.Not}
	if a.Secret != "" {
		m["secret"] = a.Secret // a password field: compared, never shown
	}
	recorded(c, m, out.Steps)
	return m, err
}
