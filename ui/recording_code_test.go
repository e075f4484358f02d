package ui

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The code view is the export of the recording so far, byte for byte: the
// same header (the viewport, the test named after the page recording
// started on), whatever page is on show now.
func TestRecordingCodeIsTheExport(t *testing.T) {
	t.Parallel()
	o := fakeOptions(newFake())
	dir := t.TempDir()
	o.RecordDir = dir
	h := newHarness(t, o, 160, 48)
	h.ready()
	h.keys("ctrl+r")
	h.until("recording", func() bool { return h.m.rec.started() })
	h.keys("ctrl+e : e 8 enter enter")
	h.until("the click recorded", func() bool { return h.m.rec.Steps() >= 1 })
	h.keys(":")
	h.typeText("open " + fakeURL + "next")
	h.keys("enter")
	h.until("the next page and its step", func() bool {
		return h.m.title == "Next page" && h.m.rec.Steps() >= 2 && h.m.busy == nil
	})
	out := filepath.Join(dir, "out.spec.ts")
	h.keys(":")
	h.typeText("export playwright-test " + out)
	h.keys("enter")
	h.until("the export", func() bool { return strings.Contains(h.m.StatusText(), "exported") })
	data, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	h.m.syncCode()
	if got := h.m.code.text; got != string(data) {
		t.Errorf("the code view differs from the export:\n--- view\n%s\n--- export\n%s", got, data)
	}
	for _, want := range []string{"test.use({ viewport: { width: 1280, height: 720 } })", "Fake shop"} {
		if !strings.Contains(string(data), want) {
			t.Errorf("the export lacks %q:\n%s", want, data)
		}
	}
	if strings.Contains(string(data), "Next page") {
		t.Errorf("the test is named after the page on show:\n%s", data)
	}
}
