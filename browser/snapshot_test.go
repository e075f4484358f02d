package browser

import (
	"math"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/dom"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"

	"github.com/ariadne-tui/ariadne/internal/golden"
	"github.com/ariadne-tui/ariadne/refs"
)

// serveFidelity serves testdata/pages, and testdata/fidelity under
// /fidelity/.
func serveFidelity(t testing.TB) *httptest.Server {
	t.Helper()
	pages, err := filepath.Abs(filepath.Join("..", "testdata", "pages"))
	if err != nil {
		t.Fatal(err)
	}
	mux := http.NewServeMux()
	mux.Handle("/", http.FileServer(http.Dir(pages)))
	mux.Handle("/fidelity/", http.StripPrefix("/fidelity/", http.FileServer(http.Dir(filepath.Join("testdata", "fidelity")))))
	srv := httptest.NewServer(mux)
	t.Cleanup(srv.Close)
	return srv
}

// goldenText renders a snapshot for a golden file: refs renumbered in
// order of appearance (so that a golden does not depend on what else the
// session saw) and the test servers' URLs replaced by placeholders.
func goldenText(root *refs.Node, servers map[string]string) string {
	text := refs.Text(root, refs.TextOptions{})
	for url, name := range servers {
		text = strings.ReplaceAll(text, url, name)
	}
	seen := map[string]string{}
	return refRE.ReplaceAllStringFunc(text, func(m string) string {
		r, ok := seen[m]
		if !ok {
			r = "[ref=e" + strconv.Itoa(len(seen)+1) + "]"
			seen[m] = r
		}
		return r
	})
}

var refRE = regexp.MustCompile(`\[ref=e[0-9]+\]`)

// TestSnapshotGolden keeps the snapshot text of the test pages: forms,
// duplicates, a table, same- and cross-origin iframes, open and closed
// shadow roots, hidden elements, and awkward names.
func TestSnapshotGolden(t *testing.T) {
	t.Parallel()
	b := launchTest(t)
	srv := servePages(t)
	other := servePages(t)
	servers := map[string]string{srv.URL: "http://SERVER", other.URL: "http://OTHER"}
	pages := []struct{ golden, path string }{
		{"form", "form.html"},
		{"duplicates", "duplicates.html"},
		{"table", "table.html"},
		{"iframe", "iframe.html"},
		{"iframe-cross", "iframe-cross.html?src=" + other.URL + "/frame-inner.html"},
		{"shadow", "shadow.html"},
		{"hidden", "hidden.html"},
		{"names", "names.html"},
	}
	for _, p := range pages {
		t.Run(p.golden, func(t *testing.T) {
			ctx := testContext(t, 30*time.Second)
			open(t, b, srv, p.path)
			snap, err := b.Snapshot(ctx)
			if err != nil {
				t.Fatal(err)
			}
			goldenFile(t, "snapshots/"+p.golden+".txt", []byte(goldenText(snap.Root, servers)))
			if p.golden == "form" {
				goldenFile(t, "snapshots/form-interactive.txt", []byte(goldenText(refs.InteractiveOnly(snap.Root), servers)))
			}
		})
	}
}

// findNode returns the first node with role and name, or fails the test.
func findNode(t *testing.T, root *refs.Node, role, name string) *refs.Node {
	t.Helper()
	var found *refs.Node
	root.Walk(func(n *refs.Node, _ int) bool {
		if found == nil && n.Role == role && n.Name == name {
			found = n
		}
		return found == nil
	})
	if found == nil {
		t.Fatalf("no %s %q in the snapshot:\n%s", role, name, refs.Text(root, refs.TextOptions{}))
	}
	return found
}

// evalMain evaluates expr in the main world of the current tab's main frame.
func evalMain[T any](t testing.TB, b *Browser, expr string) T {
	t.Helper()
	tab, err := b.CurrentTab()
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := tab.opContext(testContext(t, 10*time.Second), 10*time.Second)
	defer cancel()
	v, err := chromedp.Run(ctx, chromedp.Evaluate[T](expr))
	if err != nil {
		t.Fatalf("evaluating %s: %v", expr, err)
	}
	return v
}

func allRefs(root *refs.Node) map[string]bool {
	m := map[string]bool{}
	root.Walk(func(n *refs.Node, _ int) bool {
		if n.Ref != "" {
			m[n.Ref] = true
		}
		return true
	})
	return m
}

func TestRefStability(t *testing.T) {
	t.Parallel()
	b := launchTest(t)
	srv := servePages(t)
	open(t, b, srv, "duplicates.html")
	ctx := testContext(t, 30*time.Second)
	first, err := b.Snapshot(ctx)
	if err != nil {
		t.Fatal(err)
	}
	second, err := b.Snapshot(ctx)
	if err != nil {
		t.Fatal(err)
	}
	a, c := refs.Text(first.Root, refs.TextOptions{}), refs.Text(second.Root, refs.TextOptions{})
	if a != c {
		t.Fatalf("two snapshots of the same page differ:\n%s", golden.Diff([]byte(a), []byte(c)))
	}

	// Change the DOM elsewhere: add a paragraph before the cards and remove
	// the second card.
	evalMain[any](t, b, `(() => {
		const p = document.createElement('p'); p.textContent = 'New note';
		document.querySelector('main').prepend(p);
		document.querySelectorAll('article')[1].remove();
		return true;
	})()`)
	third, err := b.Snapshot(ctx)
	if err != nil {
		t.Fatal(err)
	}
	findNode(t, third.Root, "paragraph", "")
	for _, name := range []string{"Products", "Blue mug", "Brass pen"} {
		role := "heading"
		before, after := findNode(t, first.Root, role, name), findNode(t, third.Root, role, name)
		if before.Ref != after.Ref {
			t.Errorf("%s %q: ref %s became %s after unrelated DOM changes", role, name, before.Ref, after.Ref)
		}
	}
	if findNode(t, third.Root, "paragraph", "").Ref == "" {
		t.Error("the new paragraph has no ref")
	}
	old, maxOld := allRefs(first.Root), 0
	for ref := range old {
		maxOld = max(maxOld, refNumber(ref))
	}
	for ref := range allRefs(third.Root) {
		if !old[ref] && refNumber(ref) <= maxOld {
			t.Errorf("a new element got ref %s, issued before", ref)
		}
	}

	// A reload is a new document: every ref is new, none is reused.
	if _, err := b.Reload(ctx); err != nil {
		t.Fatal(err)
	}
	fourth, err := b.Snapshot(ctx)
	if err != nil {
		t.Fatal(err)
	}
	seen := allRefs(first.Root)
	for ref := range allRefs(third.Root) {
		seen[ref] = true
	}
	for ref := range allRefs(fourth.Root) {
		if seen[ref] {
			t.Errorf("ref %s was reused after a reload", ref)
		}
	}
	if len(allRefs(fourth.Root)) != len(allRefs(first.Root)) {
		t.Errorf("after the reload: %d refs, before: %d", len(allRefs(fourth.Root)), len(allRefs(first.Root)))
	}
}

func refNumber(ref string) int {
	n, _ := strconv.Atoi(strings.TrimPrefix(ref, "e"))
	return n
}

// boxModel returns the border box of the element behind ref as Chromium's
// DOM.getBoxModel reports it (in the main frame's viewport for frames in
// the page's process): an answer independent of the walker's arithmetic.
func boxModel(t *testing.T, b *Browser, ref string) refs.Box {
	t.Helper()
	e, err := b.Refs().Lookup(ref)
	if err != nil {
		t.Fatal(err)
	}
	tab, err := b.CurrentTab()
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := tab.opContext(testContext(t, 10*time.Second), 10*time.Second)
	defer cancel()
	w := tab.knownWorld(cdp.FrameID(e.Frame))
	if w == nil {
		t.Fatalf("no world for frame %s", e.Frame)
	}
	res, err := chromedp.Call(ctx, runtime.Evaluate, runtime.EvaluateParams{
		Expression: "__ariadne.elementOf(" + strconv.Itoa(e.Handle) + ")",
		ContextID:  w.ctxID,
	})
	if err != nil || res.Result == nil || res.Result.ObjectID == "" {
		t.Fatalf("resolving %s: %v", ref, err)
	}
	bm, err := chromedp.Call(ctx, dom.GetBoxModel, dom.GetBoxModelParams{ObjectID: res.Result.ObjectID})
	if err != nil {
		t.Fatalf("box model of %s: %v", ref, err)
	}
	q := bm.Model.Border
	return refs.Box{X: q[0], Y: q[1], Width: q[2] - q[0], Height: q[5] - q[1]}
}

func sameBox(a, b refs.Box) bool {
	near := func(x, y float64) bool { return math.Abs(x-y) < 0.6 }
	return near(a.X, b.X) && near(a.Y, b.Y) && near(a.Width, b.Width) && near(a.Height, b.Height)
}

// TestBoxes checks boxes in the main viewport for elements in the page, in
// a same-origin and a cross-origin iframe (moved by a border and padding),
// and in shadow roots.
func TestBoxes(t *testing.T) {
	t.Parallel()
	b := launchTest(t)
	srv := servePages(t)
	other := servePages(t)
	cases := []struct {
		path       string
		role, name string
	}{
		{"iframe.html", "button", "Place order"},
		{"iframe.html", "button", "Pay"},
		{"iframe.html", "textbox", "Card number"},
		{"iframe-cross.html?src=" + other.URL + "/frame-inner.html", "button", "Pay"},
		{"shadow.html", "button", "Increment"},
		{"shadow.html", "button", "Deep button"},
	}
	for _, c := range cases {
		t.Run(strings.SplitN(c.path, "?", 2)[0]+"/"+c.name, func(t *testing.T) {
			ctx := testContext(t, 30*time.Second)
			open(t, b, srv, c.path)
			// Move the iframe's content: a thicker border and padding.
			evalMain[any](t, b, `(() => { for (const f of document.querySelectorAll('iframe')) { f.style.border = '7px solid red'; f.style.padding = '5px 11px'; } return true; })()`)
			snap, err := b.Snapshot(ctx)
			if err != nil {
				t.Fatal(err)
			}
			n := findNode(t, snap.Root, c.role, c.name)
			if n.Box == nil || n.Box.Width <= 0 || n.Box.Height <= 0 {
				t.Fatalf("%s %q has box %+v", c.role, c.name, n.Box)
			}
			if want := boxModel(t, b, n.Ref); !sameBox(*n.Box, want) {
				t.Errorf("%s %q: box %+v, Chromium says %+v", c.role, c.name, *n.Box, want)
			}
		})
	}
}
