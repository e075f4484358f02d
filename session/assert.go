package session

import (
	"context"
	"strings"
	"time"

	"github.com/ariadne-tui/ariadne/recordings"
	"github.com/ariadne-tui/ariadne/refs"
)

// Expect is an assertion to make: Kind, Not and Expected as a recording
// stores them, about Ref (the page: "", for url and title, and the whole
// page for an ARIA snapshot). An empty Expected for text, value, url,
// title and ARIA snapshot takes what the page shows now.
type Expect struct {
	Ref string
	recordings.Assertion
	// Timeout is how long the assertion is retried until it holds; 0 is
	// the browser's action timeout.
	Timeout time.Duration
	// Given says Expected was given, even empty: `assert value REF ""`
	// asserts an empty value instead of taking the current one.
	Given bool
}

// Asserted is an assertion that held.
type Asserted struct {
	Assertion recordings.Assertion // with Expected filled in
	Steps     []recordings.Step    // the assertion step, when recording
}

// takesCurrent reports whether an empty Expected is taken from the page.
func takesCurrent(k recordings.AssertKind) bool {
	switch k {
	case recordings.AssertText, recordings.AssertValue, recordings.AssertURL, recordings.AssertTitle, recordings.AssertAriaSnapshot:
		return true
	}
	return false
}

// Assert checks c on the page now, retrying until it holds or c.Timeout
// passes, as Playwright's expect does; a failure is assertion_failed with
// what was expected and what was found. When s records, the assertion
// becomes a step. `ariadne run`'s assert and the explorer's assertion
// menu both come here.
func (s Session) Assert(ctx context.Context, c Expect) (*Asserted, error) {
	a := c.Assertion
	needsCurrent := !c.Given && a.Expected == "" && takesCurrent(a.Kind)
	if needsCurrent && a.Not {
		return nil, refs.Errorf(refs.CodeBadArgument, "assert %s --not needs the text it must not be", a.Kind)
	}
	b, r := s.Browser, s.Recorder
	password := false // the element is a password field
	var p *pre
	if r != nil {
		var err error
		p, err = r.before(ctx, b, c.Ref, "")
		defer r.end(ctx)
		if err != nil {
			return nil, err
		}
		password = p.el != nil && p.el.Password
	} else {
		p = &pre{}
		var err error
		if p.tabID, p.url, _, p.tabs, err = currentTab(ctx, b); err != nil {
			return nil, err
		}
		if c.Ref != "" {
			info, err := b.Info(ctx, c.Ref)
			if err != nil {
				return nil, err
			}
			p.tabID, p.url = info.TabID, info.URL
			password = info.Password
		}
	}
	// A password's value is compared, never shown: the check names the
	// secret variable instead, and the result holds no value.
	secret := ""
	if password && a.Kind == recordings.AssertValue {
		label := ""
		if p.el != nil {
			label = p.el.Name
		}
		secret = recordings.SecretName(label)
	}
	timeout := c.Timeout
	if timeout <= 0 {
		timeout = b.Options().ActionTimeout
	}
	deadline := time.Now().Add(timeout)
	for {
		obs, err := observe(ctx, b, p.tabID, c.Ref, a.Kind)
		if err != nil {
			return nil, err
		}
		if needsCurrent {
			switch a.Kind {
			case recordings.AssertText:
				a.Expected = obs.State.Text
			case recordings.AssertValue:
				if obs.State.Value == nil {
					return nil, refs.Errorf(refs.CodeBadArgument, "ref %s has no value: it is not an input, textarea or select", c.Ref)
				}
				a.Expected = *obs.State.Value
			case recordings.AssertURL:
				a.Expected = obs.URL
			case recordings.AssertTitle:
				a.Expected = obs.Title
			case recordings.AssertAriaSnapshot:
				a.Expected = strings.TrimRight(obs.Aria, "\n")
			}
			needsCurrent = false
		}
		check := a
		check.Secret = secret
		err = check.Check(obs)
		if err == nil {
			break
		}
		if time.Now().After(deadline) {
			return nil, err
		}
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-time.After(100 * time.Millisecond):
		}
	}
	out := &Asserted{Assertion: a}
	if secret != "" && a.Expected != "" {
		out.Assertion.Expected, out.Assertion.Secret = "", secret
	}
	if r == nil {
		return out, nil
	}
	defer r.changed()
	st, err := r.rec.Assert(p.tabID, p.el, a, p.url)
	if err != nil {
		return out, refs.Wrap(refs.CodeNotLocatable, err, "the assertion holds, but cannot be recorded")
	}
	out.Steps = []recordings.Step{st}
	return out, nil
}

// observe reads what assertion kind k checks, of ref in the tab with id
// tabID.
func observe(ctx context.Context, b Browser, tabID, ref string, k recordings.AssertKind) (recordings.Observed, error) {
	var o recordings.Observed
	switch k {
	case recordings.AssertURL, recordings.AssertTitle:
		tabs, err := b.Tabs(ctx)
		if err != nil {
			return o, err
		}
		for _, t := range tabs {
			if t.ID == tabID || (tabID == "" && t.Current) {
				o.URL, o.Title = t.URL, t.Title
			}
		}
		return o, nil
	case recordings.AssertAriaSnapshot:
		snap, err := b.Snapshot(ctx)
		if err != nil {
			return o, err
		}
		o.Aria, err = AriaText(snap.Root, ref)
		o.Count = 1
		return o, err
	}
	st, err := b.State(ctx, ref)
	if err != nil {
		return o, err
	}
	o.Count = 1
	o.State = elementState(st)
	return o, nil
}

// AriaText is the ARIA snapshot, without refs, of the node with ref el
// (the node included), or of the whole page for "": what an ARIA snapshot
// assertion compares.
func AriaText(root *refs.Node, el string) (string, error) {
	if el == "" {
		return refs.Text(root, refs.TextOptions{NoRefs: true}), nil
	}
	n := root.Find(el)
	if n == nil {
		return "", refs.Errorf(refs.CodeStaleRef, "ref %s is not in the page's snapshot any more", el)
	}
	return refs.Text(&refs.Node{Role: "document", Children: []*refs.Node{n}}, refs.TextOptions{NoRefs: true}), nil
}
