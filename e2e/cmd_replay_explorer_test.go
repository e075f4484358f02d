package e2e

import (
	"context"
	"github.com/ariadne-tui/ariadne/internal/browsertest"
	"github.com/ariadne-tui/ariadne/internal/cli"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"

	"github.com/ariadne-tui/ariadne/recordings"
	"github.com/ariadne-tui/ariadne/refs"
	"github.com/ariadne-tui/ariadne/ui"
)

// recordingExplorer is the explorer (the ui model, driven by key messages)
// in a real Chromium, recording to file; the browser closes at the end of
// the test.
func recordingExplorer(t *testing.T, file string) *modelDriver {
	t.Helper()
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
	d.until("the recording to start", func() bool {
		return d.m.Busy() == "" && strings.Contains(ansi.Strip(d.m.Render()), "● REC 0")
	})
	return d
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

// TestExplorerRecordingReplaysOnReleases records the checkout wizard in
// the explorer (the ui model driven by key messages in a real Chromium)
// and replays the file on the three releases: it passes on the original
// and the reworked one and fails on the broken one at the outcome check.
func TestExplorerRecordingReplaysOnReleases(t *testing.T) {
	if testing.Short() {
		t.Skip("end-to-end test skipped in -short mode")
	}
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
