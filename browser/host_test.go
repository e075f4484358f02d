package browser

import (
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"testing"
	"time"
)

// Two sessions in one Host are as apart as two browsers: each has its own
// storage, its own tabs (a popup belongs to the session that opened it) and
// its own downloads (a file one session saves, from its page or from a
// frame in it, is reported to that session only and saved in its
// directory).
func TestHostSessionsAreApart(t *testing.T) {
	t.Parallel()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/report.csv":
			w.Header().Set("Content-Type", "text/csv")
			io.WriteString(w, "a,b\n1,2\n")
		case "/inner.html":
			io.WriteString(w, `<!doctype html><title>Inner</title><a href="/report.csv" download="inner.csv">Download from the frame</a>`)
		default:
			io.WriteString(w, `<!doctype html><title>Outer</title>
<a href="/report.csv" download="outer.csv">Download</a>
<a href="/inner.html" target="_blank">Open in new tab</a>
<iframe title="Frame" src="/inner.html"></iframe>`)
		}
	}))
	t.Cleanup(srv.Close)
	a, b := launchTest(t), launchTest(t)
	for _, s := range []*Browser{a, b} {
		if _, err := s.Open(testContext(t, 20*time.Second), srv.URL+"/"); err != nil {
			t.Fatal(err)
		}
	}
	ctx := testContext(t, 30*time.Second)

	if _, err := a.Evaluate(ctx, "", "() => { localStorage.setItem('who', 'a'); document.cookie = 'who=a'; }"); err != nil {
		t.Fatal(err)
	}
	got, err := b.Evaluate(ctx, "", "() => (localStorage.getItem('who') || '') + '|' + document.cookie")
	if err != nil {
		t.Fatal(err)
	}
	if string(got) != `"|"` {
		t.Errorf("session b sees session a's storage and cookies: %s", got)
	}

	res, err := a.Click(ctx, refOf(t, a, "link", "Download", 0), ActionOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Downloads) != 1 || res.Downloads[0].Name != "outer.csv" {
		t.Fatalf("a's click reported downloads %+v, want outer.csv", res.Downloads)
	}
	if filepath.Dir(res.Downloads[0].Path) != a.DownloadDir() {
		t.Errorf("a's download saved as %s, not in a's directory %s", res.Downloads[0].Path, a.DownloadDir())
	}
	res, err = b.Click(ctx, refOf(t, b, "link", "Download from the frame", 0), ActionOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Downloads) != 1 || res.Downloads[0].Name != "inner.csv" || filepath.Dir(res.Downloads[0].Path) != b.DownloadDir() {
		t.Fatalf("b's click in its frame reported downloads %+v, want inner.csv in %s", res.Downloads, b.DownloadDir())
	}
	if d := a.waitDownloads(ctx); len(d) != 0 {
		t.Errorf("session a was told of b's download: %+v", d)
	}
	if entries, _ := os.ReadDir(a.DownloadDir()); len(entries) != 1 {
		t.Errorf("a's download directory holds %d files, want its one", len(entries))
	}

	if _, err := a.Click(ctx, refOf(t, a, "link", "Open in new tab", 0), ActionOptions{}); err != nil {
		t.Fatal(err)
	}
	// A popup's tab can be listed a moment after the click returns: wait
	// for a's second tab (the context bounds the wait).
	var ta []TabInfo
	for len(ta) < 2 {
		if ta, err = a.Tabs(ctx); err != nil {
			t.Fatal(err)
		}
		if len(ta) < 2 && sleep(ctx, 50*time.Millisecond) != nil {
			t.Fatalf("a's popup never became a tab of a: %+v", ta)
		}
	}
	tb, err := b.Tabs(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if len(ta) != 2 || len(tb) != 1 {
		t.Errorf("after a's popup: a has %d tabs (want 2), b has %d (want 1)", len(ta), len(tb))
	}

	// Closing one session leaves the other working.
	if err := a.Close(); err != nil {
		t.Fatal(err)
	}
	if _, err := b.Snapshot(ctx); err != nil {
		t.Errorf("b after a closed: %v", err)
	}
}
