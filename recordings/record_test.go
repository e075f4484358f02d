package recordings

import (
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/ariadne-tui/ariadne/refs"
)

func cand(l refs.Locator, matches int) refs.Candidate {
	return refs.Candidate{Rung: refs.RungOf(l), Locator: l, Matches: matches}
}

func TestElementTarget(t *testing.T) {
	t.Parallel()
	frame := `iframe[title="Payment"]`
	tests := []struct {
		name      string
		e         Element
		wantFrame refs.Locator
		want      Target
		err       error
	}{
		{
			name: "main frame: unique candidates become fallbacks, in order",
			e: Element{
				Best: refs.ByLabel("Email", false), Role: "textbox", Name: "Email",
				Candidates: []refs.Candidate{
					cand(refs.ByRole("textbox", "Email", false), 2),
					cand(refs.ByLabel("Email", false), 1),
					cand(refs.ByRole("textbox", "Email", true), 1),
					cand(refs.ByCSS("#email"), 1),
					cand(refs.ByCSS("#email"), 1), // duplicates once
					cand(refs.ByCSS("input"), 7),
				},
			},
			want: Target{Locator: refs.ByLabel("Email", false), Role: "textbox", Name: "Email",
				Fallbacks: []refs.Locator{refs.ByRole("textbox", "Email", true), refs.ByCSS("#email")}},
		},
		{
			name: "in a frame: the frame parts are split off every locator",
			e: Element{
				Best: refs.ByRole("button", "Pay", true).InFrame(frame), Role: "button", Name: "Pay",
				Candidates: []refs.Candidate{
					cand(refs.ByRole("button", "Pay", true).InFrame(frame), 1),
					cand(refs.ByCSS("#pay").InFrame(frame), 1),
					cand(refs.ByCSS("#pay").InFrame("iframe"), 1), // another frame chain: dropped
				},
			},
			wantFrame: refs.Locator{Parts: []refs.Part{{Kind: refs.KindFrame, CSS: frame}}},
			want: Target{Locator: refs.ByRole("button", "Pay", true), Role: "button", Name: "Pay",
				Fallbacks: []refs.Locator{refs.ByCSS("#pay")}},
		},
		{
			name: "no locator",
			e:    Element{Role: "button", Name: "Closed button"},
			err:  ErrNoLocator,
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			frame, got, err := tc.e.Target()
			if tc.err != nil {
				if !errors.Is(err, tc.err) {
					t.Fatalf("err = %v, want %v", err, tc.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if !frame.Equal(tc.wantFrame) {
				t.Errorf("frame = %s, want %s", frame, tc.wantFrame)
			}
			if !reflect.DeepEqual(got, tc.want) {
				t.Errorf("target = %+v\nwant     %+v", got, tc.want)
			}
		})
	}
}

func el(l refs.Locator, role, name string, more ...refs.Candidate) *Element {
	return &Element{Best: l, Role: role, Name: name, Candidates: append([]refs.Candidate{cand(l, 1)}, more...)}
}

func TestRecorderRecordsSteps(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "rec.jsonl")
	w, err := Create(path, NewHeader("Sign in", ""))
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	r := NewRecorder(w, Secrets{}, "T1")
	const page = "http://127.0.0.1:8080/form.html"
	email := el(refs.ByLabel("Email", false), "textbox", "Email", cand(refs.ByCSS("#email"), 1))
	password := el(refs.ByLabel("Password", false), "textbox", "Password")
	password.Password = true
	submit := el(refs.ByRole("button", "Sign in", true), "button", "Sign in")
	popup := el(refs.ByRole("link", "Open in new tab", false), "link", "Open in new tab")
	ping := el(refs.ByRole("button", "Ping", false), "button", "Ping")
	actions := []Action{
		{Kind: Navigate, TabID: "T1", URL: page, URLAfter: page, Navigated: true},
		{Kind: Click, TabID: "T1", Element: email, Button: "left", ClickCount: 1, URLBefore: page},
		{Kind: Type, TabID: "T1", Element: email, Text: "ada@", URLBefore: page},
		{Kind: Press, TabID: "T1", Element: email, Key: "e", URLBefore: page},
		{Kind: Type, TabID: "T1", Element: email, Text: "xample.com", URLBefore: page},
		{Kind: Fill, TabID: "T1", Element: password, Text: "correct horse", URLBefore: page},
		// Keys that type into a password field are the secret too, and
		// collapse into its fill; Enter stays a press.
		{Kind: Press, TabID: "T1", Element: password, Key: "z", URLBefore: page},
		{Kind: Press, TabID: "T1", Element: password, Key: "Shift+Q", URLBefore: page},
		{Kind: Press, TabID: "T1", Element: password, Key: " ", URLBefore: page},
		{Kind: Press, TabID: "T1", Element: password, Key: "Backspace", URLBefore: page},
		{Kind: Press, TabID: "T1", Element: password, Key: "Enter", URLBefore: page},
		{Kind: Click, TabID: "T1", Element: submit, URLBefore: page, URLAfter: page + "?ok", Navigated: true,
			Dialogs: []DialogAnswer{{Type: "confirm", Message: "Sure?", Accept: true}}},
		{Kind: Click, TabID: "T1", Element: popup, URLBefore: page, Opened: []string{"T2"}},
		{Kind: Click, TabID: "T2", Element: ping, URLBefore: "http://x/popup-target.html"},
	}
	var secret string
	for _, a := range actions {
		steps, err := r.Record(a)
		if err != nil {
			t.Fatalf("%s: %v", a.Kind, err)
		}
		for _, s := range steps {
			if s.Text.IsSecret() {
				secret = s.Text.Secret
			}
		}
	}
	if secret != "ARIADNE_SECRET_PASSWORD" {
		t.Errorf("the password became secret %q", secret)
	}
	rec, problems, err := Load(path)
	if err != nil || len(problems) > 0 {
		t.Fatalf("Load: %v %v", err, problems)
	}
	var got []string
	for _, s := range rec.Steps {
		got = append(got, Summary(s))
	}
	want := []string{
		"navigate to " + page,
		`fill getByLabel('Email') "ada@example.com"`,
		`fill getByLabel('Password') "$ARIADNE_SECRET_PASSWORD"`,
		"press Enter in getByLabel('Password')",
		"click getByRole('button', { name: 'Sign in', exact: true })",
		"accept the confirm dialog",
		"click getByRole('link', { name: 'Open in new tab' })",
		"click getByRole('button', { name: 'Ping' }) (tab 1)",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("steps:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	s := rec.Steps
	if s[0].Navigated || s[0].URL != page {
		t.Errorf("navigate step: %+v", s[0])
	}
	if !reflect.DeepEqual(s[1].Target.Fallbacks, []refs.Locator{refs.ByCSS("#email")}) || s[1].Target.Role != "textbox" {
		t.Errorf("fill target: %+v", s[1].Target)
	}
	if !s[4].Navigated || s[4].URLAfter != page+"?ok" || s[4].URLBefore != page {
		t.Errorf("a navigating click keeps its navigation: %+v", s[4])
	}
	if s[6].OpensTab != 1 || s[7].Tab != 1 {
		t.Errorf("popup: opensTab %d, next step in tab %d", s[6].OpensTab, s[7].Tab)
	}
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	for _, leak := range []string{"correct horse", `"z"`, `"Q"`, "Shift+Q", `" "`, "Backspace"} {
		if strings.Contains(string(b), leak) {
			t.Errorf("the password's %s is in the file:\n%s", leak, b)
		}
	}
	// The recording exports.
	for _, f := range Formats() {
		if err := Export(f.Name, rec, &strings.Builder{}); err != nil {
			t.Errorf("export %s: %v", f.Name, err)
		}
	}
}

func TestRecorderRecordSecretsAndAssertions(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "rec.jsonl")
	w, err := Create(path, NewHeader("", ""))
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	r := NewRecorder(w, Secrets{RecordSecrets: true}, "")
	pw := el(refs.ByLabel("Password", false), "textbox", "Password")
	pw.Password = true
	if _, err := r.Record(Action{Kind: Fill, TabID: "A", Element: pw, Text: "hunter2"}); err != nil {
		t.Fatal(err)
	}
	frame := `iframe[title="Payment"]`
	card := el(refs.ByLabel("Card number", false).InFrame(frame), "textbox", "Card number")
	card.FramePath = []int{0}
	st, err := r.Assert("A", card, Assertion{Kind: AssertValue, Expected: "4242"}, "http://x/")
	if err != nil {
		t.Fatal(err)
	}
	if st.Tab != 0 || len(st.Frame.Parts) != 1 || !reflect.DeepEqual(st.FramePath, []int{0}) || !st.Target.Locator.Equal(refs.ByLabel("Card number", false)) {
		t.Errorf("assert step: %+v", st)
	}
	if _, err := r.Assert("A", nil, Assertion{Kind: AssertTitle, Expected: "Form"}, "http://x/"); err != nil {
		t.Fatal(err)
	}
	if _, err := r.Record(Action{Kind: Click, TabID: "A", Element: &Element{Role: "button", Name: "Closed"}}); !errors.Is(err, ErrNoLocator) {
		t.Errorf("a click on an element without a locator: %v", err)
	}
	rec := w.Recording()
	if len(rec.Steps) != 3 || rec.Steps[0].Text.Text != "hunter2" {
		t.Errorf("steps: %+v", rec.Steps)
	}
}
