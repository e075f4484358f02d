//go:build e2e

package ui

import (
	"fmt"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/ariadne-tui/ariadne/internal/golden"
)

// The explorer end to end (issue 12): the real binary on the built-in demo
// site in tmux, at 80x24 and 160x48, driven by keys and mouse events, with
// what the screen shows parsed (the selected row, the marked rows, the
// prompt's count) and golden files for the screens that are stable.

// explorer starts the binary on the demo site (no URL) at w×h, with live
// follow off so that the screen changes only on input, and the browser log
// in dir/browser.log.
func explorer(t *testing.T, w, h int, env ...string) (*tmux, string) {
	t.Helper()
	needTmux(t)
	bin := buildBinary(t)
	dir := t.TempDir()
	cmd := fmt.Sprintf("cd %s && %s XDG_CONFIG_HOME=%s %s --no-follow --keys %s --log %s",
		dir, strings.Join(env, " "), dir, bin, filepath.Join(dir, "none.toml"), filepath.Join(dir, "browser.log"))
	tm := newTmux(t, w, h, cmd)
	tm.waitFor(`heading "Ariadne demo site"`, 60*time.Second) // the demo's index
	tm.waitLogged(0, "✓ opened", 60*time.Second)
	return tm, dir
}

// openDemoPage follows the index's link named link, with the filter.
func openDemoPage(tm *tmux, link, title string) {
	tm.t.Helper()
	since := tm.logLen()
	tm.keys("/")
	tm.text("link " + link)
	tm.waitUntil("the link selected", 10*time.Second, func(s string) bool {
		return strings.Contains(selectedLine(s), `link "`+link)
	})
	tm.keys("Enter", "Enter")
	tm.waitFor(title, 30*time.Second)
	tm.waitLogged(since, "✓ done: click", 30*time.Second)
}

// locatorsRead waits until the details pane shows the selection's
// locators, and returns that screen.
func locatorsRead(tm *tmux) string {
	tm.t.Helper()
	return tm.waitUntil("the locators read", 20*time.Second, func(s string) bool {
		return strings.Contains(s, "Locators ·") && !strings.Contains(s, "reading…")
	})
}

var ansiLogLine = regexp.MustCompile(`ERROR|DevTools listening|\[\d+/\d+\.\d+:`)

// Nothing the browser or chromedp writes reaches the screen: after many
// clicks and navigations no log line is on it, and the browser's output is
// in the --log file instead.
func TestTmuxNoBrowserLogOnScreen(t *testing.T) {
	tm, dir := explorer(t, 120, 40)
	for i := range 4 {
		openDemoPage(tm, "Product list", "Products")
		for range 3 {
			tm.keys("/")
			tm.text("button add to cart")
			tm.waitUntil("the button selected", 10*time.Second, func(s string) bool {
				return strings.Contains(selectedLine(s), `button "Add to cart"`)
			})
			tm.keys("Enter")
			tm.waitFor(`filter "button add to cart"`, 10*time.Second)
			since := tm.logLen()
			tm.keys("Enter")
			tm.waitLogged(since, "✓ done: click", 30*time.Second)
			// The filter showed only the buttons: the headings are back.
			tm.esc("the filter cleared", func(s string) bool { return strings.Contains(s, `heading "`) })
		}
		since := tm.logLen()
		tm.keys("H")
		tm.waitLogged(since, "✓ back", 20*time.Second)
		if s := tm.screen(); ansiLogLine.MatchString(s) {
			t.Fatalf("round %d: a log line on screen:\n%s", i, s)
		}
	}
	log, err := os.ReadFile(filepath.Join(dir, "browser.log"))
	if err != nil {
		t.Fatal(err)
	}
	// Whatever Chromium printed went to the file, none of it to the screen.
	scr := tm.screen()
	lines := 0
	for _, l := range strings.Split(string(log), "\n") {
		if l = strings.TrimSpace(l); len(l) < 20 {
			continue
		}
		lines++
		if strings.Contains(scr, l[:20]) {
			t.Errorf("a log line is on screen: %q", l)
		}
	}
	if lines == 0 {
		t.Errorf("the log file has none of the browser's output:\n%s", log)
	}
}

// The filter takes role and name together and selects its first row with
// a ref; deleting that row leaves the cursor on the rows' container, not
// on the next row's Delete; / opens empty and up recalls the last filter.
func TestTmuxFilterRoleNameAndDelete(t *testing.T) {
	for _, size := range [][2]int{{80, 24}, {160, 48}} {
		t.Run(fmt.Sprintf("%dx%d", size[0], size[1]), func(t *testing.T) {
			tm, _ := explorer(t, size[0], size[1])
			openDemoPage(tm, "Table with row actions", "Team table")
			tm.keys("/")
			tm.text("button delete")
			scr := tm.waitFor("1/4", 10*time.Second) // the prompt counts the matches
			if sel := selectedLine(scr); !strings.Contains(sel, `button "Delete"`) {
				t.Fatalf("selected %q, want the first Delete:\n%s", sel, scr)
			}
			tm.keys("Enter")
			tm.keys("n")
			tm.waitFor("match 2 of 4", 10*time.Second)
			scr = locatorsRead(tm)
			golden.Assert(t, fmt.Sprintf("tmux_filter_%dx%d.golden", size[0], size[1]), []byte(normalizeScreen(scr)))
			since := tm.logLen()
			tm.keys("Enter") // deletes Grace Hopper's row
			tm.waitLogged(since, "✓ done: click", 20*time.Second)
			// The snapshot after the click is on screen.
			scr = tm.waitUntil("Grace Hopper's row gone", 20*time.Second, func(s string) bool { return !strings.Contains(s, "Grace Hopper") })
			if sel := selectedLine(scr); strings.Contains(sel, "Delete") || !strings.Contains(sel, "rowgroup") {
				t.Errorf("after the delete the cursor is on %q, want the rowgroup:\n%s", sel, scr)
			}
			if strings.Contains(scr, "Grace Hopper") {
				t.Errorf("Grace Hopper's row is still there:\n%s", scr)
			}
			// / opens empty; up brings back the last filter.
			tm.keys("/")
			scr = tm.waitUntil("an empty filter prompt", 5*time.Second, func(s string) bool { return strings.Contains(s, "\n/") })
			if strings.Contains(scr, "/button delete") {
				t.Errorf("/ opened with the old filter:\n%s", scr)
			}
			tm.keys("Up")
			tm.waitFor("/button delete", 5*time.Second)
			tm.esc("the prompt closed", func(s string) bool { return !strings.Contains(s, "\n/") })
		})
	}
}

// Mouse: a click selects the row under it, a click on a fold arrow folds,
// and the wheel scrolls.
func TestTmuxMouse(t *testing.T) {
	tm, _ := explorer(t, 120, 40)
	// Line 3 of the screen is the tree's third row.
	rows := strings.Split(tm.screen(), "\n")
	want := strings.TrimSpace(strings.Split(rows[3][1:], "│")[0])
	if want == "" || strings.HasPrefix(rows[3], ">") {
		t.Fatalf("row 3 is empty or already selected:\n%s", tm.screen())
	}
	tm.mouse(0, 10, 3)
	scr := tm.waitUntil("the clicked row selected", 5*time.Second, func(s string) bool { return selectedLine(s) == want })
	// The fold arrow of the selected row: two columns per level after the
	// cursor mark.
	line := strings.Split(scr, "\n")[3]
	arrow := strings.IndexAny(line, "▾")
	if arrow < 0 {
		t.Fatalf("row 3 has no open fold arrow: %q", line)
	}
	tm.mouse(0, len([]rune(line[:arrow])), 3)
	tm.waitUntil("the row folded", 5*time.Second, func(s string) bool { return strings.HasPrefix(selectedLine(s), "▸") })
	before := strings.Split(tm.screen(), "\n")[1]
	tm.mouse(65, 10, 10)
	tm.mouse(65, 10, 10)
	tm.waitUntil("the tree scrolled", 5*time.Second, func(s string) bool { return strings.Split(s, "\n")[1] != before })
}

// The locator playground counts what a locator matches and marks the refs
// in the tree.
func TestTmuxLocatorPlayground(t *testing.T) {
	tm, _ := explorer(t, 160, 48)
	openDemoPage(tm, "Table with row actions", "Team table") // a new page clears the filter
	tm.keys("e")
	tm.waitFor("locator: ", 5*time.Second)
	tm.keys("C-u")
	tm.text("getByRole('button', { name: 'Edit' })")
	scr := tm.waitFor("4 matches: e", 20*time.Second)
	// The first match is selected, the three others are marked.
	if sel := selectedLine(scr); !strings.Contains(sel, `button "Edit"`) {
		t.Errorf("selected %q, want an Edit button", sel)
	}
	// Every other Edit button on screen is marked, and nothing else.
	onScreen := 0
	for _, l := range strings.Split(scr, "\n") {
		if tree, _, _ := strings.Cut(l, "│"); strings.Contains(tree, `button "Edit"`) {
			onScreen++
		}
	}
	m := markedLines(scr)
	if len(m) != onScreen-1 || onScreen < 2 {
		t.Errorf("marked rows %q, want the %d other Edit buttons on screen:\n%s", m, onScreen-1, scr)
	}
	for _, l := range m {
		if !strings.HasPrefix(l, `button "Edit"`) {
			t.Errorf("marked %q", l)
		}
	}
	tm.keys("C-u")
	tm.text("getByRole('row').filter({ hasText: 'Turing' })")
	tm.waitFor("1 match: e", 20*time.Second)
	tm.keys("C-u")
	tm.text("getByRole('button', { name: ")
	tm.waitFor("want a quoted string", 5*time.Second)
	scr = tm.esc("the playground closed", func(s string) bool { return !strings.Contains(s, "locator: ") })
	if m := markedLines(scr); len(m) != 0 {
		t.Errorf("esc left marks: %q", m)
	}
}

// The command line: completion, :find, a ref jump, :open and history.
func TestTmuxCommandLine(t *testing.T) {
	for _, size := range [][2]int{{80, 24}, {160, 48}} {
		t.Run(fmt.Sprintf("%dx%d", size[0], size[1]), func(t *testing.T) {
			tm, _ := explorer(t, size[0], size[1])
			tm.keys(":")
			tm.text("fi")
			tm.keys("Tab")
			tm.waitFor(":find ", 5*time.Second)
			tm.text("link Product list")
			tm.keys("Enter")
			tm.waitUntil("the link selected", 5*time.Second, func(s string) bool { return strings.Contains(selectedLine(s), `link "Product list"`) })
			scr := locatorsRead(tm)
			golden.Assert(t, fmt.Sprintf("tmux_find_%dx%d.golden", size[0], size[1]), []byte(normalizeScreen(scr)))
			tm.keys(":")
			tm.text("e2")
			tm.keys("Enter")
			tm.waitUntil("e2 selected", 5*time.Second, func(s string) bool { return strings.Contains(selectedLine(s), "[e2]") })
			tm.keys(":")
			tm.keys("Up", "Up")
			tm.waitFor(":find link Product list", 5*time.Second)
			tm.keys("C-u")
			tm.text("open ")
			url := portRE.FindString(tm.screen())
			tm.text("http://" + url + "/signin.html")
			tm.keys("Enter")
			// The prompt is open: M would be typed into it, so this waits
			// on the page itself (its heading) and the URL.
			scr = tm.waitUntil("the sign-in page", 30*time.Second, func(s string) bool {
				return strings.Contains(s, "signin.html") && strings.Contains(s, `heading "Sign in"`)
			})
			if !strings.Contains(scr, "signin.html") || !strings.HasPrefix(selectedLine(scr), "▾") && selectedLine(scr) == "" {
				t.Errorf("after :open:\n%s", scr)
			}
			// A new page starts at the top: the first row is selected.
			if first := strings.Split(scr, "\n")[1]; !strings.HasPrefix(first, ">") {
				t.Errorf("the cursor is not on the first row of the new page:\n%s", scr)
			}
			tm.keys(":")
			tm.text("bogus")
			tm.keys("Enter")
			tm.waitFor("no command :bogus", 5*time.Second)
		})
	}
}

// The preview key saves a screenshot with the selection outlined and says
// where; :screenshot FILE writes the file named. The session was started
// in kitty (KITTY_WINDOW_ID), but tmux has allow-passthrough off (its
// default), so the preview is the file and the status line says how to
// enable the image: no overlay, no escape sequence on screen.
func TestTmuxPreview(t *testing.T) {
	tm, dir := explorer(t, 160, 48, "KITTY_WINDOW_ID=1")
	previewProductList(tm)
	scr := tm.waitFor("outlined saved to", 30*time.Second)
	if strings.Contains(scr, "any key closes the preview") || strings.Contains(scr, "1337;File") || strings.Contains(scr, "_Ga=T") {
		t.Errorf("an inline preview inside tmux:\n%s", scr)
	}
	if !strings.Contains(strings.ReplaceAll(scr, "\n", ""), "allow-passthrough on") {
		t.Errorf("the status line does not say how to draw it inline:\n%s", scr)
	}
	m := regexp.MustCompile(`saved to (\S+\.png)`).FindStringSubmatch(strings.ReplaceAll(scr, "\n", ""))
	if m == nil {
		t.Fatalf("no path on the status line:\n%s", scr)
	}
	checkOutlined(t, m[1])
	os.Remove(m[1])
	tm.keys(":")
	tm.text("screenshot shot.png")
	tm.keys("Enter")
	tm.waitFor("saved to shot.png", 30*time.Second)
	checkOutlined(t, filepath.Join(dir, "shot.png"))
	tm.keys(":")
	tm.text("screenshot shot.png")
	tm.keys("Enter")
	tm.waitFor("exists", 30*time.Second) // nothing is overwritten
}

// checkOutlined reads a PNG and checks that the outline's colour is on it.
func checkOutlined(t *testing.T, path string) {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	n := 0
	b := img.Bounds()
	for y := b.Min.Y; y < b.Max.Y; y += 1 {
		for x := b.Min.X; x < b.Max.X; x += 3 {
			r, g, bl, _ := img.At(x, y).RGBA()
			if r>>8 == uint32(outlineColor.R) && g>>8 == uint32(outlineColor.G) && bl>>8 == uint32(outlineColor.B) {
				n++
			}
		}
	}
	if n < 50 {
		t.Errorf("%s: %d outline pixels, want a frame", path, n)
	}
}

// A click that opens a tab says so on the status line.
func TestTmuxNewTabAnnounced(t *testing.T) {
	tm, _ := explorer(t, 160, 48)
	url := portRE.FindString(tm.screen())
	tm.keys(":")
	tm.text("open http://" + url + "/windows.html")
	tm.keys("Enter")
	tm.waitFor(`link "Open the popup in a new tab"`, 30*time.Second) // the page, not the status a later one replaces
	tm.keys(":")
	tm.text("find link Open the popup in a new tab")
	tm.keys("Enter")
	tm.waitUntil("the link selected", 5*time.Second, func(s string) bool { return strings.Contains(selectedLine(s), "new tab") })
	tm.keys("Enter")
	scr := tm.waitFor("opened tab 2", 30*time.Second)
	if !strings.Contains(strings.ReplaceAll(scr, "\n", ""), "popup.html") {
		t.Errorf("the status does not name the new tab's page:\n%s", scr)
	}
}

// :replay runs a recording in the explorer's browser: the page shows what
// the steps did, and the status says it passed.
func TestTmuxReplayCommand(t *testing.T) {
	tm, dir := explorer(t, 160, 48)
	base := "http://" + portRE.FindString(tm.screen())
	rec := filepath.Join(dir, "cart.jsonl")
	script := "open " + base + "/products.html\nfind add button \"Add to cart\"\nclick $add\n"
	cmd := exec.Command(buildBinary(t), "run", "--record", rec, "-")
	cmd.Stdin = strings.NewReader(script)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("recording: %v\n%s", err, out)
	}
	tm.keys(":")
	tm.text("replay " + rec)
	tm.keys("Enter")
	scr := tm.waitFor("passed", 60*time.Second)
	if !strings.Contains(scr, "Cart: 1 item") || !strings.Contains(scr, "products.html") {
		t.Errorf("after the replay the page does not show the click:\n%s", scr)
	}
	tm.keys(":")
	tm.text("replay " + filepath.Join(dir, "none.jsonl"))
	tm.keys("Enter")
	tm.waitFor("no recording", 10*time.Second)
}

// With allow-passthrough on, a session started in kitty draws the preview
// in an overlay: the image goes to the outer terminal through tmux's
// passthrough (no client is attached here, so tmux drops it), and nothing
// of it shows in the pane; any key closes it.
func TestTmuxPreviewPassthrough(t *testing.T) {
	t.Cleanup(func() { exec.Command("tmux", "-L", tmuxSocket(), "set", "-g", "allow-passthrough", "off").Run() })
	tm, _ := explorer(t, 160, 48, "tmux set -g allow-passthrough on &&", "KITTY_WINDOW_ID=1")
	previewProductList(tm)
	scr := tm.waitFor("any key closes the preview", 30*time.Second)
	if strings.Contains(scr, "_Ga=") || strings.Contains(scr, "tmux;") || strings.Contains(scr, "allow-passthrough") {
		t.Errorf("the image or the hint in the pane:\n%s", scr)
	}
	if !strings.Contains(scr, "outlined saved to") {
		t.Errorf("the status line lost the file:\n%s", scr)
	}
	tm.keys("Escape")
	tm.waitUntil("the preview closed", 10*time.Second, func(s string) bool {
		return !strings.Contains(s, "any key closes the preview") && strings.Contains(selectedLine(s), `link "Product list"`)
	})
}

// previewProductList selects the demo index's "Product list" link with
// :find and takes its preview.
func previewProductList(tm *tmux) {
	tm.t.Helper()
	tm.keys(":")
	tm.text("find link Product list")
	tm.keys("Enter")
	tm.waitUntil("the link selected", 5*time.Second, func(s string) bool { return strings.Contains(selectedLine(s), `link "Product list"`) })
	tm.keys("I")
}
