package browser

import (
	"io/fs"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/ariadne-tui/ariadne/demo"
	"github.com/ariadne-tui/ariadne/refs"
)

// fidelityPages lists every test page and every demo page as URLs: the
// pages of testdata/pages from srv (iframe-cross.html with its inner page
// from other, a second origin), our own hard cases (testdata/fidelity,
// served by srv under /fidelity/), and the demo site from demoURL.
func fidelityPages(t *testing.T, srv, other, demoURL string) []string {
	t.Helper()
	var urls []string
	hard, err := filepath.Glob(filepath.Join("testdata", "fidelity", "*.html"))
	if err != nil {
		t.Fatal(err)
	}
	for _, h := range hard {
		urls = append(urls, srv+"/fidelity/"+filepath.Base(h))
	}
	entries, err := os.ReadDir(filepath.Join("..", "testdata", "pages"))
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		name := e.Name()
		if !strings.HasSuffix(name, ".html") {
			continue
		}
		if name == "iframe-cross.html" {
			name += "?src=" + other + "/frame-inner.html"
		}
		urls = append(urls, srv+"/"+name)
	}
	demoPages, err := fs.Glob(demo.Site(), "*.html")
	if err != nil {
		t.Fatal(err)
	}
	sort.Strings(demoPages)
	for _, p := range demoPages {
		urls = append(urls, demoURL+p)
	}
	return urls
}

// TestMatchesPlaywright compares Ariadne's snapshot text (without refs)
// with Playwright's ariaSnapshot() of the same page in the same Chromium,
// for every test page and demo page.
func TestMatchesPlaywright(t *testing.T) {
	needPlaywright(t)
	b := launchTest(t)
	srv := serveFidelity(t)
	other := servePages(t)
	site, err := demo.Start(testContext(t, time.Minute))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { site.Close() })
	urls := fidelityPages(t, srv.URL, other.URL, site.URL())
	want := playwrightSnapshots(t, urls)
	for _, u := range urls {
		name := strings.TrimPrefix(strings.TrimPrefix(u, srv.URL+"/"), site.URL())
		if strings.HasPrefix(u, site.URL()) {
			name = "demo/" + name
		}
		name, _, _ = strings.Cut(name, "?")
		t.Run(name, func(t *testing.T) {
			ctx := testContext(t, 30*time.Second)
			if _, err := b.Open(ctx, u); err != nil {
				t.Fatal(err)
			}
			snap, err := b.Snapshot(ctx)
			if err != nil {
				t.Fatal(err)
			}
			got := refs.Text(snap.Root, refs.TextOptions{NoRefs: true})
			if strings.TrimSpace(want[u]) == "" {
				t.Fatalf("Playwright gave no snapshot of %s", u)
			}
			if d := compareWithPlaywright(got, want[u]); d != "" {
				t.Errorf("%s differs from Playwright's ariaSnapshot():\n%s\nariadne:\n%s\nplaywright:\n%s", u, d, got, want[u])
			}
		})
	}
}

// serveFidelity serves testdata/pages, and testdata/fidelity under
// /fidelity/.
func serveFidelity(t testing.TB) *httptest.Server {
	t.Helper()
	pages, err := filepath.Abs(filepath.Join("..", "testdata", "pages"))
	if err != nil {
		t.Fatal(err)
	}
	mux := http.NewServeMux()
	mux.Handle("/", http.FileServer(http.Dir(pages)))
	mux.Handle("/fidelity/", http.StripPrefix("/fidelity/", http.FileServer(http.Dir(filepath.Join("testdata", "fidelity")))))
	srv := httptest.NewServer(mux)
	t.Cleanup(srv.Close)
	return srv
}

// TestPlaywrightAcceptsOurSnapshot pastes Ariadne's snapshot (without refs)
// into Playwright's expect(page.locator('body')).toMatchAriaSnapshot().
func TestPlaywrightAcceptsOurSnapshot(t *testing.T) {
	needPlaywright(t)
	b := launchTest(t)
	srv := serveFidelity(t)
	for _, page := range []string{"form.html", "table.html", "fidelity/states.html"} {
		t.Run(page, func(t *testing.T) {
			ctx := testContext(t, 30*time.Second)
			u := srv.URL + "/" + page
			if _, err := b.Open(ctx, u); err != nil {
				t.Fatal(err)
			}
			snap, err := b.Snapshot(ctx)
			if err != nil {
				t.Fatal(err)
			}
			file := filepath.Join(t.TempDir(), "snapshot.yaml")
			text := refs.Text(snap.Root, refs.TextOptions{NoRefs: true})
			if err := os.WriteFile(file, []byte(text), 0o644); err != nil {
				t.Fatal(err)
			}
			out, err := runNode(t, time.Minute, []string{"ARIADNE_EXPECT_URL=" + u, "ARIADNE_EXPECT_FILE=" + file},
				filepath.Join("node_modules", "@playwright", "test", "cli.js"), "test", "aria-match.spec.mjs",
				"--output", t.TempDir(), "--reporter=line")
			if err != nil {
				t.Fatalf("Playwright rejected our snapshot of %s: %v\n%s\nours:\n%s", page, err, out, text)
			}
		})
	}
}
