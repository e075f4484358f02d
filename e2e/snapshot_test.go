package e2e

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/ariadne-tui/ariadne/internal/browsertest"
	"github.com/ariadne-tui/ariadne/internal/nettest"
	"github.com/ariadne-tui/ariadne/refs"
)

// Tests of 'ariadne snapshot': exit status 0 (done), 1 (page or browser
// error), 2 (bad command line).

func TestSnapshotCommand(t *testing.T) {
	t.Parallel()
	needBrowser(t)
	srv := snapshotServer(t)
	out, errs, code := ariadne(t, "snapshot", srv.URL+"/form.html")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	for _, want := range []string{`- heading "Sign in" [level=1] [ref=e`, `- textbox "Email" [ref=e`, `- checkbox "Remember me" [ref=e`, "  - text: Email\n"} {
		if !strings.Contains(out, want) {
			t.Errorf("snapshot lacks %q:\n%s", want, out)
		}
	}

	out, _, code = ariadne(t, "snapshot", "--no-refs", srv.URL+"/form.html")
	if code != 0 || strings.Contains(out, "[ref=") || !strings.Contains(out, `- button "Sign in"`) {
		t.Errorf("--no-refs: exit %d\n%s", code, out)
	}

	out, _, code = ariadne(t, "snapshot", srv.URL+"/form.html", "--interactive")
	if code != 0 || strings.Contains(out, "- text:") || strings.Contains(out, "heading") || !strings.Contains(out, "radio \"Pro\"") {
		t.Errorf("--interactive: exit %d\n%s", code, out)
	}

	out, _, code = ariadne(t, "snapshot", "--json", srv.URL+"/iframe.html")
	if code != 0 {
		t.Fatalf("--json: exit %d", code)
	}
	var snap struct {
		URL   string `json:"url"`
		Title string `json:"title"`
		Count int    `json:"count"`
		Root  struct {
			Role     string            `json:"role"`
			Children []json.RawMessage `json:"children"`
		} `json:"root"`
	}
	if err := json.Unmarshal([]byte(out), &snap); err != nil {
		t.Fatalf("--json printed %q: %v", out, err)
	}
	if snap.Title != "Iframe" || snap.Count < 8 || snap.Root.Role != "document" || len(snap.Root.Children) == 0 || !strings.HasSuffix(snap.URL, "/iframe.html") {
		t.Errorf("--json: %+v", snap)
	}
	if !strings.Contains(out, `"name": "Pay"`) {
		t.Error("--json lacks the iframe's content")
	}
}

func TestSnapshotPageErrors(t *testing.T) {
	t.Parallel()
	needBrowser(t)
	srv := snapshotServer(t)
	closed := "http://" + nettest.ClosedPort(t) + "/"
	for _, tt := range []struct{ url, code string }{
		{closed, "connection_refused"},
		{srv.URL + "/missing.html", "http_error"},
		{srv.URL + "/data.json", "not_html"},
		{"ftp://example.com/", "bad_url"},
	} {
		out, errs, code := ariadne(t, "snapshot", "--timeout", "15s", tt.url)
		if code != 1 {
			t.Errorf("%s: exit %d, want %d", tt.url, code, 1)
		}
		if !strings.Contains(errs, tt.code) || out != "" {
			t.Errorf("%s: stdout %q, stderr %q, want code %s", tt.url, out, errs, tt.code)
		}
	}
}

func TestSnapshotPartial(t *testing.T) {
	t.Parallel()
	needBrowser(t)
	srv := snapshotServer(t)
	out, errs, code := ariadne(t, "snapshot", "--timeout", "2s", srv.URL+"/slow.html")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	if !strings.Contains(out, `heading "Slow page"`) || !strings.Contains(errs, "did not finish loading") {
		t.Errorf("stdout:\n%s\nstderr:\n%s", out, errs)
	}
	out, _, code = ariadne(t, "snapshot", "--json", "--timeout", "2s", srv.URL+"/slow.html")
	if code != 0 || !strings.Contains(out, `"partial": true`) {
		t.Errorf("--json of a partial load: exit %d\n%s", code, out)
	}
}

// TestSnapshotDemo: snapshot with no URL serves the built-in demo (on a
// free port) and snapshots its home page.
func TestSnapshotDemo(t *testing.T) {
	t.Parallel()
	needBrowser(t)
	out, errs, code := ariadne(t, "snapshot", "--no-refs")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	if !strings.Contains(out, `heading "Ariadne demo site" [level=1]`) || !strings.Contains(out, "/url: signin.html") {
		t.Errorf("the demo snapshot:\n%s", out)
	}
}

// TestSnapshotWait: --wait makes snapshot and locators read content a page
// adds after load: text and selector waits for a paragraph a timer adds,
// idle for one a slow fetch adds. A wait that never ends times out with a
// coded error, and a bad selector is a bad argument.
func TestSnapshotWait(t *testing.T) {
	t.Parallel()
	needBrowser(t)
	srv := snapshotServer(t)
	u := srv.URL + "/late.html"
	for _, tc := range []struct{ wait, want string }{
		{"text Loaded later", `- paragraph: Loaded later`},
		{"selector #late", `- paragraph: Loaded later`},
		{"idle", `- paragraph: "Fetched: 200"`},
	} {
		out, errs, code := ariadne(t, "snapshot", "--no-refs", "--wait", tc.wait, u)
		if code != 0 || !strings.Contains(out, tc.want) {
			t.Errorf("--wait %q: exit %d, want %q in\n%s%s", tc.wait, code, tc.want, out, errs)
		}
	}
	out, errs, code := ariadne(t, "locators", "--wait", "text=Loaded later", u)
	if code != 0 || !strings.Contains(out, "getByText('Loaded later')") {
		t.Errorf("locators --wait: exit %d\n%s%s", code, out, errs)
	}
	_, errs, code = ariadne(t, "snapshot", "--timeout", "2s", "--wait", "text Never shown", u)
	if code != 1 || !strings.Contains(errs, "timeout") {
		t.Errorf("a wait that never ends: exit %d, %s", code, errs)
	}
	_, errs, code = ariadne(t, "snapshot", "--wait", "selector ##", u)
	if code != 1 || !strings.Contains(errs, "bad_argument") {
		t.Errorf("bad selector: exit %d, %s", code, errs)
	}
	_, errs, code = ariadne(t, "snapshot", "--wait", "soon", u)
	if code != 2 || !strings.Contains(errs, "--wait") {
		t.Errorf("bad --wait: exit %d, %s", code, errs)
	}
}

// Page text with bidi controls, invisible characters, DEL and C1 controls
// (testdata/pages/hidden-text.html) must reach no output raw: every JSON
// output escapes it and reads back to the page's text, every piece of code
// escapes it. (The run results: testdata/scripts/hidden-text-results.)

// hiddenNames are the accessible names of hidden-text.html's buttons, by
// id, as Chromium computes them (it drops U+200B and the soft hyphen).
var hiddenNames = map[string]string{
	"rlo":  "Pay \u202e now",
	"iso":  "a\u2066b\u2069c",
	"zw":   "zerowidth\u200cjoiner\u200d word\u2060joiner",
	"soft": "softhyphen",
	"del":  "del\x7f",
	"tag":  "tag\U000e0041\U000e007f",
}

func TestHiddenTextSnapshotJSON(t *testing.T) {
	t.Parallel()
	needBrowser(t)
	srv := browsertest.Pages(t)
	out, errs, code := ariadne(t, "snapshot", "--json", srv.URL+"/hidden-text.html")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	noRawHidden(t, "snapshot --json", out)
	var snap refs.Snapshot
	if err := json.Unmarshal([]byte(out), &snap); err != nil {
		t.Fatal(err)
	}
	got := map[string]bool{}
	snap.Root.Walk(func(n *refs.Node, _ int) bool {
		if n.Role == "button" {
			got[n.Name] = true
		}
		return true
	})
	for id, name := range hiddenNames {
		if !got[name] {
			t.Errorf("button %s: no button named %q in %v", id, name, got)
		}
	}
}
