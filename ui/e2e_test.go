package ui

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestEndToEndTmux runs the real binary in a tmux session of 120x40: it
// opens a test page, filters the tree to a button, clicks it with enter,
// and reads the screen to see the page's status text change in the tree.
func TestEndToEndTmux(t *testing.T) {
	needBrowser(t)
	if _, err := exec.LookPath("tmux"); err != nil {
		if os.Getenv("ARIADNE_REQUIRE_BROWSER") != "" {
			t.Fatalf("no tmux: %v", err)
		}
		t.Skipf("no tmux: %v", err)
	}
	dir := t.TempDir()
	bin := filepath.Join(dir, "ariadne")
	build := exec.Command("go", "build", "-o", bin, "..")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("building ariadne: %v\n%s", err, out)
	}
	srv := servePages(t)

	tm := &tmux{t: t, name: fmt.Sprintf("ariadne-e2e-%d", os.Getpid())}
	cmd := fmt.Sprintf("XDG_CONFIG_HOME=%s %s --keys %s %s/duplicates.html", dir, bin, filepath.Join(dir, "none.toml"), srv.URL)
	tm.run("new-session", "-d", "-s", tm.name, "-x", "120", "-y", "40", cmd)
	// A server of its own (-L): the test never touches the user's tmux.
	t.Cleanup(func() { tm.command("kill-server").Run() })

	tm.waitFor(`button "Add to cart"`, 40*time.Second)
	tm.waitFor("✓ opened", 20*time.Second)
	tm.run("send-keys", "-t", tm.name, "/")
	tm.run("send-keys", "-t", tm.name, "-l", "add to cart")
	tm.waitFor("1/3", 10*time.Second) // the prompt counts the matches
	tm.run("send-keys", "-t", tm.name, "Enter")
	tm.waitFor(`filter "add to cart": 3 matches`, 10*time.Second)
	if strings.Contains(tm.screen(), `heading "Blue mug"`) {
		t.Errorf("the filter did not hide the headings:\n%s", tm.screen())
	}
	tm.run("send-keys", "-t", tm.name, "Enter")
	tm.waitFor("done: click", 20*time.Second)
	tm.run("send-keys", "-t", tm.name, "Escape")
	scr := tm.waitFor(`text "Added: Blue mug"`, 10*time.Second)
	if !strings.Contains(scr, `text "Cart: 1"`) {
		t.Errorf("no Cart: 1 on screen:\n%s", scr)
	}
	if !strings.Contains(scr, `> `) || !strings.Contains(scr, `button "Add to cart" focused`) {
		t.Errorf("the clicked button is not selected and focused:\n%s", scr)
	}
	tm.run("send-keys", "-t", tm.name, "q")
	deadline := time.Now().Add(10 * time.Second)
	for tm.command("has-session", "-t", tm.name).Run() == nil {
		if time.Now().After(deadline) {
			t.Fatalf("q did not quit:\n%s", tm.screen())
		}
		time.Sleep(100 * time.Millisecond)
	}
}

type tmux struct {
	t    *testing.T
	name string
}

// command is tmux on the test's own server (its socket is named after
// the session).
func (tm *tmux) command(args ...string) *exec.Cmd {
	return exec.Command("tmux", append([]string{"-L", tm.name}, args...)...)
}

func (tm *tmux) run(args ...string) {
	tm.t.Helper()
	if out, err := tm.command(args...).CombinedOutput(); err != nil {
		tm.t.Fatalf("tmux %s: %v\n%s", strings.Join(args, " "), err, out)
	}
}

func (tm *tmux) screen() string {
	out, err := tm.command("capture-pane", "-p", "-t", tm.name).Output()
	if err != nil {
		return fmt.Sprintf("(capture-pane: %v)", err)
	}
	return string(out)
}

// waitFor polls the screen until it shows want, and returns it.
func (tm *tmux) waitFor(want string, d time.Duration) string {
	tm.t.Helper()
	deadline := time.Now().Add(d)
	for {
		s := tm.screen()
		if strings.Contains(s, want) {
			return s
		}
		if time.Now().After(deadline) {
			tm.t.Fatalf("the screen never showed %q:\n%s", want, s)
		}
		time.Sleep(150 * time.Millisecond)
	}
}
