package ui

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/ariadne-tui/ariadne/browser"
	"github.com/ariadne-tui/ariadne/internal/browsertest"
	"github.com/ariadne-tui/ariadne/refs"
)

// These tests drive the model against a real Chromium on the pages of
// testdata/pages. Without a browser they are skipped, unless
// ARIADNE_REQUIRE_BROWSER is set (as in CI).

func testBrowserOptions() browser.Options {
	return browser.Options{NavTimeout: 15 * time.Second, ActionTimeout: 3 * time.Second, Dialogs: "wait"}
}

// launchBrowser opens a session for t in the test binary's shared browser
// (a browser context of its own), closed when t ends.
func launchBrowser(t *testing.T) *browser.Browser {
	t.Helper()
	return browsertest.New(t, testBrowserOptions())
}

// openPage starts the model on page with a session of its own.
func openPage(t *testing.T, page string, w, h int, mod ...func(*Options)) (*harness, *browser.Browser) {
	t.Helper()
	b := launchBrowser(t)
	srv := browsertest.Pages(t)
	o := Options{Browser: b, URL: srv.URL + "/" + page, Locators: BrowserLocators}
	for _, f := range mod {
		f(&o)
	}
	hs := newHarness(t, o, w, h)
	hs.ready()
	if hs.m.snap == nil || !strings.HasSuffix(hs.m.url, page) {
		t.Fatalf("did not open %s: status %q", page, hs.m.StatusText())
	}
	return hs, b
}

// refOf returns the ref of the first node with role and name on screen.
func (h *harness) refOf(role, name string) string {
	h.t.Helper()
	var ref string
	h.m.snap.Root.Walk(func(n *refs.Node, _ int) bool {
		if ref == "" && n.Role == role && n.Name == name {
			ref = n.Ref
		}
		return ref == ""
	})
	if ref == "" {
		h.t.Fatalf("no %s %q on the page:\n%s", role, name, refs.Text(h.m.snap.Root, refs.TextOptions{}))
	}
	return ref
}

func (h *harness) jumpTo(ref string) {
	h.t.Helper()
	h.keys(":")
	h.typeText(ref)
	h.keys("enter")
	if h.selectedRef() != ref {
		h.t.Fatalf(":%s went to %q (status %q)", ref, h.selectedRef(), h.m.StatusText())
	}
}

func (h *harness) waitIdle(what string) {
	h.t.Helper()
	h.until(what, func() bool { return h.m.Busy() == "" })
	h.settle()
}

func TestBrowserFilterAndClick(t *testing.T) {
	t.Parallel()
	for _, sz := range sizes {
		t.Run(sz.name, func(t *testing.T) {
			t.Parallel()
			h, _ := openPage(t, "duplicates.html", sz.w, sz.h)
			goldenFile(t, "browser_duplicates_"+sz.name, h.screen())
			h.keys("/")
			h.typeText("add to cart")
			h.keys("enter")
			btn := h.selectedRef()
			if cur, total := h.m.Tree().Matches(); cur != 1 || total != 3 {
				t.Fatalf("filter: match %d of %d, want 1 of 3", cur, total)
			}
			h.keys("n enter")
			h.waitIdle("the click")
			if h.selectedRef() == btn {
				t.Errorf("n did not move to the second button")
			}
			second := h.selectedRef()
			h.keys("esc")
			h.settle()
			if text := refs.Text(h.m.snap.Root, refs.TextOptions{}); !strings.Contains(text, "Added: Linen notebook") || !strings.Contains(text, "Cart: 1") {
				t.Fatalf("the tree does not show the click's effect:\n%s", text)
			}
			if h.selectedRef() != second {
				t.Errorf("the cursor moved from %s to %s", second, h.selectedRef())
			}
			goldenFile(t, "browser_clicked_"+sz.name, h.screen())
		})
	}
}

func TestBrowserFormActions(t *testing.T) {
	t.Parallel()
	h, _ := openPage(t, "form.html", 160, 48)
	h.jumpTo(h.refOf("textbox", "Email"))
	h.keys("f")
	h.typeText("ada@example.com")
	h.keys("enter")
	h.waitIdle("fill")
	if !strings.Contains(h.m.StatusText(), `value now "ada@example.com"`) {
		t.Errorf("fill: status %q", h.m.StatusText())
	}
	h.jumpTo(h.refOf("combobox", "Country"))
	h.keys("s")
	h.until("the options", func() bool { return h.m.over == overlayPicker })
	for i := 0; i < 10 && !strings.Contains(h.m.picker.items[h.m.picker.cursor].label, "France"); i++ {
		h.keys("j")
	}
	h.keys("enter")
	h.waitIdle("select")
	h.jumpTo(h.refOf("checkbox", "Remember me"))
	h.keys("x")
	h.waitIdle("check")
	if !strings.Contains(h.m.StatusText(), "now checked") {
		t.Errorf("check: status %q", h.m.StatusText())
	}
	text := refs.Text(h.m.snap.Root, refs.TextOptions{})
	for _, want := range []string{`textbox "Email"`, "ada@example.com", `combobox "Country"`, "France", `checkbox "Remember me" [checked]`} {
		if !strings.Contains(text, want) {
			t.Errorf("the snapshot lacks %s:\n%s", want, text)
		}
	}
	// An action that cannot work says why, with its code.
	h.jumpTo(h.refOf("button", "Sign in with SSO"))
	h.keys("enter")
	h.waitIdle("the disabled click")
	if !strings.Contains(h.m.StatusText(), "[not_enabled]") {
		t.Errorf("click on a disabled button: status %q", h.m.StatusText())
	}
}

func TestBrowserDialog(t *testing.T) {
	t.Parallel()
	h, _ := openPage(t, "dialogs.html", 80, 24)
	h.jumpTo(h.refOf("button", "Prompt"))
	h.keys("enter")
	h.until("the dialog", func() bool { return h.m.over == overlayDialog })
	if h.m.dialog.d.Type != "prompt" || h.m.dialog.input.Value() != "Guest" {
		t.Fatalf("dialog %+v", h.m.dialog.d)
	}
	h.keys("backspace backspace backspace backspace backspace")
	h.typeText("Ada")
	h.keys("enter")
	h.waitIdle("the click")
	h.until("the status text", func() bool { return strings.Contains(h.screen(), `"prompt: Ada"`) })

	h.jumpTo(h.refOf("button", "Confirm"))
	h.keys("enter")
	h.until("the confirm", func() bool { return h.m.over == overlayDialog })
	h.keys("esc")
	h.waitIdle("the click")
	h.until("the status text", func() bool { return strings.Contains(h.screen(), `"confirm: false"`) })
}

func TestBrowserTabs(t *testing.T) {
	t.Parallel()
	h, _ := openPage(t, "popup.html", 80, 24)
	h.jumpTo(h.refOf("link", "Open in new tab"))
	h.keys("enter")
	h.waitIdle("the click")
	h.until("the new tab", func() bool { return h.m.tabCount == 2 })
	h.keys("T")
	h.until("the tab list", func() bool { return h.m.over == overlayPicker })
	if n := len(h.m.picker.items); n != 2 {
		t.Fatalf("the picker lists %d tabs", n)
	}
	h.keys("j enter")
	h.waitIdle("the switch")
	if !strings.Contains(h.screen(), `button "Ping"`) || h.m.tabIndex != 2 {
		t.Fatalf("tab 2 is not shown (tab %d):\n%s", h.m.tabIndex, h.screen())
	}
	if !strings.Contains(strings.Split(h.screen(), "\n")[0], "2/2") {
		t.Errorf("header:\n%s", h.screen())
	}
	h.keys("T")
	h.until("the tab list", func() bool { return h.m.over == overlayPicker })
	h.keys("x")
	h.waitIdle("the close")
	h.until("one tab", func() bool { return h.m.tabCount == 1 && strings.Contains(h.screen(), "Open in new tab") })
}

func TestBrowserLiveFollow(t *testing.T) {
	t.Parallel()
	h, b := openPage(t, "churn.html", 80, 24, func(o *Options) {
		o.Follow = true
		o.LivePeriod = 100 * time.Millisecond
	})
	status := h.refOf("status", "")
	like := h.refOf("button", "Like A")
	h.jumpTo(status)
	// Something outside the explorer changes the page: the tree follows.
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	if _, err := b.Click(ctx, like, browser.ActionOptions{}); err != nil {
		t.Fatal(err)
	}
	h.until("the status change to show in the tree, marked as just changed", func() bool {
		text := refs.Text(h.m.snap.Root, refs.TextOptions{})
		return strings.Contains(text, "A=1") && h.m.tree.changed[status]
	})
	// Re-rendered with the same content, the list is not news.
	if likeB := h.refOf("button", "Like B"); h.m.tree.changed[likeB] {
		t.Errorf("the re-rendered but unchanged button %s is marked as changed", likeB)
	}
	// The list re-renders every 400 ms; its buttons keep their refs.
	if now := h.refOf("button", "Like A"); now != like {
		t.Errorf("a re-rendered button changed its ref from %s to %s", like, now)
	}
	if h.selectedRef() != status {
		t.Errorf("live updates moved the cursor from %s to %s", status, h.selectedRef())
	}
	h.keys("F")
	if h.m.follow {
		t.Error("F did not stop following")
	}
}

// TestBrowserDiesAndRelaunches: the explorer's browser closes under it
// (b.Close: before the shared browser this ended a Chromium of its own, now
// it ends the session's browser context, which the explorer sees the same
// way: Alive false, its calls refused as browser_closed); the model notices
// without a key, refuses actions, and ctrl+l relaunches through
// Options.Launch (a new session in the shared browser) on the same page. A
// Chromium process that dies is the browser package's TestBrowserKilled.
func TestBrowserDiesAndRelaunches(t *testing.T) {
	t.Parallel()
	var launched []*browser.Browser
	h, b := openPage(t, "form.html", 80, 24, func(o *Options) {
		o.LivePeriod = 50 * time.Millisecond
		o.Launch = func(ctx context.Context) (Browser, error) {
			nb, err := browsertest.Launch(ctx, testBrowserOptions())
			if err == nil {
				launched = append(launched, nb)
				t.Cleanup(func() { nb.Close() })
			}
			return nb, err
		}
	})
	b.Close()
	h.until("the model to notice", func() bool { return h.m.dead })
	if !strings.Contains(h.m.StatusText(), "ctrl+l") {
		t.Errorf("status %q", h.m.StatusText())
	}
	h.keys("enter")
	if h.m.Busy() != "" {
		t.Error("an action started on a dead browser")
	}
	h.keys("ctrl+l")
	h.waitIdle("the relaunch")
	if h.m.dead || len(launched) != 1 || h.m.Browser() != Browser(launched[0]) {
		t.Fatalf("relaunch: dead %v, %d launches, status %q", h.m.dead, len(launched), h.m.StatusText())
	}
	if text := refs.Text(h.m.snap.Root, refs.TextOptions{}); !strings.Contains(text, `button "Sign in"`) {
		t.Errorf("the relaunched browser does not show the page again:\n%s", text)
	}
}
