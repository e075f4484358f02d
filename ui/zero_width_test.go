package ui

import (
	"strings"
	"testing"

	"github.com/ariadne-tui/ariadne/browser"
	"github.com/ariadne-tui/ariadne/refs"
	"github.com/charmbracelet/x/ansi"
)

// hostileText holds every kind of zero-width and invisible character a
// page can put in a dialog message or an option.
const hostileText = "zero\u200bwidth\u200cnon\u200djoiner\u2060word\ufeffbom soft\u00adhyphen \u200emark\u200f tag\U000e0041 hangul\u3164x"

// checkBox fails if a line of the box drawn on screen (between the first
// and the last line holding a corner) is not as wide as its top, or if an
// invisible character reached the screen.
func checkBox(t *testing.T, what, screen string) {
	t.Helper()
	for _, r := range screen {
		if refs.Hidden(r) && r != '\n' {
			t.Fatalf("%s: U+%04X reached the screen:\n%s", what, r, screen)
		}
	}
	lines := strings.Split(screen, "\n")
	top, bottom := -1, -1
	for i, l := range lines {
		if strings.ContainsAny(l, "╭┌") && top < 0 {
			top = i
		}
		if strings.ContainsAny(l, "╰└") {
			bottom = i
		}
	}
	if top < 0 || bottom <= top {
		t.Fatalf("%s: no box on screen:\n%s", what, screen)
	}
	right := func(l string) int { // the display column of the box's right border
		i := strings.LastIndexAny(l, "│╮╯┐┘")
		if i < 0 {
			return -1
		}
		return ansi.StringWidth(l[:i])
	}
	want := right(lines[top])
	for i := top; i <= bottom; i++ {
		if got := right(lines[i]); got != want {
			t.Errorf("%s: line %d has its right border at column %d, the top at %d:\n%s", what, i, got, want, strings.Join(lines[top:bottom+1], "\n"))
		}
	}
}

// TestZeroWidthKeepsBordersStraight opens a dialog whose message, and a
// picker whose options, hold zero-width characters: every border stays in
// its column.
func TestZeroWidthKeepsBordersStraight(t *testing.T) {
	t.Parallel()
	f := newFake()
	h := newHarness(t, fakeOptions(f), 100, 30)
	h.ready()
	f.events <- browser.Event{Kind: browser.EventDialog, Dialog: &browser.Dialog{Type: "alert", Message: hostileText}}
	h.until("the dialog", func() bool { return h.m.over == overlayDialog })
	h.settle()
	checkBox(t, "dialog", h.screen())
	if !strings.Contains(h.screen(), `zero\u200bwidth`) {
		t.Errorf("the zero-width space is not shown as its escape:\n%s", h.screen())
	}
	h.keys("esc")
	h.settle()
	h.m.openPicker(&picker{kind: pickAssert, title: "Pick " + hostileText, items: []pickItem{
		{label: hostileText, hint: "hint\u200b"}, {label: "plain", hint: "x"}}})
	h.settle()
	checkBox(t, "picker", h.screen())
}
