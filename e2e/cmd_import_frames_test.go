package e2e

import (
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/ariadne-tui/ariadne/recordings"
)

// framesServer serves testdata/pages, where /frames/RELEASE/NAME is that
// release's file when it has one (broken, declined: the files that
// differ), else the original's. (No page there is named index.html, which
// the file server would redirect to its folder.)
func framesServer(t *testing.T) *httptest.Server {
	t.Helper()
	dir := filepath.Join("..", "testdata", "pages")
	files := http.FileServer(http.Dir(dir))
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if rest, ok := strings.CutPrefix(r.URL.Path, "/frames/"); ok {
			if release, name, ok := strings.Cut(rest, "/"); ok && release != "original" && !strings.Contains(name, "/") {
				if _, err := os.Stat(filepath.Join(dir, "frames", release, name)); err != nil {
					r.URL.Path = "/frames/original/" + name
				}
			}
		}
		files.ServeHTTP(w, r)
	}))
	t.Cleanup(srv.Close)
	return srv
}

// importFlow writes the DevTools flow to dir/flow.json, imports it into
// dir/flow.jsonl and returns both paths and the recording.
func importFlow(t *testing.T, dir, flow string) (devtools, file string, rec *recordings.Recording) {
	t.Helper()
	devtools = filepath.Join(dir, "flow.json")
	writeText(t, devtools, flow)
	rec, err := recordings.ImportDevTools(strings.NewReader(flow))
	if err != nil {
		t.Fatalf("import: %v", err)
	}
	file = filepath.Join(dir, "flow.jsonl")
	if err := recordings.Save(file, rec); err != nil {
		t.Fatal(err)
	}
	return devtools, file, rec
}

// TestImportFramePaths imports a DevTools Recorder flow whose steps name
// their frame by index path ("frame": [1, 0], the first child frame of the
// main frame's second), on a checkout page whose two widgets, in different
// frames, both have an "Apply" button and a #status. The replay must click
// the coupon's button (its frame says "applied") and leave the newsletter's
// alone (its frame still says "idle"), as @puppeteer/replay and the
// Playwright export do; on the broken release, whose coupon button now
// says "Remove", all three fail at the click.
func TestImportFramePaths(t *testing.T) {
	if testing.Short() {
		t.Skip("end-to-end test skipped in -short mode")
	}
	srv := framesServer(t)
	flow := func(release string) string {
		u := srv.URL + "/frames/" + release + "/"
		return `{"title":"coupon in a nested frame","steps":[
 {"type":"setViewport","width":900,"height":700,"deviceScaleFactor":1,"isMobile":false,"hasTouch":false,"isLandscape":false},
 {"type":"navigate","url":"` + u + `shop.html"},
 {"type":"click","target":"main","frame":[1,0],"selectors":[["aria/Apply[role=\"button\"]"],["#apply"]],"offsetX":4,"offsetY":4},
 {"type":"waitForElement","target":"main","frame":[1,0],"selectors":[["#status"]],"properties":{"textContent":"applied"}},
 {"type":"waitForElement","target":"main","frame":[0],"selectors":[["#status"]],"properties":{"textContent":"idle"}}
]}`
	}
	for _, tc := range []struct {
		release string
		pass    bool
	}{{"original", true}, {"broken", false}} {
		t.Run(tc.release, func(t *testing.T) {
			dir := t.TempDir()
			dt, file, rec := importFlow(t, dir, flow(tc.release))
			if got := rec.Steps[1].FramePath; len(got) != 2 || got[0] != 1 || got[1] != 0 {
				t.Fatalf("the click's frame path is %v, want [1 0]", got)
			}
			stdout, stderr, code := replayCmd(t, file)
			if tc.pass && code != 0 {
				t.Fatalf("replay failed on the %s release: exit %d\n%s\n%s", tc.release, code, stdout, stderr)
			}
			if !tc.pass {
				if code != 1 {
					t.Fatalf("replay exit %d on the broken release, want 1\n%s\n%s", code, stdout, stderr)
				}
				out := stdout + stderr
				if !strings.Contains(out, "not_locatable") || !strings.Contains(out, `button "Remove", not the recorded button "Apply"`) {
					t.Errorf("the broken release should fail not_locatable at the click, saying the button is now Remove:\n%s", out)
				}
				if !strings.Contains(out, "[2/4] click") || strings.Contains(out, "[3/4]") {
					t.Errorf("the replay should fail at step 2, the click:\n%s", out)
				}
			}
			_, perr := runDevTools(t, dt)
			if tc.pass && perr != nil {
				t.Errorf("@puppeteer/replay fails on the %s release: %v", tc.release, perr)
			}
			if !tc.pass && perr == nil {
				t.Errorf("@puppeteer/replay passes the broken release")
			}
			// The Playwright export looks the step up in
			// page.mainFrame().childFrames()[1].childFrames()[0].
			pw := filepath.Join(dir, "pw")
			playwrightProject(t, pw, file)
			err := runPlaywright(t, pw)
			if tc.pass && err != nil {
				t.Errorf("@playwright/test fails the export on the %s release: %v", tc.release, err)
			}
			if !tc.pass && err == nil {
				t.Errorf("@playwright/test passes the export on the broken release")
			}
		})
	}
}

// TestImportTargetFrameOrTab imports a flow with two targets besides
// "main": the URL of a payment iframe from another site (what Chrome's
// recorder writes for an out-of-process iframe) and the URL of a receipt
// tab that a button opens. The import numbers both as tabs; the replay
// must read the first as the frame with that URL in the page (the click
// charges the card, and the page says "Order paid") and the second as the
// tab (its #status is read there). @puppeteer/replay, whose browser runs
// the payment frame out of process, passes the same flow. On the broken
// release the frame's button says "Cancel": both fail at that click.
func TestImportTargetFrameOrTab(t *testing.T) {
	if testing.Short() {
		t.Skip("end-to-end test skipped in -short mode")
	}
	srv := framesServer(t)
	flow := func(release string) string {
		u := srv.URL + "/frames/" + release + "/"
		// The same server by another name is another site.
		card := strings.Replace(u, "127.0.0.1", "localhost", 1) + "card.html"
		return `{"title":"pay in a cross-site frame","steps":[
 {"type":"navigate","url":"` + u + `pay.html?src=` + card + `"},
 {"type":"click","target":"` + card + `","selectors":[["aria/Pay[role=\"button\"]"],["#pay"]],"offsetX":4,"offsetY":4},
 {"type":"waitForElement","target":"` + card + `","selectors":[["#status"]],"properties":{"textContent":"Charged $12.00"}},
 {"type":"waitForElement","target":"main","selectors":[["#status"]],"properties":{"textContent":"Order paid"}},
 {"type":"click","target":"main","selectors":[["aria/Open receipt[role=\"button\"]"],["#receipt"]],"offsetX":4,"offsetY":4},
 {"type":"waitForElement","target":"` + u + `receipt.html","selectors":[["#status"]],"properties":{"textContent":"Receipt for order 1042"}}
]}`
	}
	for _, tc := range []struct {
		release string
		pass    bool
	}{{"original", true}, {"broken", false}} {
		t.Run(tc.release, func(t *testing.T) {
			dir := t.TempDir()
			dt, file, _ := importFlow(t, dir, flow(tc.release))
			stdout, stderr, code := replayCmd(t, file)
			out := stdout + stderr
			switch {
			case tc.pass && code != 0:
				t.Fatalf("replay failed on the %s release: exit %d\n%s", tc.release, code, out)
			case !tc.pass && code != 1:
				t.Fatalf("replay exit %d on the broken release, want 1\n%s", code, out)
			case !tc.pass && (!strings.Contains(out, "[2/6] click") || strings.Contains(out, "[3/6]") ||
				!strings.Contains(out, `button "Cancel", not the recorded button "Pay"`)):
				t.Errorf("the broken release should fail at step 2, the frame's click, saying the button is now Cancel:\n%s", out)
			}
			res, perr := runDevTools(t, dt)
			if tc.pass {
				if perr != nil {
					t.Fatalf("@puppeteer/replay fails on the %s release: %v", tc.release, perr)
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
			} else if perr == nil {
				t.Errorf("@puppeteer/replay passes the broken release")
			}
		})
	}
}
