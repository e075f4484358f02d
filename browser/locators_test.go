package browser

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/dom"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"

	"github.com/ariadne-tui/ariadne/refs"
)

// refOf finds the ref of the i-th node (0 first) with role and name in the
// current tab's snapshot.
func refOf(t *testing.T, b *Browser, role, name string, i int) string {
	t.Helper()
	snap, err := b.Snapshot(testContext(t, 20*time.Second))
	if err != nil {
		t.Fatal(err)
	}
	var found []string
	snap.Root.Walk(func(n *refs.Node, _ int) bool {
		if n.Ref != "" && n.Role == role && n.Name == name {
			found = append(found, n.Ref)
		}
		return true
	})
	if i >= len(found) {
		t.Fatalf("no %s %q number %d in the snapshot (found %d):\n%s", role, name, i, len(found), refs.Text(snap.Root, refs.TextOptions{}))
	}
	return found[i]
}

func locateOne(t *testing.T, b *Browser, ref string) ElementLocators {
	t.Helper()
	out, err := b.Locators(testContext(t, 30*time.Second), []string{ref})
	if err != nil {
		t.Fatal(err)
	}
	return out[0]
}

// frameRefs issues refs for the elements of every child frame of the
// current tab, as the snapshot walker sees them in each frame's document.
func frameRefs(t *testing.T, b *Browser) []string {
	t.Helper()
	tab, err := b.CurrentTab()
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := tab.bind(testContext(t, 20*time.Second))
	defer cancel()
	tree, err := tab.frameTree(ctx)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	var walk func(fts []*page.FrameTree)
	walk = func(fts []*page.FrameTree) {
		for _, ft := range fts {
			w, err := tab.worldFor(ctx, ft.Frame)
			if err != nil {
				t.Fatal(err)
			}
			raw, err := tab.evalIn(ctx, w, "__ariadne.snapshot()")
			if err != nil {
				t.Fatal(err)
			}
			var s string
			var rs rawSnapshot
			if err := json.Unmarshal(raw, &s); err != nil {
				t.Fatal(err)
			}
			if err := json.Unmarshal([]byte(s), &rs); err != nil {
				t.Fatal(err)
			}
			for _, n := range rs.Nodes {
				if n.R == "#" || n.R == "document" {
					continue
				}
				key := refs.Key{Tab: tab.ID(), Frame: string(ft.Frame.ID), Doc: w.doc, Handle: n.H}
				out = append(out, b.refs.Assign(key, n.R, n.N, 0))
			}
			walk(ft.ChildFrames)
		}
	}
	walk(tree.ChildFrames)
	return out
}

// closedShadowRef issues a ref for the first button inside a closed shadow
// root, reached through the DevTools DOM (which pierces closed roots), as a
// walker that read the accessibility tree would.
func closedShadowRef(t *testing.T, b *Browser) string {
	t.Helper()
	tab, ctx, w := mainWorld(t, b, 20*time.Second)
	root, err := chromedp.Call(ctx, dom.GetDocument, dom.GetDocumentParams{Depth: new(int64(-1)), Pierce: new(true)})
	if err != nil {
		t.Fatal(err)
	}
	var button *cdp.Node
	var find func(n *cdp.Node, closed bool)
	find = func(n *cdp.Node, closed bool) {
		if button != nil {
			return
		}
		if closed && n.LocalName == "button" {
			button = n
			return
		}
		for _, sr := range n.ShadowRoots {
			find(sr, closed || sr.ShadowRootType == cdp.ShadowRootTypeClosed)
		}
		for _, c := range n.Children {
			find(c, closed)
		}
	}
	find(root.Root, false)
	if button == nil {
		t.Fatal("no button inside a closed shadow root")
	}
	obj, err := chromedp.Call(ctx, dom.ResolveNode, dom.ResolveNodeParams{BackendNodeID: button.BackendNodeID, ExecutionContextID: w.ctxID})
	if err != nil {
		t.Fatal(err)
	}
	res, err := chromedp.Call(ctx, runtime.CallFunctionOn, runtime.CallFunctionOnParams{
		FunctionDeclaration: "function() { return __ariadne.handleOf(this); }",
		ObjectID:            obj.Object.ObjectID,
		ReturnByValue:       new(true),
	})
	if err != nil {
		t.Fatal(err)
	}
	var h int
	if err := json.Unmarshal(res.Result.Value, &h); err != nil {
		t.Fatal(err)
	}
	return b.refs.Assign(refs.Key{Tab: tab.ID(), Frame: string(w.frame), Doc: w.doc, Handle: h}, "button", "Closed button", 0)
}

func TestLocatorsBest(t *testing.T) {
	t.Parallel()
	b := launchTest(t)
	srv := servePages(t)
	for _, tc := range []struct {
		page, role, name string
		index            int
		want             string
		target           string // ElementLocators.Target
	}{
		{"testids.html", "button", "Save", 0, `getByTestId('save-button')`, ""},
		{"testids.html", "region", "User card", 0, `getByTestId('user-card')`, ""},
		{"testids.html", "button", "Cancel", 0, `getByRole('button', { name: 'Cancel' })`, ""},
		{"testids.html", "button", "Generated", 0, `getByRole('button', { name: 'Generated' })`, ""},
		{"testids.html", "searchbox", "Search products", 0, `getByRole('searchbox', { name: 'Search products' })`, ""},
		{"testids.html", "img", "Company logo", 0, `getByRole('img', { name: 'Company logo' })`, ""},
		{"testids.html", "link", "Open settings", 0, `getByRole('link', { name: 'Open settings' })`, ""},
		{"testids.html", "listitem", "", 1, `getByText('Row two')`, ""},
		// An image inside a link: the link is what a user means.
		{"testids.html", "img", "Home", 0, `getByRole('link', { name: 'Home' })`, "link"},
		{"form.html", "textbox", "Email", 0, `getByRole('textbox', { name: 'Email' })`, ""},
		{"form.html", "checkbox", "Remember me", 0, `getByRole('checkbox', { name: 'Remember me' })`, ""},
		// "Sign in" is also a substring of "Sign in with SSO".
		{"form.html", "button", "Sign in", 0, `getByRole('button', { name: 'Sign in', exact: true })`, ""},
		{"form.html", "option", "France", 0, `getByRole('option', { name: 'France' })`, ""},
		{"duplicates.html", "button", "Add to cart", 0, `getByRole('article').filter({ hasText: 'Blue mug' }).getByRole('button', { name: 'Add to cart' })`, ""},
		{"duplicates.html", "button", "Add to cart", 2, `getByRole('article').filter({ hasText: 'Brass pen' }).getByRole('button', { name: 'Add to cart' })`, ""},
		// A container is told by its heading, not by its whole text.
		{"duplicates.html", "article", "", 1, `getByRole('article').filter({ hasText: 'Linen notebook' })`, ""},
		{"duplicates.html", "paragraph", "", 1, `getByText('$19.99')`, ""},
		{"table.html", "button", "Edit", 1, `getByRole('row', { name: 'Grace Hopper' }).getByRole('button', { name: 'Edit' })`, ""},
		{"table.html", "button", "Delete", 2, `getByRole('row', { name: 'Alan Turing' }).getByRole('button', { name: 'Delete' })`, ""},
		{"table.html", "columnheader", "Email", 0, `getByRole('columnheader', { name: 'Email' })`, ""},
		// A row by its first cell: the short name, not the whole row's.
		{"table.html", "row", "Grace Hopper grace@example.com Edit Delete", 0, `getByRole('row', { name: 'Grace Hopper' })`, ""},
		{"shadow.html", "button", "Deep button", 0, `getByRole('button', { name: 'Deep button' })`, ""},
		{"shadow.html", "heading", "Shadow counter", 0, `getByRole('heading', { name: 'Shadow counter' })`, ""},
		{"names.html", "button", `Say "hello"`, 0, `getByRole('button', { name: 'Say "hello"' })`, ""},
		{"names.html", "button", "It's Ada's", 0, `getByRole('button', { name: 'It\'s Ada\'s' })`, ""},
		{"names.html", "link", `Ada's "best" link`, 0, `getByRole('link', { name: 'Ada\'s "best" link' })`, ""},
	} {
		t.Run(tc.page+"/"+tc.role+"/"+tc.name, func(t *testing.T) {
			open(t, b, srv, tc.page)
			e := locateOne(t, b, refOf(t, b, tc.role, tc.name, tc.index))
			if e.Problem != "" {
				t.Fatalf("problem: %s", e.Problem)
			}
			if got := e.Best.Locator.Code(refs.JavaScript); got != tc.want {
				t.Errorf("best locator\n got %s\nwant %s\ncandidates:\n%s", got, tc.want, describeCandidates(e.Candidates))
			}
			if !e.Best.Chosen || e.Best.Matches != 1 {
				t.Errorf("best is not a chosen unique candidate: %+v", e.Best)
			}
			if e.Target != tc.target {
				t.Errorf("target %q, want %q", e.Target, tc.target)
			}
			// An option of a closed select has no layout box (Playwright's
			// boundingBox() is null for it too).
			if tc.role != "option" && (e.Box == nil || e.Box.Width <= 0 || e.Box.Height <= 0) {
				t.Errorf("box %+v, want a visible box", e.Box)
			}
		})
	}
}

func describeCandidates(cands []refs.Candidate) string {
	var b strings.Builder
	for _, c := range cands {
		b.WriteString("  ")
		b.WriteString(c.Locator.Code(refs.JavaScript))
		b.WriteString("  matches=")
		b.WriteString(strings.Repeat("|", min(c.Matches, 20)))
		if len(c.Flags) > 0 {
			b.WriteString(" flags=")
			for _, f := range c.Flags {
				b.WriteString(string(f) + " ")
			}
		}
		b.WriteString("\n")
	}
	return b.String()
}

func TestLocatorsCustomTestIDAttribute(t *testing.T) {
	t.Parallel()
	b := launchTest(t, func(o *Options) { o.TestIDAttribute = "data-test" })
	srv := servePages(t)
	open(t, b, srv, "testids.html")
	e := locateOne(t, b, refOf(t, b, "button", "Cancel", 0))
	if got, want := e.Best.Locator.Code(refs.JavaScript), `getByTestId('cancel')`; got != want {
		t.Errorf("Cancel: got %s, want %s", got, want)
	}
	if got, want := e.Best.Locator.Internal(), `internal:testid=[data-test="cancel"s]`; got != want {
		t.Errorf("Cancel internal: got %s, want %s", got, want)
	}
	// data-testid is not the test id attribute now: Save is found by role,
	// and data-testid only as a CSS attribute.
	e = locateOne(t, b, refOf(t, b, "button", "Save", 0))
	if got, want := e.Best.Locator.Code(refs.JavaScript), `getByRole('button', { name: 'Save' })`; got != want {
		t.Errorf("Save: got %s, want %s", got, want)
	}
	if !slices.ContainsFunc(e.Candidates, func(c refs.Candidate) bool { return c.Locator.Internal() == `[data-testid="save-button"]` }) {
		t.Errorf("Save: no [data-testid] CSS candidate:\n%s", describeCandidates(e.Candidates))
	}
}

func TestLocatorsIframePrefix(t *testing.T) {
	t.Parallel()
	b := launchTest(t)
	srv := servePages(t)
	open(t, b, srv, "iframe.html")
	frameOnes := frameRefs(t, b)
	if len(frameOnes) == 0 {
		t.Fatal("no elements in the child frame")
	}
	out, err := b.Locators(testContext(t, 30*time.Second), frameOnes)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{
		"Card number": `locator('iframe[title="Payment"]').contentFrame().getByRole('textbox', { name: 'Card number' })`,
		"Pay":         `locator('iframe[title="Payment"]').contentFrame().getByRole('button', { name: 'Pay' })`,
	}
	for _, e := range out {
		w, ok := want[e.Name]
		if !ok {
			continue
		}
		delete(want, e.Name)
		if got := e.Best.Locator.Code(refs.JavaScript); got != w {
			t.Errorf("%s: got %s, want %s", e.Name, got, w)
		}
		if got, wi := e.Best.Locator.Internal(), `iframe[title="Payment"] >> internal:control=enter-frame >> `; !strings.HasPrefix(got, wi) {
			t.Errorf("%s: internal %s does not enter the frame", e.Name, got)
		}
		// The frame sits below the heading: its elements' boxes are in
		// main-frame coordinates, not the frame's own.
		if e.Box == nil || e.Box.Y < 60 {
			t.Errorf("%s: box %+v is not offset by the iframe's position", e.Name, e.Box)
		}
	}
	for name := range want {
		t.Errorf("no element %q in the frame", name)
	}
}

func TestLocatorsClosedShadowRoot(t *testing.T) {
	t.Parallel()
	b := launchTest(t)
	srv := servePages(t)
	open(t, b, srv, "shadow.html")
	ref := closedShadowRef(t, b)
	e := locateOne(t, b, ref)
	if !strings.Contains(e.Problem, "closed shadow root") {
		t.Errorf("problem %q, want one about the closed shadow root", e.Problem)
	}
	if !e.Best.Locator.IsZero() {
		t.Errorf("best %s for an element in a closed root", e.Best.Locator)
	}
	_, err := b.Locator(testContext(t, 20*time.Second), ref)
	if refs.CodeOf(err) != refs.CodeNotLocatable {
		t.Errorf("Locator error %v, want not_locatable", err)
	}
	// The host itself is in the light DOM and locatable.
	out, err := b.Locators(testContext(t, 30*time.Second), nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range out {
		if e.Problem != "" {
			t.Errorf("%s %s %q: %s", e.Ref, e.Role, e.Name, e.Problem)
		}
	}
}

func TestLocatorsGeneratedIDsAvoided(t *testing.T) {
	t.Parallel()
	b := launchTest(t)
	srv := servePages(t)
	open(t, b, srv, "testids.html")
	// The Framework button sits in div#ember1234.sc-bdVaJa.jsx-3456: no
	// CSS candidate may lean on that id or those classes.
	e := locateOne(t, b, refOf(t, b, "button", "Framework", 0))
	for _, c := range e.Candidates {
		in := c.Locator.Internal()
		if strings.Contains(in, "ember1234") || strings.Contains(in, "sc-bdVaJa") || strings.Contains(in, "jsx-3456") {
			t.Errorf("candidate %s uses a generated id or class", in)
		}
	}
	// The Generated button has id=":r1:" and class css-1q2w3e and no
	// stable CSS that is unique: those candidates exist, flagged, and the
	// best locator is its role.
	e = locateOne(t, b, refOf(t, b, "button", "Generated", 0))
	if e.Best.Rung != refs.RungRole {
		t.Errorf("best %s, want the role", e.Best.Locator.Code(refs.JavaScript))
	}
	flagged := 0
	for _, c := range e.Candidates {
		in := c.Locator.Internal()
		if strings.Contains(in, `\:r1\:`) || strings.Contains(in, "css-1q2w3e") {
			flagged++
			if !slices.Contains(c.Flags, refs.FlagGeneratedID) && !slices.Contains(c.Flags, refs.FlagGeneratedClass) {
				t.Errorf("candidate %s is not flagged generated: %v", in, c.Flags)
			}
		}
	}
	if flagged != 2 {
		t.Errorf("%d candidates use the generated id or class, want 2:\n%s", flagged, describeCandidates(e.Candidates))
	}
	// Checkout has a stable id and classes: its CSS uses them, unflagged.
	e = locateOne(t, b, refOf(t, b, "button", "Checkout", 0))
	for _, c := range e.Candidates {
		if c.Rung == refs.RungCSS && c.Unique() {
			if in := c.Locator.Internal(); in != "#checkout" || len(c.Flags) != 0 {
				t.Errorf("first unique CSS %s %v, want #checkout unflagged", in, c.Flags)
			}
			break
		}
	}
}

func TestLocatorsNthFlagged(t *testing.T) {
	t.Parallel()
	b := launchTest(t)
	srv := servePages(t)
	open(t, b, srv, "testids.html")
	// The paragraph holding the two search fields has no text, role name,
	// id or class: only its position tells it apart.
	e := locateOne(t, b, refOf(t, b, "paragraph", "", 1))
	if e.Problem != "" {
		t.Fatal(e.Problem)
	}
	last := e.Best.Locator.Parts[len(e.Best.Locator.Parts)-1]
	if last.Kind != refs.KindNth || !slices.Contains(e.Best.Flags, refs.FlagPosition) {
		t.Errorf("best %s (flags %v), want an nth locator flagged position", e.Best.Locator.Code(refs.JavaScript), e.Best.Flags)
	}
}
