//go:build e2e

package mcp

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/ariadne-tui/ariadne/browser"
	"github.com/ariadne-tui/ariadne/refs"
)

// The tests of this file start browsers of their own, with a DevTools port
// another client attaches to: the e2e tier, go test -tags e2e ./mcp.

// agentOnTable starts ariadne mcp with a DevTools port, on the demo's
// table page: in a browser of its own, since the process is the point
// (another client attaches to its port and lists its tabs).
func agentOnTable(t *testing.T) (c *client, port int, base string) {
	t.Helper()
	// -1: Chromium chooses a free port itself (no race for it).
	c = startServer(t, func(o *browser.Options) { o.DebugPort = -1 })
	port = c.b.DebugPort()
	base = demoSite(t)
	c.ok("browser_navigate", map[string]any{"url": base + "/table.html"})
	return c, port, base
}

// attachWatcher attaches a browser session, as ariadne --remote does, to
// the DevTools port of the agent's browser (browser.Launch with Remote
// starts no browser).
func attachWatcher(t *testing.T, port int, tab string) *browser.Browser {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	w, err := browser.Launch(ctx, browser.Options{Remote: fmt.Sprintf("http://127.0.0.1:%d", port), Tab: tab})
	if err != nil {
		t.Fatalf("attaching to the agent's browser: %v", err)
	}
	t.Cleanup(func() { w.Close() })
	return w
}

// has reports whether the snapshot holds a node of role whose name (or,
// for text, whose text) is name.
func has(s *refs.Snapshot, role, name string) bool {
	found := false
	s.Root.Walk(func(n *refs.Node, _ int) bool {
		if n.Role == role && n.Name == name {
			found = true
		}
		return !found
	})
	return found
}

// waitSnapshot snapshots w until ok holds, within 20 s.
func waitSnapshot(t *testing.T, w *browser.Browser, what string, ok func(*refs.Snapshot) bool) *refs.Snapshot {
	t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		s, err := w.Snapshot(ctx)
		cancel()
		if err == nil && ok(s) {
			return s
		}
		if time.Now().After(deadline) {
			t.Fatalf("the watcher never saw %s (last error %v)", what, err)
		}
		time.Sleep(100 * time.Millisecond)
	}
}

func TestRemoteWatchesTheAgentsTab(t *testing.T) {
	t.Parallel()
	c, port, base := agentOnTable(t)

	w := attachWatcher(t, port, "")
	tabs, err := w.Tabs(context.Background())
	if err != nil || len(tabs) != 1 || !tabs[0].Current || tabs[0].URL != base+"/table.html" {
		t.Fatalf("the watcher should be on the agent's one tab, not a tab of its own: %+v %v", tabs, err)
	}
	s := waitSnapshot(t, w, "the agent's table", func(s *refs.Snapshot) bool {
		return has(s, "cell", "Grace Hopper") && has(s, "button", "Delete")
	})
	if s.URL != base+"/table.html" {
		t.Errorf("the watcher's snapshot is of %q", s.URL)
	}

	// The agent acts; the watcher sees what it did.
	c.ok("browser_click", map[string]any{"target": ref(t, c.ok("browser_snapshot", nil), "button", "Delete", 1)})
	waitSnapshot(t, w, "the row deleted", func(s *refs.Snapshot) bool {
		return !has(s, "cell", "Grace Hopper") && has(s, "text", "Deleted Grace Hopper. 3 members left")
	})
	c.ok("browser_navigate", map[string]any{"url": base + "/products.html"})
	waitSnapshot(t, w, "the agent's next page", func(s *refs.Snapshot) bool {
		return s.URL == base+"/products.html" && has(s, "heading", "Linen notebook")
	})

	// Closing the watcher leaves the agent's tab and browser as they were.
	if err := w.Close(); err != nil {
		t.Fatalf("closing the watcher: %v", err)
	}
	page := c.ok("browser_snapshot", nil)
	if !strings.Contains(page, "/products.html") || ref(t, page, "heading", "Linen notebook", 0) == "" {
		t.Errorf("the agent's tab changed when the watcher closed:\n%s", page)
	}
	if list := c.ok("browser_tabs", map[string]any{"action": "list"}); strings.Count(list, "/products.html") != 1 {
		t.Errorf("the agent should still have its one tab:\n%s", list)
	}
}

func TestRemoteTabChoosesAmongTheAgentsTabs(t *testing.T) {
	t.Parallel()
	c, port, base := agentOnTable(t)
	c.ok("browser_tabs", map[string]any{"action": "new", "url": base + "/products.html"})

	w := attachWatcher(t, port, "table.html")
	tabs, err := w.Tabs(context.Background())
	if err != nil || len(tabs) != 2 {
		t.Fatalf("the watcher should list both of the agent's tabs: %+v %v", tabs, err)
	}
	waitSnapshot(t, w, "the tab --tab names", func(s *refs.Snapshot) bool {
		return s.URL == base+"/table.html" && has(s, "cell", "Grace Hopper")
	})
	urls := map[string]bool{}
	for _, tb := range tabs {
		urls[tb.URL] = tb.Current
	}
	if cur, ok := urls[base+"/table.html"]; !ok || !cur || len(urls) != 2 {
		t.Errorf("want table.html current and products.html listed: %+v", tabs)
	}
	if _, ok := urls[base+"/products.html"]; !ok {
		t.Errorf("the agent's other tab is not listed: %+v", tabs)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	if _, err := browser.Launch(ctx, browser.Options{Remote: fmt.Sprintf("http://127.0.0.1:%d", port), Tab: "nowhere.html"}); refs.CodeOf(err) != refs.CodeNoTab {
		t.Errorf("--tab naming no tab: want %s, got %v", refs.CodeNoTab, err)
	}
	w.Close()
	if list := c.ok("browser_tabs", map[string]any{"action": "list"}); !strings.Contains(list, "/table.html") || !strings.Contains(list, "/products.html") {
		t.Errorf("the agent's tabs should stay open:\n%s", list)
	}
}

func TestRemoteDefaultsToTheAgentsLastTab(t *testing.T) {
	t.Parallel()
	c, port, base := agentOnTable(t)
	c.ok("browser_tabs", map[string]any{"action": "new", "url": base + "/products.html"})
	current := func(w *browser.Browser) string {
		tabs, err := w.Tabs(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		for _, tb := range tabs {
			if tb.Current {
				return tb.URL
			}
		}
		return ""
	}
	w := attachWatcher(t, port, "")
	if got := current(w); got != base+"/products.html" {
		t.Errorf("after the agent opened products.html the watcher shows %q", got)
	}
	w.Close()
	c.ok("browser_tabs", map[string]any{"action": "select", "index": 0})
	w = attachWatcher(t, port, "")
	if got := current(w); got != base+"/table.html" {
		t.Errorf("after the agent selected table.html the watcher shows %q", got)
	}
}

// A tab the agent opens after the watcher attached is listed by the
// watcher, which can switch to it and read it.
func TestRemoteListsTabsTheAgentOpensLater(t *testing.T) {
	t.Parallel()
	c, port, base := agentOnTable(t)
	w := attachWatcher(t, port, "")
	c.ok("browser_tabs", map[string]any{"action": "new", "url": base + "/products.html"})
	deadline := time.Now().Add(20 * time.Second)
	index := 0
	for index == 0 {
		tabs, err := w.Tabs(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		for _, tb := range tabs {
			if tb.URL == base+"/products.html" {
				index = tb.Index
			}
		}
		if index == 0 && time.Now().After(deadline) {
			t.Fatalf("the watcher never listed the agent's new tab: %+v", tabs)
		}
		time.Sleep(50 * time.Millisecond)
	}
	if err := w.SwitchTab(index); err != nil {
		t.Fatal(err)
	}
	waitSnapshot(t, w, "the agent's new tab", func(s *refs.Snapshot) bool {
		return s.URL == base+"/products.html" && has(s, "heading", "Linen notebook")
	})
	if tabs, err := w.Tabs(context.Background()); err != nil || len(tabs) != 2 {
		t.Errorf("want the agent's two tabs, once each: %+v %v", tabs, err)
	}
}

// An agent working in someone else's browser (ariadne mcp --remote) closes
// only its own tabs with browser_close; the browser and its owner's tab
// stay, and the answer says so.
func TestRemoteCloseLeavesTheBrowser(t *testing.T) {
	t.Parallel()
	owner, port, base := agentOnTable(t)
	defer owner.ok("browser_snapshot", nil) // the owner's session still works
	remote := fmt.Sprintf("http://127.0.0.1:%d", port)
	c := startServer(t, func(o *browser.Options) { o.Remote, o.OwnTab = remote, true })
	c.ok("browser_navigate", map[string]any{"url": base + "/products.html"})
	c.ok("browser_tabs", map[string]any{"action": "new", "url": base + "/signin.html"})
	if got := c.ok("browser_close", nil); !strings.Contains(got, "keeps running") {
		t.Errorf("browser_close on a remote browser says: %s", got)
	}
	deadline := time.Now().Add(20 * time.Second)
	for {
		list := pageURLs(t, port)
		if strings.Contains(list, "/table.html") && !strings.Contains(list, "/products.html") && !strings.Contains(list, "/signin.html") {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("after browser_close the owner's browser should hold only its own tab:\n%s", list)
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// pageURLs lists the URLs of the browser's pages, as its DevTools HTTP
// endpoint gives them, one per line.
func pageURLs(t *testing.T, port int) string {
	t.Helper()
	resp, err := http.Get(fmt.Sprintf("http://127.0.0.1:%d/json/list", port))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var targets []struct{ Type, URL string }
	if err := json.NewDecoder(resp.Body).Decode(&targets); err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	for _, tg := range targets {
		if tg.Type == "page" {
			b.WriteString(tg.URL + "\n")
		}
	}
	return b.String()
}
