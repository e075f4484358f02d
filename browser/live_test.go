package browser

import (
	"context"
	"testing"
	"time"

	"github.com/ariadne-tui/ariadne/refs"
)

func TestDOMVersion(t *testing.T) {
	t.Parallel()
	b := launchTest(t)
	srv := servePages(t)
	open(t, b, srv, "duplicates.html")
	ctx := testContext(t, 30*time.Second)

	v1, err := b.DOMVersion(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if v2, err := b.DOMVersion(ctx); err != nil || v2 != v1 {
		t.Fatalf("quiet page: version changed from %q to %q (%v)", v1, v2, err)
	}
	snap, err := b.Snapshot(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if v, _ := b.DOMVersion(ctx); v != v1 {
		t.Errorf("a snapshot changed the version: %q, then %q", v1, v)
	}
	btn := liveRef(t, snap.Root, "button", "Add to cart")
	if _, err := b.Click(ctx, btn, ActionOptions{}); err != nil {
		t.Fatal(err)
	}
	v3, err := b.DOMVersion(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if v3 == v1 {
		t.Errorf("a click that wrote the status left the version at %q", v3)
	}
	open(t, b, srv, "form.html")
	if v4, _ := b.DOMVersion(ctx); v4 == v3 {
		t.Errorf("a navigation left the version at %q", v4)
	}
}

func TestDOMVersionChurn(t *testing.T) {
	t.Parallel()
	b := launchTest(t)
	srv := servePages(t)
	open(t, b, srv, "churn.html")
	ctx := testContext(t, 30*time.Second)
	v1, err := b.DOMVersion(ctx)
	if err != nil {
		t.Fatal(err)
	}
	// The page re-renders every 400 ms: poll for the new version (a load
	// can delay its timer) until ctx's deadline.
	for {
		v2, err := b.DOMVersion(ctx)
		if err != nil {
			t.Fatalf("a page that re-renders every 400 ms kept version %q: %v", v1, err)
		}
		if v2 != v1 {
			break
		}
		select {
		case <-ctx.Done():
			t.Fatalf("a page that re-renders every 400 ms kept version %q", v1)
		case <-time.After(100 * time.Millisecond):
		}
	}
}

func TestHighlight(t *testing.T) {
	t.Parallel()
	b := launchTest(t)
	srv := servePages(t)
	open(t, b, srv, "form.html")
	ctx := testContext(t, 30*time.Second)
	snap, err := b.Snapshot(ctx)
	if err != nil {
		t.Fatal(err)
	}
	ref := liveRef(t, snap.Root, "button", "Sign in")
	if err := b.Highlight(ctx, ref); err != nil {
		t.Fatalf("highlight %s: %v", ref, err)
	}
	if err := b.Highlight(ctx, ""); err != nil {
		t.Fatalf("hide highlight: %v", err)
	}
	if err := b.Highlight(ctx, "e9999"); err == nil {
		t.Error("highlighting an unknown ref succeeded")
	}
}

// TestPick drives pick mode with a synthetic mouse click: in inspect mode,
// Chromium turns the click into Overlay.inspectNodeRequested instead of
// delivering it to the page.
func TestPick(t *testing.T) {
	t.Parallel()
	b := launchTest(t)
	srv := servePages(t)
	open(t, b, srv, "duplicates.html")
	ctx := testContext(t, 30*time.Second)
	snap, err := b.Snapshot(ctx)
	if err != nil {
		t.Fatal(err)
	}
	want := liveRef(t, snap.Root, "heading", "Linen notebook")
	box := liveNode(snap.Root, want).Box
	if box == nil {
		t.Fatal("no box for the heading")
	}
	type result struct {
		ref string
		err error
	}
	done := make(chan result, 1)
	pctx, cancel := context.WithTimeout(ctx, 15*time.Second)
	defer cancel()
	go func() {
		ref, err := b.Pick(pctx)
		done <- result{ref, err}
	}()
	tab, err := b.CurrentTab()
	if err != nil {
		t.Fatal(err)
	}
	x, y := box.X+box.Width/2, box.Y+box.Height/2
	deadline := time.Now().Add(10 * time.Second)
	for {
		// Inspect mode is set asynchronously: click until it answers.
		cctx, ccancel := tab.opContext(ctx, 2*time.Second)
		tab.clickAt(cctx, x, y, "left", 0, 1)
		ccancel()
		select {
		case r := <-done:
			if r.err != nil {
				t.Fatalf("pick: %v", r.err)
			}
			if r.ref != want {
				t.Errorf("picked %s, want %s (heading \"Linen notebook\")", r.ref, want)
			}
			return
		case <-time.After(300 * time.Millisecond):
		}
		if time.Now().After(deadline) {
			t.Fatal("pick mode did not report the click")
		}
	}
}

// liveRef returns the ref of the first node with role and name.
func liveRef(t *testing.T, root *refs.Node, role, name string) string {
	t.Helper()
	var ref string
	root.Walk(func(n *refs.Node, _ int) bool {
		if ref == "" && n.Role == role && n.Name == name {
			ref = n.Ref
		}
		return ref == ""
	})
	if ref == "" {
		t.Fatalf("no %s %q in the snapshot:\n%s", role, name, refs.Text(root, refs.TextOptions{}))
	}
	return ref
}

func liveNode(root *refs.Node, ref string) *refs.Node { return root.Find(ref) }
