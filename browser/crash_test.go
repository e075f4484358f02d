//go:build e2e

package browser

import (
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/ariadne-tui/ariadne/refs"
)

// A browser that dies under Ariadne gives browser_closed, not a hang or a
// panic.
func TestBrowserKilled(t *testing.T) {
	t.Parallel()
	b := launchOwn(t)
	srv := servePages(t)
	open(t, b, srv, "form.html")
	if _, err := b.Snapshot(testContext(t, 10*time.Second)); err != nil {
		t.Fatal(err)
	}
	p := chromedp.FromContext(b.first).Browser.Process()
	if p == nil {
		t.Skip("no browser process to kill (remote browser)")
	}
	if err := p.Kill(); err != nil {
		t.Fatal(err)
	}
	p.Wait()
	ctx := testContext(t, 10*time.Second)
	_, err := b.Open(ctx, srv.URL+"/form.html")
	if code := refs.CodeOf(err); code != refs.CodeBrowserClosed {
		t.Fatalf("open after the browser died: %v (code %q), want browser_closed", err, code)
	}
	if _, err := b.Click(ctx, "e1", ActionOptions{}); refs.CodeOf(err) != refs.CodeBrowserClosed {
		t.Fatalf("click after the browser died: %v, want browser_closed", err)
	}
	if b.Alive() {
		t.Fatal("Alive() should report the dead browser")
	}
}
