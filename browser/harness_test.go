package browser

import (
	"context"
	"flag"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// The end-to-end tests of this package run a real Chromium against pages
// served from testdata/pages by httptest on loopback.

// TestMain runs the tests with one shared browser, started by the first
// test that needs it; each test gets a browser context of its own in it
// (launchTest), as chromedp's own tests get a tab of their own.
func TestMain(m *testing.M) {
	setParallel()
	code := m.Run()
	if hostStarted.Load() {
		if h, err := sharedHost(); err == nil {
			h.Close()
		}
	}
	os.Exit(code)
}

var (
	hostStarted atomic.Bool
	// sharedHost starts the test binary's browser once, for every test.
	sharedHost = sync.OnceValues(func() (*Host, error) {
		hostStarted.Store(true)
		ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
		defer cancel()
		return StartHost(ctx, Options{})
	})
)

// setParallel sets -parallel to twice go test's default unless the
// command line gave it, as internal/browsertest's SetParallel does (this
// package cannot import it): a browser test mostly waits for the page.
func setParallel() {
	if !flag.Parsed() {
		flag.Parse()
	}
	given := false
	flag.Visit(func(f *flag.Flag) { given = given || f.Name == "test.parallel" })
	if !given {
		flag.Set("test.parallel", strconv.Itoa(2*runtime.GOMAXPROCS(0)))
	}
}

// needChrome skips the test without a browser, unless
// ARIADNE_REQUIRE_BROWSER is set (as in CI), where it fails it.
func needChrome(t testing.TB) {
	t.Helper()
	if _, err := FindChrome(""); err != nil {
		if os.Getenv("ARIADNE_REQUIRE_BROWSER") != "" {
			t.Fatalf("no browser: %v", err)
		}
		t.Skipf("no browser: %v", err)
	}
}

// testOptions are the options of a test's session: short timeouts, then
// what mod changes.
func testOptions(mod []func(*Options)) Options {
	opts := Options{NavTimeout: 15 * time.Second, ActionTimeout: 3 * time.Second}
	for _, m := range mod {
		m(&opts)
	}
	return opts
}

// launchTest opens a session for one test in a browser context of its own
// in the shared browser; it is closed when the test ends. Options that
// belong to the process (Remote, DebugPort, Headful) get a browser of
// their own (launchOwn).
func launchTest(t testing.TB, mod ...func(*Options)) *Browser {
	t.Helper()
	needChrome(t)
	opts := testOptions(mod)
	if opts.Remote != "" || opts.DebugPort != 0 || opts.Headful {
		return launchOwn(t, mod...)
	}
	h, err := sharedHost()
	if err != nil {
		t.Fatalf("starting the shared browser: %v", err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	b, err := h.Launch(ctx, opts)
	if err != nil {
		t.Fatalf("opening a browser context: %v", err)
	}
	t.Cleanup(func() { b.Close() })
	return b
}

// launchOwn starts a browser of its own for a test of what belongs to the
// process (its death, its temporary files, its port); it is closed when
// the test ends.
func launchOwn(t testing.TB, mod ...func(*Options)) *Browser {
	t.Helper()
	needChrome(t)
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	b, err := Launch(ctx, testOptions(mod))
	if err != nil {
		t.Fatalf("launching the browser: %v", err)
	}
	t.Cleanup(func() { b.Close() })
	return b
}

// servePages serves testdata/pages on a loopback httptest server.
func servePages(t testing.TB) *httptest.Server {
	t.Helper()
	dir, err := filepath.Abs(filepath.Join("..", "testdata", "pages"))
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(http.FileServer(http.Dir(dir)))
	t.Cleanup(srv.Close)
	return srv
}

// testContext returns a context that ends with the test or after d.
func testContext(t testing.TB, d time.Duration) context.Context {
	ctx, cancel := context.WithTimeout(context.Background(), d)
	t.Cleanup(cancel)
	return ctx
}

// open launches nothing: it navigates b to path on srv and fails the test on
// error.
func open(t testing.TB, b *Browser, srv *httptest.Server, path string) {
	t.Helper()
	if _, err := b.Open(testContext(t, 20*time.Second), srv.URL+"/"+path); err != nil {
		t.Fatalf("opening %s: %v", path, err)
	}
}

// mainWorld returns the current tab, a context bound to it for d, and
// Ariadne's world in its main frame, for tests that call into the page.
func mainWorld(t testing.TB, b *Browser, d time.Duration) (*Tab, context.Context, *world) {
	t.Helper()
	tab, err := b.CurrentTab()
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := tab.bind(testContext(t, d))
	t.Cleanup(cancel)
	tree, err := tab.frameTree(ctx)
	if err != nil {
		t.Fatal(err)
	}
	w, err := tab.worldFor(ctx, tree.Frame)
	if err != nil {
		t.Fatal(err)
	}
	return tab, ctx, w
}
