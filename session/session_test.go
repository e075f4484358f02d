package session_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ariadne-tui/ariadne/browser"
	"github.com/ariadne-tui/ariadne/recordings"
	"github.com/ariadne-tui/ariadne/refs"
	"github.com/ariadne-tui/ariadne/session"
)

// fake is a browser with one page of two buttons: e1 has a locator, e2
// (in a closed shadow root, say) has none. Methods a test does not use
// are left to the embedded nil interface.
type fake struct {
	session.Browser
	url, title string
	calls      []string
	healed     bool             // Info reports a healed ref
	password   bool             // Info reports a password field
	onClick    func()           // runs during a click
	dialogs    []browser.Dialog // a click reports it answered them
}

func (f *fake) Options() browser.Options {
	return browser.Options{Viewport: refs.Viewport{Width: 800, Height: 600}, TestIDAttribute: "data-qa"}
}

func (f *fake) Tabs(context.Context) ([]browser.TabInfo, error) {
	return []browser.TabInfo{{Index: 1, ID: "T1", URL: f.url, Title: f.title, Current: true}}, nil
}

func (f *fake) Open(_ context.Context, url string) (*browser.NavResult, error) {
	f.calls = append(f.calls, "open "+url)
	f.url, f.title = url, "Shop"
	return &browser.NavResult{URL: url, Title: f.title}, nil
}

func (f *fake) Info(_ context.Context, ref string) (browser.ElementInfo, error) {
	return browser.ElementInfo{Ref: ref, TabID: "T1", URL: f.url, Healed: f.healed, Password: f.password}, nil
}

func (f *fake) Locators(_ context.Context, list []string) ([]browser.ElementLocators, error) {
	var out []browser.ElementLocators
	for _, ref := range list {
		l := browser.ElementLocators{Ref: ref, Role: "button", Name: "Save"}
		if ref == "e1" {
			c := refs.Candidate{Rung: refs.RungRole, Locator: refs.ByRole("button", "Save", false), Matches: 1, Chosen: true}
			l.Best, l.Candidates = c, []refs.Candidate{c}
		} else {
			l.Problem = "inside a closed shadow root"
		}
		out = append(out, l)
	}
	return out, nil
}

func (f *fake) Click(_ context.Context, ref string, _ browser.ActionOptions) (*browser.ActionResult, error) {
	f.calls = append(f.calls, "click "+ref)
	if f.onClick != nil {
		f.onClick()
	}
	return &browser.ActionResult{Ref: ref, URL: f.url, Dialogs: f.dialogs}, nil
}

func (f *fake) Press(_ context.Context, ref, keys string, _ browser.ActionOptions) (*browser.ActionResult, error) {
	f.calls = append(f.calls, "press "+ref+" "+keys)
	return &browser.ActionResult{Ref: ref, URL: f.url}, nil
}

func start(t *testing.T, f *fake) (*session.Recorder, string) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "r.jsonl")
	r, err := session.Start(context.Background(), f, path, session.RecordOptions{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { r.Close() })
	return r, path
}

func load(t *testing.T, path string) *recordings.Recording {
	t.Helper()
	rec, problems, err := recordings.Load(path)
	if err != nil || len(problems) > 0 {
		t.Fatalf("loading: %v %v", err, problems)
	}
	return rec
}

func summaries(rec *recordings.Recording) string {
	var out []string
	for _, s := range rec.Steps {
		out = append(out, recordings.Summary(s))
	}
	return strings.Join(out, "\n")
}

// A recording started on a blank tab takes its header from the first
// page it opens; the open is its first step.
func TestBlankStartTakesTheFirstPage(t *testing.T) {
	t.Parallel()
	f := &fake{url: "about:blank"}
	r, path := start(t, f)
	if h := load(t, path).Header; h.StartURL != "" || h.Title != "" || h.Viewport.Width != 800 || h.TestIDAttr != "data-qa" {
		t.Errorf("header before the first page: %+v", h)
	}
	s := session.Session{Browser: f, Recorder: r}
	if _, err := s.Act(context.Background(), session.Action{Kind: session.Open, URL: "https://shop.test/"}); err != nil {
		t.Fatal(err)
	}
	rec := load(t, path)
	if rec.StartURL != "https://shop.test/" || rec.Title != "Shop" {
		t.Errorf("header after the first page: %+v", rec.Header)
	}
	if got := summaries(rec); got != "navigate to https://shop.test/" {
		t.Errorf("steps: %s", got)
	}
	if st := r.State(); st.Path != path || len(st.Steps) != 1 || st.Gen == 0 {
		t.Errorf("state: %+v", st)
	}
}

// A recording started on a page has that page in its header at once.
func TestStartOnAPage(t *testing.T) {
	t.Parallel()
	f := &fake{url: "https://shop.test/cart", title: "Cart"}
	_, path := start(t, f)
	if h := load(t, path).Header; h.StartURL != "https://shop.test/cart" || h.Title != "Cart" {
		t.Errorf("header: %+v", h)
	}
}

func TestActRecords(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	f := &fake{url: "https://shop.test/", title: "Shop"}
	r, path := start(t, f)
	s := session.Session{Browser: f, Recorder: r}

	// Several keys: one step per key.
	out, err := s.Act(ctx, session.Action{Kind: session.Press, Ref: "e1", Keys: "Control+A Delete"})
	if err != nil || len(out.Steps) != 2 {
		t.Fatalf("press: %v, %d steps", err, len(out.Steps))
	}

	// A dialog answered while the click runs comes after its step.
	f.onClick = func() {
		if _, err := r.Dialog(ctx, f, browser.Dialog{Type: "confirm", Message: "Sure?", Outcome: "accepted"}); err != nil {
			t.Error(err)
		}
	}
	out, err = s.Act(ctx, session.Action{Kind: session.Click, Ref: "e1"})
	if err != nil || len(out.Steps) != 2 {
		t.Fatalf("click: %v, %+v", err, out)
	}
	f.onClick = nil

	// No locator: refused, not done.
	n := len(f.calls)
	if _, err := s.Act(ctx, session.Action{Kind: session.Click, Ref: "e2"}); refs.CodeOf(err) != refs.CodeNotLocatable {
		t.Errorf("e2 without a locator: %v", err)
	}
	if len(f.calls) != n {
		t.Errorf("the refused click was done: %v", f.calls[n:])
	}

	// The recorder's reading healed the ref: the outcome says so.
	f.healed = true
	out, err = s.Act(ctx, session.Action{Kind: session.Click, Ref: "e1"})
	if err != nil || !out.Healed() {
		t.Errorf("healed while recording: %v %+v", err, out)
	}

	want := strings.Join([]string{
		"press Control+A in getByRole('button', { name: 'Save' })",
		"press Delete in getByRole('button', { name: 'Save' })",
		"click getByRole('button', { name: 'Save' })",
		"accept the confirm dialog",
		"click getByRole('button', { name: 'Save' })",
	}, "\n")
	if got := summaries(load(t, path)); got != want {
		t.Errorf("steps:\n%s\nwant\n%s", got, want)
	}

	// Without a recorder nothing is read first: e2 is clicked.
	if _, err := (session.Session{Browser: f}).Act(ctx, session.Action{Kind: session.Click, Ref: "e2"}); err != nil {
		t.Errorf("click without recording: %v", err)
	}
}

// Keys pressed one by one into a password field, by press or in a
// visible window, are recorded as the secret, never as the keys; Enter
// stays a press.
func TestPressedPasswordIsASecret(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	f := &fake{url: "https://shop.test/", title: "Shop", password: true}
	r, path := start(t, f)
	s := session.Session{Browser: f, Recorder: r}
	out, err := s.Act(ctx, session.Action{Kind: session.Press, Ref: "e1", Keys: "s e c"})
	if err != nil {
		t.Fatal(err)
	}
	if len(out.NewSecrets) != 1 || out.NewSecrets[0] != "ARIADNE_SECRET_SAVE" {
		t.Errorf("new secrets: %v", out.NewSecrets)
	}
	l := refs.Candidate{Rung: refs.RungRole, Locator: refs.ByRole("button", "Save", false), Matches: 1, Chosen: true}
	for _, k := range []string{"r", "Shift+E", "Enter"} {
		ua := browser.UserAction{Kind: "press", TabID: "T1", URL: f.url, Key: k, Password: true,
			Locators: browser.ElementLocators{Ref: "e1", Role: "button", Name: "Save", Best: l, Candidates: []refs.Candidate{l}}}
		if _, err := r.RecordUser(ctx, f, ua); err != nil {
			t.Fatal(err)
		}
	}
	want := strings.Join([]string{
		`fill getByRole('button', { name: 'Save' }) "$ARIADNE_SECRET_SAVE"`,
		"press Enter in getByRole('button', { name: 'Save' })",
	}, "\n")
	if got := summaries(load(t, path)); got != want {
		t.Errorf("steps:\n%s\nwant\n%s", got, want)
	}
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	for _, k := range []string{"s", "e", "c", "r", "Shift+E", "E"} {
		if strings.Contains(string(b), `"key":"`+k+`"`) {
			t.Errorf("the file holds the key %s:\n%s", k, b)
		}
	}
}

func TestAriaText(t *testing.T) {
	t.Parallel()
	root := &refs.Node{Role: "document", Children: []*refs.Node{
		{Ref: "e1", Role: "button", Name: "Save"},
	}}
	if got, err := session.AriaText(root, "e1"); err != nil || got != "- button \"Save\"\n" {
		t.Errorf("AriaText(e1) = %q, %v", got, err)
	}
	if _, err := session.AriaText(root, "e9"); refs.CodeOf(err) != refs.CodeStaleRef {
		t.Errorf("AriaText(e9): %v", err)
	}
}
