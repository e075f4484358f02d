//go:build e2e

package ui

import (
	"bytes"
	"fmt"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestTmuxQuickStartRecordingReplays is the README's quick start as a new
// user runs it: `ariadne --record FILE` with no URL (the built-in demo),
// a click and an assertion, q; the explorer and its demo are gone. Then
// `ariadne replay FILE` passes: replay serves the demo again at the
// recorded address.
func TestTmuxQuickStartRecordingReplays(t *testing.T) {
	needTmux(t)
	bin := buildBinary(t)
	dir := t.TempDir()
	file := filepath.Join(dir, "quick.jsonl")
	cmd := fmt.Sprintf("cd %s && XDG_CONFIG_HOME=%s %s --no-follow --keys %s --log %s --record %s",
		dir, dir, bin, filepath.Join(dir, "none.toml"), filepath.Join(dir, "browser.log"), file)
	tm := newTmux(t, 160, 48, cmd)
	tm.waitFor(`heading "Ariadne demo site"`, 60*time.Second)
	tm.waitFor("● REC 0", 60*time.Second)
	openDemoPage(tm, "Sign-in form", `heading "Sign in"`)
	tm.waitFor("● REC 1", 30*time.Second)
	tm.keys("/")
	tm.text("heading Sign in")
	tm.waitUntil("the heading selected", 10*time.Second, func(s string) bool {
		return strings.Contains(selectedLine(s), `heading "Sign in"`)
	})
	tm.keys("Enter", "a")
	tm.waitFor("Add an assertion on", 10*time.Second)
	tm.keys("Enter") // visible
	tm.waitFor("● REC 2", 30*time.Second)
	tm.keys("q")
	tm.waitGone(30 * time.Second)

	var out, errb bytes.Buffer
	replay := exec.Command(bin, "replay", "--action-timeout", "5s", "--timeout", "20s", file)
	replay.Stdout, replay.Stderr = &out, &errb
	if err := replay.Run(); err != nil || !strings.Contains(out.String(), "passed: 3 steps") {
		t.Fatalf("the quick start's recording does not replay: %v\n%s\n%s", err, out.String(), errb.String())
	}
}
