package ui

import (
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
)

// The message log shows its newest messages and scrolls back (K) to the
// oldest (the startup notice) and forth (J); a long path wraps after a /,
// not in the middle of a name.
func TestMessageLogScrolls(t *testing.T) {
	t.Parallel()
	o := fakeOptions(newFake())
	o.Notice = "port 8080 is taken: the demo is on http://127.0.0.1:42501/ this time"
	h := newHarness(t, o, 120, 40)
	h.ready()
	for i := range 60 {
		h.m.setStatus(statusInfo, "message number "+itoa(i))
	}
	h.m.setStatus(statusOK, "screenshot saved to /tmp/a-rather-long-directory-name/another-long-directory-name/and-a-third-one/preview-of-the-page.png")
	h.keys("M")
	scr := h.screen()
	if strings.Contains(scr, "port 8080 is taken") || !strings.Contains(scr, "message number 59") {
		t.Fatalf("the log does not show its end:\n%s", scr)
	}
	// The path's lines break after a / or a -, never inside a name.
	var path []string
	for _, l := range h.m.messageLines(51) {
		l = strings.TrimSpace(ansi.Strip(l))
		if strings.Contains(l, "saved to") || len(path) > 0 && !strings.Contains(l, " ") {
			path = append(path, l)
		}
	}
	for i, l := range path[:len(path)-1] {
		if !strings.HasSuffix(l, "/") && !strings.HasSuffix(l, "-") && i > 0 {
			t.Errorf("the path breaks inside a name: %q", path)
		}
	}
	if got := strings.Join(path[1:], ""); !strings.HasSuffix(got, "/and-a-third-one/preview-of-the-page.png") {
		t.Errorf("the path's lines are %q", path)
	}
	for range 40 {
		h.keys("K")
	}
	scr = h.screen()
	if !strings.Contains(scr, "port 8080 is taken") || strings.Contains(scr, "message number 59") {
		t.Fatalf("K does not scroll back to the first message:\n%s", scr)
	}
	if !strings.Contains(scr, "J/K scroll") {
		t.Errorf("the log's header does not say how to scroll:\n%s", scr)
	}
	// A new message does not move what is on show.
	body := func(scr string) string { // the log's lines on show
		lines := strings.Split(scr, "\n")
		return strings.Join(lines[2:len(lines)-2], "\n")
	}
	h.m.setStatus(statusInfo, "a newer message")
	if got := h.screen(); body(got) != body(scr) {
		t.Errorf("a new message moved the log scrolled back:\n%s", got)
	}
	for range 40 {
		h.keys("J")
	}
	if scr = h.screen(); !strings.Contains(scr, "message number 59") {
		t.Errorf("J does not scroll back to the end:\n%s", scr)
	}
	// The wheel over the log scrolls it as K and J do.
	for range 40 {
		h.send(tea.MouseWheelMsg{X: 100, Y: 5, Button: tea.MouseWheelUp})
	}
	if scr = h.screen(); !strings.Contains(scr, "port 8080 is taken") {
		t.Errorf("the wheel does not scroll the log back:\n%s", scr)
	}
}

// The code view wraps a line too long for the pane instead of cutting it,
// and scrolls as the log does.
func TestCodeViewWrapsAndScrolls(t *testing.T) {
	t.Parallel()
	o := fakeOptions(newFake())
	o.RecordDir = t.TempDir()
	h := newHarness(t, o, 120, 20)
	h.ready()
	h.keys("ctrl+r")
	h.until("recording", func() bool { return h.m.rec.started() })
	h.keys("ctrl+e")
	for range 10 {
		h.keys(": e 8 enter enter")
		n := h.m.rec.Steps()
		h.until("the click recorded", func() bool { return h.m.rec.Steps() > n && h.m.busy == nil })
	}
	h.until("the code", func() bool { return strings.Contains(h.screen(), "click();") })
	w, _ := h.m.sideBox()
	for _, l := range h.m.codeLines(w) {
		if strings.HasSuffix(l, "…") || displayWidth(l) > w {
			t.Errorf("a code line is cut: %q", l)
		}
	}
	if !strings.Contains(joined(strings.Join(h.m.codeLines(w), "\n")), "await page.getByRole('button', { name: 'Save' }).click();") {
		t.Errorf("the click's line is not whole:\n%s", h.screen())
	}
	if strings.Contains(h.screen(), "import { test") {
		t.Fatalf("the code view does not start at its end:\n%s", h.screen())
	}
	for range 30 {
		h.keys("K")
	}
	if !strings.Contains(h.screen(), "import { test") {
		t.Errorf("K does not scroll the code back to its top:\n%s", h.screen())
	}
}
