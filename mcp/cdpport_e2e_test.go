//go:build e2e

package mcp

// A browser of its own with a DevTools port another client attaches to:
// the e2e tier.

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/ariadne-tui/ariadne/browser"
	"github.com/chromedp/cdproto/target"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/remote"
)

func TestCDPPortLetsAnotherClientWatch(t *testing.T) {
	t.Parallel()
	// A browser of its own, with a DevTools port another client attaches
	// to. -1: Chromium chooses a free port itself (no race for it).
	c := startServer(t, func(o *browser.Options) { o.DebugPort = -1 })
	port := c.b.DebugPort()
	base := demoSite(t)
	c.ok("browser_navigate", map[string]any{"url": base + "/table.html"})
	resp, err := http.Get(fmt.Sprintf("http://127.0.0.1:%d/json/list", port))
	if err != nil {
		t.Fatalf("the DevTools port does not answer: %v", err)
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	if !strings.Contains(string(body), base+"/table.html") {
		t.Errorf("the DevTools target list does not show the agent's page:\n%s", body)
	}
	// Another client attaches to the agent's own tab and reads it live.
	var targets []struct{ ID, Type, URL string }
	if err := json.Unmarshal(body, &targets); err != nil {
		t.Fatal(err)
	}
	id := ""
	for _, tg := range targets {
		if tg.Type == "page" && strings.HasSuffix(tg.URL, "/table.html") {
			id = tg.ID
		}
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	alloc, cancelAlloc := remote.NewAllocator(ctx, fmt.Sprintf("http://127.0.0.1:%d", port))
	defer cancelAlloc()
	watch, cancelWatch := chromedp.NewContext(alloc, chromedp.WithTargetID(target.ID(id)))
	defer cancelWatch()
	c.ok("browser_click", map[string]any{"target": ref(t, c.ok("browser_snapshot", nil), "button", "Delete", 1)})
	status, err := chromedp.Run(watch, chromedp.Evaluate[string](`document.getElementById('status').textContent`))
	if err != nil {
		t.Fatalf("watching the agent's tab: %v", err)
	}
	if status != "Deleted Grace Hopper. 3 members left" {
		t.Errorf("the watcher reads %q", status)
	}
}
