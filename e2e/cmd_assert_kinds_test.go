package e2e

import (
	"fmt"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/ariadne-tui/ariadne/recordings"
	"github.com/ariadne-tui/ariadne/refs"
)

// inboxScript records one assertion of each kind the assertion menu added
// (not visible, count, hidden, contains text) on testdata/pages/apps/inbox.html.
// The toast's Undo goes away 2.5 s after the click: the hidden assertion
// waits for it.
const inboxScript = `
open {{URL}}/apps/inbox.html
find offline note "Offline mode"
assert visible $offline --not
find draft listitem "(no subject)" --nth 2
assert count $draft
find archive button Archive --nth 1
click $archive
find undo button Undo
assert hidden $undo --timeout 15s
find status status
assert contains $status "Archived: Quarterly report"
assert contains $status
`

// inboxReleases are the inbox's releases, and the summary of the step
// each broken one must fail at ("" for the ones that must pass).
var inboxReleases = []struct{ variant, failsAt string }{
	{"", ""},
	{"reworked", ""},
	{"broken-visible", "not to be visible"},
	{"broken-count", "to have count 3"},
	{"broken-hidden", "to be hidden"},
	{"broken-text", `to contain text "Archived: Quarterly report"`},
}

// TestAssertionKindsRecordReplay records inboxScript with 'ariadne run
// --record' and replays it on the inbox's releases: it passes on the
// original and the reworked one (messages reordered, one more, new class
// hashes) and fails on each broken one at the step whose assertion the
// release breaks, with what was expected and found.
func TestAssertionKindsRecordReplay(t *testing.T) {
	if testing.Short() {
		t.Skip("end-to-end test skipped in -short mode")
	}
	srv, use := appsServer(t)
	file := recordScript(t, srv.URL, "inbox.jsonl", inboxScript)
	rec, problems, err := recordings.Load(file)
	if err != nil || len(problems) > 0 {
		t.Fatalf("loading: %v %v", err, problems)
	}
	var got []string
	for _, s := range rec.Steps {
		if s.Kind == recordings.Assert {
			got = append(got, fmt.Sprintf("%s not=%v %q", s.Assert.Kind, s.Assert.Not, s.Assert.Expected))
		}
	}
	want := []string{`visible not=true ""`, `count not=false "3"`, `hidden not=false ""`,
		`contains-text not=false "Archived: Quarterly report"`, `contains-text not=false "Archived: Quarterly report."`}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Fatalf("recorded assertions:\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	for _, s := range rec.Steps {
		if s.Kind == recordings.Assert && s.Assert.Kind == recordings.AssertCount {
			// The count is of the drafts' locator without its nth, and
			// nothing stands in for it.
			if code := s.Locator().Code(refs.JavaScript); code != "getByRole('list', { name: 'Drafts' }).getByRole('listitem')" || len(s.Target.Fallbacks) > 0 {
				t.Errorf("count target: %s, fallbacks %v", code, s.Target.Fallbacks)
			}
		}
	}
	for _, r := range inboxReleases {
		use(r.variant)
		stdout, stderr, code := replayCmd(t, "--action-timeout", "8s", file)
		if r.failsAt == "" {
			n := recordings.StepCount(rec)
			if code != 0 || !strings.Contains(stdout, fmt.Sprintf("passed: %d steps", n)) {
				t.Errorf("release %q should pass: exit %d\n%s\n%s", r.variant, code, stdout, stderr)
			}
			continue
		}
		m := failedAt.FindStringSubmatch(stderr)
		if code != 1 || m == nil {
			t.Errorf("release %q should fail: exit %d\n%s\n%s", r.variant, code, stdout, stderr)
			continue
		}
		if got, want := atoi(t, m[1]), stepOf(t, rec, r.failsAt); got != want || !strings.Contains(stderr, "assertion_failed") {
			t.Errorf("release %q failed at step %d, want %d (%s), assertion_failed:\n%s", r.variant, got, want, r.failsAt, stderr)
		}
		t.Logf("release %q:\n%s", r.variant, stderr)
	}
}

// TestAssertionKindsExports exports the inbox recording and runs the
// Playwright Test spec in @playwright/test, the DevTools Recorder file in
// @puppeteer/replay and the chromedp program on every release: each
// passes on the original and the reworked one and fails on the broken
// ones. The DevTools format has no contains-text check, nor a selector
// for the drafts' chained locator (both customSteps, which
// @puppeteer/replay skips), so broken-text and broken-count are not its
// to catch.
func TestAssertionKindsExports(t *testing.T) {
	if testing.Short() {
		t.Skip("end-to-end test skipped in -short mode")
	}
	srv, use := appsServer(t)
	file := recordScript(t, srv.URL, "inbox.jsonl", inboxScript)
	dir := t.TempDir()
	pw := filepath.Join(dir, "pw")
	playwrightProject(t, pw, file)
	spec := readText(t, filepath.Join(pw, "recording.spec.ts"))
	for _, want := range []string{
		"await expect(page.getByRole('note', { name: 'Offline mode' })).not.toBeVisible();",
		"await expect(page.getByRole('list', { name: 'Drafts' }).getByRole('listitem')).toHaveCount(3);",
		"await expect(page.getByRole('button', { name: 'Undo' })).toBeHidden();",
		"await expect(page.getByRole('status')).toContainText('Archived: Quarterly report');",
	} {
		if !strings.Contains(spec, want) {
			t.Errorf("the spec lacks %s:\n%s", want, spec)
		}
	}
	py := filepath.Join(dir, "test_inbox.py")
	exportCmd(t, "playwright-python", file, py)
	for _, want := range []string{
		`expect(page.get_by_role("note", name="Offline mode")).not_to_be_visible()`,
		`expect(page.get_by_role("list", name="Drafts").get_by_role("listitem")).to_have_count(3)`,
		`expect(page.get_by_role("button", name="Undo")).to_be_hidden()`,
		`expect(page.get_by_role("status")).to_contain_text("Archived: Quarterly report")`,
	} {
		if !strings.Contains(readText(t, py), want) {
			t.Errorf("the Python test lacks %s:\n%s", want, readText(t, py))
		}
	}
	if python, err := exec.LookPath("python3"); err == nil {
		if out, err := exec.Command(python, "-m", "py_compile", py).CombinedOutput(); err != nil {
			t.Errorf("py_compile: %v\n%s", err, out)
		}
	}
	devtools := filepath.Join(dir, "inbox.json")
	exportCmd(t, "devtools-recorder", file, devtools)
	bin := buildChromedp(t, filepath.Join(dir, "cdp"), file)
	tools := []struct {
		name string
		run  func() error
		// skips names the releases whose failure the tool cannot see.
		skips []string
	}{
		{"@playwright/test", func() error { return runPlaywright(t, pw) }, nil},
		{"@puppeteer/replay", func() error { _, err := runDevTools(t, devtools); return err }, []string{"broken-text", "broken-count"}},
		{"chromedp", func() error { return runChromedp(t, bin) }, nil},
	}
	table := []string{"| tool | " + strings.Repeat("%s | ", len(inboxReleases))}
	var names []any
	for _, r := range inboxReleases {
		names = append(names, map[bool]string{true: "original", false: r.variant}[r.variant == ""])
	}
	table[0] = fmt.Sprintf(table[0], names...)
	for _, tool := range tools {
		row := "| " + tool.name + " |"
		for _, r := range inboxReleases {
			use(r.variant)
			err := tool.run()
			row += map[bool]string{true: " pass |", false: " FAIL |"}[err == nil]
			if slices.Contains(tool.skips, r.variant) {
				continue
			}
			if want := r.failsAt == ""; (err == nil) != want {
				t.Errorf("%s on the %q release: passed %v, want %v: %v", tool.name, r.variant, err == nil, want, err)
			}
		}
		table = append(table, row)
	}
	t.Logf("\n%s", strings.Join(table, "\n"))
}
