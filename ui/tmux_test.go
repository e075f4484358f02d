package ui

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"
)

// The tmux harness: the real binary in a tmux session on a private socket
// (tmux -L; ARIADNE_TMUX_SOCKET names it, else one per test process), read
// back with capture-pane.

type tmux struct {
	t      *testing.T
	socket string
	name   string
}

func tmuxSocket() string {
	if s := os.Getenv("ARIADNE_TMUX_SOCKET"); s != "" {
		return s
	}
	return fmt.Sprintf("ariadne-test-%d", os.Getpid())
}

// needTmux skips (or, with ARIADNE_REQUIRE_BROWSER, fails) without tmux.
func needTmux(t *testing.T) {
	t.Helper()
	needBrowser(t)
	if _, err := exec.LookPath("tmux"); err != nil {
		if os.Getenv("ARIADNE_REQUIRE_BROWSER") != "" {
			t.Fatalf("no tmux: %v", err)
		}
		t.Skipf("no tmux: %v", err)
	}
}

var binOnce struct {
	sync.Once
	path string
	err  error
	out  []byte
}

// buildBinary builds ariadne once per test process.
func buildBinary(t *testing.T) string {
	t.Helper()
	binOnce.Do(func() {
		dir, err := os.MkdirTemp("", "ariadne-bin-")
		if err != nil {
			binOnce.err = err
			return
		}
		binOnce.path = filepath.Join(dir, "ariadne")
		binOnce.out, binOnce.err = exec.Command("go", "build", "-o", binOnce.path, "..").CombinedOutput()
	})
	if binOnce.err != nil {
		t.Fatalf("building ariadne: %v\n%s", binOnce.err, binOnce.out)
	}
	return binOnce.path
}

// newTmux runs cmd in a new w×h session; the session ends with the test.
func newTmux(t *testing.T, w, h int, cmd string) *tmux {
	t.Helper()
	tm := &tmux{t: t, socket: tmuxSocket(), name: fmt.Sprintf("e2e-%d", time.Now().UnixNano())}
	// When the previous test's session was the last, its server may still
	// be exiting: tmux then refuses a new session; try again (bounded).
	args := []string{"-L", tm.socket, "new-session", "-d", "-s", tm.name, "-x", fmt.Sprint(w), "-y", fmt.Sprint(h), cmd}
	for attempt := 0; ; attempt++ {
		out, err := exec.Command("tmux", args...).CombinedOutput()
		if err == nil {
			break
		}
		if attempt == 20 || !strings.Contains(string(out), "server exited") {
			t.Fatalf("tmux new-session: %v\n%s", err, out)
		}
		time.Sleep(100 * time.Millisecond)
	}
	t.Cleanup(func() { exec.Command("tmux", "-L", tm.socket, "kill-session", "-t", tm.name).Run() })
	return tm
}

func (tm *tmux) run(args ...string) {
	tm.t.Helper()
	if out, err := exec.Command("tmux", append([]string{"-L", tm.socket}, args...)...).CombinedOutput(); err != nil {
		tm.t.Fatalf("tmux %s: %v\n%s", strings.Join(args, " "), err, out)
	}
}

// keys sends tmux key names (Enter, Escape, C-u, ...).
func (tm *tmux) keys(keys ...string) {
	tm.t.Helper()
	tm.run(append([]string{"send-keys", "-t", tm.name}, keys...)...)
}

// text types text literally.
func (tm *tmux) text(s string) {
	tm.t.Helper()
	tm.run("send-keys", "-t", tm.name, "-l", s)
}

// esc sends Escape on its own: a key right after it would read as alt+key,
// so tests wait for what esc does before the next key, or send none.
func (tm *tmux) esc() {
	tm.t.Helper()
	tm.keys("Escape")
	time.Sleep(100 * time.Millisecond)
}

// mouse sends an SGR mouse event at the 0-based cell x, y: button 0 is a
// left click (press and release), 64 and 65 the wheel up and down.
func (tm *tmux) mouse(button, x, y int) {
	tm.t.Helper()
	tm.text(fmt.Sprintf("\x1b[<%d;%d;%dM", button, x+1, y+1))
	if button < 64 {
		tm.text(fmt.Sprintf("\x1b[<%d;%d;%dm", button, x+1, y+1))
	}
}

func (tm *tmux) screen() string {
	out, err := exec.Command("tmux", "-L", tm.socket, "capture-pane", "-p", "-t", tm.name).Output()
	if err != nil {
		return fmt.Sprintf("(capture-pane: %v)", err)
	}
	return string(out)
}

// waitFor polls the screen until it shows want, and returns it.
func (tm *tmux) waitFor(want string, d time.Duration) string {
	tm.t.Helper()
	return tm.waitUntil("the screen to show "+fmt.Sprintf("%q", want), d, func(s string) bool { return strings.Contains(s, want) })
}

// waitUntil polls the screen until ok holds, and returns it.
func (tm *tmux) waitUntil(what string, d time.Duration, ok func(string) bool) string {
	tm.t.Helper()
	deadline := time.Now().Add(d)
	for {
		s := tm.screen()
		if ok(s) {
			return s
		}
		if time.Now().After(deadline) {
			tm.t.Fatalf("waited %v for %s:\n%s", d, what, s)
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// waitGone waits for the program (and with it the session) to end.
func (tm *tmux) waitGone(d time.Duration) {
	tm.t.Helper()
	deadline := time.Now().Add(d)
	for exec.Command("tmux", "-L", tm.socket, "has-session", "-t", tm.name).Run() == nil {
		if time.Now().After(deadline) {
			tm.t.Fatalf("the program did not end:\n%s", tm.screen())
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// selectedLine returns the tree row under the cursor (the line that starts
// with ">"), without the details pane right of it.
func selectedLine(screen string) string {
	for _, l := range strings.Split(screen, "\n") {
		if rest, ok := strings.CutPrefix(l, ">"); ok {
			rest, _, _ = strings.Cut(rest, "│")
			return strings.TrimSpace(rest)
		}
	}
	return ""
}

// markedLines returns the tree rows marked by the locator playground.
func markedLines(screen string) []string {
	var out []string
	for _, l := range strings.Split(screen, "\n") {
		if rest, ok := strings.CutPrefix(l, "*"); ok {
			rest, _, _ = strings.Cut(rest, "│")
			out = append(out, strings.TrimSpace(rest))
		}
	}
	return out
}

var portRE = regexp.MustCompile(`127\.0\.0\.1:\d+`)

// normalizeScreen makes a screen comparable across runs: the demo's port
// and the clock.
func normalizeScreen(s string) string {
	s = portRE.ReplaceAllStringFunc(s, func(p string) string {
		return "127.0.0.1:" + strings.Repeat("N", len(p)-len("127.0.0.1:"))
	})
	var out []string
	for _, l := range strings.Split(s, "\n") {
		out = append(out, strings.TrimRight(l, " "))
	}
	return strings.Join(out, "\n")
}
