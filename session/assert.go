package session

import (
	"context"
	"strconv"
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
	case recordings.AssertText, recordings.AssertValue, recordings.AssertURL, recordings.AssertTitle, recordings.AssertAriaSnapshot,
		recordings.AssertContainsText, recordings.AssertCount:
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
		return nil, refs.Errorf(refs.CodeBadArgument, "assert %s --not needs what it must not be: give the text or number", a.Kind)
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
	if password && a.Expected != "" && (a.Kind == recordings.AssertText || a.Kind == recordings.AssertContainsText) {
		// Its text is empty; what was given could be the password, and
		// would be stored: compare the value instead, with its secret.
		return nil, refs.Errorf(refs.CodeBadArgument, "ref %s is a password field: it has no text to check; assert value %s compares its value with the secret", c.Ref, c.Ref)
	}
	// Hidden, not visible and count are read through the element's
	// locator, not its ref: an element re-rendered under a new ref is
	// still the one looked for, and one removed is hidden.
	var loc refs.Locator
	if byLocator(a) {
		if c.Ref == "" {
			return nil, refs.Errorf(refs.CodeBadArgument, "assert %s needs the ref of an element", a.Kind)
		}
		var err error
		if loc, err = locatorOf(ctx, b, c.Ref, p); err != nil {
			return nil, err
		}
		if a.Kind == recordings.AssertCount {
			loc = loc.Counted()
			if p.el != nil {
				// The count is of that locator alone: no fallbacks, no
				// identity (it is about many elements, not one).
				el := *p.el
				el.Best, el.Candidates, el.Identity, el.XPath = loc, nil, nil, ""
				p.el = &el
			}
		}
	}
	if a.Kind == recordings.AssertCount && !needsCurrent {
		if _, err := recordings.ParseCount(a.Expected); err != nil {
			return nil, refs.Wrap(refs.CodeBadArgument, err, "assert count %s", c.Ref)
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
	looks := 0
	for {
		var obs recordings.Observed
		var err error
		if byLocator(a) {
			obs, err = observeLocator(ctx, b, p.tabID, loc, a.Kind)
		} else {
			obs, err = observe(ctx, b, p.tabID, c.Ref, a.Kind)
		}
		if err != nil && !(byLocator(a) && refs.CodeOf(err) == refs.CodeStaleRef && time.Now().Before(deadline)) {
			return nil, err
		}
		if err != nil {
			// Re-rendered between finding the element and reading it:
			// look again.
			if err := pause(ctx, &looks, deadline); err != nil {
				return nil, err
			}
			continue
		}
		if needsCurrent {
			switch a.Kind {
			case recordings.AssertText:
				a.Expected = obs.State.Text
			case recordings.AssertContainsText:
				if a.Expected = ContainsText(obs.State.Text); a.Expected == "" {
					return nil, refs.Errorf(refs.CodeBadArgument, "ref %s has no text to contain: assert visible, or give the text", c.Ref)
				}
			case recordings.AssertCount:
				a.Expected = strconv.Itoa(obs.Count)
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
		if err := pause(ctx, &looks, deadline); err != nil {
			return nil, err
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

// pause waits between two looks of an assertion that waits until
// deadline: 100 ms after the first look, then 250, 500 and 1000 ms, as
// Playwright's expect polls (and as a replay's steps do), the last look at
// the deadline. looks counts the looks so far.
func pause(ctx context.Context, looks *int, deadline time.Time) error {
	steps := [...]time.Duration{100 * time.Millisecond, 250 * time.Millisecond, 500 * time.Millisecond, time.Second}
	d := max(min(steps[min(*looks, len(steps)-1)], time.Until(deadline)), 0)
	*looks++
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-t.C:
		return nil
	}
}

// byLocator reports whether a is checked through its element's locator.
func byLocator(a recordings.Assertion) bool {
	return a.Kind == recordings.AssertCount || a.Kind == recordings.AssertHidden || (a.Kind == recordings.AssertVisible && a.Not)
}

// locatorOf is the best locator of ref's element, frames first: the
// recorder's reading when it has one.
func locatorOf(ctx context.Context, b Browser, ref string, p *pre) (refs.Locator, error) {
	if p.el != nil {
		return p.el.Best, nil
	}
	ls, err := b.Locators(ctx, []string{ref})
	if err != nil {
		return refs.Locator{}, err
	}
	if len(ls) == 0 || ls[0].Best.Locator.IsZero() {
		why := "no locator matches it alone"
		if len(ls) > 0 && ls[0].Problem != "" {
			why = ls[0].Problem
		}
		return refs.Locator{}, refs.Errorf(refs.CodeNotLocatable, "ref %s has no locator to check: %s", ref, why)
	}
	return ls[0].Best.Locator, nil
}

// observeLocator reads what assertion kind k checks of the elements loc
// matches in the tab with id tabID (the ref's; "" the current one): how
// many, and the state of the first.
func observeLocator(ctx context.Context, b Browser, tabID string, loc refs.Locator, k recordings.AssertKind) (recordings.Observed, error) {
	var o recordings.Observed
	tab := 0 // the current tab
	if tabID != "" {
		tabs, err := b.Tabs(ctx)
		if err != nil {
			return o, err
		}
		for _, t := range tabs {
			if t.ID == tabID {
				tab = t.Index
			}
		}
	}
	found, err := b.FindEach(ctx, tab, []refs.Locator{loc})
	if err != nil {
		return o, err
	}
	if len(found) != 1 {
		return o, refs.Errorf(refs.CodeInternal, "the browser found %d results for 1 locator", len(found))
	}
	o.Count = len(found[0])
	if k == recordings.AssertCount || o.Count == 0 {
		return o, nil
	}
	st, err := b.State(ctx, found[0][0])
	if err != nil {
		return o, err
	}
	o.State = elementState(st)
	return o, nil
}

// maxContains is the most characters of an element's text that a
// contains-text assertion takes when none is given.
const maxContains = 40

// ContainsText is what a contains-text assertion expects of an element
// whose text is text when none is given: the text whitespace-normalized,
// up to its first word with a digit (counts, prices and dates change
// from one run to the next: "Order placed: 2 items" gives "Order
// placed:"), cut at a word boundary to at most maxContains characters
// (the start of a long text is what tells it apart).
func ContainsText(text string) string {
	words := strings.Fields(strings.ReplaceAll(text, "\u200b", ""))
	for i, w := range words {
		if i > 0 && strings.ContainsAny(w, "0123456789") {
			words = words[:i]
			break
		}
	}
	t := strings.Join(words, " ")
	r := []rune(t)
	if len(r) <= maxContains {
		return t
	}
	cut := string(r[:maxContains])
	if i := strings.LastIndexByte(cut, ' '); r[maxContains] != ' ' && i > maxContains/2 {
		cut = cut[:i]
	}
	return strings.TrimSpace(cut)
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
