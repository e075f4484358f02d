//go:build compat

package e2e

import (
	"path/filepath"
	"slices"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/ariadne-tui/ariadne/internal/browsertest"
	"github.com/ariadne-tui/ariadne/internal/nodetools"
)

// The exports of recordings made in process ('ariadne run --record', the
// explorer) run in their real tools: @playwright/test, @puppeteer/replay,
// chromedp programs, py_compile. What the exports hold, and Ariadne's own
// replays of the same recordings, are checked in the default tier (the
// test each one names).

// TestRecordedSignInExportsRun exports the sign-in recorded with 'ariadne
// run --record' (recordSignIn) and runs each export with the real tool
// against the same pages.
func TestRecordedSignInExportsRun(t *testing.T) {
	t.Parallel()
	needBrowser(t)
	srv := browsertest.Pages(t)
	file := recordSignIn(t, srv.URL)
	dir := t.TempDir()
	t.Run("playwright-test", func(t *testing.T) {
		t.Parallel()
		pw := filepath.Join(dir, "pw")
		playwrightProject(t, pw)
		spec := playwrightSpec(t, pw, "recording", file)
		if err := runPlaywright(t, pw)["recording"]; err != nil {
			t.Fatalf("%v\nspec:\n%s", err, spec)
		}
	})
	t.Run("devtools-recorder", func(t *testing.T) {
		t.Parallel()
		out := filepath.Join(dir, "signin.json")
		exportCmd(t, "devtools-recorder", file, out)
		r, err := runDevTools(t, out)
		if err != nil {
			t.Fatal(err)
		}
		if len(r.Pages) != 1 || r.Pages[0].Status == nil || *r.Pages[0].Status != "Submitted: ada@example.com" {
			t.Errorf("after the replay the page says %+v", r.Pages)
		}
	})
	t.Run("chromedp", func(t *testing.T) {
		t.Parallel()
		nodetools.Chrome(t)
		if err := runChromedp(t, buildChromedp(t, file)[0]); err != nil {
			t.Fatal(err)
		}
	})
	t.Run("playwright-python", func(t *testing.T) {
		t.Parallel()
		out := filepath.Join(dir, "test_signin.py")
		exportCmd(t, "playwright-python", file, out)
		pyCompile(t, out)
	})
}

// toolReleases runs a tool on each release and checks that it passes
// those want says it passes (skips: releases whose failure the tool cannot
// see); it returns the tool's row of the log's table.
func toolReleases(t *testing.T, tool string, releases []string, want func(string) bool, skips []string, run func(release string) error) string {
	t.Helper()
	row := "| " + tool + " |"
	for _, r := range releases {
		err := run(r)
		row += map[bool]string{true: " pass |", false: " FAIL |"}[err == nil]
		if slices.Contains(skips, r) {
			continue
		}
		if (err == nil) != want(r) {
			t.Errorf("%s on the %q release: passed %v, want %v: %v", tool, r, err == nil, want(r), err)
		}
	}
	return row
}

// TestAssertionKindsExports exports the inbox recording (inboxScript, one
// assertion of each kind; TestAssertionKindsRecordReplay checks what the
// exports say) and runs the Playwright Test spec in @playwright/test (one
// spec a release, in one run), the DevTools Recorder file in
// @puppeteer/replay and the chromedp program on every release: each
// passes on the original and the reworked one and fails on the broken
// ones. The DevTools format has no contains-text check, nor a selector for
// the drafts' chained locator (both customSteps, which @puppeteer/replay
// skips), so broken-text and broken-count are not its to catch. The
// Python export compiles.
func TestAssertionKindsExports(t *testing.T) {
	t.Parallel()
	needBrowser(t)
	srv, use := appsServer(t)
	file := recordScript(t, srv.URL, "inbox.jsonl", inboxScript)
	dir := t.TempDir()
	var names []string
	passes := map[string]bool{}
	for _, r := range inboxReleases {
		names = append(names, r.variant)
		passes[r.variant] = r.failsAt == ""
	}
	want := func(r string) bool { return passes[r] }
	label := func(r string) string { return map[bool]string{true: "original", false: r}[r == ""] }

	pw := filepath.Join(dir, "pw")
	playwrightProject(t, pw)
	for _, r := range names {
		playwrightSpec(t, pw, label(r), atRelease(t, srv.URL, file, r))
	}
	py := filepath.Join(dir, "test_inbox.py")
	exportCmd(t, "playwright-python", file, py)
	pyCompile(t, py)
	devtools := filepath.Join(dir, "inbox.json")
	exportCmd(t, "devtools-recorder", file, devtools)
	bin := buildChromedp(t, file)[0]

	specs := runPlaywright(t, pw)
	var header []string
	for _, r := range names {
		header = append(header, label(r))
	}
	table := []string{"| tool | " + strings.Join(header, " | ") + " |",
		toolReleases(t, "@playwright/test", names, want, nil, func(r string) error { return specs[label(r)] }),
		toolReleases(t, "@puppeteer/replay", names, want, []string{"broken-text", "broken-count"}, func(r string) error {
			use(r)
			_, err := runDevTools(t, devtools)
			return err
		}),
		toolReleases(t, "chromedp", names, want, nil, func(r string) error { use(r); return runChromedp(t, bin) }),
	}
	t.Logf("\n%s", strings.Join(table, "\n"))
}

// TestRecordedAppsExportsOnReleases exports the recordings of the apps
// (storeScript, checkoutScript) and runs each export in its real tool on
// the three releases: it must pass on the original and the reworked one
// and fail on the broken one, as 'ariadne replay' does
// (TestRecordedAppsReplayOnReleases). The Python export is byte-compiled.
func TestRecordedAppsExportsOnReleases(t *testing.T) {
	t.Parallel()
	needBrowser(t)
	srv, use := appsServer(t)
	apps := []struct{ name, script string }{{"store", storeScript}, {"checkout", checkoutScript}}
	names := []string{"", "reworked", "broken"}
	want := func(r string) bool { return r != "broken" }
	dir := t.TempDir()
	pw := filepath.Join(dir, "pw")
	playwrightProject(t, pw)
	var files, devtools []string
	for _, app := range apps {
		file := recordScript(t, srv.URL, app.name+".jsonl", app.script)
		files = append(files, file)
		for _, r := range names {
			playwrightSpec(t, pw, app.name+"-"+map[bool]string{true: "original", false: r}[r == ""], atRelease(t, srv.URL, file, r))
		}
		dt := filepath.Join(dir, app.name+".json")
		exportCmd(t, "devtools-recorder", file, dt)
		devtools = append(devtools, dt)
		py := filepath.Join(dir, "test_"+app.name+".py")
		exportCmd(t, "playwright-python", file, py)
		pyCompile(t, py)
	}
	bins := buildChromedp(t, files...)
	specs := runPlaywright(t, pw)
	var table []string
	for i, app := range apps {
		table = append(table,
			toolReleases(t, app.name+" | @playwright/test", names, want, nil, func(r string) error {
				return specs[app.name+"-"+map[bool]string{true: "original", false: r}[r == ""]]
			}),
			toolReleases(t, app.name+" | @puppeteer/replay", names, want, nil, func(r string) error {
				use(r)
				_, err := runDevTools(t, devtools[i])
				return err
			}),
			toolReleases(t, app.name+" | chromedp", names, want, nil, func(r string) error { use(r); return runChromedp(t, bins[i]) }))
	}
	t.Logf("| app | tool | original | reworked | broken |\n| --- | --- | --- | --- | --- |\n%s", strings.Join(table, "\n"))
}

// TestExportOOPIFStepInTools runs the exports of oopifFlow (whose content
// TestExportOOPIFStep checks) in their tools: @playwright/test (the three
// releases' specs in one run) and the chromedp programs pass the original
// release and the reordered one, and fail the declined one at the frame's
// check, reading Card declined; the Python exports compile.
func TestExportOOPIFStepInTools(t *testing.T) {
	t.Parallel()
	needBrowser(t)
	srv := framesServer(t)
	dir := t.TempDir()
	pw := filepath.Join(dir, "pw")
	playwrightProject(t, pw)
	var files []string
	for _, tc := range oopifReleases {
		_, f := oopifFlow(srv.URL, tc.release)
		_, file, _ := importFlow(t, t.TempDir(), f)
		files = append(files, file)
		playwrightSpec(t, pw, tc.release, file)
		py := filepath.Join(dir, "test_"+tc.release+".py")
		exportCmd(t, "playwright-python", file, py)
		pyCompile(t, py)
	}
	bins := buildChromedp(t, files...)
	specs := runPlaywright(t, pw)
	for i, tc := range oopifReleases {
		err := specs[tc.release]
		switch {
		case tc.pass && err != nil:
			t.Errorf("@playwright/test fails the export on the %s release: %v", tc.release, err)
		case !tc.pass && err == nil:
			t.Errorf("@playwright/test passes the export on the declined release")
		case !tc.pass && !strings.Contains(err.Error(), "Card declined"):
			t.Errorf("@playwright/test should fail at the frame's check, which says Card declined: %v", err)
		}
		err = runChromedp(t, bins[i])
		switch {
		case tc.pass && err != nil:
			t.Errorf("the chromedp program fails on the %s release: %v", tc.release, err)
		case !tc.pass && err == nil:
			t.Errorf("the chromedp program passes the declined release")
		case !tc.pass && (!strings.Contains(err.Error(), `step 3 (`) || !strings.Contains(err.Error(), `got "Card declined"`)):
			t.Errorf("the chromedp program should fail at step 3, the frame's check, reading Card declined: %v", err)
		}
	}
}

// typedInTools replays the DevTools export of file (typedExport; a
// typed sign-in) in @puppeteer/replay: the page must say "Signed in as
// ada@example.com" (the typed email reached its field, the Enter pressed
// on it submitted), and the replay must fail once broken renames the
// field.
func typedInTools(t *testing.T, dir, file string, broken *atomic.Bool) {
	t.Helper()
	out := typedExport(t, dir, file)
	r, err := runDevTools(t, out)
	if err != nil {
		t.Fatalf("%v\nflow:\n%s", err, readText(t, out))
	}
	if len(r.Pages) != 1 || r.Pages[0].Status == nil || *r.Pages[0].Status != "Signed in as ada@example.com" {
		t.Errorf("after @puppeteer/replay the page says %+v", r.Pages)
	}
	broken.Store(true)
	if _, err := runDevTools(t, out); err == nil {
		t.Errorf("@puppeteer/replay passes the page whose Email field is renamed:\n%s", readText(t, out))
	}
}

// TestExportDevToolsTypedFieldInTools: the DevTools export of a typed
// sign-in recorded with 'run --record' (TestExportDevToolsTypedField)
// replays in @puppeteer/replay as typedInTools says.
func TestExportDevToolsTypedFieldInTools(t *testing.T) {
	t.Parallel()
	needBrowser(t)
	var broken atomic.Bool
	srv := typedSignInServer(t, &broken)
	dir := t.TempDir()
	typedInTools(t, dir, recordTyped(t, srv.URL, dir), &broken)
}

// TestExplorerTypedFieldInTools: the same for the sign-in recorded in the
// explorer (TestExplorerTypedFieldExportsToDevTools).
func TestExplorerTypedFieldInTools(t *testing.T) {
	t.Parallel()
	needBrowser(t)
	var broken atomic.Bool
	srv := typedSignInServer(t, &broken)
	dir := t.TempDir()
	typedInTools(t, dir, recordTypedInExplorer(t, srv.URL, dir), &broken)
}
