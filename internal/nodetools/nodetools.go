// Package nodetools finds what the end-to-end tests need to run the real
// Playwright, Puppeteer and friends: node, the npm packages installed in
// tools/playwright, and the system Chromium. Without them a test is skipped
// loudly, or fails when ARIADNE_REQUIRE_NODE=1 (as in CI). Import it from
// _test.go files only.
package nodetools

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// Skip skips t, saying loudly that the check did not run, or fails it when
// ARIADNE_REQUIRE_NODE=1.
func Skip(t testing.TB, format string, args ...any) {
	t.Helper()
	if os.Getenv("ARIADNE_REQUIRE_NODE") == "1" {
		t.Fatalf("ARIADNE_REQUIRE_NODE=1: "+format, args...)
	}
	t.Skipf("SKIPPED, NOT CHECKED: "+format, args...)
}

// Dir returns the absolute path of tools/playwright (repo is the path of
// the repository's root from the test's package, e.g. ".." or ".") once
// node and the npm packages pkgs are installed there.
func Dir(t testing.TB, repo string, pkgs ...string) string {
	t.Helper()
	dir, err := filepath.Abs(filepath.Join(repo, "tools", "playwright"))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := exec.LookPath("node"); err != nil {
		Skip(t, "node is not installed")
	}
	for _, p := range pkgs {
		if _, err := os.Stat(filepath.Join(dir, "node_modules", p, "package.json")); err != nil {
			Skip(t, "%s is not installed: run PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 PUPPETEER_SKIP_DOWNLOAD=1 npm ci in %s", p, dir)
		}
	}
	return dir
}

// Chrome returns the Chromium the tools drive: $CHROME_PATH, else
// /usr/bin/chromium.
func Chrome(t testing.TB) string {
	t.Helper()
	p := os.Getenv("CHROME_PATH")
	if p == "" {
		p = "/usr/bin/chromium"
	}
	if _, err := os.Stat(p); err != nil {
		Skip(t, "no Chromium at %s: set CHROME_PATH", p)
	}
	return p
}
