//go:build e2e

package e2e

// Tests that attach (--remote) to a Chromium of their own, started with a
// DevTools port: a process of its own, the e2e tier.

import (
	"context"
	"encoding/json"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/ariadne-tui/ariadne/browser"
	"github.com/ariadne-tui/ariadne/internal/browsertest"
	"github.com/ariadne-tui/ariadne/refs"
)

// TestRunRemoteOOPIF drives, with 'ariadne run --remote' on a Chromium
// that isolates sites, a payment form in a cross-site frame (a process and
// target of its own): find, fill, check, select and press Enter on the
// frame's refs, then wait for the frame's status and assert its text. The
// broken release (the plan ignored) fails the assertion. The original run is recorded, and the
// recording replays with --remote: it passes on the original release and
// fails on the broken one. (The other actions in such a frame:
// testdata/scripts/remote-oopif-controls.)
func TestRunRemoteOOPIF(t *testing.T) {
	t.Parallel()
	needBrowser(t)
	srv := browsertest.Pages(t)
	remote := startChromium(t, "--site-per-process")
	file := filepath.Join(t.TempDir(), "pay.jsonl")
	for _, tc := range []struct {
		release string
		pass    bool
	}{{"", true}, {"?broken=1", false}} {
		name := map[bool]string{true: "original", false: "broken"}[tc.pass]
		t.Run(name, func(t *testing.T) {
			form := otherSite(srv.URL) + "/oopif/form.html" + tc.release
			flags := []string{"--remote", remote}
			if tc.pass {
				flags = append(flags, "--record", file)
			}
			res, _ := runTestScript(t, srv.URL, `
open {{URL}}/iframe-cross.html?src=`+form+`
find name textbox "Name on card"
fill $name "Ada Lovelace"
find save checkbox "Save card"
check $save
find plan combobox Plan
select $plan Gold
press $name Enter
wait text "Paid by Ada Lovelace"
find status status
assert text $status "Paid by Ada Lovelace, plan gold, card saved"
`, flags...)
			want := []string{"ok", "ok", "ok", "ok", "ok", "ok", "ok", "ok", "ok", "ok", "ok"}
			if !tc.pass {
				want[10] = "assertion_failed"
			}
			expect(t, res, want...)
		})
	}
	t.Run("replay", func(t *testing.T) {
		rec := readText(t, file)
		if !strings.Contains(rec, "/oopif/form.html") {
			t.Fatalf("the recording does not open the form's page:\n%s", rec)
		}
		broken := filepath.Join(filepath.Dir(file), "broken.jsonl")
		writeText(t, broken, strings.ReplaceAll(rec, "/oopif/form.html", "/oopif/form.html?broken=1"))
		stdout, stderr, code := replayCmd(t, "--remote", remote, file)
		if code != 0 {
			t.Errorf("replay of the recording exit %d, want 0:\n%s%s", code, stdout, stderr)
		}
		stdout, stderr, code = replayCmd(t, "--remote", remote, broken)
		if out := stdout + stderr; code != 1 || !strings.Contains(out, "plan none") {
			t.Errorf("replay on the broken release exit %d, want 1 at the status check reading plan none:\n%s", code, out)
		}
		if os.Getenv("ARIADNE_DEBUG_OOPIF") != "" {
			t.Logf("%s\n%s%s", rec, stdout, stderr)
		}
	})
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
	t.Parallel()
	needBrowser(t)
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

// TestSnapshotRemoteShowsTheOpenPage: snapshot --remote with no URL prints
// the page the browser shows, and leaves its tab open. The browser is one
// of the test's own: attaching to it is the point.
func TestSnapshotRemoteShowsTheOpenPage(t *testing.T) {
	t.Parallel()
	needBrowser(t)
	srv := browsertest.Pages(t)
	url := startChromium(t)
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	// Someone else (an agent) opened the page in the browser's tab.
	other, err := browser.Launch(ctx, browser.Options{Remote: url})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := other.Open(ctx, srv.URL+"/table.html"); err != nil {
		t.Fatal(err)
	}
	defer other.Close()

	out, errs, code := ariadne(t, "snapshot", "--json", "--remote", url)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	var snap refs.Snapshot
	if err := json.Unmarshal([]byte(out), &snap); err != nil {
		t.Fatalf("%v:\n%s", err, out)
	}
	cells := map[string]bool{}
	snap.Root.Walk(func(n *refs.Node, _ int) bool {
		if n.Role == "cell" {
			cells[n.Name] = true
		}
		return true
	})
	if snap.URL != srv.URL+"/table.html" || !cells["Grace Hopper"] {
		t.Errorf("want the open table page, got %q with cells %v", snap.URL, cells)
	}
	resp, err := http.Get(url + "/json/list")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var list []struct{ Type, URL string }
	if err := json.NewDecoder(resp.Body).Decode(&list); err != nil {
		t.Fatal(err)
	}
	pages := 0
	for _, l := range list {
		if l.Type == "page" && l.URL == srv.URL+"/table.html" {
			pages++
		}
	}
	if pages != 1 {
		t.Errorf("the page's tab should stay open, alone: %+v", list)
	}
}

// TestReplayInARemoteBrowser replays TestRecordSignInThenReplay's
// recording in a browser of its own, attached with --remote.
func TestReplayInARemoteBrowser(t *testing.T) {
	t.Parallel()
	needBrowser(t)
	srv := browsertest.Pages(t)
	file := recordSignIn(t, srv.URL)
	setenv(t, "ARIADNE_SECRET_PASSWORD", testPassword)
	url := startChromium(t)
	stdout, stderr, code := replayCmd(t, "--remote", url, file)
	if code != 0 {
		t.Fatalf("exit %d\nstdout:\n%s\nstderr:\n%s", code, stdout, stderr)
	}
	if !strings.Contains(stdout, "Chromium (at "+url+")") || !strings.Contains(stdout, "passed") {
		t.Errorf("stdout:\n%s", stdout)
	}
}
