//go:build e2e

package browser

// Tests of what needs a browser process of its own (a site-isolating
// Chromium Ariadne attaches to with --remote): the e2e tier,
// go test -tags e2e ./browser.

import (
	"bufio"
	"encoding/json"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/target"
	"github.com/chromedp/chromedp"

	"github.com/ariadne-tui/ariadne/internal/golden"
	"github.com/ariadne-tui/ariadne/refs"
)

// siteIsolatedBrowser starts a Chromium with site isolation on (as a
// user's own Chrome runs) and attaches to it as --remote does.
func siteIsolatedBrowser(t *testing.T) *Browser {
	t.Helper()
	chrome, err := FindChrome("")
	if err != nil {
		t.Skipf("no browser: %v", err)
	}
	// Not t.TempDir: Chromium's child processes can still be writing the
	// profile for a moment after the browser is killed.
	profile, err := os.MkdirTemp("", "ariadne-isolated-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		for i := 0; i < 20 && os.RemoveAll(profile) != nil; i++ {
			time.Sleep(100 * time.Millisecond)
		}
	})
	args := []string{"--headless", "--remote-debugging-port=0", "--user-data-dir=" + profile,
		"--no-first-run", "--no-default-browser-check", "--disable-background-networking",
		"--disable-component-update", "--disable-sync", "--site-per-process", "about:blank"}
	if os.Geteuid() == 0 {
		args = append(args, "--no-sandbox")
	}
	cmd := exec.Command(chrome, args...)
	stderr, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
	ws := make(chan string, 1)
	go func() {
		sc := bufio.NewScanner(stderr)
		for sc.Scan() {
			if _, url, ok := strings.Cut(sc.Text(), "DevTools listening on "); ok {
				ws <- url
			}
		}
	}()
	var url string
	select {
	case url = <-ws:
	case <-time.After(20 * time.Second):
		t.Fatal("the browser printed no DevTools URL")
	}
	return launchTest(t, func(o *Options) { o.Remote = url })
}

// TestOutOfProcessFrames snapshots a page whose cross-site iframe runs in
// a process of its own (site isolation on, as with --remote).
func TestOutOfProcessFrames(t *testing.T) {
	t.Parallel()
	b := siteIsolatedBrowser(t)
	srv := servePages(t)
	inner := servePages(t)
	// 127.0.0.1 and localhost are different sites: the frame gets its own
	// process and target.
	innerURL := strings.Replace(inner.URL, "127.0.0.1", "localhost", 1) + "/frame-inner.html"
	open(t, b, srv, "iframe-cross.html?src="+innerURL)
	ctx := testContext(t, 30*time.Second)

	tab, _ := b.CurrentTab()
	infos, err := chromedp.Targets(tab.ctx)
	if err != nil {
		t.Fatal(err)
	}
	oopif := false
	for _, in := range infos {
		oopif = oopif || (in.Type == "iframe" && strings.HasPrefix(in.URL, innerURL))
	}
	if !oopif {
		t.Fatal("the cross-site frame is not a target of its own: site isolation is off")
	}

	snap, err := b.Snapshot(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if len(snap.Problems) > 0 {
		t.Errorf("problems: %v", snap.Problems)
	}
	goldenFile(t, "snapshots/oopif.txt", []byte(goldenText(snap.Root, map[string]string{srv.URL: "http://SERVER",
		strings.Replace(inner.URL, "127.0.0.1", "localhost", 1): "http://OTHER"})))
	pay := findNode(t, snap.Root, "button", "Pay")
	frame := findNode(t, snap.Root, "iframe", "")
	if pay.Frame == frame.Frame {
		t.Errorf("the frame's button is in the page's frame %s", pay.Frame)
	}

	// Its box is in the main viewport: the iframe's content box (from the
	// page's session) plus the button's box in the frame (from the frame's).
	ibox := boxModel(t, b, frame.Ref)
	e, _ := b.Refs().Lookup(pay.Ref)
	sess, err := tab.remoteSession(ctx, target.ID(e.Frame))
	if err != nil {
		t.Fatal(err)
	}
	c, cancel := within(sess, ctx)
	defer cancel()
	w := tab.knownWorld(cdp.FrameID(e.Frame))
	raw, err := tab.evalIn(c, w, "(() => { const r = __ariadne.elementOf("+strconv.Itoa(e.Handle)+").getBoundingClientRect(); return [r.x, r.y, r.width, r.height]; })()")
	if err != nil {
		t.Fatal(err)
	}
	var r [4]float64
	if err := json.Unmarshal(raw, &r); err != nil {
		t.Fatal(err)
	}
	// iframe-cross.html: a 1px border, no padding.
	want := refs.Box{X: ibox.X + 1 + r[0], Y: ibox.Y + 1 + r[1], Width: r[2], Height: r[3]}
	if !sameBox(*pay.Box, want) {
		t.Errorf("button Pay: box %+v, want %+v", *pay.Box, want)
	}

	// The frame keeps its refs from one snapshot to the next.
	again, err := b.Snapshot(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if a, c := refs.Text(snap.Root, refs.TextOptions{}), refs.Text(again.Root, refs.TextOptions{}); a != c {
		t.Errorf("a second snapshot differs:\n%s", golden.Diff([]byte(a), []byte(c)))
	}
}

// TestFollowOutOfProcessFrames: a tab with a frame in another process is
// followed by its DOM version, the frame's own counted: nothing is read
// again while it holds, and a change in either process is read.
func TestFollowOutOfProcessFrames(t *testing.T) {
	t.Parallel()
	b := siteIsolatedBrowser(t)
	srv := servePages(t)
	inner := servePages(t)
	innerURL := strings.Replace(inner.URL, "127.0.0.1", "localhost", 1) + "/frame-inner.html"
	open(t, b, srv, "iframe-cross.html?src="+innerURL)
	ctx := testContext(t, 60*time.Second)
	s0, v0, err := b.Follow(ctx, "", nil)
	if err != nil || s0 == nil || v0 == "" {
		t.Fatalf("first follow: snapshot %v, version %q, %v", s0 != nil, v0, err)
	}
	// The first read meets the frame's own target: the version read
	// before it did not count that frame, so the next poll reads once more.
	if s, v, err := b.Follow(ctx, v0, s0); err != nil {
		t.Fatal(err)
	} else if s != nil {
		s0, v0 = s, v
	}
	if tab, _ := b.CurrentTab(); tab.refreshes() {
		t.Fatal("the out-of-process frame was not read through its own target")
	}
	if s, v, err := b.Follow(ctx, v0, s0); err != nil || s != nil || v != v0 {
		t.Errorf("a quiet page: snapshot %v, version %q then %q, %v", s != nil, v0, v, err)
	}
	if _, err := b.Evaluate(ctx, "", `() => { document.body.append(Object.assign(document.createElement("h2"), {textContent: "Followed"})); }`); err != nil {
		t.Fatal(err)
	}
	s1, v1, err := b.Follow(ctx, v0, s0)
	if err != nil || s1 == nil || v1 == v0 {
		t.Fatalf("after a change: snapshot %v, version %q then %q, %v", s1 != nil, v0, v1, err)
	}
	liveRef(t, s1.Root, "heading", "Followed")
	// A change inside the frame, in its own process.
	pay := liveRef(t, s1.Root, "button", "Pay")
	if _, err := b.Click(ctx, pay, ActionOptions{}); err != nil {
		t.Fatal(err)
	}
	s2, v2, err := b.Follow(ctx, v1, s1)
	if err != nil || s2 == nil || v2 == v1 {
		t.Fatalf("after a change in the frame: snapshot %v, version %q then %q, %v", s2 != nil, v1, v2, err)
	}
	if !strings.Contains(refs.Text(s2.Root, refs.TextOptions{}), "Error: card number required") {
		t.Errorf("the frame's new status is not in the followed tree:\n%s", refs.Text(s2.Root, refs.TextOptions{}))
	}
	// A tree on screen older than the one the tab holds.
	if s, _, err := b.Follow(ctx, v2, s1); err != nil || s == nil || s.Root != s2.Root {
		t.Errorf("an older tree on screen: Follow should return the tree it holds (%v)", err)
	}
}
