package e2e

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"github.com/ariadne-tui/ariadne/internal/browsertest"
	"github.com/ariadne-tui/ariadne/internal/cli"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/ariadne-tui/ariadne/internal/nettest"

	"github.com/ariadne-tui/ariadne/browser"
)

// Tests of the command line of 'ariadne snapshot' and 'ariadne demo': exit
// status 0 (done), 1 (page or browser error), 2 (bad command line).

// TestMain shares one browser among the tests (internal/browsertest).
func TestMain(m *testing.M) { browsertest.Main(m) }

// cli runs ariadne with args and returns stdout, stderr and the exit status.
func ariadne(t *testing.T, args ...string) (string, string, int) {
	t.Helper()
	var out, errb bytes.Buffer
	e := &cli.Env{Stdin: strings.NewReader(""), Stdout: &out, Stderr: &errb, Launch: browsertest.Launch}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	code := cli.Main(ctx, e, args)
	return out.String(), errb.String(), code
}

func cliNeedsBrowser(t *testing.T) {
	t.Helper()
	if _, err := browser.FindChrome(""); err != nil {
		if os.Getenv("ARIADNE_REQUIRE_BROWSER") != "" {
			t.Fatalf("no browser: %v", err)
		}
		t.Skipf("no browser: %v", err)
	}
}

func snapshotServer(t *testing.T) *httptest.Server {
	t.Helper()
	release := make(chan struct{})
	pages := http.FileServer(http.Dir(filepath.Join("..", "testdata", "pages")))
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

func TestSnapshotCommand(t *testing.T) {
	cliNeedsBrowser(t)
	srv := snapshotServer(t)
	out, errs, code := ariadne(t, "snapshot", srv.URL+"/form.html")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	for _, want := range []string{`- heading "Sign in" [level=1] [ref=e`, `- textbox "Email" [ref=e`, `- checkbox "Remember me" [ref=e`, "  - text: Email\n"} {
		if !strings.Contains(out, want) {
			t.Errorf("snapshot lacks %q:\n%s", want, out)
		}
	}

	out, _, code = ariadne(t, "snapshot", "--no-refs", srv.URL+"/form.html")
	if code != 0 || strings.Contains(out, "[ref=") || !strings.Contains(out, `- button "Sign in"`) {
		t.Errorf("--no-refs: exit %d\n%s", code, out)
	}

	out, _, code = ariadne(t, "snapshot", srv.URL+"/form.html", "--interactive")
	if code != 0 || strings.Contains(out, "- text:") || strings.Contains(out, "heading") || !strings.Contains(out, "radio \"Pro\"") {
		t.Errorf("--interactive: exit %d\n%s", code, out)
	}

	out, _, code = ariadne(t, "snapshot", "--json", srv.URL+"/iframe.html")
	if code != 0 {
		t.Fatalf("--json: exit %d", code)
	}
	var snap struct {
		URL   string `json:"url"`
		Title string `json:"title"`
		Count int    `json:"count"`
		Root  struct {
			Role     string            `json:"role"`
			Children []json.RawMessage `json:"children"`
		} `json:"root"`
	}
	if err := json.Unmarshal([]byte(out), &snap); err != nil {
		t.Fatalf("--json printed %q: %v", out, err)
	}
	if snap.Title != "Iframe" || snap.Count < 8 || snap.Root.Role != "document" || len(snap.Root.Children) == 0 || !strings.HasSuffix(snap.URL, "/iframe.html") {
		t.Errorf("--json: %+v", snap)
	}
	if !strings.Contains(out, `"name": "Pay"`) {
		t.Error("--json lacks the iframe's content")
	}
}

func TestSnapshotPageErrors(t *testing.T) {
	cliNeedsBrowser(t)
	srv := snapshotServer(t)
	closed := "http://" + nettest.ClosedPort(t) + "/"
	for _, tt := range []struct{ url, code string }{
		{closed, "connection_refused"},
		{srv.URL + "/missing.html", "http_error"},
		{srv.URL + "/data.json", "not_html"},
		{"ftp://example.com/", "bad_url"},
	} {
		out, errs, code := ariadne(t, "snapshot", "--timeout", "15s", tt.url)
		if code != 1 {
			t.Errorf("%s: exit %d, want %d", tt.url, code, 1)
		}
		if !strings.Contains(errs, tt.code) || out != "" {
			t.Errorf("%s: stdout %q, stderr %q, want code %s", tt.url, out, errs, tt.code)
		}
	}
}

func TestSnapshotPartial(t *testing.T) {
	cliNeedsBrowser(t)
	srv := snapshotServer(t)
	out, errs, code := ariadne(t, "snapshot", "--timeout", "2s", srv.URL+"/slow.html")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	if !strings.Contains(out, `heading "Slow page"`) || !strings.Contains(errs, "did not finish loading") {
		t.Errorf("stdout:\n%s\nstderr:\n%s", out, errs)
	}
	out, _, code = ariadne(t, "snapshot", "--json", "--timeout", "2s", srv.URL+"/slow.html")
	if code != 0 || !strings.Contains(out, `"partial": true`) {
		t.Errorf("--json of a partial load: exit %d\n%s", code, out)
	}
}

func TestSnapshotDemo(t *testing.T) {
	cliNeedsBrowser(t)
	out, errs, code := ariadne(t, "snapshot", "--no-refs")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	if !strings.Contains(out, `heading "Ariadne demo site" [level=1]`) || !strings.Contains(out, "/url: signin.html") {
		t.Errorf("the demo snapshot:\n%s", out)
	}
}

func TestDemoCommand(t *testing.T) {
	r, w := io.Pipe()
	e := &cli.Env{Stdin: strings.NewReader(""), Stdout: w, Stderr: io.Discard, Launch: browsertest.Launch}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var code int
	var wg sync.WaitGroup
	wg.Go(func() {
		code = cli.Main(ctx, e, []string{"demo"})
		w.Close()
	})
	line, err := bufio.NewReader(r).ReadString('\n')
	if err != nil {
		t.Fatalf("demo printed no URL: %v", err)
	}
	url := strings.TrimSpace(line)
	if !strings.HasPrefix(url, "http://127.0.0.1:") {
		t.Fatalf("demo printed %q", line)
	}
	resp, err := http.Get(url + "signin.html")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		t.Errorf("GET signin.html: %s", resp.Status)
	}
	cancel()
	go io.Copy(io.Discard, r)
	wg.Wait()
	if code != 0 {
		t.Errorf("demo stopped with exit %d", code)
	}
	if _, err := http.Get(url); err == nil {
		t.Error("the demo site still answers after the command ended")
	}
}
