package ui

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/ariadne-tui/ariadne/browser"
	"github.com/ariadne-tui/ariadne/recordings"
)

// Info and State make fakeBrowser a browser the recorder can ask about
// elements: e10, the search box, is a password field here.
func (f *fakeBrowser) Info(ctx context.Context, ref string) (browser.ElementInfo, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	return browser.ElementInfo{Ref: ref, TabID: "T1", URL: f.url, Tag: "input", Password: ref == "e10"}, f.gone()
}

func (f *fakeBrowser) State(ctx context.Context, ref string) (browser.ElementState, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	return browser.ElementState{Text: "Save", Enabled: true, Visible: true}, f.gone()
}

var ctrlR = tea.KeyPressMsg{Code: 'r', Mod: tea.ModCtrl}
var ctrlS = tea.KeyPressMsg{Code: 's', Mod: tea.ModCtrl}

// loadSteps reads the recording file and summarizes its steps.
func loadSteps(t *testing.T, path string) []string {
	t.Helper()
	rec, problems, err := recordings.Load(path)
	if err != nil || len(problems) > 0 {
		t.Fatalf("loading %s: %v %v", path, err, problems)
	}
	var out []string
	for _, s := range rec.Steps {
		out = append(out, recordings.Summary(s))
	}
	return out
}

func TestModelRecordsClicksAndAssertions(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	f := newFake()
	o := fakeOptions(f)
	o.RecordDir = dir
	h := newHarness(t, o, 120, 30)
	h.ready()
	if strings.Contains(h.screen(), "REC") {
		t.Fatal("recording before ctrl+r")
	}
	h.keys("a")
	if !strings.Contains(h.m.StatusText(), "start recording first: ctrl+r") {
		t.Errorf("a before recording: %q", h.m.StatusText())
	}

	h.send(ctrlR)
	h.until("the recording to start", func() bool { return h.m.rec.Active() })
	if !strings.Contains(strings.Split(h.screen(), "\n")[0], "● REC 0") {
		t.Errorf("no recording indicator:\n%s", h.screen())
	}
	path := h.m.rec.state.Path
	if filepath.Dir(path) != dir || !strings.HasPrefix(filepath.Base(path), "recording-") {
		t.Errorf("recording into %q", path)
	}

	// A click, an assertion, a password.
	h.keys(": e 8 enter enter")
	h.waitIdle("the click")
	h.until("the click's step", func() bool { return h.m.rec.Steps() == 1 })
	h.keys("a")
	if h.m.over != overlayPicker || h.m.picker.kind != pickAssert {
		t.Fatalf("a did not open the assertion menu:\n%s", h.screen())
	}
	if !strings.Contains(h.screen(), "ARIA snapshot of this subtree") {
		t.Errorf("the menu lacks the ARIA snapshot:\n%s", h.screen())
	}
	h.pickLabel("text ")
	h.keys("enter")
	h.until("the assertion", func() bool { return strings.HasPrefix(h.m.StatusText(), "recorded:") })
	h.keys(": e 1 0 enter f")
	h.send(tea.KeyPressMsg{Code: 'u', Mod: tea.ModCtrl}) // clear the prefilled value
	h.typeText("hunter2")
	h.keys("enter")
	h.waitIdle("the fill")
	h.until("three steps", func() bool { return h.m.rec.Steps() == 3 })
	if !strings.Contains(strings.Split(h.screen(), "\n")[0], "● REC 3") {
		t.Errorf("the indicator does not count:\n%s", strings.Split(h.screen(), "\n")[0])
	}

	// The pane lists them.
	h.send(ctrlS)
	screen := h.screen()
	for _, want := range []string{"Recording  ● recording  3 steps", "1 click getByRole('button', { name: 'Save' })",
		"2 expect getByRole('button', { name: 'Save' })", "3 fill getByRole('button', { name: 'Save' })", "\"$ARIADNE_SECRET_SAVE\""} {
		if !strings.Contains(screen, want) {
			t.Errorf("the steps pane lacks %q:\n%s", want, screen)
		}
	}
	got := loadSteps(t, path)
	if len(got) != 3 || got[2] != `fill getByRole('button', { name: 'Save' }) "$ARIADNE_SECRET_SAVE"` {
		t.Errorf("file steps: %q", got)
	}

	// D deletes the last step; S saves under another name.
	h.keys("D")
	h.until("the delete", func() bool { return h.m.rec.Steps() == 2 })
	h.keys("S")
	if h.m.over != overlayPrompt || h.m.prompt.input.Value() != path {
		t.Fatalf("S: prompt %v", h.m.prompt)
	}
	saved := filepath.Join(dir, "saved.jsonl")
	h.send(tea.KeyPressMsg{Code: 'u', Mod: tea.ModCtrl})
	h.typeText(saved)
	h.keys("enter")
	h.until("the save", func() bool { return strings.HasPrefix(h.m.StatusText(), "saved the recording") })
	if got := loadSteps(t, saved); len(got) != 2 || !strings.HasPrefix(got[1], "expect") {
		t.Errorf("saved file: %q", got)
	}

	// Paused, nothing is recorded.
	h.send(ctrlR)
	if h.m.rec.Active() || !strings.Contains(h.m.StatusText(), "recording paused") {
		t.Fatalf("ctrl+r did not pause: %q", h.m.StatusText())
	}
	h.keys(": e 8 enter enter")
	h.waitIdle("the click")
	if n := h.m.rec.Steps(); n != 2 {
		t.Errorf("a click while paused was recorded: %d steps", n)
	}
	// Resumed, a navigation is.
	h.send(ctrlR)
	h.keys("o")
	h.send(tea.KeyPressMsg{Code: 'u', Mod: tea.ModCtrl})
	h.typeText(fakeURL + "next")
	h.keys("enter")
	h.waitIdle("the navigation")
	h.until("the navigate step", func() bool { return h.m.rec.Steps() == 3 })
	got = loadSteps(t, saved)
	if got[2] != "navigate to "+fakeURL+"next" {
		t.Errorf("steps after resuming: %q", got)
	}
	for _, p := range []string{path, saved} {
		if b, _ := os.ReadFile(p); strings.Contains(string(b), "hunter2") {
			t.Errorf("%s holds the password", p)
		}
	}
}

func TestModelRecordsDialogsAfterTheirStep(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	f := newFake()
	o := fakeOptions(f)
	o.RecordFile = filepath.Join(dir, "dialogs.jsonl")
	h := newHarness(t, o, 100, 30)
	h.ready()
	h.until("--record to start", func() bool { return h.m.rec.Active() })
	// The click raises a prompt the user answers while the click runs.
	f.block = make(chan struct{})
	h.keys(": e 8 enter enter")
	// The page raises it once the click reached it.
	h.until("the click to start", func() bool { return strings.Contains(f.Calls(), "click e8") })
	f.events <- browser.Event{Kind: browser.EventDialog, Dialog: &browser.Dialog{Type: "prompt", Message: "Name?"}}
	h.until("the dialog", func() bool { return h.m.over == overlayDialog })
	h.typeText("Ada")
	h.keys("enter")
	h.until("the answer", func() bool { return strings.Contains(f.Calls(), "answer true") })
	close(f.block)
	h.waitIdle("the click")
	h.until("two steps", func() bool { return h.m.rec.Steps() == 2 })
	got := loadSteps(t, o.RecordFile)
	if len(got) != 2 || got[0] != "click getByRole('button', { name: 'Save' })" || got[1] != "accept the prompt dialog" {
		t.Errorf("steps %q", got)
	}
	rec, _, _ := recordings.Load(o.RecordFile)
	if d := rec.Steps[1].Dialog; d == nil || d.PromptText != "Ada" || !d.Accept {
		t.Errorf("dialog step %+v", rec.Steps[1])
	}
}

func TestBrowserRecordsFormInTUI(t *testing.T) {
	t.Parallel()
	file := filepath.Join(t.TempDir(), "form.jsonl")
	h, _ := openPage(t, "form.html", 120, 40, func(o *Options) { o.RecordFile = file })
	h.until("--record to start", func() bool { return h.m.rec.Active() })
	pw := h.refOf("textbox", "Password")
	h.jumpTo(pw)
	h.keys("f")
	h.typeText("s3cret")
	h.keys("enter")
	h.waitIdle("the fill")
	remember := h.refOf("checkbox", "Remember me")
	h.jumpTo(remember)
	h.keys("x")
	h.waitIdle("the check")
	h.until("two steps", func() bool { return h.m.rec.Steps() == 2 })
	h.keys("a")
	h.until("the menu", func() bool { return h.m.over == overlayPicker })
	for i, it := range h.m.picker.items {
		if it.label == "checked" {
			h.m.picker.cursor = i
		}
	}
	h.keys("enter")
	h.until("the assertion", func() bool { return h.m.rec.Steps() == 3 })
	got := loadSteps(t, file)
	want := []string{
		`fill getByRole('textbox', { name: 'Password' }) "$ARIADNE_SECRET_PASSWORD"`,
		"check getByRole('checkbox', { name: 'Remember me' })",
		"expect getByRole('checkbox', { name: 'Remember me' }) to be checked",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("steps:\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	rec, _, _ := recordings.Load(file)
	if !strings.HasSuffix(rec.StartURL, "/form.html") || len(rec.Steps[1].Target.Fallbacks) == 0 {
		t.Errorf("header %+v, target %+v", rec.Header, rec.Steps[1].Target)
	}
}

// windowFake is a headful fake whose window reports what the "user" does.
type windowFake struct {
	*fakeBrowser
	users chan browser.UserAction
}

func (w *windowFake) WatchUser(ctx context.Context) (<-chan browser.UserAction, error) {
	return w.users, nil
}

func TestModelRecordsWhatTheUserDoesInTheWindow(t *testing.T) {
	t.Parallel()
	f := &windowFake{fakeBrowser: newFake(), users: make(chan browser.UserAction, 4)}
	o := Options{Browser: f, URL: fakeURL, Locators: fakeLocators, Headful: true, RecordFile: filepath.Join(t.TempDir(), "window.jsonl")}
	h := newHarness(t, o, 100, 30)
	h.ready()
	h.until("--record to start", func() bool { return h.m.rec.Active() })
	loc, _ := fakeLocators(context.Background(), f, "e10")
	user := browser.UserAction{Kind: "fill", TabID: "T1", URL: fakeURL, Ref: "e10", Value: "kittens", Time: time.Now(),
		Locators: browser.ElementLocators{Ref: "e10", Role: "textbox", Name: "Search", Best: loc.Best, Candidates: loc.Candidates}}
	f.users <- user
	h.until("the window's fill", func() bool { return h.m.rec.Steps() == 1 })
	// Ariadne's own click is reported by the window too, and dropped.
	h.keys(": e 8 enter enter")
	h.waitIdle("the click")
	h.until("the click's step", func() bool { return h.m.rec.Steps() == 2 })
	own := user
	// The click step's time is within Ariadne's own action.
	own.Kind, own.Value, own.Time = "click", "", h.m.rec.state.Steps[1].Time
	f.users <- own
	user.Kind, user.Value, user.Key, user.Time = "press", "", "Enter", time.Now().Add(time.Second)
	f.users <- user
	h.until("the window's press", func() bool { return h.m.rec.Steps() == 3 })
	got := loadSteps(t, o.RecordFile)
	want := []string{`fill getByRole('button', { name: 'Save' }) "kittens"`, "click getByRole('button', { name: 'Save' })",
		"press Enter in getByRole('button', { name: 'Save' })"}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("steps:\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// pickLabel moves the open picker's cursor to the first row whose label
// starts with prefix.
func (h *harness) pickLabel(prefix string) {
	h.t.Helper()
	for i, it := range h.m.picker.items {
		if strings.HasPrefix(it.label, prefix) && h.m.picker.selectable(i) {
			h.m.picker.cursor = i
			return
		}
	}
	h.t.Fatalf("no picker row starts with %q:\n%s", prefix, h.screen())
}
