package e2e

import (
	"context"
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/ariadne-tui/ariadne/internal/browsertest"
	"github.com/ariadne-tui/ariadne/internal/cli"
	"github.com/ariadne-tui/ariadne/recordings"
	"github.com/ariadne-tui/ariadne/refs"
	"github.com/ariadne-tui/ariadne/ui"
)

// Tests of the explorer that records: its ui model driven by key messages,
// as Bubble Tea would, against pages in the shared browser.

// TestExplorerRecordingReplaysOnReleases records the checkout wizard in
// the explorer and replays the file on the three releases: it passes on
// the original and the reworked one and fails on the broken one at the
// outcome check.
func TestExplorerRecordingReplaysOnReleases(t *testing.T) {
	t.Parallel()
	needBrowser(t)
	srv, use := appsServer(t)
	file := filepath.Join(t.TempDir(), "checkout.jsonl")
	d := recordingExplorer(t, file)
	// onScreen takes snapshots until the node is in one.
	onScreen := func(role, name string) {
		t.Helper()
		has := func() bool {
			found := false
			d.m.Snapshot().Root.Walk(func(n *refs.Node, _ int) bool {
				found = found || (n.Ref != "" && n.Role == role && n.Name == name)
				return !found
			})
			return found
		}
		deadline := time.Now().Add(20 * time.Second)
		for !has() && time.Now().Before(deadline) {
			d.keys("r")
			d.until("the snapshot", func() bool { return d.m.Busy() == "" })
		}
		if !has() {
			t.Fatalf("no %s %q on screen", role, name)
		}
	}
	n := 0
	step := func() { n++; d.steps(file, n) }
	d.keys("o ctrl+u")
	d.typeText(srv.URL + "/apps/checkout.html")
	d.keys("enter")
	step()
	onScreen("textbox", "Full name")
	d.fill("textbox", "Full name", "Ada Lovelace")
	step()
	d.fill("textbox", "Email", "ada@example.com")
	step()
	d.fill("textbox", "Address", "12 Analytical Street")
	step()
	d.jump("button", "Continue")
	d.keys("enter")
	step()
	onScreen("radio", "Express (next day) — $14.99")
	d.jump("radio", "Express (next day) — $14.99")
	d.keys("x")
	step()
	d.jump("button", "Continue")
	d.keys("enter")
	step()
	onScreen("textbox", "Card number")
	d.fill("textbox", "Card number", "4242424242424242")
	step()
	d.jump("button", "Continue")
	d.keys("enter")
	step()
	onScreen("button", "Place order")
	d.jump("button", "Place order")
	d.keys("enter")
	step()
	onScreen("heading", "Thank you!")
	d.jump("heading", "Thank you!")
	d.keys("a enter") // visible
	step()
	d.jump("status", "")
	d.assertText()
	step()

	rec, _, err := recordings.Load(file)
	if err != nil {
		t.Fatal(err)
	}
	checkTargets(t, rec)
	for _, v := range []string{"", "reworked", "broken"} {
		use(v)
		stdout, stderr, code := replayCmd(t, file)
		if v != "broken" {
			if code != 0 {
				t.Errorf("release %q: exit %d\n%s\n%s", v, code, stdout, stderr)
			}
			continue
		}
		m := failedAt.FindStringSubmatch(stderr)
		if code != 1 || m == nil || atoi(t, m[1]) != stepOf(t, rec, `'Thank you!'`) {
			t.Errorf("the broken release should fail at the outcome check: exit %d\n%s\n%s", code, stdout, stderr)
		}
	}
}

// recordingExplorer is the explorer (the ui model, driven by key messages)
// in a session of the shared browser, recording to file; the session
// closes at the end of the test.
func recordingExplorer(t *testing.T, file string) *modelDriver {
	t.Helper()
	needBrowser(t)
	opts, err := cli.ExplorerOptions([]string{"--action-timeout", "3s", "--timeout", "15s", "--record", file})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	t.Cleanup(cancel)
	b, err := browsertest.Launch(ctx, opts)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { b.Close() })
	d := newModelDriver(t, ui.New(ui.Options{Browser: b, Locators: ui.BrowserLocators, RecordFile: file,
		LivePeriod: -1, SettleDelay: time.Millisecond}))
	d.untilRecording()
	return d
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

// untilRecording waits for the explorer's recording to start.
func (d *modelDriver) untilRecording() {
	d.t.Helper()
	d.until("the recording to start", func() bool {
		return d.m.Busy() == "" && strings.Contains(ansi.Strip(d.m.Render()), "● REC 0")
	})
}

// steps waits until the recording file holds n steps and nothing runs.
func (d *modelDriver) steps(path string, n int) {
	d.t.Helper()
	d.until(mustJSON(d.t, n)+" recorded steps", func() bool { return d.m.Busy() == "" && fileSteps(path) == n })
}

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

// assertText adds a text assertion on the selected element from the
// assertion menu.
func (d *modelDriver) assertText() { d.assertPick("toHaveText()") }

// assertPick opens the assertion menu and chooses the row whose hint is
// hint (as the menu shows it, e.g. "toHaveTitle()"), wherever the rows
// before it (count, contains text, value, checked) put it.
func (d *modelDriver) assertPick(hint string) {
	d.t.Helper()
	d.keys("a")
	d.until("the assertion picker", func() bool { return strings.Contains(ansi.Strip(d.m.Render()), "toHaveTitle()") })
	hints := []string{"not.toBeVisible()", "toBeVisible()", "toBeHidden()", "toHaveCount(", "toHaveText()", "toContainText()",
		"toHaveValue()", "toBeChecked()", "not.toBeEnabled()", "toBeEnabled()", "toHaveURL()", "toHaveTitle()", "toMatchAriaSnapshot()"}
	row := 0
	for _, line := range strings.Split(ansi.Strip(d.m.Render()), "\n") {
		for _, h := range hints {
			if !strings.Contains(line, h) {
				continue
			}
			if h == hint {
				d.keys(strings.TrimSpace(strings.Repeat("j ", row) + "enter"))
				return
			}
			row++
			break
		}
	}
	d.t.Fatalf("no %s row in the assertion menu:\n%s", hint, ansi.Strip(d.m.Render()))
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

func mustJSON(t *testing.T, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}
