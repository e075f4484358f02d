package browser

import (
	"context"
	"encoding/json"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/accessibility"
	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/dom"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"

	"github.com/ariadne-tui/ariadne/refs"
)

// TestMatchesChromiumAXTree compares the role and name of every
// interactive node of a few pages with Chromium's own accessibility tree
// (CDP Accessibility.getFullAXTree), matched through the DOM node.
//
// Ariadne reads pages as Playwright does; where Chromium says otherwise,
// the difference is expected when it is one of these:
//
//	what                          Chromium             Ariadne (Playwright)
//	<option> of a <select>        MenuListOption       option
//	<img>                         image                img
//	<input type=file>             button "Choose File" button "Choose File" / its label
//	                              (name from the label and the file chosen)
//	a name with line breaks,      (kept in the name)   collapsed to spaces
//	  tabs or double spaces
//	<input type=color>            ColorWell            textbox
//	<input type=date|time|...>    date, time, ...      textbox
//	role=none on a focusable el.  (varies)             its implicit role
//	zero-width space, soft hyphen kept in the name        removed
//	an inert element or subtree   ignored (not in tree) in the tree
//
// (the table is what chromiumSays maps); any other difference fails.
func TestMatchesChromiumAXTree(t *testing.T) {
	t.Parallel()
	b := launchTest(t)
	srv := serveFidelity(t)
	for _, page := range []string{"form.html", "duplicates.html", "table.html", "names.html", "testids.html",
		"controls.html", "fidelity/names.html", "fidelity/states.html"} {
		t.Run(page, func(t *testing.T) {
			ctx := testContext(t, 30*time.Second)
			open(t, b, srv, page)
			snap, err := b.Snapshot(ctx)
			if err != nil {
				t.Fatal(err)
			}
			tab, err := b.CurrentTab()
			if err != nil {
				t.Fatal(err)
			}
			c, cancel := tab.opContext(ctx, 20*time.Second)
			defer cancel()
			tree, err := chromedp.Call(c, accessibility.GetFullAXTree, accessibility.GetFullAXTreeParams{})
			if err != nil {
				t.Fatal(err)
			}
			ax := map[cdp.BackendNodeID]*accessibility.Node{}
			for _, n := range tree.Nodes {
				if n.BackendDOMNodeID != 0 {
					ax[n.BackendDOMNodeID] = n
				}
			}
			frames, err := tab.frameTree(c)
			if err != nil {
				t.Fatal(err)
			}
			checked := 0
			snap.Root.Walk(func(n *refs.Node, _ int) bool {
				if n.Ref == "" || !n.Interactive || n.Frame != string(frames.Frame.ID) {
					return true
				}
				id := backendID(t, b, c, n.Ref)
				a := ax[id]
				if (a == nil || a.Ignored) && inertRef(t, b, c, n.Ref) {
					return true // see the table
				}
				if a == nil || a.Ignored {
					t.Errorf("%s %q (%s): not in Chromium's tree", n.Role, n.Name, n.Ref)
					return true
				}
				role, name := axString(a.Role), strings.Join(strings.Fields(axString(a.Name)), " ")
				if wantRole, wantName, ok := chromiumSays(n, role, name); !ok {
					t.Errorf("%s: Ariadne says %s %q, Chromium %s %q", n.Ref, n.Role, n.Name, wantRole, wantName)
				}
				checked++
				return true
			})
			if checked == 0 {
				t.Fatal("no interactive node checked")
			}
		})
	}
}

// chromiumSays reports whether Chromium's role and name agree with the
// node's, allowing the differences of the table above.
func chromiumSays(n *refs.Node, role, name string) (string, string, bool) {
	sameName := strings.NewReplacer("\u200b", "", "\u00ad", "").Replace(name) == n.Name
	switch {
	case role == n.Role && sameName:
		return role, name, true
	case role == "MenuListOption" && n.Role == "option" && sameName:
		return role, name, true
	case role == "image" && n.Role == "img" && sameName:
		return role, name, true
	case n.Tag == "input" && role == "button" && n.Role == "button" && strings.HasPrefix(n.Name, "Choose File"):
		return role, name, true
	case n.Tag == "input" && n.Role == "textbox" && (role == "ColorWell" || role == "date" || role == "time" ||
		role == "DateTime" || role == "InputTime" || role == "month" || role == "week"):
		return role, name, true
	}
	return role, name, false
}

func axString(v *accessibility.Value) string {
	if v == nil || len(v.Value) == 0 {
		return ""
	}
	var s string
	if json.Unmarshal(v.Value, &s) == nil {
		return s
	}
	return string(v.Value)
}

// backendID returns the DOM node id of the element behind ref.
func backendID(t *testing.T, b *Browser, ctx context.Context, ref string) cdp.BackendNodeID {
	t.Helper()
	e, err := b.Refs().Lookup(ref)
	if err != nil {
		t.Fatal(err)
	}
	tab, _ := b.CurrentTab()
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
	defer chromedp.Call(ctx, runtime.ReleaseObject, runtime.ReleaseObjectParams{ObjectID: res.Result.ObjectID})
	d, err := chromedp.Call(ctx, dom.DescribeNode, dom.DescribeNodeParams{ObjectID: res.Result.ObjectID})
	if err != nil {
		t.Fatalf("describing %s: %v", ref, err)
	}
	return d.Node.BackendNodeID
}

// inertRef reports whether the element behind ref is inert.
func inertRef(t *testing.T, b *Browser, ctx context.Context, ref string) bool {
	t.Helper()
	e, err := b.Refs().Lookup(ref)
	if err != nil {
		t.Fatal(err)
	}
	tab, _ := b.CurrentTab()
	w := tab.knownWorld(cdp.FrameID(e.Frame))
	raw, err := tab.evalIn(ctx, w, "__ariadne.elementOf("+strconv.Itoa(e.Handle)+").closest('[inert]') !== null")
	return err == nil && string(raw) == "true"
}
