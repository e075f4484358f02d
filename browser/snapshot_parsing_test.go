package browser

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/ariadne-tui/ariadne/refs"
)

// slowPage serves /slow: the response's headers, then (when head is set)
// the page's head, flushed; then it waits for release before it sends
// the body. started is signalled when the response has begun.
func slowPage(t *testing.T, head bool) (srv *httptest.Server, started <-chan struct{}, release chan<- struct{}) {
	t.Helper()
	st, rel := make(chan struct{}, 4), make(chan struct{})
	srv = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/slow" {
			fmt.Fprint(w, `<!doctype html><title>Start</title><p>start`)
			return
		}
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.Header().Set("Cache-Control", "no-store")
		w.WriteHeader(http.StatusOK)
		if head {
			fmt.Fprint(w, `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Slow shop</title>`)
		}
		w.(http.Flusher).Flush()
		st <- struct{}{}
		select {
		case <-rel:
		case <-r.Context().Done():
			return
		}
		if !head {
			fmt.Fprint(w, `<!doctype html><html lang="en"><head><title>Slow shop</title>`)
		}
		fmt.Fprint(w, `</head><body><main><h1>Slow shop</h1><button>Add to cart</button></main></body></html>`)
	}))
	t.Cleanup(srv.Close)
	t.Cleanup(func() {
		select {
		case <-rel:
		default:
			close(rel)
		}
	})
	return srv, st, rel
}

// TestSnapshotWhileParsing: a document still being parsed (no document
// element yet, or a head and no body) reads as an empty page, not an
// error; a refresh then follows the page as its body arrives, equal to a
// full walk.
func TestSnapshotWhileParsing(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		name string
		head bool
	}{{"no document element", false}, {"head only", true}} {
		t.Run(c.name, func(t *testing.T) {
			b := launchTest(t, func(o *Options) { o.TextContainers = true })
			srv, started, release := slowPage(t, c.head)
			ctx := testContext(t, 60*time.Second)
			if _, err := b.Open(ctx, srv.URL+"/"); err != nil {
				t.Fatal(err)
			}
			tab, err := b.CurrentTab()
			if err != nil {
				t.Fatal(err)
			}
			evalMain[bool](t, b, fmt.Sprintf("location.href = %q, true", srv.URL+"/slow"))
			select {
			case <-started:
			case <-ctx.Done():
				t.Fatal("the slow page was never requested")
			}
			// The navigation commits on the response's headers; the
			// document is then being parsed until release.
			waitFor(t, ctx, "the slow page's document", func() bool {
				c, cancel := tab.opContext(ctx, 5*time.Second)
				defer cancel()
				tree, err := tab.frameTree(c)
				return err == nil && tree.Frame.URL == srv.URL+"/slow"
			})
			snap, err := tab.Snapshot(ctx)
			if err != nil {
				t.Fatalf("a snapshot of a document being parsed: %v", err)
			}
			if snap.URL != srv.URL+"/slow" {
				t.Fatalf("the snapshot reads %s, want the slow page", snap.URL)
			}
			if n := countNodes(snap.Root); n != 0 {
				t.Fatalf("the page has no body yet, the snapshot holds %d elements:\n%s", n, refs.Text(snap.Root, refs.TextOptions{}))
			}
			if got, err := tab.Refresh(ctx); err != nil || countNodes(got.Root) != 0 {
				t.Fatalf("a refresh before the body came: %v", err)
			}
			close(release)
			var got *refs.Snapshot
			waitFor(t, ctx, "the slow page's button", func() bool {
				got, err = tab.Refresh(ctx)
				if err != nil {
					t.Fatalf("a refresh as the body came: %v", err)
				}
				return findRole(got.Root, "button", "Add to cart") != nil
			})
			if findRole(got.Root, "heading", "Slow shop") == nil {
				t.Errorf("the refreshed page lacks its heading:\n%s", refs.Text(got.Root, refs.TextOptions{}))
			}
			if d := sameTree(got, untracked(t, ctx, tab)); d != "" {
				t.Errorf("the refresh differs from a full walk: %s", d)
			}
		})
	}
}

// countNodes counts the element nodes under root, root excluded.
func countNodes(root *refs.Node) int {
	n := 0
	root.Walk(func(x *refs.Node, _ int) bool {
		if x != root && !x.IsText() {
			n++
		}
		return true
	})
	return n
}

// findRole returns the first node under root with role and name, or nil.
func findRole(root *refs.Node, role, name string) *refs.Node {
	var found *refs.Node
	root.Walk(func(n *refs.Node, _ int) bool {
		if found == nil && n.Role == role && n.Name == name {
			found = n
		}
		return found == nil
	})
	return found
}

// waitFor polls cond until it holds, failing the test at ctx's end.
func waitFor(t *testing.T, ctx context.Context, what string, cond func() bool) {
	t.Helper()
	for !cond() {
		select {
		case <-ctx.Done():
			t.Fatalf("timed out waiting for %s", what)
		case <-time.After(20 * time.Millisecond):
		}
	}
}
