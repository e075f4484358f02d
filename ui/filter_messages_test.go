package ui

import (
	"strings"
	"testing"
)

// After a filter that matches nothing, enter (in the prompt and after it),
// n and the keys that need an element say there is no match and how to
// change the filter, not that the row is text.
func TestModelFilterNoMatchMessages(t *testing.T) {
	t.Parallel()
	h := newHarness(t, fakeOptions(newFake()), 80, 24)
	h.ready()
	h.keys("/")
	h.typeText("zzzz")
	const want = `no match for the filter "zzzz": / edits it (role and name, or /regexp/), esc clears it`
	h.keys("enter")
	if got := h.m.StatusText(); got != want {
		t.Errorf("enter in the prompt: %q", got)
	}
	for _, k := range []string{"enter", "n", "y", "Y"} {
		h.keys(k)
		if got := h.m.StatusText(); got != want {
			t.Errorf("%s after the filter: %q, want %q", k, got, want)
		}
	}
	h.keys("esc")
	h.keys("n")
	if got := h.m.StatusText(); !strings.HasPrefix(got, "no filter: / filters") {
		t.Errorf("n with no filter: %q", got)
	}
}

// The pickers' help bar names what enter does in each, and the title does
// not say it a second way.
func TestModelPickerEnterWording(t *testing.T) {
	t.Parallel()
	h := newHarness(t, fakeOptions(newFake()), 80, 24)
	h.ready()
	h.keys(": e 8 enter Y")
	h.until("the locators", func() bool { return h.m.over == overlayPicker && len(h.m.picker.items) > 0 })
	screen := h.screen()
	if !strings.Contains(screen, "enter copy") || strings.Contains(screen, "enter choose") || strings.Contains(screen, "enter copies") {
		t.Errorf("the Y overlay's wording:\n%s", screen)
	}
}
