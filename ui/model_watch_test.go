//go:build e2e

package ui

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/ariadne-tui/ariadne/browser"
	"github.com/ariadne-tui/ariadne/internal/browsertest"
	"github.com/ariadne-tui/ariadne/refs"
)

// hasNode reports whether the tree holds a node of role named name.
func hasNode(root *refs.Node, role, name string) bool {
	found := false
	root.Walk(func(n *refs.Node, _ int) bool {
		found = found || (n.Role == role && n.Name == name)
		return !found
	})
	return found
}

// TestBrowserRemoteFollowsAnotherClientsTab: the explorer attached with
// --remote shows the tab another client (an agent) drives, and with live
// follow its tree changes as that client acts and navigates.
func TestBrowserRemoteFollowsAnotherClientsTab(t *testing.T) {
	t.Parallel()
	browsertest.Need(t)
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	opts := testBrowserOptions()
	opts.DebugPort = -1 // Chromium chooses a free port itself (no race for it)
	agent, err := browser.Launch(ctx, opts)
	if err != nil {
		t.Fatal(err)
	}
	defer agent.Close()
	port := agent.DebugPort()
	srv := browsertest.Pages(t)
	if _, err := agent.Open(ctx, srv.URL+"/navigate.html"); err != nil {
		t.Fatal(err)
	}

	var watcher *browser.Browser
	h := newHarness(t, Options{
		Follow:     true,
		LivePeriod: 100 * time.Millisecond,
		Locators:   BrowserLocators,
		Launch: func(ctx context.Context) (Browser, error) {
			w, err := browser.Launch(ctx, browser.Options{Remote: fmt.Sprintf("http://127.0.0.1:%d", port), Dialogs: "wait"})
			if err == nil {
				watcher = w
				t.Cleanup(func() { w.Close() })
			}
			return w, err
		},
	}, 80, 24)
	h.until("the agent's page in the tree", func() bool {
		return h.m.snap != nil && hasNode(h.m.snap.Root, "heading", "First page")
	})

	snap, err := agent.Snapshot(ctx)
	if err != nil {
		t.Fatal(err)
	}
	push := ""
	snap.Root.Walk(func(n *refs.Node, _ int) bool {
		if n.Role == "button" && n.Name == "Push state" {
			push = n.Ref
		}
		return push == ""
	})
	if _, err := agent.Click(ctx, push, browser.ActionOptions{}); err != nil {
		t.Fatal(err)
	}
	h.until("the agent's click to show", func() bool {
		return hasNode(h.m.snap.Root, "text", "Pushed: ?pushed=1")
	})
	if _, err := agent.Open(ctx, srv.URL+"/navigate2.html"); err != nil {
		t.Fatal(err)
	}
	h.until("the agent's navigation to show", func() bool {
		return h.m.snap.URL == srv.URL+"/navigate2.html"
	})

	watcher.Close()
	tabs, err := agent.Tabs(ctx)
	if err != nil || len(tabs) != 1 || tabs[0].URL != srv.URL+"/navigate2.html" {
		t.Errorf("the agent's tab should stay as it was: %+v %v", tabs, err)
	}
}
