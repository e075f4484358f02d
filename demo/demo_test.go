package demo

import (
	"context"
	"fmt"
	"io"
	"io/fs"
	"net/http"
	"net/url"
	"path"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"
)

// refPatterns find the URLs a page or stylesheet refers to: attributes,
// CSS url(), and the window.open calls in our scripts.
var refPatterns = []*regexp.Regexp{
	regexp.MustCompile(`\b(?:href|src)="([^"]*)"`),
	regexp.MustCompile(`url\(\s*['"]?([^'")]+)`),
	regexp.MustCompile(`\bopen\('([^']+)'`),
}

// refs returns the URLs body refers to, skipping same-page anchors and
// data: URLs.
func refs(body string) []string {
	var out []string
	for _, re := range refPatterns {
		for _, m := range re.FindAllStringSubmatch(body, -1) {
			ref := strings.TrimSpace(m[1])
			if ref == "" || strings.HasPrefix(ref, "#") || strings.HasPrefix(ref, "data:") {
				continue
			}
			out = append(out, ref)
		}
	}
	return out
}

func startServer(t *testing.T) *Server {
	t.Helper()
	srv, err := Start(t.Context())
	if err != nil {
		t.Fatalf("Start: %v", err)
	}
	t.Cleanup(func() {
		if err := srv.Close(); err != nil {
			t.Errorf("Close: %v", err)
		}
	})
	return srv
}

func get(t *testing.T, u string) (*http.Response, string) {
	t.Helper()
	resp, err := http.Get(u)
	if err != nil {
		t.Fatalf("GET %s: %v", u, err)
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatalf("GET %s: read body: %v", u, err)
	}
	return resp, string(body)
}

func wantType(name string) string {
	switch path.Ext(name) {
	case ".css":
		return "text/css; charset=utf-8"
	case ".svg":
		return "image/svg+xml"
	default:
		return "text/html; charset=utf-8"
	}
}

// TestSiteLinks crawls the site from the home page: every page and asset
// answers 200 with the right type, no reference leaves the site, and every
// embedded file is reachable.
func TestSiteLinks(t *testing.T) {
	t.Parallel()
	srv := startServer(t)
	base, err := url.Parse(srv.URL())
	if err != nil {
		t.Fatal(err)
	}

	seen := map[string]bool{"/": true}
	queue := []string{"/"}
	for len(queue) > 0 {
		p := queue[0]
		queue = queue[1:]
		resp, body := get(t, base.ResolveReference(&url.URL{Path: p}).String())
		if resp.StatusCode != http.StatusOK {
			t.Errorf("GET %s: status %d, want 200", p, resp.StatusCode)
			continue
		}
		if got, want := resp.Header.Get("Content-Type"), wantType(p); got != want {
			t.Errorf("GET %s: Content-Type %q, want %q", p, got, want)
		}
		if ext := path.Ext(p); ext != ".html" && ext != "" && ext != ".css" {
			continue
		}
		page := base.ResolveReference(&url.URL{Path: p})
		for _, ref := range refs(body) {
			u, err := page.Parse(ref)
			if err != nil {
				t.Errorf("%s: bad reference %q: %v", p, ref, err)
				continue
			}
			if u.Host != base.Host || u.Scheme != base.Scheme {
				t.Errorf("%s: reference %q leaves the site (no external resources)", p, ref)
				continue
			}
			if !seen[u.Path] {
				seen[u.Path] = true
				queue = append(queue, u.Path)
			}
		}
	}

	err = fs.WalkDir(Site(), ".", func(name string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		p := "/" + name
		if name == "index.html" {
			p = "/"
		}
		if !seen[p] {
			t.Errorf("%s is embedded but nothing links to it", name)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// TestPages checks that every page has what the brief promises: a title,
// a language, a main landmark and a top-level heading, and that each page
// named on the home page is there.
func TestPages(t *testing.T) {
	t.Parallel()
	srv := startServer(t)
	_, home := get(t, srv.URL())
	if !strings.Contains(home, "<nav") {
		t.Error("home page has no nav landmark")
	}
	pages := []string{
		"signin.html", "products.html", "table.html", "frames.html", "shadow.html",
		"cookies.html", "dialog.html", "rerender.html", "controls.html", "windows.html",
		"late.html",
	}
	linked := refs(home)
	for _, p := range pages {
		if !slices.Contains(linked, p) {
			t.Errorf("home page does not link to %s", p)
		}
	}

	matches, err := fs.Glob(Site(), "*.html")
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range matches {
		t.Run(name, func(t *testing.T) {
			_, body := get(t, srv.URL()+name)
			for _, want := range []string{`<html lang="en">`, `<meta charset="utf-8">`, "<title>", "<main>", "<h1"} {
				if !strings.Contains(body, want) {
					t.Errorf("%s has no %s", name, want)
				}
			}
		})
	}
}

func TestNotFound(t *testing.T) {
	t.Parallel()
	srv := startServer(t)
	resp, _ := get(t, srv.URL()+"no-such-page.html")
	if resp.StatusCode != http.StatusNotFound {
		t.Errorf("status %d, want 404", resp.StatusCode)
	}
}

func TestURL(t *testing.T) {
	t.Parallel()
	srv := startServer(t)
	u, err := url.Parse(srv.URL())
	if err != nil {
		t.Fatal(err)
	}
	if u.Scheme != "http" || u.Hostname() != "127.0.0.1" || u.Port() == "" || u.Port() == "0" || u.Path != "/" {
		t.Errorf("URL() = %q, want http://127.0.0.1:<port>/", srv.URL())
	}
}

func TestTwoServers(t *testing.T) {
	t.Parallel()
	a, b := startServer(t), startServer(t)
	if a.URL() == b.URL() {
		t.Errorf("two servers share %s", a.URL())
	}
}

// TestClose and TestContextCancelStopsServer stay serial: they check that
// a closed server's port stops answering, and a parallel test's server
// could be given the port just freed.
func TestClose(t *testing.T) {
	srv, err := Start(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	if err := srv.Close(); err != nil {
		t.Errorf("Close: %v", err)
	}
	if err := srv.Close(); err != nil {
		t.Errorf("second Close: %v", err)
	}
	if resp, err := http.Get(srv.URL()); err == nil {
		resp.Body.Close()
		t.Error("GET after Close succeeded")
	}
}

// Serial, as TestClose.
func TestContextCancelStopsServer(t *testing.T) {
	ctx, cancel := context.WithCancel(t.Context())
	srv, err := Start(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Close()
	get(t, srv.URL()) // it serves while ctx is live
	cancel()

	client := &http.Client{Transport: &http.Transport{DisableKeepAlives: true}}
	deadline := time.Now().Add(5 * time.Second)
	for {
		resp, err := client.Get(srv.URL())
		if err != nil {
			break
		}
		resp.Body.Close()
		if time.Now().After(deadline) {
			t.Fatal("server still answers 5s after its context was cancelled")
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// The explorer's demo is on DefaultPort when that is free, else on another
// port, and says which. Serial: DefaultPort is one fixed port.
func TestStartDefault(t *testing.T) {
	first, moved1, err := StartDefault(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	defer first.Close()
	if !moved1 && first.URL() != fmt.Sprintf("http://127.0.0.1:%d/", DefaultPort) {
		t.Errorf("not moved, yet on %s", first.URL())
	}
	second, moved2, err := StartDefault(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	defer second.Close()
	if !moved2 || second.URL() == first.URL() {
		t.Errorf("the port is taken, yet moved %v on %s (first on %s)", moved2, second.URL(), first.URL())
	}
}
