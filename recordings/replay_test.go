package recordings

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/ariadne-tui/ariadne/refs"
)

// fakeDriver is a page as a table from locators to the elements they
// match, with each element's state. Every call is logged.
type fakeDriver struct {
	mu     sync.Mutex
	match  map[string][]string // locator (internal form) -> element ids
	states map[string]ElementState
	url    string
	title  string
	aria   map[string]string // element id ("" for the page) -> snapshot text
	log    []string
	finds  int
	// onDo changes the page after a step.
	onDo  func(f *fakeDriver, s Step, el string)
	doErr map[string][]error // element id -> errors for the next Do calls
	who   map[string]Seen    // element id -> who it is
}

func newFakeDriver() *fakeDriver {
	return &fakeDriver{match: map[string][]string{}, states: map[string]ElementState{}, aria: map[string]string{}}
}

func (f *fakeDriver) on(l refs.Locator, ids ...string) { f.match[l.Internal()] = ids }

func (f *fakeDriver) FrameWithURL(context.Context, int, string) ([]int, bool, error) {
	return nil, false, nil
}

func (f *fakeDriver) Find(_ context.Context, tab int, _ []int, locs []refs.Locator) ([][]string, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.finds++
	out := make([][]string, len(locs))
	for i, l := range locs {
		out[i] = f.match[l.Internal()]
	}
	return out, nil
}

func (f *fakeDriver) Do(_ context.Context, s Step, el, to, text string) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	entry := string(s.Kind)
	if el != "" {
		entry += " " + el
	}
	if to != "" {
		entry += " -> " + to
	}
	if text != "" {
		entry += " " + text
	}
	if s.URL != "" {
		entry += " " + s.URL
	}
	f.log = append(f.log, entry)
	if errs := f.doErr[el]; len(errs) > 0 {
		f.doErr[el] = errs[1:]
		return errs[0]
	}
	if f.onDo != nil {
		f.onDo(f, s, el)
	}
	return nil
}

func (f *fakeDriver) ArmDialog(_ context.Context, tab int, d DialogAnswer) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.log = append(f.log, fmt.Sprintf("arm %s %t", d.Type, d.Accept))
	return nil
}

func (f *fakeDriver) State(_ context.Context, el string) (ElementState, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.states[el], nil
}

func (f *fakeDriver) Page(context.Context, int) (string, string, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.url, f.title, nil
}

func (f *fakeDriver) Aria(_ context.Context, _ int, el string) (string, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.aria[el], nil
}

func (f *fakeDriver) Identify(_ context.Context, _ int, els []string) ([]Seen, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	out := make([]Seen, len(els))
	for i, el := range els {
		out[i] = f.who[el]
	}
	return out, nil
}

// is says who element el is.
func (f *fakeDriver) is(el, role, name string) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.who == nil {
		f.who = map[string]Seen{}
	}
	f.who[el] = Seen{Identity: Identity{Role: role, Name: name}}
}

func (f *fakeDriver) Log() string {
	f.mu.Lock()
	defer f.mu.Unlock()
	return strings.Join(f.log, "; ")
}

func fast() ReplayOptions {
	return ReplayOptions{Timeout: 300 * time.Millisecond, Poll: 5 * time.Millisecond,
		Lookup: func(name string) (string, bool) {
			if name == "ARIADNE_SECRET_PASSWORD" {
				return "s3cret", true
			}
			return "", false
		}}
}

func TestReplayHealsThroughFallbacks(t *testing.T) {
	t.Parallel()
	d := newFakeDriver()
	email := tgt(refs.ByLabel("Email", false), "textbox", "Email", refs.ByRole("textbox", "Email", true), refs.ByCSS("#email"))
	submit := tgt(refs.ByRole("button", "Sign in", true), "button", "Sign in", refs.ByCSS("#submit"))
	status := tgt(refs.ByRole("status", "", false), "status", "")
	// The label changed: the chosen locator finds nothing, the role one
	// finds the field. The button's locator finds two.
	d.on(refs.ByRole("textbox", "Email", true), "e1")
	d.on(refs.ByCSS("#email"), "e1")
	d.on(refs.ByRole("button", "Sign in", true), "e2", "e3")
	d.on(refs.ByCSS("#submit"), "e3")
	d.on(refs.ByRole("status", "", false), "e4")
	d.states["e4"] = ElementState{Text: "  Submitted:\n ada ", Visible: true}
	d.url, d.title = "http://x/form.html", "Form"
	rec := &Recording{Header: Header{StartURL: "http://x/form.html"}, Steps: []Step{
		fill(email, Plain("ada")),
		fill(tgt(refs.ByCSS("#password"), "textbox", "Password"), SecretValue("ARIADNE_SECRET_PASSWORD")),
		act(Click, submit),
		expectText(status, "Submitted: ada"),
		{Kind: Assert, Assert: &Assertion{Kind: AssertURL, Expected: "http://x/form.html"}},
		{Kind: Assert, Assert: &Assertion{Kind: AssertTitle, Expected: " Form "}},
		{Kind: Assert, Target: tgt(refs.ByText("Error", false), "", ""), Assert: &Assertion{Kind: AssertVisible, Not: true}},
	}}
	d.on(refs.ByCSS("#password"), "e5")
	d.is("e1", "textbox", "Email")
	d.is("e3", "button", "Sign in")
	var progress []string
	o := fast()
	o.Progress = func(r StepReport) {
		if r.Done {
			progress = append(progress, fmt.Sprintf("[%d/%d] %s %v", r.N, r.Total, r.HealedBy(), r.Err))
		}
	}
	res, err := Replay(context.Background(), d, rec, o)
	if err != nil {
		t.Fatalf("replay: %v\n%s", err, strings.Join(progress, "\n"))
	}
	if got, want := d.Log(), "navigate http://x/form.html; fill e1 ada; fill e5 s3cret; click e3"; got != want {
		t.Errorf("driver calls:\n%s\nwant\n%s", got, want)
	}
	want := []string{"[1/8]  <nil>", "[2/8] role <nil>", "[3/8]  <nil>", "[4/8] css <nil>",
		"[5/8]  <nil>", "[6/8]  <nil>", "[7/8]  <nil>", "[8/8]  <nil>"}
	if strings.Join(progress, "\n") != strings.Join(want, "\n") {
		t.Errorf("progress:\n%s\nwant\n%s", strings.Join(progress, "\n"), strings.Join(want, "\n"))
	}
	if res.Healed != 2 || res.Steps[1].Line != 1 || res.Steps[0].Line != 0 {
		t.Errorf("result: %+v", res)
	}
	if !res.Steps[3].Used.Equal(refs.ByCSS("#submit")) {
		t.Errorf("step 4 used %s", res.Steps[3].Used)
	}
}

func TestReplayFailures(t *testing.T) {
	t.Parallel()
	status := tgt(refs.ByRole("status", "", false), "status", "", refs.ByCSS("#status"))
	tests := []struct {
		name  string
		setup func(d *fakeDriver)
		steps []Step
		code  refs.Code
		n     int    // failing step
		msg   string // in the error
		calls string // driver calls made
	}{
		{
			name:  "no locator matches one element",
			setup: func(d *fakeDriver) { d.on(refs.ByCSS("#status"), "e1", "e2") },
			steps: []Step{nav("http://x/"), act(Click, status)},
			code:  refs.CodeNotLocatable, n: 2,
			msg:   "getByRole('status') matched 0 elements; locator('#status') matched 2 elements",
			calls: "navigate http://x/",
		},
		{
			name: "text differs",
			setup: func(d *fakeDriver) {
				d.on(refs.ByRole("status", "", false), "e1")
				d.states["e1"] = ElementState{Text: "Error: email is required"}
			},
			steps: []Step{nav("http://x/"), expectText(status, "Submitted: ada")},
			code:  CodeAssertionFailed, n: 2,
			msg: `expected text "Submitted: ada", got "Error: email is required"`,
		},
		{
			name: "a negated assertion that holds not",
			setup: func(d *fakeDriver) {
				d.on(refs.ByRole("status", "", false), "e1")
				d.states["e1"] = ElementState{Visible: true}
			},
			steps: []Step{nav("http://x/"), {Kind: Assert, Target: status, Assert: &Assertion{Kind: AssertVisible, Not: true}}},
			code:  CodeAssertionFailed, n: 2, msg: "expected not visible, and it is",
		},
		{
			name:  "an unset secret fails before the first step",
			steps: []Step{nav("http://x/"), fill(status, SecretValue("ARIADNE_SECRET_PIN")), fill(status, SecretValue("ARIADNE_SECRET_OTHER"))},
			code:  refs.CodeBadArgument, n: 0, msg: "set ARIADNE_SECRET_PIN, ARIADNE_SECRET_OTHER",
		},
		{
			name: "an action error keeps its code",
			setup: func(d *fakeDriver) {
				d.on(refs.ByRole("status", "", false), "e1")
				d.doErr = map[string][]error{"e1": {refs.Errorf(refs.CodeNotEnabled, "disabled")}}
			},
			steps: []Step{nav("http://x/"), act(Click, status)},
			code:  refs.CodeNotEnabled, n: 2, calls: "navigate http://x/; click e1",
		},
		{
			name: "a stale element is looked up again",
			setup: func(d *fakeDriver) {
				d.on(refs.ByRole("status", "", false), "e1")
				d.doErr = map[string][]error{"e1": {refs.Errorf(refs.CodeStaleRef, "gone"), refs.Errorf(refs.CodeNotVisible, "hidden")}}
			},
			steps: []Step{nav("http://x/"), act(Click, status)},
			code:  refs.CodeNotVisible, n: 2, calls: "navigate http://x/; click e1; click e1",
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			d := newFakeDriver()
			if tc.setup != nil {
				tc.setup(d)
			}
			_, err := Replay(context.Background(), d, &Recording{Steps: tc.steps}, fast())
			if err == nil {
				t.Fatal("the replay passed")
			}
			if refs.CodeOf(err) != tc.code {
				t.Errorf("code %q, want %q: %v", refs.CodeOf(err), tc.code, err)
			}
			var se *StepError
			switch {
			case tc.n == 0 && errors.As(err, &se):
				t.Errorf("failed at step %d, want before any step: %v", se.Report.N, err)
			case tc.n > 0 && !errors.As(err, &se):
				t.Errorf("not a StepError: %v", err)
			case tc.n > 0 && se.Report.N != tc.n:
				t.Errorf("failed at step %d, want %d", se.Report.N, tc.n)
			}
			if !strings.Contains(err.Error(), tc.msg) {
				t.Errorf("error %q does not say %q", err, tc.msg)
			}
			if tc.calls != "" && d.Log() != tc.calls {
				t.Errorf("driver calls %q, want %q", d.Log(), tc.calls)
			}
		})
	}
}

func TestReplayArmsDialogsAndWaits(t *testing.T) {
	t.Parallel()
	d := newFakeDriver()
	confirm := tgt(refs.ByRole("button", "Confirm", false), "button", "Confirm")
	status := tgt(refs.ByRole("status", "", false), "status", "")
	d.on(refs.ByRole("button", "Confirm", false), "e1")
	d.onDo = func(f *fakeDriver, s Step, el string) {
		if el != "e1" {
			return
		}
		// The status appears a little later.
		go func() {
			time.Sleep(50 * time.Millisecond)
			f.mu.Lock()
			f.match[refs.ByRole("status", "", false).Internal()] = []string{"e2"}
			f.states["e2"] = ElementState{Text: "confirm: true"}
			f.mu.Unlock()
		}()
	}
	rec := &Recording{Steps: []Step{
		nav("http://x/dialogs.html"),
		act(Click, confirm),
		{Kind: Dialog, Dialog: &DialogAnswer{Type: "confirm", Accept: true}},
		expectText(status, "confirm: true"),
	}}
	o := fast()
	o.Timeout = 2 * time.Second
	res, err := Replay(context.Background(), d, rec, o)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := d.Log(), "navigate http://x/dialogs.html; arm confirm true; click e1"; got != want {
		t.Errorf("calls %q, want %q", got, want)
	}
	if len(res.Steps) != 3 || res.Steps[1].Dialog == nil || res.Steps[2].Line != 4 {
		t.Errorf("reports: %+v", res.Steps)
	}
}

func TestAssertionCheck(t *testing.T) {
	t.Parallel()
	yes, no := true, false
	val := "  a  b "
	tests := []struct {
		a    Assertion
		o    Observed
		pass bool
	}{
		{Assertion{Kind: AssertText, Expected: "a b"}, Observed{Count: 1, State: ElementState{Text: " a\n\tb "}}, true},
		{Assertion{Kind: AssertText, Expected: "a"}, Observed{Count: 1, State: ElementState{Text: "a b"}}, false},
		{Assertion{Kind: AssertText, Expected: "a b", Not: true}, Observed{Count: 1, State: ElementState{Text: "a c"}}, true},
		{Assertion{Kind: AssertValue, Expected: "  a  b "}, Observed{Count: 1, State: ElementState{Value: &val}}, true},
		{Assertion{Kind: AssertValue, Expected: "a b"}, Observed{Count: 1, State: ElementState{Value: &val}}, false},
		{Assertion{Kind: AssertValue, Expected: ""}, Observed{Count: 1}, false},
		{Assertion{Kind: AssertChecked}, Observed{Count: 1, State: ElementState{Checked: &yes}}, true},
		{Assertion{Kind: AssertChecked}, Observed{Count: 1, State: ElementState{Checked: &no}}, false},
		{Assertion{Kind: AssertChecked, Not: true}, Observed{Count: 1, State: ElementState{Checked: &no}}, true},
		{Assertion{Kind: AssertEnabled, Not: true}, Observed{Count: 1}, true},
		{Assertion{Kind: AssertVisible}, Observed{Count: 1, State: ElementState{Visible: true}}, true},
		{Assertion{Kind: AssertVisible, Not: true}, Observed{}, true},
		{Assertion{Kind: AssertURL, Expected: "http://x/"}, Observed{URL: "http://x/"}, true},
		{Assertion{Kind: AssertURL, Expected: "http://x"}, Observed{URL: "http://x/"}, false},
		{Assertion{Kind: AssertTitle, Expected: "My  page"}, Observed{Title: "My page "}, true},
		{Assertion{Kind: AssertAriaSnapshot, Expected: "- heading \"A\" [level=1]\n- button \"B\"\n"},
			Observed{Aria: "- heading \"A\" [level=1]  \n\n- button \"B\""}, true},
		{Assertion{Kind: AssertAriaSnapshot, Expected: "- button \"B\""}, Observed{Aria: "- button \"C\""}, false},
	}
	for _, tc := range tests {
		err := tc.a.Check(tc.o)
		if (err == nil) != tc.pass {
			t.Errorf("%+v on %+v: %v, want pass=%v", tc.a, tc.o, err, tc.pass)
		}
		if err != nil && !IsAssertionFailure(err) {
			t.Errorf("%+v: error %v is not an assertion failure", tc.a, err)
		}
	}
}

// TestReplayHealsOnlyTheRecordedElement: a fallback that finds one element
// of another identity is not taken, and the failure says what it found.
func TestReplayHealsOnlyTheRecordedElement(t *testing.T) {
	t.Parallel()
	heading := tgt(refs.ByRole("heading", "Thank you!", true), "heading", "Thank you!", refs.ByCSS("h1"))
	card := func(product string) Target {
		c := tgt(refs.ByRole("button", "Add to cart", false).Within(refs.ByCSS("div").Filter(product)), "button", "Add to cart",
			refs.ByRole("button", "Add to cart", false).Nth(1), refs.ByXPath("//button"))
		c.Identity = &Identity{Role: "button", Name: "Add to cart", Within: product}
		return c
	}
	tests := []struct {
		name  string
		setup func(d *fakeDriver)
		step  Step
		err   string // "" to pass
		used  string
	}{
		{name: "a heading that says something else is not the recorded one",
			setup: func(d *fakeDriver) {
				d.on(refs.ByCSS("h1"), "e1")
				d.is("e1", "heading", "Payment failed")
				d.states["e1"] = ElementState{Visible: true}
			},
			step: Step{Kind: Assert, Target: heading, Assert: &Assertion{Kind: AssertVisible}},
			err:  `locator('h1') matched 1 element: heading "Payment failed", not the recorded heading "Thank you!"`},
		{name: "a new price is the same radio",
			setup: func(d *fakeDriver) {
				d.on(refs.ByCSS("#express"), "e1")
				d.is("e1", "radio", "Express (next day) — $16.99")
			},
			step: act(Check, tgt(refs.ByRole("radio", "Express (next day) — $14.99", true), "radio", "Express (next day) — $14.99", refs.ByCSS("#express"))),
			used: `locator('#express')`},
		{name: "the button of another card is not the recorded one",
			setup: func(d *fakeDriver) {
				d.on(refs.ByRole("button", "Add to cart", false).Nth(1), "e2")
				d.who = map[string]Seen{"e2": {Identity: Identity{Role: "button", Name: "Add to cart", Within: "Brass pen"}, Texts: []string{"Brass pen"}}}
			},
			step: act(Click, card("Linen notebook")),
			err:  `matched 1 element: button "Add to cart" in "Brass pen", not the recorded button "Add to cart" in "Linen notebook"`},
		{name: "the button of the same card, moved, is",
			setup: func(d *fakeDriver) {
				d.on(refs.ByXPath("//button"), "e3")
				d.who = map[string]Seen{"e3": {Identity: Identity{Role: "button", Name: "Add to cart", Within: "Sale!"}, Texts: []string{"Sale!", "Linen notebook"}}}
			},
			step: act(Click, card("Linen notebook")),
			used: `locator('xpath=//button')`},
		{name: "a positional chosen locator is checked too",
			setup: func(d *fakeDriver) {
				d.on(refs.ByRole("button", "Add to cart", false).Nth(1), "e2")
				d.is("e2", "button", "Remove")
			},
			step: act(Click, Target{Locator: refs.ByRole("button", "Add to cart", false).Nth(1), Role: "button", Name: "Add to cart", Fragile: true}),
			err:  `matched 1 element: button "Remove", not the recorded button "Add to cart"`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			d := newFakeDriver()
			tc.setup(d)
			res, err := Replay(context.Background(), d, &Recording{Steps: []Step{tc.step}}, fast())
			if tc.err != "" {
				if refs.CodeOf(err) != refs.CodeNotLocatable || !strings.Contains(err.Error(), tc.err) {
					t.Fatalf("err = %v, want not_locatable with %q", err, tc.err)
				}
				if strings.Contains(d.Log(), "click") || strings.Contains(d.Log(), "check") {
					t.Errorf("acted on the wrong element: %s", d.Log())
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if got := res.Steps[len(res.Steps)-1].Used.Code(refs.JavaScript); !res.Steps[len(res.Steps)-1].Healed || got != tc.used {
				t.Errorf("used %s (healed %v), want %s", got, res.Steps[len(res.Steps)-1].Healed, tc.used)
			}
		})
	}
}

// IsAssertionFailure reports whether err is an assertion that did not hold.
func IsAssertionFailure(err error) bool {
	var e *refs.Error
	return errors.As(err, &e) && e.Code == CodeAssertionFailed
}

// TestReplayChangeOfASelect: a fill (an imported DevTools change) of a
// <select> selects the option with that value.
func TestReplayChangeOfASelect(t *testing.T) {
	t.Parallel()
	d := newFakeDriver()
	d.on(refs.ByCSS("#country"), "e1")
	d.doErr = map[string][]error{"e1": {refs.Errorf(refs.CodeNotEditable, "a select")}}
	rec := &Recording{Steps: []Step{fill(tgt(refs.ByCSS("#country"), "", ""), Plain("fr"))}}
	if _, err := Replay(context.Background(), d, rec, fast()); err != nil {
		t.Fatal(err)
	}
	if got := d.Log(); got != "fill e1 fr; select e1" {
		t.Errorf("driver calls: %s", got)
	}
}

// A target with no recorded role or name (an import, a hand-written step)
// is not healed: the fallback's element cannot be checked, so a broken
// page fails instead of passing through a CSS fallback.
func TestReplayRefusesAnUnverifiableHeal(t *testing.T) {
	t.Parallel()
	thanks := Target{Locator: refs.ByText("Thank you!", true), Fallbacks: []refs.Locator{refs.ByCSS("h1")}}
	for _, step := range []Step{
		{Kind: Assert, Target: thanks, Assert: &Assertion{Kind: AssertVisible}},
		act(Click, thanks),
	} {
		t.Run(string(step.Kind), func(t *testing.T) {
			d := newFakeDriver()
			d.on(refs.ByCSS("h1"), "e1") // the broken page: <h1>Payment failed</h1>
			d.is("e1", "heading", "Payment failed")
			d.states["e1"] = ElementState{Text: "Payment failed", Visible: true}
			_, err := Replay(context.Background(), d, &Recording{Steps: []Step{step}}, fast())
			want := `locator('h1') matched 1 element: an element the recording has no role or name to check against`
			if refs.CodeOf(err) != refs.CodeNotLocatable || !strings.Contains(err.Error(), want) ||
				!strings.Contains(err.Error(), `getByText('Thank you!', { exact: true }) matched 0 elements`) {
				t.Fatalf("err = %v, want not_locatable with %q", err, want)
			}
			if strings.Contains(d.Log(), "click") {
				t.Errorf("acted on the wrong element: %s", d.Log())
			}
			// The chosen locator itself is still acted on.
			d.on(refs.ByText("Thank you!", true), "e2")
			d.states["e2"] = ElementState{Text: "Thank you!", Visible: true}
			res, err := Replay(context.Background(), d, &Recording{Steps: []Step{step}}, fast())
			if err != nil || res.Healed != 0 {
				t.Fatalf("chosen locator: err %v, healed %d", err, res.Healed)
			}
		})
	}
}
