package e2e

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"
)

// TestImportDeviceEmulation imports DevTools flows whose setViewport step
// emulates a device (scale factor, mobile, touch, orientation) on a page
// that prints what it runs on (testdata/pages/device.html), and checks
// each print with a waitForElement. Ariadne's replay must pass them, as
// must each export in its real tool (@puppeteer/replay, @playwright/test,
// the chromedp program); export, import, export gives the same file. The
// same phone flow replayed with --viewport 1280x720 (no device emulated)
// fails at its first check, so the checks do look at the device.
func TestImportDeviceEmulation(t *testing.T) {
	if testing.Short() {
		t.Skip("end-to-end test skipped in -short mode")
	}
	srv := pagesServer(t)
	check := func(id, want string) string {
		return `{"type":"waitForElement","selectors":[["#` + id + `"]],"properties":{"textContent":"` + want + `"}}`
	}
	devices := []struct {
		name, viewport         string
		dpr, pointer, touch, o string
	}{
		{"phone", `"width":390,"height":844,"deviceScaleFactor":3,"isMobile":true,"hasTouch":true,"isLandscape":false`, "3", "coarse", "touch", "portrait-primary"},
		{"tablet in landscape", `"width":1024,"height":768,"deviceScaleFactor":2,"isMobile":true,"hasTouch":true,"isLandscape":true`, "2", "coarse", "touch", "landscape-primary"},
		{"desktop", `"width":1000,"height":700,"deviceScaleFactor":1,"isMobile":false,"hasTouch":false,"isLandscape":true`, "1", "fine", "no touch", ""},
	}
	for _, d := range devices {
		t.Run(d.name, func(t *testing.T) {
			steps := []string{`{"type":"setViewport",` + d.viewport + `}`,
				`{"type":"navigate","url":"` + srv.URL + `/device.html"}`,
				`{"type":"click","selectors":[["aria/Buy[role=\"button\"]"],["#buy"]],"offsetX":4,"offsetY":4}`,
				check("status", "Bought"), check("dpr", d.dpr), check("pointer", d.pointer), check("touch", d.touch)}
			if d.o != "" {
				steps = append(steps, check("orientation", d.o))
			}
			flow := `{"title":"` + d.name + `","steps":[` + strings.Join(steps, ",") + `]}`
			dir := t.TempDir()
			_, file, rec := importFlow(t, dir, flow)
			if stdout, stderr, code := replayCmd(t, file); code != 0 {
				t.Fatalf("replay: exit %d\n%s\n%s", code, stdout, stderr)
			}
			first, _ := exportTwice(t, rec)
			dt := filepath.Join(dir, "export.json")
			writeText(t, dt, string(first))
			if _, err := runDevTools(t, dt); err != nil {
				t.Errorf("@puppeteer/replay on the export: %v", err)
			}
			pw := filepath.Join(dir, "pw")
			playwrightProject(t, pw, file)
			if err := runPlaywright(t, pw); err != nil {
				t.Errorf("@playwright/test on the export: %v", err)
			}
			if err := runChromedp(t, buildChromedp(t, filepath.Join(dir, "cdp"), file)); err != nil {
				t.Errorf("the chromedp export: %v", err)
			}
			if d.name != "phone" {
				return
			}
			stdout, stderr, code := replayCmd(t, "--viewport", "1280x720", file)
			out := stdout + stderr
			if code != 1 || !strings.Contains(out, fmt.Sprintf(`expected text %q, got "1"`, d.dpr)) {
				t.Errorf("replayed on a desktop (--viewport), the phone flow should fail at the devicePixelRatio check: exit %d\n%s", code, out)
			}
		})
	}
}
