package e2e

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestExportOOPIFStep exports a DevTools Recorder flow whose steps act in
// an out-of-process iframe (their target is the frame's URL: a payment
// frame served by the other loopback name, another site, so Chromium runs
// it in a process of its own) and runs each export in its real tool. The
// page loads the frame; the frame's Pay button charges the card ("Charged
// $12.00" in the frame) and tells the page ("Order paid"). Each export
// must act in that frame, found by its URL: @playwright/test and the
// chromedp program pass the original release and the reordered one (a
// newsletter frame now comes first: the payment frame is child frame 1),
// and fail the declined one
// (the same button, but the frame says "Card declined"), at the frame's
// check; the Python export compiles; export, import, export of the
// DevTools JSON is the same.
func TestExportOOPIFStep(t *testing.T) {
	if testing.Short() {
		t.Skip("end-to-end test skipped in -short mode")
	}
	srv := framesServer(t)
	flow := func(release string) (string, string) {
		u := srv.URL + "/frames/" + release + "/"
		card := strings.Replace(u, "127.0.0.1", "localhost", 1) + "card.html"
		return card, `{"title":"pay in a cross-site frame","steps":[
 {"type":"setViewport","width":900,"height":700,"deviceScaleFactor":1,"isMobile":false,"hasTouch":false,"isLandscape":false},
 {"type":"navigate","url":"` + u + `pay.html?src=` + card + `"},
 {"type":"click","target":"` + card + `","selectors":[["aria/Pay[role=\"button\"]"],["#pay"]],"offsetX":4,"offsetY":4},
 {"type":"waitForElement","target":"` + card + `","selectors":[["#status"]],"properties":{"textContent":"Charged $12.00"}},
 {"type":"waitForElement","target":"main","selectors":[["#status"]],"properties":{"textContent":"Order paid"}}
]}`
	}
	for _, tc := range []struct {
		release string
		pass    bool
	}{{"original", true}, {"reordered", true}, {"declined", false}} {
		t.Run(tc.release, func(t *testing.T) {
			dir := t.TempDir()
			card, f := flow(tc.release)
			_, file, rec := importFlow(t, dir, f)
			exportTwice(t, rec)

			pw := filepath.Join(dir, "pw")
			playwrightProject(t, pw, file)
			spec := readText(t, filepath.Join(pw, "recording.spec.ts"))
			if !strings.Contains(spec, "(await frame(page, '"+card+"')).getByRole('button', { name: 'Pay', exact: true }).click()") ||
				strings.Contains(spec, "waitForEvent('popup')") {
				t.Errorf("the spec should click Pay in the frame at %s, and wait for no popup:\n%s", card, spec)
			}
			err := runPlaywright(t, pw)
			switch {
			case tc.pass && err != nil:
				t.Errorf("@playwright/test fails the export on the %s release: %v", tc.release, err)
			case !tc.pass && err == nil:
				t.Errorf("@playwright/test passes the export on the declined release")
			case !tc.pass && !strings.Contains(err.Error(), "Card declined"):
				t.Errorf("@playwright/test should fail at the frame's check, which says Card declined: %v", err)
			}

			bin := buildChromedp(t, filepath.Join(dir, "cdp"), file)
			err = runChromedp(t, bin)
			switch {
			case tc.pass && err != nil:
				t.Errorf("the chromedp program fails on the %s release: %v", tc.release, err)
			case !tc.pass && err == nil:
				t.Errorf("the chromedp program passes the declined release")
			case !tc.pass && !strings.Contains(err.Error(), `step 3 (`) || !tc.pass && !strings.Contains(err.Error(), `got "Card declined"`):
				t.Errorf("the chromedp program should fail at step 3, the frame's check, reading Card declined: %v", err)
			}

			py := filepath.Join(dir, "test_recording.py")
			exportCmd(t, "playwright-python", file, py)
			if src := readText(t, py); !strings.Contains(src, `frame(page, "`+card+`").get_by_role("button", name="Pay", exact=True).click()`) {
				t.Errorf("the Python test should click Pay in the frame at %s:\n%s", card, src)
			}
			if python, err := exec.LookPath("python3"); err == nil {
				if out, err := exec.Command(python, "-m", "py_compile", py).CombinedOutput(); err != nil {
					t.Errorf("py_compile: %v\n%s", err, out)
				}
			} else if os.Getenv("ARIADNE_REQUIRE_NODE") != "" {
				t.Error("no python3 to compile the Python export")
			}
		})
	}
}

// TestReplayRemoteOOPIF replays, with --remote on a Chromium that isolates
// sites (--site-per-process), a flow whose steps act in a cross-site
// payment frame named by its URL: the frame runs in a process of its own,
// outside the tab's frame tree, and the replay acts there through the
// frame's own session. The original release passes: the click in the
// frame charges the card (the frame's check) and tells the page (the
// page's check). The declined release fails at the frame's check, saying
// what the frame read.
func TestReplayRemoteOOPIF(t *testing.T) {
	if testing.Short() {
		t.Skip("end-to-end test skipped in -short mode")
	}
	srv := framesServer(t)
	remote := startChromium(t, "--site-per-process")
	for _, tc := range []struct {
		release string
		pass    bool
	}{{"original", true}, {"declined", false}} {
		t.Run(tc.release, func(t *testing.T) {
			u := srv.URL + "/frames/" + tc.release + "/"
			card := strings.Replace(u, "127.0.0.1", "localhost", 1) + "card.html"
			dir := t.TempDir()
			_, file, _ := importFlow(t, dir, `{"title":"pay in a cross-site frame","steps":[
 {"type":"navigate","url":"`+u+`pay.html?src=`+card+`"},
 {"type":"click","target":"`+card+`","selectors":[["aria/Pay[role=\"button\"]"],["#pay"]],"offsetX":4,"offsetY":4},
 {"type":"waitForElement","target":"`+card+`","selectors":[["#status"]],"properties":{"textContent":"Charged $12.00"}},
 {"type":"waitForElement","target":"main","selectors":[["#status"]],"properties":{"textContent":"Order paid"}}
]}`)
			stdout, stderr, code := replayCmd(t, "--remote", remote, "--action-timeout", "5s", file)
			out := stdout + stderr
			if strings.Contains(out, "out_of_process_frame") || strings.Contains(out, "no_tab") {
				t.Errorf("the replay should act in the frame, not refuse it:\n%s", out)
			}
			if tc.pass {
				if code != 0 || !strings.Contains(out, "[4/4]") {
					t.Errorf("replay exit %d on the %s release, want 0 after all 4 steps\n%s", code, tc.release, out)
				}
				return
			}
			if code != 1 {
				t.Fatalf("replay exit %d on the declined release, want 1\n%s", code, out)
			}
			if !strings.Contains(out, "[3/4]") || strings.Contains(out, "[4/4]") || !strings.Contains(out, "Card declined") {
				t.Errorf("the replay should fail at step 3, the frame's check, reading Card declined:\n%s", out)
			}
		})
	}
}
