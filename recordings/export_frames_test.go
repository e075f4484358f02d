package recordings

import (
	"bytes"
	"strings"
	"testing"

	"github.com/ariadne-tui/ariadne/refs"
)

const (
	framePage = "http://127.0.0.1:8080/pay.html"
	frameCard = "http://localhost:8080/card.html"
)

// frameRecording is a recording whose tab 1 is an out-of-process iframe
// of tab 0 (the navigate to the page loaded it), with steps in it.
func frameRecording(steps ...Step) *Recording {
	rec := &Recording{Header: Header{Format: FormatName, Version: FormatVersion, Title: "pay in a frame"}}
	rec.Steps = append([]Step{{Kind: Navigate, URL: framePage, OpensTab: 1}}, steps...)
	return rec
}

func inFrame(s Step) Step {
	s.Tab, s.URLBefore = 1, frameCard
	return s
}

var payButton = Target{Locator: refs.Locator{Parts: []refs.Part{{Kind: refs.KindRole, Role: "button", Text: "Pay", Exact: true}}}}

// framePythonRecording clicks Pay in the frame, then checks its URL and
// title.
func framePythonRecording() *Recording {
	return frameRecording(
		inFrame(Step{Kind: Click, Target: payButton}),
		inFrame(Step{Kind: Assert, Assert: &Assertion{Kind: AssertURL, Expected: frameCard + "?paid=1"}}),
		inFrame(Step{Kind: Assert, Assert: &Assertion{Kind: AssertTitle, Expected: "Card declined", Not: true}}),
	)
}

// TestExportPythonFrameURLWaits checks that the Python export waits for a
// frame's URL and title, as to_have_url and to_have_title (and the
// TypeScript export's expect.poll) do, rather than reading them once.
// TestExportPythonFrameURLWaitsCompiles (the compat tier) compiles it.
func TestExportPythonFrameURLWaits(t *testing.T) {
	t.Parallel()
	var out bytes.Buffer
	if err := ExportPython(framePythonRecording(), &out); err != nil {
		t.Fatal(err)
	}
	src := out.String()
	for _, want := range []string{
		"def _poll(page: Page, read, expected: str, negate: bool = False, timeout: float = 5000) -> None:",
		`_poll(page, lambda: frame(page, "` + frameCard + `").url, "` + frameCard + `?paid=1")`,
		`_poll(page, lambda: frame(page, "` + frameCard + `").title(), "Card declined", negate=True)`,
	} {
		if !strings.Contains(src, want) {
			t.Errorf("the Python export should have %s:\n%s", want, src)
		}
	}
	if strings.Contains(src, "assert frame(") {
		t.Errorf("the Python export reads the frame's URL or title once:\n%s", src)
	}
}

// TestExportFrameClose checks that every exporter refuses a step that
// closes a tab read as an out-of-process iframe, before writing anything,
// with the step and the frame named.
func TestExportFrameClose(t *testing.T) {
	t.Parallel()
	rec := frameRecording(inFrame(Step{Kind: Click, Target: payButton}), inFrame(Step{Kind: Close}))
	for _, f := range Formats() {
		var out bytes.Buffer
		err := f.Export(rec, &out)
		if err == nil || refs.CodeOf(err) != refs.CodeBadArgument ||
			!strings.Contains(err.Error(), "step 3 closes "+frameCard) || !strings.Contains(err.Error(), "a frame cannot be closed") {
			t.Errorf("%s: got %v, want a bad_argument error for step 3 closing the frame", f.Name, err)
		}
		if out.Len() != 0 {
			t.Errorf("%s wrote %d bytes before refusing:\n%s", f.Name, out.Len(), out.String())
		}
	}
}

// frameDialogRecording clicks in a frame, which raises a dialog.
func frameDialogRecording() *Recording {
	return frameRecording(
		inFrame(Step{Kind: Click, Target: payButton}),
		Step{Kind: Dialog, Tab: 1, Dialog: &DialogAnswer{Type: "confirm", Message: "Pay $12.00?", Accept: true}},
	)
}

// TestExportChromedpFrameDialog exports a recording whose click in a frame
// raises a dialog: the program answers it in the tab holding the frame.
// TestExportChromedpFrameDialogVets (the compat tier) builds and vets it.
func TestExportChromedpFrameDialog(t *testing.T) {
	t.Parallel()
	var out bytes.Buffer
	if err := ExportChromedp(frameDialogRecording(), &out); err != nil {
		t.Fatal(err)
	}
	src := out.String()
	if !strings.Contains(src, "dialogs0 := answerDialogs(tab0)") || !strings.Contains(src, "dialogs0.next(true, ") {
		t.Errorf("the program should answer the frame's dialog in tab 0:\n%s", src)
	}
}
