//go:build e2e

package ui

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/ariadne-tui/ariadne/internal/browsertest"
)

// The tmux harness: the real binary in a tmux session on a private socket
// (tmux -L; ARIADNE_TMUX_SOCKET names it, else one per test process), read
// back with capture-pane. These tests are the e2e tier (go test -tags
// e2e): each runs the binary, which starts a Chromium of its own. They run
// one at a time: they share the tmux server, whose options one of them
// sets (TestTmuxPreviewPassthrough), and the demo takes port 8080 when it
// is free.

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
	browsertest.Need(t)
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
		atExit = append(atExit, func() { os.RemoveAll(dir) })
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
	// -f /dev/null: no user config, which would change what the tests see.
	args := []string{"-L", tm.socket, "-f", "/dev/null", "new-session", "-d", "-s", tm.name, "-x", fmt.Sprint(w), "-y", fmt.Sprint(h), cmd}
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

// esc sends Escape on its own and waits until its effect is on screen (ok
// holds): a key that arrives with it would read as alt+key.
func (tm *tmux) esc(what string, ok func(screen string) bool) string {
	tm.t.Helper()
	tm.keys("Escape")
	return tm.waitUntil(what+" after esc", 10*time.Second, ok)
}

var (
	logHeadRE  = regexp.MustCompile(`messages \((\d+);`)
	logEntryRE = regexp.MustCompile(`\d\d:\d\d:\d\d ([✓✗ ] .*)`)
)

// logged parses the message log on screen (M): how many messages the
// session has, and the entries shown (oldest first, their first lines with
// the mark: "✓ done: click e10"); ok is false when the log is not shown.
func logged(screen string) (total int, entries []string, ok bool) {
	h := logHeadRE.FindStringSubmatch(screen)
	if h == nil {
		return 0, nil, false
	}
	total, _ = strconv.Atoi(h[1])
	for _, l := range strings.Split(screen, "\n") {
		// The log is the right-hand pane: after the tree's "│".
		if i := strings.LastIndex(l, "│"); i >= 0 {
			l = l[i+len("│"):]
		}
		if e := logEntryRE.FindStringSubmatch(l); e != nil {
			entries = append(entries, strings.TrimSpace(e[1]))
		}
	}
	return total, entries, true
}

// toggleLog presses M and waits until the message log is shown (open) or
// gone, and returns the screen.
func (tm *tmux) toggleLog(open bool) string {
	tm.t.Helper()
	tm.keys("M")
	return tm.waitUntil(fmt.Sprintf("the message log shown=%v", open), 10*time.Second, func(s string) bool {
		_, _, ok := logged(s)
		return ok == open
	})
}

// logLen returns how many status messages the session has had, read from
// the message log (opened and closed again).
func (tm *tmux) logLen() int {
	tm.t.Helper()
	n, _, _ := logged(tm.toggleLog(true))
	tm.toggleLog(false)
	return n
}

// waitLogged waits until one of the status messages after the first since
// starts with want, read from the message log, which keeps every message:
// the status line shows only the newest, which a later one can replace
// before a poll sees it. The log is closed again when it returns.
func (tm *tmux) waitLogged(since int, want string, d time.Duration) {
	tm.t.Helper()
	tm.toggleLog(true)
	tm.waitUntil(fmt.Sprintf("a message %q after the first %d in the log", want, since), d, func(s string) bool {
		total, entries, ok := logged(s)
		if !ok {
			return false
		}
		// The last total-since entries on screen are the new ones.
		for i := max(len(entries)-(total-since), 0); i < len(entries); i++ {
			if strings.HasPrefix(entries[i], want) {
				return true
			}
		}
		return false
	})
	tm.toggleLog(false)
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
	var out []string
	for _, l := range strings.Split(s, "\n") {
		out = append(out, strings.TrimRight(normalizePorts(l), " "))
	}
	return strings.Join(out, "\n")
}

// normalizePorts writes every loopback port of line as NNNNN, whatever
// its length (the demo is on 8080 when that is free, else on a random
// port), and keeps what follows in its column: the difference is taken
// from, or given to, the next run of spaces.
func normalizePorts(line string) string {
	const port = "127.0.0.1:NNNNN"
	var b strings.Builder
	rest := line
	for {
		loc := portRE.FindStringIndex(rest)
		if loc == nil {
			b.WriteString(rest)
			return b.String()
		}
		b.WriteString(rest[:loc[0]] + port)
		diff := len(port) - (loc[1] - loc[0])
		rest = rest[loc[1]:]
		if i := strings.Index(rest, "  "); i >= 0 && diff != 0 {
			n := len(rest[i:]) - len(strings.TrimLeft(rest[i:], " "))
			keep := max(n-diff, 1)
			rest = rest[:i] + strings.Repeat(" ", keep) + rest[i+n:]
		}
	}
}
