package browser

import (
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/ariadne-tui/ariadne/refs"
)

// An action waits for the requests it started: after a click whose handler
// fetches something slow and then writes the answer, the answer is there
// when the click returns, with no wait of the caller's own.
func TestActionWaitsForNetworkQuiet(t *testing.T) {
	t.Parallel()
	b := launchTest(t)
	mux := http.NewServeMux()
	mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		io.WriteString(w, `<!doctype html><title>Net</title><main>
<button onclick="fetch('/slow').then(r => r.text()).then(t => { document.getElementById('s').textContent = t })">Load</button>
<p role="status" id="s">idle</p></main>`)
	})
	mux.HandleFunc("/slow", func(w http.ResponseWriter, r *http.Request) {
		time.Sleep(400 * time.Millisecond)
		io.WriteString(w, "loaded from the server")
	})
	srv := httptest.NewServer(mux)
	t.Cleanup(srv.Close)
	ctx := testContext(t, 30*time.Second)
	if _, err := b.Open(ctx, srv.URL); err != nil {
		t.Fatal(err)
	}
	snap, err := b.Snapshot(ctx)
	if err != nil {
		t.Fatal(err)
	}
	var load string
	snap.Root.Walk(func(n *refs.Node, _ int) bool {
		if n.Role == "button" && n.Name == "Load" {
			load = n.Ref
		}
		return true
	})
	if _, err := b.Click(ctx, load, ActionOptions{}); err != nil {
		t.Fatal(err)
	}
	after, err := b.Snapshot(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if text := refs.Text(after.Root, refs.TextOptions{}); !strings.Contains(text, "loaded from the server") {
		t.Fatalf("the click returned before its request finished:\n%s", text)
	}
}

// WaitIdle waits for the page's frames to stop loading too, and its
// timeout says so: a page whose iframe's document never finishes is never
// idle, and the error names the frames as what it waited for.
func TestWaitIdleWaitsForFrames(t *testing.T) {
	t.Parallel()
	b := launchTest(t)
	done := make(chan struct{})
	mux := http.NewServeMux()
	mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		io.WriteString(w, `<!doctype html><title>Frames</title><main><p>Checkout</p><iframe src="/slow-frame"></iframe></main>`)
	})
	mux.HandleFunc("/slow-frame", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html")
		io.WriteString(w, "<!doctype html><p>Card</p>")
		w.(http.Flusher).Flush()
		select { // the document never ends while the test runs
		case <-done:
		case <-r.Context().Done():
		}
	})
	srv := httptest.NewServer(mux)
	t.Cleanup(srv.Close)
	t.Cleanup(func() { close(done) })
	ctx := testContext(t, 60*time.Second)
	if _, err := b.Open(ctx, srv.URL); err != nil {
		t.Fatal(err)
	}
	err := b.WaitIdle(ctx, 2*time.Second)
	if refs.CodeOf(err) != refs.CodeTimeout || !strings.Contains(err.Error(), "no frame loading") {
		t.Fatalf("WaitIdle on a page whose frame is still loading: got %v, want a timeout naming the frames", err)
	}
}
