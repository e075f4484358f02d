package browser

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/ariadne-tui/ariadne/internal/nettest"

	"github.com/ariadne-tui/ariadne/refs"
)

func TestNormalizeURL(t *testing.T) {
	t.Parallel()
	tests := []struct {
		in, want string
		code     refs.Code
	}{
		{"example.com", "https://example.com/", ""},
		{"  example.com/docs?q=1#top ", "https://example.com/docs?q=1#top", ""},
		{"https://example.com", "https://example.com/", ""},
		{"http://example.com/a b", "", refs.CodeBadURL},
		{"HTTP://Example.com/x", "http://Example.com/x", ""},
		{"localhost:8080", "http://localhost:8080/", ""},
		{"localhost", "http://localhost/", ""},
		{"app.localhost:3000/x", "http://app.localhost:3000/x", ""},
		{"127.0.0.1:9000/page", "http://127.0.0.1:9000/page", ""},
		{"[::1]:8080", "http://[::1]:8080/", ""},
		{"10.0.0.7", "http://10.0.0.7/", ""},
		{"devbox:8080", "http://devbox:8080/", ""},
		{"example.com:8443", "https://example.com:8443/", ""},
		{"about:blank", "about:blank", ""},
		{"data:text/html,<p>hi</p>", "data:text/html,<p>hi</p>", ""},
		{"file:///tmp/page.html", "file:///tmp/page.html", ""},
		{"view-source:https://example.com", "view-source:https://example.com", ""},
		{"", "", refs.CodeBadURL},
		{"   ", "", refs.CodeBadURL},
		{"ftp://example.com/file", "", refs.CodeBadURL},
		{"javascript:alert(1)", "", refs.CodeBadURL},
		{"http://", "", refs.CodeBadURL},
		{"https:///path", "", refs.CodeBadURL},
		{"exa mple.com", "", refs.CodeBadURL},
		{"http://exa\tmple.com", "", refs.CodeBadURL},
		{"http://[::1", "", refs.CodeBadURL},
	}
	for _, tt := range tests {
		got, err := NormalizeURL(tt.in)
		if code := refs.CodeOf(err); code != tt.code {
			t.Errorf("NormalizeURL(%q): error %v, want code %q", tt.in, err, tt.code)
			continue
		}
		if got != tt.want {
			t.Errorf("NormalizeURL(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

// TestOpenErrors checks the error code of each way a navigation fails.
func TestOpenErrors(t *testing.T) {
	t.Parallel()
	b := launchTest(t)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/json":
			w.Header().Set("Content-Type", "application/json")
			w.Write([]byte(`{"ok": true}`))
		case "/text":
			w.Header().Set("Content-Type", "text/plain; charset=utf-8")
			w.Write([]byte("plain text\n"))
		case "/gone":
			http.Error(w, "gone", http.StatusGone)
		case "/error":
			http.Error(w, "boom", http.StatusInternalServerError)
		default:
			http.NotFound(w, r)
		}
	}))
	t.Cleanup(srv.Close)
	tests := []struct {
		name, url string
		code      refs.Code
	}{
		{"connection refused", "http://" + nettest.ClosedPort(t) + "/", refs.CodeConnectionRefused},
		{"dns", "http://nonexistent.invalid/", refs.CodeDNS},
		{"bad url", "ftp://example.com/", refs.CodeBadURL},
		{"bad url spaces", "not a url", refs.CodeBadURL},
		{"404", srv.URL + "/missing", refs.CodeHTTPError},
		{"410", srv.URL + "/gone", refs.CodeHTTPError},
		{"500", srv.URL + "/error", refs.CodeHTTPError},
		{"json", srv.URL + "/json", refs.CodeNotHTML},
		{"plain text", srv.URL + "/text", refs.CodeNotHTML},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := b.Open(testContext(t, 30*time.Second), tt.url)
			if code := refs.CodeOf(err); code != tt.code {
				t.Fatalf("Open(%s): %v, want code %s", tt.url, err, tt.code)
			}
			if msg := err.Error(); !strings.Contains(msg, string(tt.code)) {
				t.Errorf("message %q does not name the code", msg)
			}
		})
	}
	// The browser is still usable after all of that.
	open(t, b, servePages(t), "form.html")
	if _, err := b.Snapshot(testContext(t, 20*time.Second)); err != nil {
		t.Fatal(err)
	}
}

// TestOpenPartial loads a page whose image never finishes: Open gives up
// after the navigation timeout, says so, and the page is snapshotted as it
// is.
func TestOpenPartial(t *testing.T) {
	t.Parallel()
	b := launchTest(t, func(o *Options) { o.NavTimeout = 2 * time.Second })
	release := make(chan struct{})
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/":
			w.Header().Set("Content-Type", "text/html; charset=utf-8")
			w.Write([]byte(`<!doctype html><title>Slow</title><h1>Still loading</h1><button>Ready anyway</button><img src="/never.png" alt="Never">`))
		case "/never.png":
			w.Header().Set("Content-Type", "image/png")
			w.WriteHeader(http.StatusOK)
			w.(http.Flusher).Flush()
			select {
			case <-release:
			case <-r.Context().Done():
			}
		}
	}))
	t.Cleanup(func() { close(release); srv.Close() })
	start := time.Now()
	nav, err := b.Open(testContext(t, 30*time.Second), srv.URL+"/")
	if err != nil {
		t.Fatal(err)
	}
	if !nav.Partial {
		t.Errorf("Open of a page that never loads: Partial is false (%+v)", nav)
	}
	// Partial above is the correctness check; the time is a log line, as
	// a timed assertion is flaky on a loaded machine (the context's 30 s
	// deadline bounds it).
	t.Logf("Open took %v with a 2s navigation timeout", time.Since(start))
	snap, err := b.Snapshot(testContext(t, 20*time.Second))
	if err != nil {
		t.Fatal(err)
	}
	findNode(t, snap.Root, "heading", "Still loading")
	findNode(t, snap.Root, "button", "Ready anyway")
}

// TestOpenLateLoadReportsStatus: an error page whose load event never comes
// (an image that never finishes) is still reported as the HTTP error it
// is, not as a partial success.
func TestOpenLateLoadReportsStatus(t *testing.T) {
	t.Parallel()
	b := launchTest(t, func(o *Options) { o.NavTimeout = 2 * time.Second })
	release := make(chan struct{})
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/gone":
			w.Header().Set("Content-Type", "text/html; charset=utf-8")
			w.WriteHeader(http.StatusGone)
			w.Write([]byte(`<!doctype html><title>Gone</title><h1>Gone</h1><img src="/never.png" alt="Never">`))
		case "/never.png":
			w.Header().Set("Content-Type", "image/png")
			w.WriteHeader(http.StatusOK)
			w.(http.Flusher).Flush()
			select {
			case <-release:
			case <-r.Context().Done():
			}
		}
	}))
	t.Cleanup(func() { close(release); srv.Close() })
	nav, err := b.Open(testContext(t, 30*time.Second), srv.URL+"/gone")
	if code := refs.CodeOf(err); code != refs.CodeHTTPError {
		t.Fatalf("Open of a 410 page that never finishes loading: %v (%+v), want code %s", err, nav, refs.CodeHTTPError)
	}
	if nav == nil || nav.Status != http.StatusGone {
		t.Errorf("status %+v, want 410", nav)
	}
}
