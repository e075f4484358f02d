package ui

import (
	"context"
	"strings"
	"testing"

	"github.com/ariadne-tui/ariadne/browser"
)

// The status line says what the last thing did, never what it was
// starting to do (the trial's stale lines).

func logCount(m *Model, text string) int {
	n := 0
	for _, e := range m.msgs {
		if strings.Contains(e.text, text) {
			n++
		}
	}
	return n
}

// Attached with no URL (--remote): the status names the browser's page.
func TestModelStatusAfterAttach(t *testing.T) {
	t.Parallel()
	f := newFake()
	f.url = fakeURL
	h := newHarness(t, Options{Locators: fakeLocators, Launch: func(context.Context) (Browser, error) { return f, nil }}, 80, 24)
	h.ready()
	if st := h.m.StatusText(); st != `browser ready: "Fake shop" `+fakeURL {
		t.Errorf("status after attaching %q", st)
	}
}

// Switching and closing tabs say where they landed.
func TestModelStatusAfterTabSwitch(t *testing.T) {
	t.Parallel()
	f := newFake()
	f.tabs = append(f.tabs, browser.TabInfo{Index: 2, ID: "T2", Title: "Next page", URL: fakeURL + "next"})
	h := newHarness(t, fakeOptions(f), 80, 24)
	h.ready()
	h.keys("T")
	h.until("the tabs", func() bool { return h.m.over == overlayPicker })
	h.keys("j enter")
	h.until("the switch", func() bool { return h.m.Busy() == "" && h.m.tabIndex == 2 })
	if st := h.m.StatusText(); st != `tab 2: "Next page" `+fakeURL+"next" {
		t.Errorf("status after switching %q", st)
	}
	h.keys("T")
	h.until("the tabs", func() bool { return h.m.over == overlayPicker })
	h.keys("x")
	h.until("the close", func() bool { return h.m.Busy() == "" && h.m.tabCount == 1 })
	if st := h.m.StatusText(); st != `closed tab 2 · tab 1: "Fake shop" `+fakeURL {
		t.Errorf("status after closing %q", st)
	}
}

// esc on a running click: the log says it once, and the status line keeps
// saying it after the snapshot that follows.
func TestModelStatusAfterCancel(t *testing.T) {
	t.Parallel()
	f := newFake()
	h := newHarness(t, fakeOptions(f), 80, 24)
	h.ready()
	f.mu.Lock()
	f.block = make(chan struct{})
	f.mu.Unlock()
	h.keys(": e 8 enter enter")
	h.keys("esc")
	h.until("the snapshot after the cancel", func() bool { return h.m.Busy() == "" })
	if st := h.m.StatusText(); st != "cancelled: click e8" {
		t.Errorf("status after the cancel %q", st)
	}
	if n := logCount(h.m, "cancelled: click e8"); n != 1 {
		t.Errorf("the log holds the cancel %d times", n)
	}
}

// The filter prompt opens without the old filter's match count.
func TestModelFilterPromptNoStaleCount(t *testing.T) {
	t.Parallel()
	f := newFake()
	h := newHarness(t, fakeOptions(f), 80, 24)
	h.ready()
	h.keys("/")
	h.typeText("Save")
	h.keys("enter")
	if h.m.tree.Filter() != "Save" {
		t.Fatalf("filter %q", h.m.tree.Filter())
	}
	h.keys("/")
	line := h.m.promptLine(80, true)
	if strings.Contains(line, "1/1") || strings.Contains(line, "match") || !strings.Contains(line, `enter keeps "Save"`) {
		t.Errorf("the reopened prompt: %q", line)
	}
	h.typeText("e")
	if line := h.m.promptLine(80, true); strings.Contains(line, "enter keeps") || !strings.Contains(line, "/13") {
		t.Errorf("typing shows the new filter's count: %q", line)
	}
}

// A tab opened blank (an agent's browser_tabs new with a URL: Chrome
// names it a moment later) is announced with its URL once it has one, in
// one log entry.
func TestModelNewTabAnnouncedWithURL(t *testing.T) {
	t.Parallel()
	f := newFake()
	h := newHarness(t, fakeOptions(f), 80, 24)
	h.ready()
	f.mu.Lock()
	f.tabs = append(f.tabs, browser.TabInfo{Index: 2, ID: "T2", URL: "about:blank"})
	f.mu.Unlock()
	f.events <- browser.Event{Kind: browser.EventTabOpened, Tab: "T2", URL: ""}
	h.until("the announcement", func() bool { return strings.HasPrefix(h.m.StatusText(), "a new tab opened") })
	if st := h.m.StatusText(); strings.Contains(st, ":  ") {
		t.Errorf("blank announcement %q", st)
	}
	f.mu.Lock()
	f.tabs[1].URL, f.tabs[1].Title = "https://docs.test/", "Docs"
	f.mu.Unlock()
	want := `a new tab opened: tab 2 "Docs" https://docs.test/ — T lists the tabs`
	h.until("the tab's URL", func() bool { return h.m.StatusText() == want })
	if n := logCount(h.m, "a new tab opened"); n != 1 {
		t.Errorf("the log holds the announcement %d times", n)
	}
}
