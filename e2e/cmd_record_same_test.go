package e2e

import (
	"context"
	"encoding/json"
	"github.com/ariadne-tui/ariadne/internal/browsertest"
	"github.com/ariadne-tui/ariadne/internal/cli"
	"path/filepath"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/ariadne-tui/ariadne/recordings"
	"github.com/ariadne-tui/ariadne/refs"
	"github.com/ariadne-tui/ariadne/ui"
)

// TestRecordSameFlowBothWays records one flow through 'ariadne run
// --record' and through the explorer (the ui model driven by key
// messages, against the same page in a real Chromium), and compares the
// two files less their timestamps: the session layer's one recorder
// writes the same header and the same steps for both.
func TestRecordSameFlowBothWays(t *testing.T) {
	needBrowser(t)
	srv := pagesServer(t)
	t.Setenv("ARIADNE_SECRET_PASSWORD", "")
	dir := t.TempDir()

	runFile := filepath.Join(dir, "run.jsonl")
	res, code := runTestScript(t, srv.URL, `
open {{URL}}/form.html
find email textbox Email
fill $email ada@example.com
find pw textbox Password
fill $pw hunter2
find remember checkbox "Remember me"
check $remember
find signin button "Sign in"
click $signin
find status status
assert text $status
assert title
`, "--record", runFile)
	if code != 0 {
		for _, r := range res {
			t.Logf("%v", r)
		}
		t.Fatalf("run --record: exit status %d", code)
	}

	tuiFile := filepath.Join(dir, "tui.jsonl")
	opts, err := cli.ExplorerOptions([]string{"--action-timeout", "3s", "--timeout", "15s", "--record", tuiFile})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	b, err := browsertest.Launch(ctx, opts)
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	d := newModelDriver(t, ui.New(ui.Options{Browser: b, Locators: ui.BrowserLocators, RecordFile: tuiFile,
		LivePeriod: -1, SettleDelay: time.Millisecond}))
	d.until("the recording to start", func() bool {
		return d.m.Busy() == "" && strings.Contains(ansi.Strip(d.m.Render()), "● REC 0")
	})
	d.keys("o ctrl+u")
	d.typeText(srv.URL + "/form.html")
	d.keys("enter")
	d.steps(tuiFile, 1)
	d.fill("textbox", "Email", "ada@example.com")
	d.steps(tuiFile, 2)
	d.fill("textbox", "Password", "hunter2")
	d.steps(tuiFile, 3)
	d.jump("checkbox", "Remember me")
	d.keys("x")
	d.steps(tuiFile, 4)
	d.jump("button", "Sign in")
	d.keys("enter")
	d.steps(tuiFile, 5)
	d.jump("status", "")
	d.assertText()
	d.steps(tuiFile, 6)
	d.assertPick("toHaveTitle()")
	d.steps(tuiFile, 7)

	run, tui := comparable(t, runFile), comparable(t, tuiFile)
	if run != tui {
		t.Errorf("the recordings differ:\nrun --record:\n%s\nexplorer:\n%s", run, tui)
	}
	// And they hold what was done, the header included.
	rec, _, _ := recordings.Load(tuiFile)
	if rec.StartURL != srv.URL+"/form.html" || rec.Title != "Form" || rec.Viewport == nil || rec.Viewport.Width != 1280 {
		t.Errorf("header: %+v", rec.Header)
	}
	var kinds []string
	for _, s := range rec.Steps {
		kinds = append(kinds, string(s.Kind))
	}
	if got := strings.Join(kinds, " "); got != "navigate fill fill check click assert assert" {
		t.Errorf("steps: %s", got)
	}
	if s := rec.Steps[2]; s.Text.Secret != "ARIADNE_SECRET_PASSWORD" {
		t.Errorf("the password is not a secret: %+v", s.Text)
	}
	if a := rec.Steps[5].Assert; a == nil || a.Expected != "Submitted: ada@example.com" {
		t.Errorf("text assertion: %+v", a)
	}
}

// fileSteps is how many steps the recording file holds, -1 when it
// cannot be read (yet).
func fileSteps(path string) int {
	rec, _, err := recordings.Load(path)
	if err != nil {
		return -1
	}
	return len(rec.Steps)
}

// comparable is the recording as JSON lines without its timestamps.
func comparable(t *testing.T, path string) string {
	t.Helper()
	rec, problems, err := recordings.Load(path)
	if err != nil || len(problems) > 0 {
		t.Fatalf("loading %s: %v %v", path, err, problems)
	}
	rec.Created = time.Time{}
	lines := []string{mustJSON(t, rec.Header)}
	for _, s := range rec.Steps {
		s.Time = time.Time{}
		lines = append(lines, mustJSON(t, s))
	}
	return strings.Join(lines, "\n")
}

func mustJSON(t *testing.T, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// modelDriver drives the explorer's model as Bubble Tea would: Update on
// the test's goroutine, each Cmd on its own, their messages fed back.
type modelDriver struct {
	t    *testing.T
	m    *ui.Model
	msgs chan tea.Msg
	done chan struct{}
}

func newModelDriver(t *testing.T, m *ui.Model) *modelDriver {
	d := &modelDriver{t: t, m: m, msgs: make(chan tea.Msg, 64), done: make(chan struct{})}
	t.Cleanup(func() { close(d.done) })
	d.send(tea.WindowSizeMsg{Width: 140, Height: 40})
	d.run(m.Init())
	return d
}

func (d *modelDriver) run(cmd tea.Cmd) {
	if cmd != nil {
		go func() { d.deliver(cmd()) }()
	}
}

func (d *modelDriver) deliver(msg tea.Msg) {
	switch msg := msg.(type) {
	case nil:
	case tea.BatchMsg:
		for _, c := range msg {
			d.run(c)
		}
	default:
		select {
		case d.msgs <- msg:
		case <-d.done:
		}
	}
}

func (d *modelDriver) send(msg tea.Msg) {
	_, cmd := d.m.Update(msg)
	d.run(cmd)
}

// until feeds messages to the model until cond holds, for at most a minute.
func (d *modelDriver) until(what string, cond func() bool) {
	d.t.Helper()
	deadline := time.After(time.Minute)
	for !cond() {
		select {
		case msg := <-d.msgs:
			d.send(msg)
		case <-time.After(50 * time.Millisecond): // look at the file again
		case <-deadline:
			d.t.Fatalf("timed out waiting for %s; busy %q; status %q", what, d.m.Busy(), d.m.StatusText())
		}
	}
}

// steps waits until the recording file holds n steps and nothing runs.
func (d *modelDriver) steps(path string, n int) {
	d.t.Helper()
	d.until(itoaTest(n)+" recorded steps", func() bool { return d.m.Busy() == "" && fileSteps(path) == n })
}

func itoaTest(n int) string { b, _ := json.Marshal(n); return string(b) }

// keys presses each key: enter, esc, ctrl+u or one character.
func (d *modelDriver) keys(names string) {
	for _, k := range strings.Fields(names) {
		switch k {
		case "enter":
			d.send(tea.KeyPressMsg{Code: tea.KeyEnter})
		case "ctrl+u":
			d.send(tea.KeyPressMsg{Code: 'u', Mod: tea.ModCtrl})
		default:
			d.typeText(k)
		}
	}
}

func (d *modelDriver) typeText(s string) {
	for _, r := range s {
		d.send(tea.KeyPressMsg{Code: r, Text: string(r)})
	}
}

// jump selects the first node with role and name in the snapshot on
// screen (: REF enter).
func (d *modelDriver) jump(role, name string) {
	d.t.Helper()
	var ref string
	d.m.Snapshot().Root.Walk(func(n *refs.Node, _ int) bool {
		if ref == "" && n.Ref != "" && n.Role == role && (name == "" || n.Name == name) {
			ref = n.Ref
		}
		return ref == ""
	})
	if ref == "" {
		d.t.Fatalf("no %s %q on screen", role, name)
	}
	d.keys(":")
	d.typeText(ref)
	d.keys("enter")
	if n := d.m.Tree().Selected(); n == nil || n.Ref != ref {
		d.t.Fatalf("jumping to %s did not select it", ref)
	}
}

// fill fills the textbox with name through the explorer's f prompt.
func (d *modelDriver) fill(role, name, text string) {
	d.t.Helper()
	d.jump(role, name)
	d.keys("f ctrl+u")
	d.typeText(text)
	d.keys("enter")
}

// TestRunRecordReportsHealed: a click on a re-rendered button reports
// healed also when recording, where the recorder's reading of the
// element's locators is what heals the ref.
func TestRunRecordReportsHealed(t *testing.T) {
	srv := pagesServer(t)
	file := filepath.Join(t.TempDir(), "churn.jsonl")
	res, _ := runTestScript(t, srv.URL, `
open {{URL}}/rerender.html
find b button "Like B"
find again button Re-render
click $again
wait text "Rendered: 2"
click $b
wait text "Likes: A=0 B=1 C=0"
`, "--record", file)
	expect(t, res, "ok", "ok", "ok", "ok", "ok", "ok", "ok")
	if res[5]["healed"] != true {
		t.Errorf("a recorded click after a re-render should report healed: %v", res[5])
	}
	rec, _, err := recordings.Load(file)
	if err != nil || len(rec.Steps) != 3 || rec.Steps[2].Kind != recordings.Click || rec.Steps[2].Target.Name != "Like B" {
		t.Fatalf("recorded: %+v %v", rec, err)
	}
}
