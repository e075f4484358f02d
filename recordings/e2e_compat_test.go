//go:build compat

package recordings

import (
	"bytes"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ariadne-tui/ariadne/internal/nodetools"
	"github.com/ariadne-tui/ariadne/refs"
)

// The end-to-end tests export the fixtures and run them with the real
// tools against the pages in /testdata/pages, served on 127.0.0.1:
//
//   - TestE2EPlaywright runs the Playwright Test specs with @playwright/test;
//   - TestE2EDevToolsReplay replays the DevTools JSON with @puppeteer/replay
//     (tools/playwright/replay.mjs);
//   - TestE2EChromedp builds the chromedp programs and runs them;
//   - TestE2EPythonCompiles byte-compiles the Python tests.
//
// They are the compat tier (go test -tags compat). Each also checks that
// a deliberately broken recording fails. The npm
// packages come from tools/playwright/node_modules (npm ci there, with
// PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 PUPPETEER_SKIP_DOWNLOAD=1); Chromium
// from CHROME_PATH or /usr/bin/chromium. Without them the tests skip,
// loudly, unless ARIADNE_REQUIRE_NODE=1, which turns the skips into
// failures (CI sets it).

const secretValue = "correct horse"

// toolsDir returns tools/playwright once the npm packages are installed.
func toolsDir(t *testing.T, pkgs ...string) string {
	t.Helper()
	if testing.Short() {
		t.Skip("end-to-end test skipped in -short mode")
	}
	return nodetools.Dir(t, "..", pkgs...)
}

// servePages serves /testdata/pages on 127.0.0.1 and returns its origin.
func servePages(t *testing.T) string {
	t.Helper()
	srv := httptest.NewServer(http.FileServer(http.Dir(filepath.Join("..", "testdata", "pages"))))
	t.Cleanup(srv.Close)
	return srv.URL
}

// broken is a recording that must fail, and what its failure must say.
type broken struct {
	name string
	rec  *Recording
	want map[string]string // tool: a piece of the failure message
}

func brokenRecordings(origin string) []broken {
	wrongText := signinRecording(origin)
	for i, s := range wrongText.Steps {
		if s.Kind == Assert && s.Assert.Kind == AssertText && strings.HasPrefix(s.Assert.Expected, "Submitted") {
			s.Assert = &Assertion{Kind: AssertText, Expected: "Submitted: grace@example.com"}
			wrongText.Steps[i] = s
		}
	}
	wrongTarget := duplicatesRecording(origin)
	wrongTarget.Steps[1].Target = tgt(refs.ByRole("button", "Remove from cart", false), "button", "Remove from cart",
		refs.ByCSS("article:nth-of-type(2) .remove"))
	return []broken{
		{"broken-text", wrongText, map[string]string{
			"playwright": "grace@example.com", "devtools": "waitForElement", "devtools-step": "grace@example.com", "chromedp": "grace@example.com"}},
		{"broken-target", wrongTarget, map[string]string{
			"playwright": "Remove from cart", "devtools": "Timed out", "devtools-step": "Remove from cart", "chromedp": "step 2"}},
	}
}

// exportTo writes rec in format to path.
func exportTo(t *testing.T, format string, rec *Recording, path string) {
	t.Helper()
	var buf bytes.Buffer
	if err := Export(format, rec, &buf); err != nil {
		t.Fatalf("export %s: %v", path, err)
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
}

func toolEnv(chrome string) []string {
	return append(os.Environ(), "CHROME_PATH="+chrome, "ARIADNE_SECRET_PASSWORD="+secretValue,
		"PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1", "PUPPETEER_SKIP_DOWNLOAD=1")
}

func TestE2EPlaywright(t *testing.T) {
	t.Parallel()
	tools := toolsDir(t, "@playwright/test", "playwright-core")
	chrome := nodetools.Chrome(t)
	origin := servePages(t)
	dir := t.TempDir()
	if err := os.Symlink(filepath.Join(tools, "node_modules"), filepath.Join(dir, "node_modules")); err != nil {
		t.Fatal(err)
	}
	args := []string{"--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"}
	if os.Geteuid() == 0 {
		args = append(args, "--no-sandbox")
	}
	argsJSON, _ := json.Marshal(args)
	// The specs that must pass wait for the page as long as a step of the
	// chromedp programs may take (15 s): on a loaded machine a page is
	// slow, not wrong. The broken ones fail by timing out, after 5 s.
	config := `import { defineConfig } from '@playwright/test';

export default defineConfig({
  testDir: '.',
  workers: 2,
  retries: 0,
  use: {
    baseURL: ` + jsString(origin) + `,
    browserName: 'chromium',
    headless: true,
    launchOptions: { executablePath: ` + jsString(chrome) + `, args: ` + string(argsJSON) + ` },
  },
  projects: [
    { name: 'pass', testMatch: '*.spec.ts', testIgnore: 'broken-*.spec.ts',
      timeout: 120000, expect: { timeout: 15000 }, use: { actionTimeout: 15000 } },
    { name: 'broken', testMatch: 'broken-*.spec.ts',
      timeout: 30000, expect: { timeout: 5000 }, use: { actionTimeout: 5000 } },
  ],
});
`
	if err := os.WriteFile(filepath.Join(dir, "playwright.config.ts"), []byte(config), 0o644); err != nil {
		t.Fatal(err)
	}
	want := map[string]bool{} // spec file: must pass
	for _, fx := range fixtures() {
		if why, ok := fx.skip["playwright"]; ok {
			t.Logf("%s: not run: %s", fx.name, why)
			continue
		}
		exportTo(t, "playwright-test", fx.rec(origin), filepath.Join(dir, fx.name+".spec.ts"))
		want[fx.name+".spec.ts"] = true
	}
	broke := map[string]string{}
	for _, b := range brokenRecordings(origin) {
		exportTo(t, "playwright-test", b.rec, filepath.Join(dir, b.name+".spec.ts"))
		want[b.name+".spec.ts"] = false
		broke[b.name+".spec.ts"] = b.want["playwright"]
	}

	ctx, cancel := nodetools.Context(t)
	defer cancel()
	cmd := exec.CommandContext(ctx, "node", filepath.Join(tools, "node_modules", "@playwright", "test", "cli.js"),
		"test", "--config", filepath.Join(dir, "playwright.config.ts"), "--reporter=json")
	cmd.Dir = dir
	cmd.Env = toolEnv(chrome)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	runErr := cmd.Run() // fails, since the broken specs fail
	results, err := playwrightResults(stdout.Bytes())
	if err != nil {
		t.Fatalf("playwright test (%v): %v\nstderr:\n%s\nstdout:\n%.3000s", runErr, err, stderr.String(), stdout.String())
	}
	for file, pass := range want {
		r, ok := results[file]
		switch {
		case !ok:
			t.Errorf("%s: Playwright did not run it\nstderr:\n%s", file, stderr.String())
		case pass && !r.ok:
			t.Errorf("%s: failed in Playwright:\n%s", file, r.errors)
		case !pass && r.ok:
			t.Errorf("%s: passed in Playwright, but the recording is broken", file)
		case !pass && !strings.Contains(r.errors, broke[file]):
			t.Errorf("%s: failed, but not with %q:\n%s", file, broke[file], r.errors)
		}
	}
	t.Logf("Playwright ran %d specs with %s", len(results), chrome)
}

type specResult struct {
	ok     bool
	errors string
}

// playwrightResults reads Playwright's JSON report: for each spec file,
// whether every test passed, and the error messages.
func playwrightResults(report []byte) (map[string]specResult, error) {
	type suite struct {
		File  string `json:"file"`
		Specs []struct {
			OK    bool `json:"ok"`
			Tests []struct {
				Results []struct {
					Status string `json:"status"`
					Errors []struct {
						Message string `json:"message"`
					} `json:"errors"`
				} `json:"results"`
			} `json:"tests"`
		} `json:"specs"`
		Suites json.RawMessage `json:"suites"`
	}
	var top struct {
		Suites []suite `json:"suites"`
		Errors []struct {
			Message string `json:"message"`
		} `json:"errors"`
	}
	if err := json.Unmarshal(report, &top); err != nil {
		return nil, err
	}
	out := map[string]specResult{}
	var walk func([]suite) error
	walk = func(suites []suite) error {
		for _, s := range suites {
			r, seen := out[s.File]
			if !seen {
				r.ok = true
			}
			for _, sp := range s.Specs {
				r.ok = r.ok && sp.OK
				for _, tc := range sp.Tests {
					for _, res := range tc.Results {
						for _, e := range res.Errors {
							r.errors += e.Message + "\n"
						}
					}
				}
			}
			if len(s.Specs) > 0 {
				out[s.File] = r
			}
			if len(s.Suites) > 0 {
				var sub []suite
				if err := json.Unmarshal(s.Suites, &sub); err != nil {
					return err
				}
				if err := walk(sub); err != nil {
					return err
				}
			}
		}
		return nil
	}
	if err := walk(top.Suites); err != nil {
		return nil, err
	}
	if len(out) == 0 && len(top.Errors) > 0 {
		return nil, &reportError{top.Errors[0].Message}
	}
	return out, nil
}

type reportError struct{ msg string }

func (e *reportError) Error() string { return "Playwright reported: " + e.msg }

// variants are the forms of a fixture the replay tests run: as written,
// and for the fixtures whose names and frames are the hard part, also
// "-no-css", without the CSS fallbacks.
func variants(fixture string) []string {
	switch fixture {
	case "signin", "iframe", "names", "controls", "testids", "duplicates":
		return []string{"", "-no-css"}
	}
	return []string{""}
}

// withoutCSS returns rec with the CSS fallbacks removed from every target
// whose chosen locator is not CSS, so that the role, text and test id
// selectors are what the tools must find the elements by.
func withoutCSS(rec *Recording) *Recording {
	out := *rec
	out.Steps = make([]Step, len(rec.Steps))
	strip := func(t Target) Target {
		if refs.RungOf(t.Locator) == refs.RungCSS {
			return t
		}
		var keep []refs.Locator
		for _, l := range t.Fallbacks {
			if refs.RungOf(l) != refs.RungCSS {
				keep = append(keep, l)
			}
		}
		t.Fallbacks = keep
		return t
	}
	for i, s := range rec.Steps {
		s.Target, s.To = strip(s.Target), strip(s.To)
		out.Steps[i] = s
	}
	return &out
}

type replayResult struct {
	OK    bool   `json:"ok"`
	Error string `json:"error"`
	Step  int    `json:"step"`
	Pages []struct {
		URL    string  `json:"url"`
		Status *string `json:"status"`
	} `json:"pages"`
}

// replay runs tools/playwright/replay.mjs on a DevTools JSON file.
func replay(t *testing.T, tools, chrome, file string, env ...string) (replayResult, string) {
	t.Helper()
	ctx, cancel := nodetools.Context(t)
	defer cancel()
	cmd := exec.CommandContext(ctx, "node", filepath.Join(tools, "replay.mjs"), file)
	cmd.Env = append(append(toolEnv(chrome), "ARIADNE_REPLAY_BROWSER="+nodetools.ReplayBrowser(t, tools)), env...)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	runErr := cmd.Run()
	var r replayResult
	if err := json.Unmarshal(bytes.TrimSpace(stdout.Bytes()), &r); err != nil {
		t.Fatalf("replay.mjs (%v) printed no report: %v\nstdout: %s\nstderr: %s", runErr, err, stdout.String(), stderr.String())
	}
	if r.OK != (runErr == nil) {
		t.Errorf("replay.mjs reported ok=%v but exited with %v", r.OK, runErr)
	}
	return r, stderr.String()
}

// pageStatus returns the #status text of the open page at url.
func (r replayResult) pageStatus(url string) (string, bool) {
	for _, p := range r.Pages {
		if strings.Split(p.URL, "#")[0] == url && p.Status != nil {
			return *p.Status, true
		}
	}
	return "", false
}

// lastStatus is the status text the recording's last text check on the
// page at url expects, and that page.
func lastStatus(rec *Recording) (url, text string) {
	page := rec.StartURL
	for _, s := range rec.Steps {
		if s.Kind == Navigate && s.Tab == 0 {
			page = s.URL
		}
		if s.Navigated && s.Tab == 0 {
			page = s.URLAfter
		}
		if s.Kind == Assert && s.Tab == 0 && s.Frame.IsZero() && s.Assert.Kind == AssertText && !s.Assert.Not &&
			len(s.Target.Locator.Parts) == 1 && s.Target.Locator.Parts[0].Role == "status" {
			url, text = page, s.Assert.Expected
		}
	}
	return url, text
}

func TestE2EDevToolsReplay(t *testing.T) {
	t.Parallel()
	tools := toolsDir(t, "@puppeteer/replay", "puppeteer-core")
	chrome := nodetools.Chrome(t)
	origin := servePages(t)
	dir := t.TempDir()
	for _, fx := range fixtures() {
		if why, ok := fx.skip["devtools"]; ok {
			t.Logf("%s: not run: %s", fx.name, why)
			continue
		}
		for _, variant := range variants(fx.name) {
			rec := fx.rec(origin)
			if variant != "" {
				rec = withoutCSS(rec)
			}
			t.Run(fx.name+variant, func(t *testing.T) {
				var buf bytes.Buffer
				if err := ExportDevTools(rec, &buf); err != nil {
					if variant != "" && strings.Contains(err.Error(), "no DevTools selector") {
						t.Skipf("some step has only CSS for DevTools: %v", err)
					}
					t.Fatal(err)
				}
				file := filepath.Join(dir, fx.name+variant+".json")
				if err := os.WriteFile(file, buf.Bytes(), 0o644); err != nil {
					t.Fatal(err)
				}
				// As long as a step of the chromedp programs may take: on a
				// loaded machine a page is slow, not wrong.
				r, stderr := replay(t, tools, chrome, file, "REPLAY_TIMEOUT=15000")
				if !r.OK {
					t.Fatalf("replay failed at DevTools step %v: %s\nstderr: %s", r.Step, r.Error, stderr)
				}
				// The replay's own checks (waitForElement) passed; check the
				// page as well.
				if url, want := lastStatus(rec); want != "" {
					if got, ok := r.pageStatus(url); !ok || got != want {
						t.Errorf("after the replay, #status of %s is %q, want %q (pages: %+v)", url, got, want, r.Pages)
					}
				}
			})
		}
	}
	for _, b := range brokenRecordings(origin) {
		t.Run(b.name, func(t *testing.T) {
			t.Parallel() // mostly waiting for the timeout
			file := filepath.Join(dir, b.name+".json")
			exportTo(t, "devtools-recorder", b.rec, file)
			// replay.mjs's 15 s a step: a loaded machine's slow navigation
			// must not fail the replay before the broken step does.
			r, _ := replay(t, tools, chrome, file)
			if r.OK {
				t.Fatal("the replay passed, but the recording is broken")
			}
			if !strings.Contains(r.Error, b.want["devtools"]) {
				t.Errorf("the replay failed with %q, want it to say %q", r.Error, b.want["devtools"])
			}
			// It fails at the broken step, not at one before it.
			if want := devtoolsStepWith(t, file, b.want["devtools-step"]); r.Step != want {
				t.Errorf("the replay failed at step %d (%s), want step %d, the first that holds %q", r.Step, r.Error, want, b.want["devtools-step"])
			}
		})
	}
}

// devtoolsStepWith returns the index of the first step of a DevTools
// Recorder file whose JSON holds text.
func devtoolsStepWith(t *testing.T, file, text string) int {
	t.Helper()
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	var flow struct{ Steps []json.RawMessage }
	if err := json.Unmarshal(data, &flow); err != nil {
		t.Fatal(err)
	}
	for i, s := range flow.Steps {
		if strings.Contains(string(s), text) {
			return i
		}
	}
	t.Fatalf("no step of %s holds %q", file, text)
	return -1
}

func TestE2EChromedp(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("end-to-end test skipped in -short mode")
	}
	mod, dir := chromedpProgramDir(t)
	chrome := nodetools.Chrome(t)
	origin := servePages(t)

	type program struct {
		name string
		rec  *Recording
		fail string // "" for a recording that must pass
	}
	var programs []program
	for _, fx := range fixtures() {
		if why, ok := fx.skip["chromedp"]; ok {
			t.Logf("%s: not run: %s", fx.name, why)
			continue
		}
		for _, v := range variants(fx.name) {
			rec := fx.rec(origin)
			if v != "" {
				rec = withoutCSS(rec)
			}
			programs = append(programs, program{fx.name + v, rec, ""})
		}
	}
	for _, b := range brokenRecordings(origin) {
		programs = append(programs, program{b.name, b.rec, b.want["chromedp"]})
	}
	for _, p := range programs {
		exportTo(t, "chromedp", p.rec, filepath.Join(mod, dir, p.name, "main.go"))
	}
	bin := t.TempDir()
	goIn(t, mod, "build", "-o", bin+string(filepath.Separator), "./"+dir+"/...")

	for _, p := range programs {
		t.Run(p.name, func(t *testing.T) {
			env := append(toolEnv(chrome), "HOME="+t.TempDir())
			if p.fail != "" {
				t.Parallel() // mostly waiting for the timeout
				env = append(env, "STEP_TIMEOUT=3s")
			}
			ctx, cancel := nodetools.Context(t)
			defer cancel()
			cmd := exec.CommandContext(ctx, filepath.Join(bin, p.name))
			cmd.Env = env
			out, err := cmd.CombinedOutput()
			switch {
			case p.fail == "" && err != nil:
				t.Fatalf("the program failed (%v):\n%s", err, out)
			case p.fail != "" && err == nil:
				t.Fatalf("the program passed, but the recording is broken:\n%s", out)
			case p.fail != "" && !strings.Contains(string(out), p.fail):
				t.Fatalf("the program failed, but without %q:\n%s", p.fail, out)
			}
			if ee, ok := err.(*exec.ExitError); ok && ee.ExitCode() != 1 {
				t.Errorf("exit status %d, want 1", ee.ExitCode())
			}
		})
	}
}

func TestE2EPythonCompiles(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("end-to-end test skipped in -short mode")
	}
	py, err := exec.LookPath("python3")
	if err != nil {
		nodetools.Skip(t, "python3 is not installed")
	}
	dir := t.TempDir()
	var files []string
	for _, fx := range fixtures() {
		f := filepath.Join(dir, "test_"+fx.name+".py")
		exportTo(t, "playwright-python", fx.rec(goldenOrigin), f)
		files = append(files, f)
	}
	out, err := exec.Command(py, append([]string{"-m", "py_compile"}, files...)...).CombinedOutput()
	if err != nil {
		t.Fatalf("py_compile: %v\n%s", err, out)
	}
	t.Logf("%d Python tests compile with %s (not run: pytest-playwright is not installed here)", len(files), py)
}
