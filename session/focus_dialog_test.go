package session_test

import (
	"context"
	"os"
	"strings"
	"testing"

	"github.com/ariadne-tui/ariadne/browser"
	"github.com/ariadne-tui/ariadne/refs"
	"github.com/ariadne-tui/ariadne/session"
)

// A dialog the browser reports with the click it interrupted, and that
// the front end answered too (during the click, or after it), is one
// step; another dialog answered after the click is a second one.
func TestDialogRecordedOnce(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	f := &fake{url: "https://shop.test/", title: "Shop"}
	r, path := start(t, f)
	s := session.Session{Browser: f, Recorder: r}
	first := browser.Dialog{Type: "alert", Message: "one", Outcome: "dismissed", By: "user", Seq: 1}
	second := browser.Dialog{Type: "alert", Message: "two", Outcome: "dismissed", By: browser.ByDismissAll, Seq: 2}
	f.dialogs = []browser.Dialog{first, second}
	f.onClick = func() { // esc on the first while the click runs
		if _, err := r.Dialog(ctx, f, first); err != nil {
			t.Error(err)
		}
	}
	if _, err := s.Act(ctx, session.Action{Kind: session.Click, Ref: "e1"}); err != nil {
		t.Fatal(err)
	}
	f.onClick, f.dialogs = nil, nil
	// ctrl+x's report of the second arrives after the click ended.
	if steps, err := r.Dialog(ctx, f, second); err != nil || len(steps) != 0 {
		t.Errorf("the second dialog again: %v %v", steps, err)
	}
	third := browser.Dialog{Type: "alert", Message: "three", Outcome: "dismissed", By: browser.ByDismissAll, Seq: 3}
	if steps, err := r.Dialog(ctx, f, third); err != nil || len(steps) != 1 {
		t.Errorf("a dialog outside the click: %v %v", steps, err)
	}
	want := strings.Join([]string{"click getByRole('button', { name: 'Save' })",
		"dismiss the alert dialog", "dismiss the alert dialog", "dismiss the alert dialog"}, "\n")
	rec := load(t, path)
	if got := summaries(rec); got != want {
		t.Fatalf("steps:\n%s\nwant\n%s", got, want)
	}
	for i, msg := range []string{"one", "two", "three"} {
		if d := rec.Steps[i+1].Dialog; d.Message != msg {
			t.Errorf("dialog step %d answers %q, want %q", i+1, d.Message, msg)
		}
	}
}

// focusFake is fake with the focus in e1.
type focusFake struct {
	*fake
	focus browser.Focus
}

func (f *focusFake) Focused(context.Context) (browser.Focus, error) { return f.focus, nil }

// Keys pressed with no ref while a password field has focus are its
// secret: masked (FocusedSecret) and recorded as a fill of the secret
// into that field; a focus that cannot be read refuses keys that type,
// nothing done.
func TestPressWithNoRefIntoFocusedPassword(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	f := &focusFake{fake: &fake{url: "https://shop.test/", title: "Shop", password: true}, focus: browser.Focus{Ref: "e1", Password: true, Known: true}}
	r, path := start(t, f.fake)
	s := session.Session{Browser: f, Recorder: r}
	if !session.FocusedSecret(ctx, f) {
		t.Error("FocusedSecret: false for a focused password field")
	}
	if _, err := s.Act(ctx, session.Action{Kind: session.Press, Keys: "s e c"}); err != nil {
		t.Fatal(err)
	}
	f.focus = browser.Focus{Known: false}
	n := len(f.calls)
	if _, err := s.Act(ctx, session.Action{Kind: session.Press, Keys: "x"}); refs.CodeOf(err) != refs.CodeNotLocatable {
		t.Errorf("keys into a focus that cannot be read: %v", err)
	}
	if len(f.calls) != n {
		t.Errorf("the refused press was done: %v", f.calls[n:])
	}
	if _, err := s.Act(ctx, session.Action{Kind: session.Press, Keys: "Enter"}); err != nil {
		t.Errorf("Enter into a focus that cannot be read: %v", err)
	}
	want := strings.Join([]string{`fill getByRole('button', { name: 'Save' }) "$ARIADNE_SECRET_SAVE"`, "press Enter"}, "\n")
	if got := summaries(load(t, path)); got != want {
		t.Errorf("steps:\n%s\nwant\n%s", got, want)
	}
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	for _, k := range []string{"s", "e", "c", "x"} {
		if strings.Contains(string(b), `"key":"`+k+`"`) {
			t.Errorf("the file holds the key %s:\n%s", k, b)
		}
	}
	if err := session.MaskKeys(refs.Errorf(refs.CodeBadArgument, `unknown key "Hunter2" in "Hunter2"`), "Hunter2"); strings.Contains(err.Error(), "Hunter") || refs.CodeOf(err) != refs.CodeBadArgument {
		t.Errorf("MaskKeys: %v", err)
	}
}
