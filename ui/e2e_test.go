//go:build e2e

package ui

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/ariadne-tui/ariadne/internal/browsertest"
)

// TestEndToEndTmux runs the real binary in a tmux session of 120x40: it
// opens a test page, filters the tree to a button, clicks it with enter,
// and reads the screen to see the page's status text change in the tree.
func TestEndToEndTmux(t *testing.T) {
	browsertest.Need(t)
	if _, err := exec.LookPath("tmux"); err != nil {
		if os.Getenv("ARIADNE_REQUIRE_BROWSER") != "" {
			t.Fatalf("no tmux: %v", err)
		}
		t.Skipf("no tmux: %v", err)
	}
	dir := t.TempDir()
	bin := buildBinary(t)
	srv := browsertest.Pages(t)

	tm := newTmux(t, 120, 40, fmt.Sprintf("XDG_CONFIG_HOME=%s %s --keys %s %s/duplicates.html", dir, bin, filepath.Join(dir, "none.toml"), srv.URL))

	tm.waitFor(`button "Add to cart"`, 40*time.Second)
	tm.waitLogged(0, "✓ opened", 20*time.Second)
	tm.run("send-keys", "-t", tm.name, "/")
	tm.run("send-keys", "-t", tm.name, "-l", "add to cart")
	tm.waitFor("1/3", 10*time.Second) // the prompt counts the matches
	tm.run("send-keys", "-t", tm.name, "Enter")
	tm.waitFor(`filter "add to cart": 3 matches`, 10*time.Second)
	if strings.Contains(tm.screen(), `heading "Blue mug"`) {
		t.Errorf("the filter did not hide the headings:\n%s", tm.screen())
	}
	since := tm.logLen()
	tm.run("send-keys", "-t", tm.name, "Enter")
	tm.waitLogged(since, "✓ done: click", 20*time.Second)
	tm.run("send-keys", "-t", tm.name, "Escape")
	scr := tm.waitFor(`text "Added: Blue mug"`, 10*time.Second)
	if !strings.Contains(scr, `text "Cart: 1"`) {
		t.Errorf("no Cart: 1 on screen:\n%s", scr)
	}
	if !strings.Contains(scr, `> `) || !strings.Contains(scr, `button "Add to cart" focused`) {
		t.Errorf("the clicked button is not selected and focused:\n%s", scr)
	}
	tm.run("send-keys", "-t", tm.name, "q")
	tm.waitGone(10 * time.Second)
}
