package ui

import (
	"context"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/ariadne-tui/ariadne/recordings"
	"github.com/ariadne-tui/ariadne/session"
)

// recordDialogs records, in the explorer against dialog-queue.html, a
// click of button and the dialogs it raises, answered by dismiss, until
// the page's status reads done and the recording holds steps steps.
func recordDialogs(t *testing.T, button, done string, steps int, dismiss func(h *harness)) string {
	t.Helper()
	file := filepath.Join(t.TempDir(), "alerts.jsonl")
	h, _ := openPage(t, "dialog-queue.html", 100, 30, func(o *Options) { o.RecordFile = file })
	h.until("--record to start", func() bool { return h.m.rec.Active() })
	h.jumpTo(h.refOf("button", button))
	h.keys("enter")
	dismiss(h)
	h.waitIdle("the click")
	h.until("the page to say "+done, func() bool { return strings.Contains(h.screen(), done) })
	h.until("the steps", func() bool { return h.m.rec.Steps() >= steps && !h.m.rec.writing && h.m.Busy() == "" })
	return file
}

// checkDialogSteps checks that file holds a click of button and one
// dismissed alert step per message, in order.
func checkDialogSteps(t *testing.T, what, file, button string, messages ...string) {
	t.Helper()
	want := []string{"click getByRole('button', { name: '" + button + "' })"}
	for range messages {
		want = append(want, "dismiss the alert dialog")
	}
	if got := loadSteps(t, file); strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Fatalf("%s recorded:\n%s\nwant\n%s", what, strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	rec, _, _ := recordings.Load(file)
	for i, s := range rec.Steps[1:] {
		if s.Dialog == nil || s.Dialog.Message != messages[i] || s.Dialog.Accept {
			t.Errorf("%s: dialog step %d: %+v, want %q dismissed", what, i+1, s.Dialog, messages[i])
		}
	}
}

// TestDialogDismissAllRecorded: ctrl+x records each dialog it dismisses
// as the step esc records for it. Three alerts raised by one click,
// dismissed one by one with esc and then all at once with ctrl+x, give
// the same four steps (each alert once, though the browser reports them
// with the click and the explorer answered them too). An alert raised
// after its click was over, dismissed with ctrl+x, is recorded after the
// click, and that recording replays on the page.
func TestDialogDismissAllRecorded(t *testing.T) {
	t.Parallel()
	three := []string{"alert 1 of 3", "alert 2 of 3", "alert 3 of 3"}
	esc := recordDialogs(t, "Three alerts", "Alerts done: 3", 4, func(h *harness) {
		for _, msg := range three {
			h.until(msg, func() bool { return h.m.over == overlayDialog && h.m.dialog.d.Message == msg })
			h.keys("esc")
		}
	})
	checkDialogSteps(t, "esc", esc, "Three alerts", three...)
	all := recordDialogs(t, "Three alerts", "Alerts done: 3", 4, func(h *harness) {
		h.until("the first alert", func() bool { return h.m.over == overlayDialog })
		h.keys("ctrl+x")
	})
	checkDialogSteps(t, "ctrl+x", all, "Three alerts", three...)
	if a, b := loadSteps(t, esc), loadSteps(t, all); strings.Join(a, "\n") != strings.Join(b, "\n") {
		t.Errorf("esc and ctrl+x recorded different steps:\n%q\n%q", a, b)
	}

	later := recordDialogs(t, "Alert later", "Later alert closed", 2, func(h *harness) {
		h.until("the alert", func() bool { return h.m.over == overlayDialog && h.m.dialog.d.Message == "later" })
		h.keys("ctrl+x")
	})
	checkDialogSteps(t, "ctrl+x after the click", later, "Alert later", "later")
	r, err := session.LoadReplay(later)
	if err != nil {
		t.Fatal(err)
	}
	b := launchBrowser(t)
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	if err := r.Run(ctx, b, session.FileOptions{}); err != nil {
		t.Fatalf("replaying %s: %v", later, err)
	}
	if err := b.WaitText(ctx, "Later alert closed", 10*time.Second); err != nil {
		t.Errorf("after the replay: %v", err)
	}
}
