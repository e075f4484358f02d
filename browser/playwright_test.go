package browser

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"

	"github.com/ariadne-tui/ariadne/internal/nodetools"
)

// Helpers that run tools/playwright/*.mjs with playwright-core on the same
// Chromium, for the tests that compare Ariadne with Playwright.

// playwrightDir is where the npm packages are installed.
var playwrightDir = filepath.Join("..", "tools", "playwright")

// runNode runs node on script (in tools/playwright) with args and the
// extra environment env, with the Chromium Ariadne would launch, and
// returns its standard output.
func runNode(t testing.TB, timeout time.Duration, env []string, script string, args ...string) ([]byte, error) {
	t.Helper()
	chrome, err := FindChrome("")
	if err != nil {
		t.Skipf("no browser: %v", err)
	}
	// The timeout counts from when the tool starts, not from when it
	// waited for a slot.
	defer nodetools.Acquire(testContext(t, 10*time.Minute), t)()
	ctx := testContext(t, timeout)
	cmd := exec.CommandContext(ctx, "node", append([]string{script}, args...)...)
	cmd.Dir = playwrightDir
	cmd.Env = append(append(os.Environ(), "CHROME_PATH="+chrome), env...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil && stderr.Len() > 0 {
		t.Logf("node %s: %s", script, stderr.String())
	}
	return out, err
}
