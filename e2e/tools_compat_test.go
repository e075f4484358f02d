//go:build compat

package e2e

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/ariadne-tui/ariadne/internal/nodetools"
)

// These helpers run an exported recording in its real tool: Playwright
// Test specs with @playwright/test, a DevTools Recorder file with
// @puppeteer/replay (tools/playwright/replay.mjs), chromedp programs built
// with go build, a Python test with py_compile. Each says whether the tool
// passed the recording: nil, else an error with the tool's output.

// toolEnv is the environment the tools run in: secrets set, no browser
// downloads.
func toolEnv(extra ...string) []string {
	return append(append(os.Environ(), "ARIADNE_SECRET_PASSWORD="+testPassword,
		"PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1", "PUPPETEER_SKIP_DOWNLOAD=1"), extra...)
}

// playwrightProject makes dir a Playwright Test project, with no spec
// yet, using the system Chromium. Actions and expectations wait up to
// 15 s, three times Playwright's usual 5: a loaded test machine must not
// fail a page that works (a broken page fails all the same, later).
func playwrightProject(t *testing.T, dir string) {
	t.Helper()
	tools := nodetools.Dir(t, "..", "@playwright/test", "playwright-core")
	chrome := nodetools.Chrome(t)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(filepath.Join(tools, "node_modules"), filepath.Join(dir, "node_modules")); err != nil {
		t.Fatal(err)
	}
	browserArgs := []string{"--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"}
	if os.Geteuid() == 0 {
		browserArgs = append(browserArgs, "--no-sandbox")
	}
	args, _ := json.Marshal(browserArgs)
	quoted, _ := json.Marshal(chrome)
	writeText(t, filepath.Join(dir, "playwright.config.ts"), `import { defineConfig } from '@playwright/test';
export default defineConfig({
  testDir: '.', testMatch: '*.spec.ts', timeout: 60000, expect: { timeout: 15000 }, workers: 1, retries: 0,
  use: { browserName: 'chromium', headless: true, actionTimeout: 15000,
    launchOptions: { executablePath: `+string(quoted)+`, args: `+string(args)+` } },
});
`)
}

// playwrightSpec exports the recording file into the project as
// NAME.spec.ts and returns the spec's text.
func playwrightSpec(t *testing.T, dir, name, file string) string {
	t.Helper()
	spec := filepath.Join(dir, name+".spec.ts")
	exportCmd(t, "playwright-test", file, spec)
	return readText(t, spec)
}

// runPlaywright runs every spec of the project in one 'playwright test'
// (one node, one browser) and returns each spec's outcome by NAME: nil
// when its tests passed, else an error with what the reporter said.
func runPlaywright(t *testing.T, dir string) map[string]error {
	t.Helper()
	tools := nodetools.Dir(t, "..", "@playwright/test", "playwright-core")
	specs, _ := filepath.Glob(filepath.Join(dir, "*.spec.ts"))
	ctx, cancel := nodetools.Context(t)
	defer cancel()
	cmd := exec.CommandContext(ctx, "node", filepath.Join(tools, "node_modules", "@playwright", "test", "cli.js"),
		"test", "--config", filepath.Join(dir, "playwright.config.ts"), "--reporter=json")
	reportFile := filepath.Join(dir, "report.json")
	cmd.Dir, cmd.Env = dir, toolEnv("CHROME_PATH="+nodetools.Chrome(t), "PLAYWRIGHT_JSON_OUTPUT_FILE="+reportFile)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	runErr := cmd.Run()
	data, err := os.ReadFile(reportFile)
	if err != nil {
		data = stdout.Bytes()
	}
	type result struct {
		Status string `json:"status"`
		Errors []struct {
			Message string `json:"message"`
		} `json:"errors"`
	}
	type spec struct {
		OK    bool `json:"ok"`
		Tests []struct {
			Results []result `json:"results"`
		} `json:"tests"`
	}
	type suite struct {
		File   string  `json:"file"`
		Specs  []spec  `json:"specs"`
		Suites []suite `json:"suites"`
	}
	var report struct {
		Suites []suite `json:"suites"`
	}
	out := map[string]error{}
	if err := json.Unmarshal(data, &report); err != nil {
		for _, s := range specs {
			out[strings.TrimSuffix(filepath.Base(s), ".spec.ts")] = fmt.Errorf("playwright test: %v; its report: %v\n%s\n%s", runErr, err, stdout.String(), stderr.String())
		}
		return out
	}
	var walk func(s suite) (passed int, failures []string)
	walk = func(s suite) (int, []string) {
		passed, failures := 0, []string(nil)
		for _, sp := range s.Specs {
			for _, tc := range sp.Tests {
				for _, r := range tc.Results {
					for _, e := range r.Errors {
						failures = append(failures, e.Message)
					}
				}
			}
			if sp.OK {
				passed++
			} else if len(failures) == 0 {
				failures = append(failures, "not ok")
			}
		}
		for _, c := range s.Suites {
			p, f := walk(c)
			passed, failures = passed+p, append(failures, f...)
		}
		return passed, failures
	}
	for _, s := range report.Suites {
		name := strings.TrimSuffix(filepath.Base(s.File), ".spec.ts")
		passed, failures := walk(s)
		switch {
		case len(failures) > 0:
			out[name] = fmt.Errorf("playwright test %s: %s", s.File, strings.Join(failures, "\n"))
		case passed != 1:
			out[name] = fmt.Errorf("playwright test %s: %d tests passed, want 1", s.File, passed)
		default:
			out[name] = nil
		}
	}
	for _, s := range specs {
		if name := strings.TrimSuffix(filepath.Base(s), ".spec.ts"); !hasKey(out, name) {
			out[name] = fmt.Errorf("playwright test did not report %s: %v\n%s", name, runErr, stderr.String())
		}
	}
	return out
}

func hasKey(m map[string]error, k string) bool { _, ok := m[k]; return ok }

// atRelease writes a copy of the recording file, made on appsServer at
// base, whose pages are those of one release (appsServer's
// /release/RELEASE/apps/), and returns it: tools that take one file per
// release run them all at once.
func atRelease(t *testing.T, base, file, release string) string {
	t.Helper()
	if release == "" {
		release = "original"
	}
	out := filepath.Join(t.TempDir(), release+"-"+filepath.Base(file))
	writeText(t, out, strings.ReplaceAll(readText(t, file), base+"/apps/", base+"/release/"+release+"/apps/"))
	return out
}

// devtoolsResult is what tools/playwright/replay.mjs prints.
type devtoolsResult struct {
	OK    bool   `json:"ok"`
	Error string `json:"error"`
	Step  any    `json:"step"`
	Pages []struct {
		URL    string  `json:"url"`
		Status *string `json:"status"`
	} `json:"pages"`
}

// runDevTools replays a DevTools Recorder file with @puppeteer/replay.
func runDevTools(t *testing.T, file string) (devtoolsResult, error) {
	t.Helper()
	tools := nodetools.Dir(t, "..", "@puppeteer/replay", "puppeteer-core")
	ctx, cancel := nodetools.Context(t)
	defer cancel()
	cmd := exec.CommandContext(ctx, "node", filepath.Join(tools, "replay.mjs"), file)
	cmd.Env = toolEnv("CHROME_PATH="+nodetools.Chrome(t), "ARIADNE_REPLAY_BROWSER="+nodetools.ReplayBrowser(t, tools))
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	var r devtoolsResult
	if jerr := json.Unmarshal(bytes.TrimSpace(stdout.Bytes()), &r); jerr != nil || err != nil || !r.OK {
		return r, fmt.Errorf("replay.mjs: %v %v %s (step %v)\nstdout: %s\nstderr: %s", err, jerr, r.Error, r.Step, stdout.String(), stderr.String())
	}
	return r, nil
}

// chromedpModule is the Go module the chromedp exports build in, set up
// once for the test binary (go mod init, go get chromedp@v0.23.0, and a
// first program built, so that go.mod and go.sum are complete and
// chromedp is compiled): each program then builds in a directory of its
// own in it, without changing the module.
var chromedpModule = sync.OnceValues(func() (string, error) {
	goCmd, err := exec.LookPath("go")
	if err != nil {
		return "", err
	}
	base, err := binaryDir()
	if err != nil {
		return "", err
	}
	dir := filepath.Join(base, "chromedp")
	if err := os.MkdirAll(filepath.Join(dir, "first"), 0o755); err != nil {
		return "", err
	}
	first, err := os.ReadFile(filepath.Join("..", "recordings", "testdata", "signin.chromedp.go.golden"))
	if err != nil {
		return "", err
	}
	if err := os.WriteFile(filepath.Join(dir, "first", "main.go"), first, 0o644); err != nil {
		return "", err
	}
	for _, args := range [][]string{
		{"mod", "init", "example.com/replay"},
		{"get", "github.com/chromedp/chromedp@v0.23.0"},
		{"mod", "tidy"},
		{"build", "-o", filepath.Join(dir, "first", "replay"), "./first"},
	} {
		cmd := exec.Command(goCmd, args...)
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "GOFLAGS=-mod=mod", "GOWORK=off")
		if out, err := cmd.CombinedOutput(); err != nil {
			return "", fmt.Errorf("go %s: %v\n%s", strings.Join(args, " "), err, out)
		}
	}
	return dir, nil
})

var chromedpPrograms atomic.Int64

// buildChromedp exports each recording file as a chromedp program, builds
// them all in one go build in the shared module, and returns the binaries
// in the files' order.
func buildChromedp(t *testing.T, files ...string) []string {
	t.Helper()
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("no go command")
	}
	mod, err := chromedpModule()
	if err != nil {
		t.Fatalf("setting up the chromedp module: %v", err)
	}
	bin := t.TempDir()
	args := []string{"build", "-o", bin + string(filepath.Separator)}
	var bins []string
	for _, file := range files {
		name := "p" + strconv.FormatInt(chromedpPrograms.Add(1), 10)
		dir := filepath.Join(mod, name)
		if err := os.MkdirAll(dir, 0o755); err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { os.RemoveAll(dir) })
		exportCmd(t, "chromedp", file, filepath.Join(dir, "main.go"))
		args = append(args, "./"+name)
		bins = append(bins, filepath.Join(bin, name))
	}
	cmd := exec.Command("go", args...)
	cmd.Dir = mod
	cmd.Env = append(os.Environ(), "GOFLAGS=-mod=readonly", "GOWORK=off")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go %s: %v\n%s", strings.Join(args, " "), err, out)
	}
	return bins
}

// runChromedp runs a program buildChromedp built, with its own 15 s a
// step (as the other tools get 15 s: a loaded machine must not fail a page
// that works).
func runChromedp(t *testing.T, bin string) error {
	t.Helper()
	ctx, cancel := nodetools.Context(t)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin)
	cmd.Env = toolEnv("CHROME_PATH="+nodetools.Chrome(t), "HOME="+t.TempDir())
	if out, err := cmd.CombinedOutput(); err != nil {
		return fmt.Errorf("the chromedp program: %v\n%s", err, out)
	}
	return nil
}

// pyCompile byte-compiles a Python export with python3: an error fails t.
// Without python3 the check is skipped, loudly, or fails t when
// ARIADNE_REQUIRE_NODE=1.
func pyCompile(t *testing.T, file string) {
	t.Helper()
	python, err := exec.LookPath("python3")
	if err != nil {
		if os.Getenv("ARIADNE_REQUIRE_NODE") != "" {
			t.Errorf("no python3 to compile %s", file)
		} else {
			t.Logf("SKIPPED, NOT CHECKED: no python3 to compile %s", file)
		}
		return
	}
	if out, err := exec.Command(python, "-m", "py_compile", file).CombinedOutput(); err != nil {
		t.Errorf("py_compile %s: %v\n%s", file, err, out)
	}
}
