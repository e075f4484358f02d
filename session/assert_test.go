package session_test

import (
	"context"
	"os"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/ariadne-tui/ariadne/browser"
	"github.com/ariadne-tui/ariadne/recordings"
	"github.com/ariadne-tui/ariadne/refs"
	"github.com/ariadne-tui/ariadne/session"
)

// counting is the fake page with elements its locators find: matches is
// what FindEach finds (the refs of the elements), visible what State says
// of each.
type counting struct {
	*fake
	mu      sync.Mutex
	matches []string
	visible bool
	found   []refs.Locator // what FindEach was asked
	text    string
}

func (c *counting) FindEach(_ context.Context, _ int, locs []refs.Locator) ([][]string, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.found = append(c.found, locs...)
	out := make([][]string, len(locs))
	for i := range out {
		out[i] = append([]string(nil), c.matches...)
	}
	return out, nil
}

func (c *counting) State(context.Context, string) (browser.ElementState, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	return browser.ElementState{Text: c.text, Visible: c.visible, Enabled: true}, nil
}

// TestAssertCountRecordsTheLocatorAlone counts the elements like e1 (its
// locator without the nth) and records that locator with no fallbacks.
func TestAssertCountRecordsTheLocatorAlone(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	f := &counting{fake: &fake{url: "https://shop.test/", title: "Shop"}, matches: []string{"e1", "e5", "e9"}, visible: true}
	r, path := start(t, f.fake)
	s := session.Session{Browser: &nthLocators{f}, Recorder: r}
	out, err := s.Assert(ctx, session.Expect{Ref: "e1", Assertion: recordings.Assertion{Kind: recordings.AssertCount}})
	if err != nil {
		t.Fatal(err)
	}
	if out.Assertion.Expected != "3" {
		t.Errorf("count: %q, want 3", out.Assertion.Expected)
	}
	rec := load(t, path)
	st := rec.Steps[len(rec.Steps)-1]
	if code := st.Locator().Code(refs.JavaScript); code != "getByRole('button', { name: 'Save' })" || len(st.Target.Fallbacks) > 0 || st.Target.Identity != nil {
		t.Errorf("count step target %s %+v", code, st.Target)
	}
	if _, err := s.Assert(ctx, session.Expect{Ref: "e1", Assertion: recordings.Assertion{Kind: recordings.AssertCount, Expected: "2"}, Given: true, Timeout: 200 * time.Millisecond}); refs.CodeOf(err) != recordings.CodeAssertionFailed || !strings.Contains(err.Error(), "expected count 2, got 3") {
		t.Errorf("a wrong count: %v", err)
	}
	if _, err := s.Assert(ctx, session.Expect{Ref: "e1", Assertion: recordings.Assertion{Kind: recordings.AssertCount, Expected: "many"}, Given: true}); refs.CodeOf(err) != refs.CodeBadArgument {
		t.Errorf("a count that is no number: %v", err)
	}
}

// nthLocators gives e1 a positional best locator, as a second identical
// button has.
type nthLocators struct{ *counting }

func (n *nthLocators) Locators(ctx context.Context, list []string) ([]browser.ElementLocators, error) {
	ls, err := n.counting.Locators(ctx, list)
	for i := range ls {
		if !ls[i].Best.Locator.IsZero() {
			ls[i].Best.Locator = ls[i].Best.Locator.Nth(1)
			ls[i].Candidates = []refs.Candidate{ls[i].Best}
		}
	}
	return ls, err
}

// TestAssertHiddenWaitsForTheElementToGo asserts hidden while the element
// shows; it holds once the locator finds nothing, and not before.
func TestAssertHiddenWaitsForTheElementToGo(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	f := &counting{fake: &fake{url: "https://shop.test/", title: "Shop"}, matches: []string{"e1"}, visible: true}
	s := session.Session{Browser: f}
	if _, err := s.Assert(ctx, session.Expect{Ref: "e1", Assertion: recordings.Assertion{Kind: recordings.AssertHidden}, Timeout: 300 * time.Millisecond}); refs.CodeOf(err) != recordings.CodeAssertionFailed {
		t.Fatalf("hidden on a visible element: %v", err)
	}
	done := make(chan error, 1)
	go func() {
		_, err := s.Assert(ctx, session.Expect{Ref: "e1", Assertion: recordings.Assertion{Kind: recordings.AssertVisible, Not: true}, Timeout: time.Minute})
		done <- err
	}()
	// Gone once the assertion has looked at least once.
	deadline := time.Now().Add(time.Minute)
	for {
		f.mu.Lock()
		looked := len(f.found)
		f.mu.Unlock()
		if looked > 1 || time.Now().After(deadline) {
			break
		}
		time.Sleep(10 * time.Millisecond)
	}
	f.mu.Lock()
	f.matches = nil
	f.mu.Unlock()
	if err := <-done; err != nil {
		t.Errorf("not visible once gone: %v", err)
	}
}

// TestAssertTextOnAPasswordIsRefused: a text given for a password field
// could be the password; it is neither checked nor stored.
func TestAssertTextOnAPasswordIsRefused(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	f := &counting{fake: &fake{url: "https://shop.test/", title: "Shop", password: true}, matches: []string{"e1"}, visible: true}
	r, path := start(t, f.fake)
	s := session.Session{Browser: f, Recorder: r}
	for _, k := range []recordings.AssertKind{recordings.AssertContainsText, recordings.AssertText} {
		_, err := s.Assert(ctx, session.Expect{Ref: "e1", Assertion: recordings.Assertion{Kind: k, Expected: "hunter2"}, Given: true})
		if refs.CodeOf(err) != refs.CodeBadArgument || strings.Contains(err.Error(), "hunter2") {
			t.Errorf("%s on a password: %v", k, err)
		}
	}
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(string(b), "hunter2") || strings.Contains(string(b), `"assert"`) {
		t.Errorf("the file holds the refused assertion:\n%s", b)
	}
}

func TestContainsText(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]string{
		"Archived: Quarterly report. 2 messages left.": "Archived: Quarterly report.",
		"Cart: 0 items":         "Cart:",
		"  Saved \n  just now ": "Saved just now",
		"3 items in your cart":  "3 items in your cart",
		"":                      "",
		"A very long sentence that goes on and on well past forty characters": "A very long sentence that goes on and on",
	} {
		if got := session.ContainsText(in); got != want {
			t.Errorf("ContainsText(%q) = %q, want %q", in, got, want)
		}
	}
}
