//go:build compat

package e2e

import (
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/ariadne-tui/ariadne/internal/browsertest"
	"github.com/ariadne-tui/ariadne/recordings"
)

// The DevTools Recorder flows of import_test.go run in @puppeteer/replay,
// and Ariadne's exports of them in @playwright/test and as chromedp
// programs: the tools agree with Ariadne's replay.

// TestImportFramePathsInTools: framePathsFlow passes in
// @puppeteer/replay, and its Playwright export (which looks the step up in
// page.mainFrame().childFrames()[1].childFrames()[0]) in
// @playwright/test, on the original release; both fail on the broken one,
// as Ariadne's replay does (TestImportFramePaths).
func TestImportFramePathsInTools(t *testing.T) {
	t.Parallel()
	srv := framesServer(t)
	pw := filepath.Join(t.TempDir(), "pw")
	playwrightProject(t, pw)
	for _, tc := range releases {
		dt, file, _ := importFlow(t, t.TempDir(), framePathsFlow(srv.URL, tc.release))
		playwrightSpec(t, pw, tc.release, file)
		_, err := runDevTools(t, dt)
		if tc.pass && err != nil {
			t.Errorf("@puppeteer/replay fails on the %s release: %v", tc.release, err)
		}
		if !tc.pass && err == nil {
			t.Errorf("@puppeteer/replay passes the broken release")
		}
	}
	specs := runPlaywright(t, pw)
	for _, tc := range releases {
		err := specs[tc.release]
		if tc.pass && err != nil {
			t.Errorf("@playwright/test fails the export on the %s release: %v", tc.release, err)
		}
		if !tc.pass && err == nil {
			t.Errorf("@playwright/test passes the export on the broken release")
		}
	}
}

// TestImportTargetFrameOrTabInTools: @puppeteer/replay, whose browser
// runs the payment frame out of process, passes frameOrTabFlow on the
// original release (the page says Order paid, the receipt tab its order)
// and fails the broken one, as Ariadne's replay does
// (TestImportTargetFrameOrTab).
func TestImportTargetFrameOrTabInTools(t *testing.T) {
	t.Parallel()
	srv := framesServer(t)
	for _, tc := range releases {
		t.Run(tc.release, func(t *testing.T) {
			t.Parallel()
			dt, _, _ := importFlow(t, t.TempDir(), frameOrTabFlow(srv.URL, tc.release))
			res, err := runDevTools(t, dt)
			if !tc.pass {
				if err == nil {
					t.Errorf("@puppeteer/replay passes the broken release")
				}
				return
			}
			if err != nil {
				t.Fatalf("@puppeteer/replay fails on the %s release: %v", tc.release, err)
			}
			var statuses []string
			for _, p := range res.Pages {
				if p.Status != nil {
					statuses = append(statuses, *p.Status)
				}
			}
			if !slices.Contains(statuses, "Order paid") || !slices.Contains(statuses, "Receipt for order 1042") {
				t.Errorf("@puppeteer/replay's pages say %q", statuses)
			}
		})
	}
}

// TestImportDeviceEmulationInTools: the export of each deviceFlow passes
// in every real tool, as Ariadne's replay of it does
// (TestImportDeviceEmulation): the DevTools export in @puppeteer/replay,
// the Playwright one in @playwright/test (the devices' specs in one run),
// the chromedp program.
func TestImportDeviceEmulationInTools(t *testing.T) {
	t.Parallel()
	srv := browsertest.Pages(t)
	dir := t.TempDir()
	pw := filepath.Join(dir, "pw")
	playwrightProject(t, pw)
	var files []string
	spec := func(d device) string { return strings.ReplaceAll(d.name, " ", "-") }
	for _, d := range devices {
		_, file, rec := importFlow(t, t.TempDir(), deviceFlow(srv.URL, d))
		files = append(files, file)
		playwrightSpec(t, pw, spec(d), file)
		first, _ := exportTwice(t, rec)
		dt := filepath.Join(dir, spec(d)+".json")
		writeText(t, dt, string(first))
		if _, err := runDevTools(t, dt); err != nil {
			t.Errorf("%s: @puppeteer/replay on the export: %v", d.name, err)
		}
	}
	bins := buildChromedp(t, files...)
	specs := runPlaywright(t, pw)
	for i, d := range devices {
		if err := specs[spec(d)]; err != nil {
			t.Errorf("%s: @playwright/test on the export: %v", d.name, err)
		}
		if err := runChromedp(t, bins[i]); err != nil {
			t.Errorf("%s: the chromedp export: %v", d.name, err)
		}
	}
}

// TestPuppeteerRunnerFlowsInTools replays each of runnerFlows in
// @puppeteer/replay: it must fail runnerMustFail, the flows Ariadne fails
// (TestPuppeteerRunnerFlows passes the others in Ariadne): so Ariadne
// passes wherever @puppeteer/replay does. @puppeteer/replay must pass Ariadne's
// export of a flow (export, import, export) wherever it passes the
// original. The log's table says how each flow went.
func TestPuppeteerRunnerFlowsInTools(t *testing.T) {
	t.Parallel()
	srv := browsertest.Pages(t)
	var mu sync.Mutex
	var table []string
	row := func(format string, args ...any) {
		mu.Lock()
		defer mu.Unlock()
		table = append(table, fmt.Sprintf(format, args...))
	}
	t.Cleanup(func() {
		slices.Sort(table)
		t.Logf("| flow | @puppeteer/replay | import | export in @puppeteer/replay |\n| --- | --- | --- | --- |\n%s", strings.Join(table, "\n"))
	})
	for _, f := range runnerFlows(srv.URL + "/runner/") {
		t.Run(f.name, func(t *testing.T) {
			t.Parallel()
			flow := `{"title":"` + f.name + `","steps":[` + f.steps + `]}`
			dir := t.TempDir()
			dt := filepath.Join(dir, "flow.json")
			writeText(t, dt, flow)
			puppeteer := "pass"
			_, err := runDevTools(t, dt)
			if err != nil {
				puppeteer = "FAIL"
				t.Logf("@puppeteer/replay: %v", err)
			}
			if runnerMustFail[f.name] && err == nil {
				t.Errorf("the flow must fail, but @puppeteer/replay passes it")
			}
			rec, ierr := recordings.ImportDevTools(strings.NewReader(flow))
			if f.refused != "" {
				if ierr != nil {
					row("| %s | %s | refused: %s | |", f.name, puppeteer, strings.Join(strings.Fields(ierr.Error()), " "))
				}
				return
			}
			if ierr != nil {
				t.Fatalf("import: %v", ierr)
			}
			// The export is what @puppeteer/replay replays next.
			first, _ := exportTwice(t, rec)
			out := filepath.Join(dir, "export.json")
			writeText(t, out, string(first))
			exported := "pass"
			if _, xerr := runDevTools(t, out); xerr != nil {
				exported = "FAIL"
				if err == nil {
					t.Errorf("@puppeteer/replay passes the flow but fails Ariadne's export of it: %v", xerr)
				}
			}
			row("| %s | %s | taken | %s |", f.name, puppeteer, exported)
		})
	}
}
