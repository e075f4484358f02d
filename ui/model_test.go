package ui

import (
	"context"
	"errors"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"

	"github.com/ariadne-tui/ariadne/browser"
	"github.com/ariadne-tui/ariadne/refs"
)

// These tests drive the model with key messages against fakeBrowser, as
// Bubble Tea would, and compare the screen (colours stripped) with golden
// files at 80x24 and 160x48.

func fakeOptions(f *fakeBrowser) Options {
	return Options{Browser: f, URL: fakeURL, Locators: fakeLocators}
}

var sizes = []struct {
	name string
	w, h int
}{{"80x24", 80, 24}, {"160x48", 160, 48}}

func TestModelFirstPage(t *testing.T) {
	t.Parallel()
	for _, sz := range sizes {
		t.Run(sz.name, func(t *testing.T) {
			f := newFake()
			h := newHarness(t, fakeOptions(f), sz.w, sz.h)
			h.ready()
			if got := f.Calls(); got != "open "+fakeURL {
				t.Errorf("calls = %q", got)
			}
			if h.selectedRef() != "e1" {
				t.Errorf("selected %q, want e1", h.selectedRef())
			}
			h.settle()
			goldenFile(t, "model_first_"+sz.name, h.screen())
		})
	}
}

func TestModelMoveFoldAndDetails(t *testing.T) {
	t.Parallel()
	f := newFake()
	h := newHarness(t, fakeOptions(f), 160, 48)
	h.ready()
	h.keys("j j h")
	if got := h.selectedRef(); got != "e1" {
		t.Fatalf("after j j h: at %s, want e1 (the parent)", got)
	}
	h.keys("space")
	if !h.m.Tree().Rows()[0].Collapsed {
		t.Error("space did not fold e1")
	}
	h.keys("j j j j j")
	h.settle()
	if got := h.selectedRef(); got != "e8" {
		t.Fatalf("at %s, want e8", got)
	}
	h.settle()
	goldenFile(t, "model_details_160x48", h.screen())
	// c cycles the language of the ladder.
	h.keys("c")
	if !strings.Contains(h.screen(), `get_by_role("button", name="Save")`) {
		t.Errorf("after c the ladder is not in Python:\n%s", h.screen())
	}
}

func TestModelFilter(t *testing.T) {
	t.Parallel()
	for _, sz := range sizes {
		t.Run(sz.name, func(t *testing.T) {
			h := newHarness(t, fakeOptions(newFake()), sz.w, sz.h)
			h.ready()
			h.keys("/")
			h.typeText("sav")
			if got := h.m.Tree().Filter(); got != "sav" {
				t.Fatalf("filter = %q while typing", got)
			}
			if h.selectedRef() != "e8" {
				t.Errorf("filter did not move to the match: at %q", h.selectedRef())
			}
			h.settle()
			goldenFile(t, "model_filter_prompt_"+sz.name, h.screen())
			h.keys("enter")
			h.settle()
			if h.m.over != overlayNone || h.m.Tree().Filter() != "sav" {
				t.Fatalf("enter should close the prompt and keep the filter")
			}
			h.settle()
			goldenFile(t, "model_filter_"+sz.name, h.screen())
			h.keys("N")
			if !strings.Contains(h.m.StatusText(), "match 1 of 1") {
				t.Errorf("N: status %q", h.m.StatusText())
			}
			h.keys("esc")
			if h.m.Tree().Filter() != "" || h.selectedRef() != "e8" {
				t.Errorf("esc: filter %q, at %s; want no filter, still at e8", h.m.Tree().Filter(), h.selectedRef())
			}
		})
	}
}

func TestModelJumpAndClick(t *testing.T) {
	t.Parallel()
	f := newFake()
	h := newHarness(t, fakeOptions(f), 80, 24)
	h.ready()
	h.keys(":")
	h.typeText("e8")
	h.keys("enter")
	if h.selectedRef() != "e8" {
		t.Fatalf(":e8 went to %q", h.selectedRef())
	}
	h.keys("enter")
	if h.m.Busy() != "click e8" {
		t.Fatalf("busy = %q, want click e8", h.m.Busy())
	}
	h.until("the click", func() bool { return h.m.Busy() == "" })
	h.settle()
	if !strings.Contains(f.Calls(), "click e8") {
		t.Errorf("calls: %s", f.Calls())
	}
	if h.selectedRef() != "e8" {
		t.Errorf("after the click the cursor is on %q, want e8", h.selectedRef())
	}
	if !strings.Contains(h.screen(), `text "saved!"`) {
		t.Errorf("the tree did not update in place:\n%s", h.screen())
	}
	if !strings.Contains(h.m.StatusText(), "done: click e8") {
		t.Errorf("status %q", h.m.StatusText())
	}
	h.settle()
	goldenFile(t, "model_clicked_80x24", h.screen())
}

func TestModelActionPrompts(t *testing.T) {
	t.Parallel()
	f := newFake()
	h := newHarness(t, fakeOptions(f), 80, 24)
	h.ready()
	do := func(keys, text string) {
		t.Helper()
		h.keys(keys)
		if text != "" {
			h.typeText(text)
			h.keys("enter")
		}
		h.until(keys+" to finish", func() bool { return h.m.Busy() == "" })
	}
	h.keys(": e 1 0 enter")
	do("f", "")
	if h.m.over != overlayPrompt || h.m.prompt.input.Value() != "Kittens" {
		t.Fatalf("fill prompt should be prefilled with the value")
	}
	h.keys("esc")
	do("f", "!")
	do("t", "abc")
	do("p", "Enter")
	do("v", "")
	do("d", "")
	h.keys(": e 1 2 enter")
	do("x", "")
	h.keys("u")
	h.typeText("a.txt, b.txt")
	h.keys("enter")
	h.until("upload", func() bool { return h.m.Busy() == "" })
	want := "fill e10 Kittens!; type e10 abc; press e10 Enter; hover e10 ; dblclick e10 ; check e12 true; upload e12 a.txt,b.txt"
	if got := strings.TrimPrefix(f.Calls(), "open "+fakeURL+"; "); got != want {
		t.Errorf("calls:\n got %s\nwant %s", got, want)
	}
}

func TestModelSelectOption(t *testing.T) {
	t.Parallel()
	for _, sz := range sizes {
		t.Run(sz.name, func(t *testing.T) {
			f := newFake()
			h := newHarness(t, fakeOptions(f), sz.w, sz.h)
			h.ready()
			h.keys(": e 1 1 enter s")
			h.until("the options", func() bool { return h.m.over == overlayPicker })
			h.settle()
			goldenFile(t, "model_select_"+sz.name, h.screen())
			h.keys("j j enter") // the disabled Klingon is skipped
			h.until("select", func() bool { return h.m.Busy() == "" && strings.Contains(f.Calls(), "select") })
			if !strings.Contains(f.Calls(), "select e11 fr") {
				t.Errorf("calls: %s", f.Calls())
			}
		})
	}
}

func TestModelCancel(t *testing.T) {
	t.Parallel()
	f := newFake()
	h := newHarness(t, fakeOptions(f), 80, 24)
	h.ready()
	f.mu.Lock()
	f.block = make(chan struct{})
	f.mu.Unlock()
	h.keys(": e 8 enter enter")
	if h.m.Busy() == "" {
		t.Fatal("the click is not running")
	}
	h.keys("j") // the UI stays live while the click runs
	if h.selectedRef() != "e9" {
		t.Errorf("j during the click: at %q", h.selectedRef())
	}
	h.keys("esc")
	if h.m.Busy() != "snapshot after cancel" || !strings.Contains(h.m.StatusText(), "cancelled: click e8") {
		t.Fatalf("after esc: busy %q, status %q", h.m.Busy(), h.m.StatusText())
	}
	h.until("the snapshot after the cancel", func() bool { return h.m.Busy() == "" })
	if strings.Contains(h.screen(), "saved!") {
		t.Error("the cancelled click changed the page")
	}
}

func TestModelErrors(t *testing.T) {
	t.Parallel()
	f := newFake()
	h := newHarness(t, fakeOptions(f), 80, 24)
	h.ready()
	f.mu.Lock()
	f.actErr = refs.Errorf(refs.CodeClickIntercepted, `ref e8 (button "Save") is covered at (60, 32): region "Cookie consent" (<div>#cookie-banner) [e30] would receive the click; close or accept it first, or use --force to click anyway`)
	f.mu.Unlock()
	h.keys(": e 8 enter enter")
	h.until("the click", func() bool { return h.m.Busy() == "" })
	for _, want := range []string{"something covers the element", "[click_intercepted]", "close or accept it first", "jump to its ref"} {
		if !strings.Contains(h.m.StatusText(), want) {
			t.Errorf("status %q lacks %q", h.m.StatusText(), want)
		}
	}
	if strings.Contains(h.m.StatusText(), "--force") {
		t.Errorf("the explorer has no --force, yet the status says %q", h.m.StatusText())
	}
	h.settle()
	goldenFile(t, "model_error_80x24", h.screen())

	// A row without a ref cannot be acted on.
	h.keys(": e 9 enter l enter")
	if !strings.Contains(h.m.StatusText(), "no ref") {
		t.Errorf("enter on a text row: status %q", h.m.StatusText())
	}
	// Navigation errors are coded too.
	h.keys("o")
	if v := h.m.prompt.input.Value(); v != fakeURL {
		t.Errorf("the open prompt holds %q, want the current URL", v)
	}
	h.typeText("nowhere")
	h.keys("enter")
	h.until("the open", func() bool { return h.m.Busy() == "" })
	if !strings.Contains(h.m.StatusText(), "[dns_failed]") {
		t.Errorf("status %q", h.m.StatusText())
	}
}

func TestModelNavigate(t *testing.T) {
	t.Parallel()
	f := newFake()
	h := newHarness(t, fakeOptions(f), 80, 24)
	h.ready()
	h.keys("o")
	h.typeText("next")
	h.keys("enter")
	h.until("the open", func() bool { return h.m.Busy() == "" })
	if !strings.Contains(h.screen(), "Second page") || h.m.url != fakeURL+"next" {
		t.Fatalf("did not open the next page:\n%s", h.screen())
	}
	h.keys("H")
	h.until("back", func() bool { return h.m.Busy() == "" })
	if h.m.url != fakeURL {
		t.Errorf("back: at %s", h.m.url)
	}
	h.keys("L")
	h.until("forward", func() bool { return h.m.Busy() == "" })
	if !strings.Contains(h.m.StatusText(), "no history entry") {
		t.Errorf("forward: status %q", h.m.StatusText())
	}
	h.keys("R")
	h.until("reload", func() bool { return h.m.Busy() == "" })
	h.keys("r")
	h.until("snapshot", func() bool { return h.m.Busy() == "" })
	if !strings.Contains(h.m.StatusText(), "snapshot: 12 elements") {
		t.Errorf("status %q", h.m.StatusText())
	}
}

func TestModelTabs(t *testing.T) {
	t.Parallel()
	f := newFake()
	f.tabs = append(f.tabs, browser.TabInfo{Index: 2, ID: "T2", Title: "Next page", URL: fakeURL + "next"})
	h := newHarness(t, fakeOptions(f), 80, 24)
	h.ready()
	if !strings.Contains(h.screen(), "1/2") {
		t.Errorf("no tab indicator 1/2 in the header:\n%s", h.screen())
	}
	h.keys("T")
	h.until("the tabs", func() bool { return h.m.over == overlayPicker })
	h.settle()
	goldenFile(t, "model_tabs_80x24", h.screen())
	h.keys("j enter")
	h.until("the switch", func() bool { return h.m.Busy() == "" && h.m.tabIndex == 2 })
	if !strings.Contains(h.screen(), "Second page") {
		t.Errorf("tab 2 not shown:\n%s", h.screen())
	}
	h.keys("T")
	h.until("the tabs", func() bool { return h.m.over == overlayPicker })
	h.keys("x")
	h.until("the close", func() bool { return h.m.Busy() == "" && h.m.tabCount == 1 })
	if !strings.Contains(f.Calls(), "close tab 2") {
		t.Errorf("calls %s", f.Calls())
	}
}

func TestModelDialog(t *testing.T) {
	t.Parallel()
	for _, sz := range sizes {
		t.Run(sz.name, func(t *testing.T) {
			f := newFake()
			h := newHarness(t, fakeOptions(f), sz.w, sz.h)
			h.ready()
			f.events <- browser.Event{Kind: browser.EventDialog, Dialog: &browser.Dialog{Type: "prompt", Message: "Your name?\x1b[31m", DefaultPrompt: "Guest"}}
			h.until("the dialog", func() bool { return h.m.over == overlayDialog })
			h.settle()
			goldenFile(t, "model_dialog_"+sz.name, h.screen())
			h.keys("backspace backspace backspace backspace backspace")
			h.typeText("Ada")
			h.keys("enter")
			h.until("the answer", func() bool { return strings.Contains(h.m.StatusText(), "accepted") })
			if !strings.Contains(f.Calls(), `answer true "Ada"`) {
				t.Errorf("calls %s", f.Calls())
			}
		})
	}
}

func TestModelHelp(t *testing.T) {
	t.Parallel()
	for _, sz := range sizes {
		t.Run(sz.name, func(t *testing.T) {
			h := newHarness(t, fakeOptions(newFake()), sz.w, sz.h)
			h.ready()
			h.keys("?")
			h.settle()
			goldenFile(t, "model_help_"+sz.name, h.screen())
			h.keys("j j esc")
			if h.m.over != overlayNone {
				t.Error("esc did not close the help")
			}
		})
	}
}

func TestModelCopy(t *testing.T) {
	t.Parallel()
	f := newFake()
	var mu sync.Mutex
	var copied []string
	get := func() []string { mu.Lock(); defer mu.Unlock(); return slices.Clone(copied) }
	o := fakeOptions(f)
	o.Copy = func(s string) (string, error) {
		mu.Lock()
		defer mu.Unlock()
		copied = append(copied, s)
		if len(copied) > 1 {
			return "", errors.New("no xclip")
		}
		return "xclip", nil
	}
	h := newHarness(t, o, 80, 24)
	h.ready()
	h.keys(": e 8 enter y")
	h.until("the copy", func() bool { return strings.Contains(h.m.StatusText(), "copied") })
	if len(get()) != 1 || get()[0] != "getByRole('button', { name: 'Save' })" {
		t.Errorf("copied %q", get())
	}
	if !strings.Contains(h.m.StatusText(), "system clipboard (xclip)") {
		t.Errorf("status %q", h.m.StatusText())
	}
	// The picker copies any candidate in any language; OSC 52 when the
	// system clipboard fails.
	h.keys("Y")
	if h.m.over != overlayPicker {
		t.Fatal("Y did not open the picker")
	}
	h.settle()
	goldenFile(t, "model_locators_80x24", h.screen())
	h.keys("j enter")
	h.until("the second copy", func() bool { return len(get()) == 2 && strings.Contains(h.m.StatusText(), "OSC 52") })
	if get()[1] != `get_by_role("button", name="Save")` || h.m.language() != refs.Python {
		t.Errorf("copied %q in %s", get()[1], h.m.language())
	}
}

func TestModelResizeKeepsCursor(t *testing.T) {
	t.Parallel()
	h := newHarness(t, fakeOptions(newFake()), 160, 48)
	h.ready()
	h.keys(": e 1 2 enter")
	for _, sz := range [][2]int{{80, 24}, {100, 30}, {160, 48}, {80, 24}} {
		h.send(teaSize(sz[0], sz[1]))
		scr := h.screen()
		if h.selectedRef() != "e12" {
			t.Fatalf("at %dx%d the cursor moved to %s", sz[0], sz[1], h.selectedRef())
		}
		lines := strings.Split(scr, "\n")
		if len(lines) != sz[1] {
			t.Errorf("at %dx%d the screen has %d lines", sz[0], sz[1], len(lines))
		}
		for i, l := range lines {
			if w := displayWidth(l); w > sz[0] {
				t.Errorf("at %dx%d line %d is %d wide: %q", sz[0], sz[1], i, w, l)
			}
		}
		if !strings.Contains(scr, `> `) {
			t.Errorf("no cursor on screen at %dx%d", sz[0], sz[1])
		}
	}
	h.keys("tab")
	if h.m.showDetails {
		t.Error("tab did not hide the details")
	}
}

func TestModelDeadBrowserRelaunch(t *testing.T) {
	t.Parallel()
	f := newFake()
	var launched []*fakeBrowser
	o := fakeOptions(f)
	o.Launch = func(ctx context.Context) (Browser, error) {
		nf := newFake()
		launched = append(launched, nf)
		return nf, nil
	}
	h := newHarness(t, o, 80, 24)
	h.ready()
	// The screen below is that of a selection whose locators were never
	// read: the click finds the browser dead first. The new selection's
	// settle tick would race the click (the fake's locators do not look at
	// the browser's death), so it is put off beyond the test.
	h.m.opts.SettleDelay = time.Minute
	f.Close()
	h.keys(": e 8 enter enter")
	h.until("the click", func() bool { return h.m.Busy() == "" })
	if !h.m.dead || !strings.Contains(h.m.StatusText(), "ctrl+l") {
		t.Fatalf("dead %v, status %q", h.m.dead, h.m.StatusText())
	}
	h.settle()
	goldenFile(t, "model_dead_80x24", h.screen())
	h.keys("ctrl+l")
	h.until("the relaunch", func() bool { return h.m.Busy() == "" && !h.m.dead })
	if len(launched) != 1 || h.m.Browser() != launched[0] {
		t.Fatalf("relaunch: %d launches", len(launched))
	}
	if got := launched[0].Calls(); got != "open "+fakeURL {
		t.Errorf("the new browser: %s, want the last URL reopened", got)
	}
	if !strings.Contains(h.m.StatusText(), "opened "+fakeURL) {
		t.Errorf("status %q", h.m.StatusText())
	}
}

func TestModelLiveFollow(t *testing.T) {
	t.Parallel()
	f := newFake()
	o := fakeOptions(f)
	o.Follow = true
	o.LivePeriod = 10 * time.Millisecond
	h := newHarness(t, o, 80, 24)
	h.ready()
	h.keys(": e 8 enter")
	f.mu.Lock()
	setText(f.pages[fakeURL], "plain", "changed by the page")
	f.version++
	f.mu.Unlock()
	h.until("the live update", func() bool { return strings.Contains(h.screen(), "changed by the page") })
	if h.selectedRef() != "e8" {
		t.Errorf("live update moved the cursor to %s", h.selectedRef())
	}
	// The changed node is marked for a while; the others are not.
	if len(h.m.tree.changed) == 0 || h.m.tree.changed["e8"] {
		t.Errorf("marked as just changed: %v; want the node that holds the new text, not e8", h.m.tree.changed)
	}
	if !strings.Contains(ansi.Strip(h.m.tree.View(80, 20)), "•") {
		t.Errorf("no row is marked • after a live update:\n%s", ansi.Strip(h.m.tree.View(80, 20)))
	}
	h.send(changesFadedMsg{gen: h.m.changeGen})
	if len(h.m.tree.changed) != 0 {
		t.Errorf("the marks outlived their time: %v", h.m.tree.changed)
	}
	h.keys("F")
	if h.m.follow {
		t.Error("F did not turn follow off")
	}
	f.mu.Lock()
	setText(f.pages[fakeURL], "changed by the page", "unseen")
	f.version++
	f.mu.Unlock()
	// Let live checks run (counted, not timed), then look.
	n := f.checks()
	h.until("three live checks", func() bool { return f.checks() >= n+3 })
	h.settle()
	if strings.Contains(h.screen(), "unseen") {
		t.Error("the tree followed the page with follow off")
	}
	// The browser dying is noticed without a key press.
	f.Close()
	h.until("the browser's death", func() bool { return h.m.dead })
}

// TestModelLiveFollowTabs: a live update reads the tab list again only
// when this tab's title, URL or place moved (tabs that open or close come
// as events).
func TestModelLiveFollowTabs(t *testing.T) {
	t.Parallel()
	f := newFake()
	o := fakeOptions(f)
	o.Follow = true
	o.LivePeriod = 10 * time.Millisecond
	h := newHarness(t, o, 80, 24)
	h.ready()
	reads := func() int {
		f.mu.Lock()
		defer f.mu.Unlock()
		return f.tabReads
	}
	n := reads()
	f.mu.Lock()
	setText(f.pages[fakeURL], "plain", "changed by the page")
	f.version++
	f.mu.Unlock()
	h.until("the live update", func() bool { return strings.Contains(h.screen(), "changed by the page") })
	if got := reads(); got != n {
		t.Errorf("an update that kept the title and URL read the tabs %d times", got-n)
	}
	f.mu.Lock()
	f.titles[fakeURL] = "Renamed shop"
	f.version++
	f.mu.Unlock()
	h.until("the new title", func() bool { return h.m.title == "Renamed shop" })
	if got := reads(); got != n+1 {
		t.Errorf("an update that renamed the tab read the tabs %d times, want 1", got-n)
	}
}

func TestModelSanitizesPageText(t *testing.T) {
	t.Parallel()
	f := newFake()
	f.titles[fakeURL] = "Evil \x1b]52;c;aGk=\x07 title"
	f.pages[fakeURL].Find("e8").Name = "Save\x1b[2J\u202e"
	h := newHarness(t, fakeOptions(f), 160, 48)
	h.ready()
	h.keys(": e 8 enter")
	h.settle()
	out := h.m.Render()
	for _, bad := range []string{"\x1b]52", "\x1b[2J", "\x07", "\u202e"} {
		if strings.Contains(out, bad) {
			t.Errorf("the screen holds %q", bad)
		}
	}
}

type fakeRecording struct{ steps int }

func (r fakeRecording) Active() bool { return true }
func (r fakeRecording) Steps() int   { return r.steps }

func TestModelHeadfulPickAndHighlight(t *testing.T) {
	t.Parallel()
	f := newFake()
	o := fakeOptions(f)
	o.Headful = true
	o.Recording = fakeRecording{steps: 3}
	h := newHarness(t, o, 80, 24)
	h.ready()
	// The highlight follows the settle timer: wait for it, with a deadline.
	h.until("the settled selection's highlight", func() bool { return strings.Contains(f.Calls(), "highlight e1") })
	if !strings.Contains(strings.Split(h.screen(), "\n")[0], "● REC 3") {
		t.Errorf("no recording indicator:\n%s", h.screen())
	}
	h.keys("P")
	if h.m.picking == nil || !strings.Contains(h.screen(), "picking") {
		t.Fatalf("P did not start pick mode:\n%s", h.screen())
	}
	f.picks <- "e12"
	h.until("the pick", func() bool { return h.selectedRef() == "e12" })
	h.until("the picked element's highlight", func() bool { return strings.Contains(f.Calls(), "highlight e12") })
	h.keys("P esc")
	h.until("pick mode to end", func() bool { return h.m.picking == nil && strings.Contains(h.m.StatusText(), "pick mode off") })
	// Without --headful there is no pick mode.
	h.m.opts.Headful = false
	h.keys("P")
	if !strings.Contains(h.m.StatusText(), "--headful") {
		t.Errorf("status %q", h.m.StatusText())
	}
}

func TestModelPromptDropsBidiControls(t *testing.T) {
	t.Parallel()
	f := newFake()
	f.pages[fakeURL].Find("e10").Value = "abc\u202edef"
	h := newHarness(t, fakeOptions(f), 80, 24)
	h.ready()
	h.keys(": e 1 0 enter f")
	if v := h.m.prompt.input.Value(); v != "abcdef" {
		t.Errorf("fill prompt holds %q", v)
	}
}

func TestModelNoticeStaysUntilAKey(t *testing.T) {
	t.Parallel()
	o := fakeOptions(newFake())
	o.Notice = "key config: bad.toml:2: unknown binding name"
	o.NoticeErr = true
	h := newHarness(t, o, 80, 24)
	h.ready()
	if !strings.Contains(h.screen(), "✗ key config: bad.toml:2") {
		t.Errorf("the notice is not shown after the first page:\n%s", h.screen())
	}
	h.keys("j")
	if strings.Contains(h.screen(), "key config") {
		t.Error("the notice outlived a key press")
	}
}

// Y before the locators are known opens the picker when they arrive.
func TestModelLocatorPickerWaitsForLocators(t *testing.T) {
	t.Parallel()
	o := fakeOptions(newFake())
	o.SettleDelay = time.Hour // the selection never settles by itself
	h := newHarness(t, o, 80, 24)
	h.until("the first page", func() bool { return h.m.snap != nil && h.m.Busy() == "" })
	h.keys("Y")
	h.until("the picker", func() bool { return h.m.over == overlayPicker })
	if h.m.picker.kind != pickLocators || !strings.Contains(h.m.picker.title, "e1") {
		t.Errorf("picker %q", h.m.picker.title)
	}
}

func TestModelDetailsNameTheFrame(t *testing.T) {
	t.Parallel()
	f := newFake()
	frame := el("iframe", "e30", "Payment", el("button", "e31", "Pay"))
	frame.Frame = "F1"
	frame.Children[0].Frame = "F2"
	f.pages[fakeURL].Children = append(f.pages[fakeURL].Children, frame)
	h := newHarness(t, fakeOptions(f), 160, 48)
	h.ready()
	h.keys(": e 3 1 enter")
	if !strings.Contains(h.screen(), `frame   iframe "Payment" [e30]`) {
		t.Errorf("the details do not name the frame:\n%s", h.screen())
	}
}
