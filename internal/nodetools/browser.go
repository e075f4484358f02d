package nodetools

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
)

// The Chromium a test binary's @puppeteer/replay runs share
// (tools/playwright/tool-browser.mjs): started by the first run that asks,
// closed by CloseReplayBrowser from TestMain, or else when the test binary
// exits (the script's standard input, a pipe from this process, closes
// then, however it exits).
var (
	toolBrowserMu  sync.Mutex
	toolBrowserURL string
	// toolBrowserIn is the write end of the script's standard input, held
	// (never written) so that it is not collected and closed.
	toolBrowserIn io.WriteCloser
	// toolBrowserDone is closed when the script has exited.
	toolBrowserDone chan struct{}
)

// CloseReplayBrowser closes the shared Chromium of ReplayBrowser, if one
// started, and waits for its script to remove the profile. Call it from
// TestMain after the tests ran.
func CloseReplayBrowser() {
	toolBrowserMu.Lock()
	in, done := toolBrowserIn, toolBrowserDone
	toolBrowserURL, toolBrowserIn, toolBrowserDone = "", nil, nil
	toolBrowserMu.Unlock()
	if done == nil {
		return
	}
	_ = in.Close()
	<-done
}

// ReplayBrowser returns the DevTools WebSocket URL of the test binary's
// shared Chromium for replay.mjs (its ARIADNE_REPLAY_BROWSER), starting it
// with the node in dir (tools/playwright, from Dir) on the first call. Each
// replay then runs in a browser context of its own in it, instead of
// starting a browser: a Chromium start costs a few CPU-seconds, and a test
// binary replays about a hundred flows. With ARIADNE_REPLAY_SHARED=0 it
// returns "", and each replay starts a browser of its own, as replay.mjs
// does when run by hand.
func ReplayBrowser(t testing.TB, dir string) string {
	t.Helper()
	if os.Getenv("ARIADNE_REPLAY_SHARED") == "0" {
		return ""
	}
	toolBrowserMu.Lock()
	defer toolBrowserMu.Unlock()
	if toolBrowserURL != "" {
		return toolBrowserURL
	}
	cmd := exec.Command("node", filepath.Join(dir, "tool-browser.mjs"))
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "CHROME_PATH="+Chrome(t))
	cmd.Stderr = os.Stderr
	// The pipe stays open for as long as this process lives; the script
	// closes its browser when it closes.
	in, err := cmd.StdinPipe()
	if err != nil {
		t.Fatalf("tool browser: %v", err)
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatalf("tool browser: %v", err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatalf("tool browser: %v", err)
	}
	line, err := bufio.NewReader(out).ReadString('\n')
	if url := strings.TrimSpace(line); strings.HasPrefix(url, "ws://") {
		done := make(chan struct{})
		toolBrowserURL, toolBrowserIn, toolBrowserDone = url, in, done
		// A browser that went away (a crash) is forgotten, and the next
		// replay starts another.
		go func() {
			_ = cmd.Wait()
			toolBrowserMu.Lock()
			if toolBrowserDone == done {
				toolBrowserURL, toolBrowserIn, toolBrowserDone = "", nil, nil
			}
			toolBrowserMu.Unlock()
			close(done)
		}()
		return url
	}
	_ = cmd.Process.Kill()
	_ = cmd.Wait()
	t.Fatalf("tool-browser.mjs printed %q (%v), not its browser's URL", line, fmt.Sprint(err))
	return ""
}
