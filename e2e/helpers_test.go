// Package e2e holds Ariadne's end-to-end tests: the command line's front
// ends (snapshot, locators, run, record, replay, export, import, the
// explorer, mcp, demo) driven in process through cli.Main, with the
// sessions in the test binary's one shared Chromium (internal/browsertest).
//
// The tests come in three tiers, by build tag:
//
//   - none (go test ./e2e): what needs only Go and Chromium, in process.
//   - e2e: process-level tests (signals, SIGKILL, tmux, a built ariadne,
//     hostile pages that wait out timeouts on purpose), in *_e2e_test.go.
//   - compat: the exports and the MCP server checked in real third-party
//     tools (Playwright Test, @puppeteer/replay, the MCP SDK client and
//     inspector, chromedp programs, py_compile), in *_compat_test.go.
//
// The 'ariadne run' scripts are data: testdata/scripts/*.txtar, run by
// TestScripts (run_test.go).
package e2e

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/ariadne-tui/ariadne/internal/browsertest"
	"github.com/ariadne-tui/ariadne/internal/cli"
	"github.com/ariadne-tui/ariadne/internal/nodetools"
	"github.com/ariadne-tui/ariadne/recordings"
	"github.com/ariadne-tui/ariadne/refs"
)

// atExit is what TestMain undoes once the tests are done (what the e2e
// and compat tiers build once); append to it from a sync.Once.
var atExit []func()

// TestMain shares one browser among the tests (internal/browsertest).
func TestMain(m *testing.M) {
	code := browsertest.Run(m)
	for _, f := range atExit {
		f()
	}
	nodetools.CloseReplayBrowser()
	os.Exit(code)
}

// testPassword is the password the recorded sign-ins type; replays and
// the tools get it as ARIADNE_SECRET_PASSWORD.
const testPassword = "correct horse"

// ariadne runs the command line with args, in process with the shared
// browser, and returns stdout, stderr and the exit status.
func ariadne(t *testing.T, args ...string) (string, string, int) {
	t.Helper()
	return ariadneIn(t, "", args...)
}

// ariadneIn is ariadne with stdin.
func ariadneIn(t *testing.T, stdin string, args ...string) (string, string, int) {
	t.Helper()
	var out, errb bytes.Buffer
	e := &cli.Env{Stdin: strings.NewReader(stdin), Stdout: &out, Stderr: &errb, Launch: browsertest.Launch, LookupEnv: lookupEnv(t)}
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	code := cli.Main(ctx, e, args)
	return out.String(), errb.String(), code
}

// testEnv holds the environment tests give the commands they run, by test
// name: what setenv and unsetenv set, over the process's own.
var testEnv sync.Map // test name → map[string]*string (nil: unset)

// setenv sets key to value in the environment of the commands t and its
// subtests run, as t.Setenv would, but without changing the process's
// environment, so that t can run in parallel.
func setenv(t *testing.T, key, value string) { putenv(t, key, &value) }

// unsetenv unsets key for the commands t and its subtests run (setenv).
func unsetenv(t *testing.T, key string) { putenv(t, key, nil) }

func putenv(t *testing.T, key string, value *string) {
	v, loaded := testEnv.LoadOrStore(t.Name(), map[string]*string{})
	if !loaded {
		t.Cleanup(func() { testEnv.Delete(t.Name()) })
	}
	v.(map[string]*string)[key] = value
}

// lookupEnv is the environment of the commands t runs: what setenv and
// unsetenv gave t or the tests above it, else the process's.
func lookupEnv(t *testing.T) func(string) (string, bool) {
	return func(key string) (string, bool) {
		for name := t.Name(); ; {
			if v, ok := testEnv.Load(name); ok {
				if val, ok := v.(map[string]*string)[key]; ok {
					if val == nil {
						return "", false
					}
					return *val, true
				}
			}
			i := strings.LastIndex(name, "/")
			if i < 0 {
				return os.LookupEnv(key)
			}
			name = name[:i]
		}
	}
}

// needBrowser skips t when there is no browser, or fails it when
// ARIADNE_REQUIRE_BROWSER is set.
func needBrowser(t *testing.T) {
	t.Helper()
	browsertest.Need(t)
}

// pagesDir is testdata/pages, from the package's directory.
var pagesDir = filepath.Join("..", "testdata", "pages")

// snapshotServer serves testdata/pages and a few pages that load slowly:
// data.json (not HTML), slow.html (an image that never loads), late.json
// (what late.html fetches, answered after 1.2 s).
func snapshotServer(t *testing.T) *httptest.Server {
	t.Helper()
	release := make(chan struct{})
	pages := http.FileServer(http.Dir(pagesDir))
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/data.json":
			w.Header().Set("Content-Type", "application/json")
			io.WriteString(w, `{"a": 1}`)
		case "/slow.html":
			w.Header().Set("Content-Type", "text/html; charset=utf-8")
			io.WriteString(w, `<!doctype html><title>Slow</title><h1>Slow page</h1><img src="/never.png" alt="never">`)
		case "/late.json":
			select { // late.html's fetch: the network is busy for a while after load
			case <-time.After(1200 * time.Millisecond):
			case <-r.Context().Done():
			}
			w.Header().Set("Content-Type", "application/json")
			io.WriteString(w, `{"late": true}`)
		case "/never.png":
			w.Header().Set("Content-Type", "image/png")
			w.(http.Flusher).Flush()
			select {
			case <-release:
			case <-r.Context().Done():
			}
		default:
			pages.ServeHTTP(w, r)
		}
	}))
	t.Cleanup(func() { close(release); srv.Close() })
	return srv
}

// hostileServer serves testdata/hostile, and testdata/pages under /pages/.
func hostileServer(t *testing.T) *httptest.Server {
	t.Helper()
	mux := http.NewServeMux()
	mux.Handle("/", http.FileServer(http.Dir(filepath.Join("..", "testdata", "hostile"))))
	mux.Handle("/pages/", http.StripPrefix("/pages", http.FileServer(http.Dir(pagesDir))))
	srv := httptest.NewServer(mux)
	t.Cleanup(srv.Close)
	return srv
}

// appsServer serves testdata/pages, with /apps/NAME.html answered by
// the release the returned function selects ("" is the original), and
// /release/RELEASE/apps/NAME.html by that release whatever is selected
// ("original" is the original; see atRelease).
func appsServer(t *testing.T) (*httptest.Server, func(variant string)) {
	t.Helper()
	var variant atomic.Value
	variant.Store("")
	files := http.FileServer(http.Dir(pagesDir))
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		v := variant.Load().(string)
		if rest, ok := strings.CutPrefix(r.URL.Path, "/release/"); ok {
			if release, path, ok := strings.Cut(rest, "/"); ok {
				v, r.URL.Path = strings.TrimPrefix(release, "original"), "/"+path
			}
		}
		if v != "" && strings.HasPrefix(r.URL.Path, "/apps/") && strings.HasSuffix(r.URL.Path, ".html") {
			http.ServeFile(w, r, filepath.Join(pagesDir, strings.TrimSuffix(r.URL.Path, ".html")+"."+v+".html"))
			return
		}
		files.ServeHTTP(w, r)
	}))
	t.Cleanup(srv.Close)
	return srv, func(v string) { variant.Store(v) }
}

// framesServer serves testdata/pages, where /frames/RELEASE/NAME is that
// release's file when it has one (broken, declined: the files that
// differ), else the original's. (No page there is named index.html, which
// the file server would redirect to its folder.)
func framesServer(t *testing.T) *httptest.Server {
	t.Helper()
	files := http.FileServer(http.Dir(pagesDir))
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if rest, ok := strings.CutPrefix(r.URL.Path, "/frames/"); ok {
			if release, name, ok := strings.Cut(rest, "/"); ok && release != "original" && !strings.Contains(name, "/") {
				if _, err := os.Stat(filepath.Join(pagesDir, "frames", release, name)); err != nil {
					r.URL.Path = "/frames/original/" + name
				}
			}
		}
		files.ServeHTTP(w, r)
	}))
	t.Cleanup(srv.Close)
	return srv
}

// otherSite is base (http://127.0.0.1:PORT...) by its other loopback
// name: the same server, another site, whose frames Chromium runs out of
// process where it isolates sites.
func otherSite(base string) string { return strings.Replace(base, "127.0.0.1", "localhost", 1) }

// runResult is one line of 'ariadne run' output.
type runResult map[string]any

func (r runResult) ok() bool { v, _ := r["ok"].(bool); return v }

func (r runResult) code() string {
	e, _ := r["error"].(map[string]any)
	c, _ := e["code"].(string)
	return c
}

func (r runResult) message() string {
	e, _ := r["error"].(map[string]any)
	m, _ := e["message"].(string)
	return m
}

// runArgs is the command line of 'ariadne run' for a test script: the
// timeouts every script runs with, then flags.
func runArgs(flags ...string) []string {
	return append([]string{"run", "--action-timeout", "3s", "--timeout", "15s"}, flags...)
}

// runTestScript runs script (with {{URL}} replaced by base) through 'ariadne
// run' and returns its results and exit status.
func runTestScript(t *testing.T, base, script string, flags ...string) ([]runResult, int) {
	t.Helper()
	needBrowser(t)
	out, errs, code := ariadneIn(t, strings.ReplaceAll(script, "{{URL}}", base), runArgs(flags...)...)
	if errs != "" {
		t.Logf("stderr: %s", errs)
	}
	return parseResults(t, out), code
}

// parseResults reads 'ariadne run' output, one JSON object a line.
func parseResults(t *testing.T, out string) []runResult {
	t.Helper()
	var res []runResult
	for line := range strings.Lines(out) {
		if strings.TrimSpace(line) == "" {
			continue
		}
		var r runResult
		if err := json.Unmarshal([]byte(line), &r); err != nil {
			t.Fatalf("bad JSON line %q: %v", line, err)
		}
		res = append(res, r)
	}
	return res
}

// expect checks each result against want: "ok" or an error code.
func expect(t *testing.T, res []runResult, want ...string) {
	t.Helper()
	if len(res) != len(want) {
		for _, r := range res {
			t.Logf("%v", r)
		}
		t.Fatalf("got %d results, want %d", len(res), len(want))
	}
	for i, r := range res {
		got := "ok"
		if !r.ok() {
			got = r.code()
		}
		if got != want[i] {
			t.Errorf("line %v %q: got %s (%s), want %s", r["line"], r["cmd"], got, r.message(), want[i])
		}
	}
}

// recordScript records script against base into a new file.
func recordScript(t *testing.T, base, name, script string) string {
	t.Helper()
	file := filepath.Join(t.TempDir(), name)
	res, code := runTestScript(t, base, script, "--record", file)
	if code != 0 {
		for _, r := range res {
			t.Logf("%v", r)
		}
		t.Fatalf("recording %s: exit status %d", name, code)
	}
	return file
}

// replayCmd runs 'ariadne replay' and returns its output and exit status.
func replayCmd(t *testing.T, args ...string) (stdout, stderr string, code int) {
	t.Helper()
	needBrowser(t)
	return ariadne(t, append([]string{"replay", "--action-timeout", "3s", "--timeout", "15s"}, args...)...)
}

// exportRun runs 'ariadne export' with args.
func exportRun(t *testing.T, args ...string) (stdout, stderr string, code int) {
	t.Helper()
	return ariadne(t, append([]string{"export"}, args...)...)
}

// exportCmd runs 'ariadne export' on file into out, and fails t if it
// fails.
func exportCmd(t *testing.T, format, file, out string) {
	t.Helper()
	if _, stderr, code := exportRun(t, "--format", format, file, "-o", out); code != 0 {
		t.Fatalf("export %s: exit %d: %s", format, code, stderr)
	}
}

// importFlow writes the DevTools flow to dir/flow.json, imports it into
// dir/flow.jsonl and returns both paths and the recording.
func importFlow(t *testing.T, dir, flow string) (devtools, file string, rec *recordings.Recording) {
	t.Helper()
	devtools = filepath.Join(dir, "flow.json")
	writeText(t, devtools, flow)
	rec, err := recordings.ImportDevTools(strings.NewReader(flow))
	if err != nil {
		t.Fatalf("import: %v", err)
	}
	file = filepath.Join(dir, "flow.jsonl")
	if err := recordings.Save(file, rec); err != nil {
		t.Fatal(err)
	}
	return devtools, file, rec
}

// exportTwice exports rec as DevTools JSON, imports that and exports it
// again: it returns the first export, and whether the second is the same
// (an error says how they differ).
func exportTwice(t *testing.T, rec *recordings.Recording) ([]byte, bool) {
	t.Helper()
	var first, second bytes.Buffer
	if err := recordings.ExportDevTools(rec, &first); err != nil {
		t.Fatal(err)
	}
	again, err := recordings.ImportDevTools(bytes.NewReader(first.Bytes()))
	if err == nil {
		err = recordings.ExportDevTools(again, &second)
	}
	if err != nil || !bytes.Equal(first.Bytes(), second.Bytes()) {
		t.Errorf("export, import, export differs (%v):\n%s\n---\n%s", err, first.String(), second.String())
		return first.Bytes(), false
	}
	return first.Bytes(), true
}

// loadRecording loads a recording file, failing t on any problem.
func loadRecording(t *testing.T, file string) *recordings.Recording {
	t.Helper()
	rec, problems, err := recordings.Load(file)
	if err != nil || len(problems) > 0 {
		t.Fatalf("loading %s: %v %v", file, err, problems)
	}
	return rec
}

var failedAt = regexp.MustCompile(`replay failed at step (\d+) of (\d+)`)

// stepOf returns the replay's number ([N/...]) of the first recorded
// step whose summary holds what.
func stepOf(t *testing.T, rec *recordings.Recording, what string) int {
	t.Helper()
	offset := recordings.StepCount(rec) - len(rec.Steps) // the navigate a replay adds
	for i, s := range rec.Steps {
		if strings.Contains(recordings.Summary(s), what) {
			return i + 1 + offset
		}
	}
	t.Fatalf("no step says %q", what)
	return 0
}

func atoi(t *testing.T, s string) int {
	t.Helper()
	n, err := strconv.Atoi(s)
	if err != nil {
		t.Fatal(err)
	}
	return n
}

func readText(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func writeText(t *testing.T, path, s string) {
	t.Helper()
	if err := os.WriteFile(path, []byte(s), 0o644); err != nil {
		t.Fatal(err)
	}
}

// noRawHidden fails if out holds a hidden character other than newline.
func noRawHidden(t *testing.T, what, out string) {
	t.Helper()
	if err := rawHidden(out); err != nil {
		t.Fatalf("%s: %v", what, err)
	}
}

// rawHidden says where out holds a hidden character (refs.Hidden) other
// than newline, nil when it holds none.
func rawHidden(out string) error {
	for i, r := range out {
		if refs.Hidden(r) && r != '\n' {
			return fmt.Errorf("U+%04X raw at byte %d:\n%s", r, i, out[max(0, i-80):min(len(out), i+80)])
		}
	}
	return nil
}

// startChromium starts a headless Chromium with a DevTools port of its
// own (and the extra flags) and returns its http://127.0.0.1:PORT address,
// for --remote: the tests of attaching to a browser get one of their own.
func startChromium(t *testing.T, extra ...string) string {
	t.Helper()
	chrome := "/usr/bin/chromium"
	if p := os.Getenv("CHROME_PATH"); p != "" {
		chrome = p
	}
	if _, err := os.Stat(chrome); err != nil {
		t.Skipf("no Chromium at %s to attach to", chrome)
	}
	// Not t.TempDir: Chromium's child processes can still be writing the
	// profile for a moment after the browser is killed.
	profile, err := os.MkdirTemp("", "ariadne-remote-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		for i := 0; i < 20 && os.RemoveAll(profile) != nil; i++ {
			time.Sleep(100 * time.Millisecond)
		}
	})
	args := []string{"--headless", "--remote-debugging-port=0", "--user-data-dir=" + profile, "--no-first-run",
		"--disable-background-networking", "--disable-sync"}
	args = append(append(args, extra...), "about:blank")
	if os.Geteuid() == 0 {
		args = append(args, "--no-sandbox")
	}
	cmd := exec.Command(chrome, args...)
	cmd.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
	portFile := filepath.Join(profile, "DevToolsActivePort")
	deadline := time.Now().Add(20 * time.Second)
	for time.Now().Before(deadline) {
		if b, err := os.ReadFile(portFile); err == nil {
			if port, _, ok := strings.Cut(string(b), "\n"); ok && port != "" {
				return "http://127.0.0.1:" + port
			}
		}
		time.Sleep(50 * time.Millisecond)
	}
	t.Fatal("Chromium did not write DevToolsActivePort")
	return ""
}
