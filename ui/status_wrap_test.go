package ui

import (
	"strings"
	"testing"
)

// checkScreen fails unless the screen is exactly h lines of at most w
// columns.
func checkScreen(t *testing.T, screen string, w, h int) {
	t.Helper()
	lines := strings.Split(screen, "\n")
	if len(lines) != h {
		t.Fatalf("screen has %d lines, want %d:\n%s", len(lines), h, screen)
	}
	for i, l := range lines {
		if displayWidth(l) > w {
			t.Errorf("line %d is %d columns wide (> %d): %q", i, displayWidth(l), w, l)
		}
	}
}

// joined is the screen's lines joined with spaces, for a message wrapped
// over several lines.
func joined(screen string) string {
	var out []string
	for _, l := range strings.Split(screen, "\n") {
		out = append(out, strings.TrimSpace(l))
	}
	return strings.Join(out, " ")
}

// A status message longer than the terminal wraps (at spaces) instead of
// losing its end, whatever its kind.
func TestStatusWrapsLongMessages(t *testing.T) {
	t.Parallel()
	h := newHarness(t, fakeOptions(newFake()), 120, 40)
	h.ready()
	for _, kind := range []statusKind{statusInfo, statusOK, statusErr} {
		msg := "screenshot of e8 outlined saved to /tmp/some/rather/long/directory/name/preview-of-the-page.png · " + tmuxHint
		h.m.setStatus(kind, msg)
		scr := h.screen()
		checkScreen(t, scr, 120, 40)
		if !strings.Contains(joined(scr), "`tmux set -g allow-passthrough on`") {
			t.Errorf("kind %d: the status lost its end:\n%s", kind, scr)
		}
	}
}

// The command line's hint, when too long for the right of the input (the
// list ? shows, a playground error), goes above it in full.
func TestPromptHintWrapsAbove(t *testing.T) {
	t.Parallel()
	h := newHarness(t, fakeOptions(newFake()), 80, 24)
	h.ready()
	h.keys(":")
	h.typeText("?")
	scr := h.screen()
	checkScreen(t, scr, 80, 24)
	if !strings.Contains(joined(scr), strings.TrimPrefix(commandList(), "commands: ")) {
		t.Errorf("the command list is not shown in full:\n%s", scr)
	}
	h.keys("enter")
	scr = h.screen()
	checkScreen(t, scr, 80, 24)
	if !strings.Contains(joined(scr), "screenshot FILE · messages") {
		t.Errorf(":? does not show the whole list:\n%s", scr)
	}
}

// A notice that is not a config problem (the demo moved) is information:
// no ✗, and it stays in the message log.
func TestNoticeIsInformation(t *testing.T) {
	t.Parallel()
	o := fakeOptions(newFake())
	o.Notice = "port 8080 is taken: the demo is on http://127.0.0.1:42501/ this time"
	h := newHarness(t, o, 120, 40)
	h.ready()
	scr := h.screen()
	if !strings.Contains(scr, "port 8080 is taken") || strings.Contains(scr, "✗") {
		t.Errorf("the notice is not shown as information:\n%s", scr)
	}
	if len(h.m.msgs) == 0 || h.m.msgs[0].text != o.Notice || h.m.msgs[0].kind != statusInfo {
		t.Errorf("the message log does not start with the notice: %+v", h.m.msgs)
	}
}

// A playground typo's error goes above the prompt in full, with its
// advice, at the width the new user had.
func TestPlaygroundErrorShownInFull(t *testing.T) {
	t.Parallel()
	h := newHarness(t, fakeOptions(newFake()), 120, 40)
	h.ready()
	h.keys("e ctrl+u")
	h.typeText("getByRole('button', { name: 'Save' }).nth(1")
	hint := h.m.prompt.hint
	if !strings.Contains(hint, "nth") || displayWidth(hint) < 60 {
		t.Fatalf("the hint is not the parse error: %q", hint)
	}
	scr := h.screen()
	checkScreen(t, scr, 120, 40)
	if !strings.Contains(joined(scr), hint) {
		t.Errorf("the error %q is not shown in full:\n%s", hint, scr)
	}
}
