package mcp

import (
	"fmt"
	"strings"
	"testing"

	"github.com/ariadne-tui/ariadne/browser"
	"github.com/ariadne-tui/ariadne/refs"
)

func el(ref, role, name string, kids ...*refs.Node) *refs.Node {
	return &refs.Node{Ref: ref, Role: role, Name: name, Children: kids}
}

func txt(s string) *refs.Node { return &refs.Node{Role: "text", Name: s} }

// list builds a list of n alike items, each a listitem holding a button.
func list(n int, first int) *refs.Node {
	var items []*refs.Node
	for i := range n {
		r := first + 2*i
		b := el(fmt.Sprintf("e%d", r+1), "button", "Like")
		b.Interactive = true
		items = append(items, el(fmt.Sprintf("e%d", r), "listitem", "", txt(fmt.Sprintf("Idea %d", i+1)), b))
	}
	return el("e2", "list", "Ideas", items...)
}

func page(kids ...*refs.Node) *refs.Snapshot {
	return &refs.Snapshot{Tab: "T1", TabIndex: 1, URL: "http://x/", Root: &refs.Node{Role: "document", Children: kids}}
}

func TestRenderElidesLongRuns(t *testing.T) {
	t.Parallel()
	snap := page(el("e1", "heading", "Board"), list(20, 10))
	got, err := render(snap, view{})
	if err != nil {
		t.Fatal(err)
	}
	// The first three items, then one line for the other seventeen, which
	// names their refs and how to see them.
	for _, want := range []string{`[ref=e10]`, `[ref=e14]`, `… 17 more listitem like these (e16…e48, refs valid); browser_snapshot target=e2 full=true shows them`} {
		if !strings.Contains(got, want) {
			t.Errorf("missing %q in\n%s", want, got)
		}
	}
	if strings.Contains(got, "[ref=e16]") {
		t.Errorf("e16 should be elided:\n%s", got)
	}
	full, _ := render(snap, view{Full: true})
	if n := strings.Count(full, "- listitem"); n != 20 {
		t.Errorf("full=true shows %d items, want 20:\n%s", n, full)
	}
}

func TestRenderKeepsShortRunsAndDifferentShapes(t *testing.T) {
	t.Parallel()
	short := page(list(5, 10))
	got, _ := render(short, view{})
	if n := strings.Count(got, "- listitem"); n != 5 {
		t.Errorf("5 items should all show, got %d:\n%s", n, got)
	}
	// Items of another shape break the run.
	l := list(8, 10)
	l.Children[4] = el("e90", "listitem", "", el("e91", "link", "Odd one"))
	got, _ = render(page(l), view{})
	if strings.Contains(got, "more listitem") {
		t.Errorf("runs of 4 and 3 should not be elided:\n%s", got)
	}
}

func TestRenderScopeDepthInteractive(t *testing.T) {
	t.Parallel()
	snap := page(el("e1", "heading", "Board"), list(3, 10))
	got, err := render(snap, view{Scope: "e2"})
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(got, "Board") || !strings.HasPrefix(got, `- list "Ideas" [ref=e2]:`) {
		t.Errorf("scope e2:\n%s", got)
	}
	got, _ = render(snap, view{Scope: "e2", Depth: 1})
	want := "- list \"Ideas\" [ref=e2]: … 6 more elements below (depth limit); browser_snapshot target=e2 shows them\n"
	if got != want {
		t.Errorf("depth 1:\n%s\nwant\n%s", got, want)
	}
	got, _ = render(snap, view{Interactive: true})
	if strings.Contains(got, "Board") || strings.Count(got, "button") != 3 {
		t.Errorf("interactive:\n%s", got)
	}
	if _, err := render(snap, view{Scope: "e99"}); refs.CodeOf(err) != refs.CodeUnknownRef {
		t.Errorf("scope on a ref not on the page: %v, want unknown_ref", err)
	}
	if _, err := render(snap, view{Scope: "nope"}); refs.CodeOf(err) != refs.CodeBadRef {
		t.Errorf("scope on a bad ref: %v, want bad_ref", err)
	}
}

func TestRenderDropsNamesThatRepeatTheContent(t *testing.T) {
	t.Parallel()
	row := el("e3", "row", "Ada Lovelace Owner Edit", el("e4", "cell", "Ada Lovelace"), el("e5", "cell", "Owner"), el("e6", "button", "Edit"))
	link := el("e7", "link", "Docs", txt("Docs"))
	got, _ := render(page(el("e2", "table", "Team", row), link), view{})
	if strings.Contains(got, `row "Ada`) || !strings.Contains(got, "- row [ref=e3]:") || !strings.Contains(got, `cell "Ada Lovelace" [ref=e4]`) {
		t.Errorf("the row's name repeats its cells:\n%s", got)
	}
	if !strings.Contains(got, `link "Docs" [ref=e7]`) || !strings.Contains(got, `table "Team"`) {
		t.Errorf("names that say something else stay:\n%s", got)
	}
}

// TestDownloadTextEscapesHidden: a download's URL and the file name the
// page suggested reach the agent with bidi and invisible characters
// escaped.
func TestDownloadTextEscapesHidden(t *testing.T) {
	t.Parallel()
	got := downloadText(browser.Download{URL: "http://x/\u202egnp.exe", Path: "/tmp/dl/a\u200bb.exe"})
	want := `http://x/\u202egnp.exe to /tmp/dl/a\u200bb.exe`
	if got != want {
		t.Errorf("downloadText = %q, want %q", got, want)
	}
	if got := downloadText(browser.Download{URL: "http://x/\u2066y"}); got != `http://x/\u2066y` {
		t.Errorf("downloadText without a path = %q", got)
	}
}
