// Package browsertest gives a test binary one shared Chromium and each test
// a session of its own in it (a browser context: its own tabs, storage and
// downloads), as chromedp's own tests share one browser and give each test
// a tab. A fresh Chromium costs seconds; a context a fraction of one.
//
// A package's tests call Main from TestMain, then New (or Launch, where a
// command line starts the browser itself). The browser starts with the
// first test that asks for it, so a test binary that needs none starts
// none. A test of what belongs to the process (its death, its window, its
// port, --remote) gets a browser of its own: Launch routes such options to
// browser.Launch.
//
// Import it from _test.go files only. It imports browser and nothing else
// of ours.
package browsertest

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

	"github.com/ariadne-tui/ariadne/browser"
)

// The test binary's browser: started once, by the first test that needs
// it, and closed by Main.
var (
	started atomic.Bool
	host    = sync.OnceValues(func() (*browser.Host, error) {
		started.Store(true)
		ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
		defer cancel()
		return browser.StartHost(ctx, browser.Options{})
	})
)

// Main runs the tests, closes the shared browser if one started, and
// exits. Call it from TestMain: func TestMain(m *testing.M) { browsertest.Main(m) }.
func Main(m *testing.M) { os.Exit(Run(m)) }

// Run is Main for a TestMain that has more to undo before it exits: it runs
// the tests, closes the shared browser and returns the exit code. Unless
// -parallel is given, it runs up to Parallel tests at once.
func Run(m *testing.M) int {
	SetParallel()
	code := m.Run()
	if started.Load() {
		if h, err := host(); err == nil {
			h.Close()
		}
	}
	return code
}

// Parallel is how many parallel tests a test binary with browser tests
// runs at once unless -parallel says otherwise: twice go test's default
// (GOMAXPROCS). A browser test spends most of its time waiting for the
// page, so go test's default leaves the cores idle; more than this starves
// the pages' renderers on a loaded machine.
func Parallel() int { return 2 * runtime.GOMAXPROCS(0) }

// SetParallel sets -parallel to Parallel() unless the command line gave
// it. Call it in TestMain before m.Run (Run does).
func SetParallel() {
	if !flag.Parsed() {
		flag.Parse()
	}
	given := false
	flag.Visit(func(f *flag.Flag) { given = given || f.Name == "test.parallel" })
	if !given {
		flag.Set("test.parallel", strconv.Itoa(Parallel()))
	}
}

// Need skips t when there is no browser (or with -short), unless
// ARIADNE_REQUIRE_BROWSER is set (as in CI), where it fails t.
func Need(t testing.TB) {
	t.Helper()
	if testing.Short() {
		t.Skip("-short: no browser tests")
	}
	if _, err := browser.FindChrome(""); err != nil {
		if os.Getenv("ARIADNE_REQUIRE_BROWSER") != "" {
			t.Fatalf("no browser: %v", err)
		}
		t.Skipf("no browser: %v", err)
	}
}

// Launch opens a session: in the shared browser, or, when opts name what
// belongs to a process (Remote, Headful, DebugPort, ChromePath), in a
// browser of its own. It has browser.Launch's signature, for a command
// line's Env.
func Launch(ctx context.Context, opts browser.Options) (*browser.Browser, error) {
	if opts.Remote != "" || opts.Headful || opts.DebugPort != 0 || opts.ChromePath != "" {
		return browser.Launch(ctx, opts)
	}
	h, err := host()
	if err != nil {
		return nil, err
	}
	return h.Launch(ctx, opts)
}

// New opens a session for t with opts (see Launch) and closes it when t
// ends.
func New(t testing.TB, opts browser.Options) *browser.Browser {
	t.Helper()
	Need(t)
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	b, err := Launch(ctx, opts)
	if err != nil {
		t.Fatalf("opening a browser session: %v", err)
	}
	t.Cleanup(func() { b.Close() })
	return b
}

// Root returns the repository's root directory (the one with go.mod),
// from the test's package directory.
func Root(t testing.TB) string {
	t.Helper()
	dir, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			t.Fatal("no go.mod above the test's directory")
		}
		dir = parent
	}
}

// Pages serves the repository's testdata/pages on a loopback server that
// closes when t ends.
func Pages(t testing.TB) *httptest.Server {
	t.Helper()
	srv := httptest.NewServer(http.FileServer(http.Dir(filepath.Join(Root(t), "testdata", "pages"))))
	t.Cleanup(srv.Close)
	return srv
}
