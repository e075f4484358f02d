package e2e

import (
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/ariadne-tui/ariadne/internal/browsertest"
	"github.com/ariadne-tui/ariadne/recordings"
)

// Tests of recording: 'ariadne run --record' and the explorer's record
// mode write the same files. (The record-then-replay flows are in
// replay_test.go; SIGKILL during a recording in record_e2e_test.go.)

// TestRecordPopupDialogAndFrame records a dialog answered before its
// click, a frame's field and button, a link that navigates and one that
// opens a tab, and a click in that tab; the file says so step by step,
// and replays, arming the dialog before the click.
func TestRecordPopupDialogAndFrame(t *testing.T) {
	t.Parallel()
	srv := browsertest.Pages(t)
	file := filepath.Join(t.TempDir(), "more.jsonl")
	res, code := runTestScript(t, srv.URL, `
open {{URL}}/dialogs.html
find confirm button Confirm
dialog accept
click $confirm
find st status
assert text $st "confirm: true"
open {{URL}}/iframe.html
find card textbox "Card number"
fill $card 4242
find pay button Pay
click $pay
open {{URL}}/navigate.html
find next link "Next page"
click $next
open {{URL}}/popup.html
find open link "Open in new tab"
click $open
tab 2
find ping button Ping
click $ping
`, "--record", file)
	expect(t, res, "ok", "ok", "ok", "ok", "ok", "ok", "ok", "ok", "ok", "ok", "ok", "ok", "ok", "ok", "ok", "ok", "ok", "ok", "ok", "ok")
	if code != 0 {
		t.Errorf("exit %d", code)
	}
	rec, _, err := recordings.Load(file)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, s := range rec.Steps {
		got = append(got, recordings.Summary(s))
	}
	want := []string{
		"navigate to " + srv.URL + "/dialogs.html",
		"click getByRole('button', { name: 'Confirm' })",
		"accept the confirm dialog",
		`expect getByRole('status') to have text "confirm: true"`,
		"navigate to " + srv.URL + "/iframe.html",
		`fill locator('iframe[title="Payment"]').contentFrame().getByRole('textbox', { name: 'Card number' }) "4242"`,
		`click locator('iframe[title="Payment"]').contentFrame().getByRole('button', { name: 'Pay' })`,
		"navigate to " + srv.URL + "/navigate.html",
		"click getByRole('link', { name: 'Next page' })",
		"navigate to " + srv.URL + "/popup.html",
		"click getByRole('link', { name: 'Open in new tab' })",
		"click getByRole('button', { name: 'Ping' }) (tab 1)",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Fatalf("steps:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if s := rec.Steps[5]; len(s.FramePath) != 1 || s.FramePath[0] != 0 {
		t.Errorf("the frame step has frame path %v", s.FramePath)
	}
	if s := rec.Steps[8]; !s.Navigated || s.URLAfter != srv.URL+"/navigate2.html" {
		t.Errorf("a link click keeps its navigation: %+v", s)
	}
	if s := rec.Steps[10]; s.OpensTab != 1 {
		t.Errorf("the popup link opens tab %d", s.OpensTab)
	}
	stdout, stderr, code := replayCmd(t, file)
	if code != 0 {
		t.Fatalf("replay: exit %d\nstdout:\n%s\nstderr:\n%s", code, stdout, stderr)
	}
	if !strings.Contains(stdout, "(accepting its confirm dialog)") {
		t.Errorf("the dialog should be armed before the click:\n%s", stdout)
	}
}

// TestRecordUsageErrors: --record never overwrites a file; --record-secrets
// needs --record; replay takes one file or directory.
func TestRecordUsageErrors(t *testing.T) {
	t.Parallel()
	srv := browsertest.Pages(t)
	file := filepath.Join(t.TempDir(), "exists.jsonl")
	writeText(t, file, "{}\n")
	_, code := runTestScript(t, srv.URL, "open {{URL}}/form.html\n", "--record", file)
	if code != 1 {
		t.Errorf("recording over an existing file: exit %d", code)
	}
	if readText(t, file) != "{}\n" {
		t.Error("an existing file was overwritten")
	}
	if _, errs, code := ariadne(t, "run", "--record-secrets"); code != 2 {
		t.Errorf("--record-secrets alone: exit %d (%s)", code, errs)
	}
	if _, _, code := ariadne(t, "replay"); code != 2 {
		t.Errorf("replay without a file: exit %d", code)
	}
	if _, _, code := ariadne(t, "replay", "a", "b"); code != 2 {
		t.Errorf("replay with two files: exit %d", code)
	}
}

// TestRecordSameFlowBothWays records one flow through 'ariadne run
// --record' and through the explorer (the ui model driven by key
// messages, against the same page in a real Chromium), and compares the
// two files less their timestamps: the session layer's one recorder
// writes the same header and the same steps for both.
func TestRecordSameFlowBothWays(t *testing.T) {
	t.Parallel()
	needBrowser(t)
	srv := browsertest.Pages(t)
	setenv(t, "ARIADNE_SECRET_PASSWORD", "")
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
	d := recordingExplorer(t, tuiFile)
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
