package ui

import (
	"strings"
	"testing"

	"github.com/ariadne-tui/ariadne/internal/browsertest"
)

// :open with a URL as typed (no scheme) says "opened" with the URL the
// browser opened, and the header shows the new URL as loading, not under
// the old page's title.
func TestOpenSaysTheResolvedURL(t *testing.T) {
	t.Parallel()
	h := newHarness(t, fakeOptions(newFake()), 120, 40)
	h.ready()
	h.keys(":")
	h.typeText("open shop.test/next")
	h.keys("enter")
	head := strings.Split(h.screen(), "\n")[0]
	if !strings.Contains(head, "loading…") || !strings.Contains(head, "https://shop.test/next") || strings.Contains(head, "Fake shop") {
		t.Errorf("the header while loading: %q", head)
	}
	h.until("the page", func() bool { return h.m.busy == nil && h.m.title == "Next page" })
	if got := h.m.StatusText(); got != "opened https://shop.test/next" {
		t.Errorf("status %q", got)
	}
	if head := strings.Split(h.screen(), "\n")[0]; !strings.Contains(head, "Next page — https://shop.test/next") || strings.Contains(head, "loading") {
		t.Errorf("the header after loading: %q", head)
	}
}

// An HTTP error says what failed, ✗ and its code on the first line, and
// the status without the URL said twice, so that it fits in one line.
func TestHTTPErrorShowsItsCode(t *testing.T) {
	t.Parallel()
	browsertest.Need(t)
	h, _ := openPage(t, "controls.html", 120, 40)
	h.keys(":")
	h.typeText("open " + strings.TrimSuffix(strings.TrimPrefix(h.m.url, "http://"), "controls.html") + "missing.html") // as typed: no scheme
	h.keys("enter")
	h.until("the error", func() bool { return h.m.busy == nil && h.m.status.kind == statusErr })
	lines := strings.Split(h.screen(), "\n")
	status := lines[len(lines)-2]
	want := "✗ open http://127.0.0.1:PORT/missing.html: the server answered with an error [http_error] — HTTP 404 Not Found"
	if status != want {
		t.Errorf("status line %q, want %q\n%s", status, want, h.screen())
	}
}
