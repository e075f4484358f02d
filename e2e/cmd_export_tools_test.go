package e2e

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ariadne-tui/ariadne/internal/nodetools"
)

// These helpers run an exported recording in its real tool: a Playwright
// Test spec with @playwright/test, a DevTools Recorder file with
// @puppeteer/replay (tools/playwright/replay.mjs), a chromedp program
// with go build and a run. Each returns nil when the tool says the
// recording passed, else an error with the tool's output.

// toolEnv is the environment the tools run in: secrets set, no browser
// downloads.
func toolEnv(extra ...string) []string {
	return append(append(os.Environ(), "ARIADNE_SECRET_PASSWORD="+testPassword,
		"PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1", "PUPPETEER_SKIP_DOWNLOAD=1"), extra...)
}

// playwrightProject makes dir a Playwright Test project with the spec
// exported from file, using the system Chromium.
func playwrightProject(t *testing.T, dir, file string) {
	t.Helper()
	tools := nodetools.Dir(t, "..", "@playwright/test", "playwright-core")
	chrome := nodetools.Chrome(t)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(filepath.Join(tools, "node_modules"), filepath.Join(dir, "node_modules")); err != nil {
		t.Fatal(err)
	}
	exportCmd(t, "playwright-test", file, filepath.Join(dir, "recording.spec.ts"))
	browserArgs := []string{"--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"}
	if os.Geteuid() == 0 {
		browserArgs = append(browserArgs, "--no-sandbox")
	}
	args, _ := json.Marshal(browserArgs)
	quoted, _ := json.Marshal(chrome)
	writeText(t, filepath.Join(dir, "playwright.config.ts"), `import { defineConfig } from '@playwright/test';
export default defineConfig({
  testDir: '.', testMatch: '*.spec.ts', timeout: 30000, expect: { timeout: 5000 }, workers: 1, retries: 0,
  use: { browserName: 'chromium', headless: true, actionTimeout: 5000,
    launchOptions: { executablePath: `+string(quoted)+`, args: `+string(args)+` } },
});
`)
}

// runPlaywright runs the project's spec.
func runPlaywright(t *testing.T, dir string) error {
	t.Helper()
	tools := nodetools.Dir(t, "..", "@playwright/test", "playwright-core")
	ctx, cancel := nodetools.Context(t)
	defer cancel()
	cmd := exec.CommandContext(ctx, "node", filepath.Join(tools, "node_modules", "@playwright", "test", "cli.js"),
		"test", "--config", filepath.Join(dir, "playwright.config.ts"), "--reporter=line")
	cmd.Dir, cmd.Env = dir, toolEnv("CHROME_PATH="+nodetools.Chrome(t))
	out, err := cmd.CombinedOutput()
	if err != nil || !strings.Contains(string(out), "1 passed") {
		return fmt.Errorf("playwright test: %v\n%s", err, out)
	}
	return nil
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
	cmd.Env = toolEnv("CHROME_PATH=" + nodetools.Chrome(t))
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	var r devtoolsResult
	if jerr := json.Unmarshal(bytes.TrimSpace(stdout.Bytes()), &r); jerr != nil || err != nil || !r.OK {
		return r, fmt.Errorf("replay.mjs: %v %v %s (step %v)\nstdout: %s\nstderr: %s", err, jerr, r.Error, r.Step, stdout.String(), stderr.String())
	}
	return r, nil
}

// buildChromedp exports file as a chromedp program in dir and builds it;
// it returns the binary.
func buildChromedp(t *testing.T, dir, file string) string {
	t.Helper()
	goCmd, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command")
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	exportCmd(t, "chromedp", file, filepath.Join(dir, "main.go"))
	run := func(args ...string) {
		t.Helper()
		cmd := exec.Command(goCmd, args...)
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "GOFLAGS=-mod=mod", "GOWORK=off")
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("go %s: %v\n%s", strings.Join(args, " "), err, out)
		}
	}
	run("mod", "init", "example.com/replay")
	run("get", "github.com/chromedp/chromedp@v0.23.0")
	run("build", "-o", "replay", ".")
	return filepath.Join(dir, "replay")
}

// runChromedp runs a program buildChromedp built.
func runChromedp(t *testing.T, bin string) error {
	t.Helper()
	ctx, cancel := nodetools.Context(t)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin)
	cmd.Env = toolEnv("CHROME_PATH="+nodetools.Chrome(t), "HOME="+t.TempDir(), "STEP_TIMEOUT=5s")
	if out, err := cmd.CombinedOutput(); err != nil {
		return fmt.Errorf("the chromedp program: %v\n%s", err, out)
	}
	return nil
}
