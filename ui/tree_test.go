package ui

import (
	"fmt"
	"regexp"
	"strings"
	"testing"

	"charm.land/lipgloss/v2"
	"github.com/ariadne-tui/ariadne/refs"
	"github.com/charmbracelet/x/ansi"
)

func el(role, ref, name string, kids ...*refs.Node) *refs.Node {
	return &refs.Node{Role: role, Ref: ref, Name: name, Children: kids}
}

func text(s string) *refs.Node { return &refs.Node{Role: "text", Name: s} }

func interactive(n *refs.Node) *refs.Node { n.Interactive = true; return n }

// small is the tree of the unit tests:
//
//	navigation e1 > link e2 "Home", link e3 "About"
//	main e4 > heading e5, list e6 > listitem e7 > button e8 "Save",
//	                                listitem e9 > text "plain"
//	          textbox e10 "Search" = "Kittens"
func small() *refs.Node {
	tb := interactive(el("textbox", "e10", "Search"))
	tb.Value, tb.HasValue = "Kittens", true
	return el("document", "", "",
		el("navigation", "e1", "Site",
			interactive(el("link", "e2", "Home")),
			interactive(el("link", "e3", "About")),
		),
		el("main", "e4", "",
			el("heading", "e5", "Title"),
			el("list", "e6", "",
				el("listitem", "e7", "", interactive(el("button", "e8", "Save"))),
				el("listitem", "e9", "", text("plain")),
			),
			tb,
		),
	)
}

// outline draws the rows as "  ▾ e4" lines: two spaces per level, the fold
// marker (▾, ▸ or ·), the ref (or the text), and ">" on the cursor row.
func outline(t *Tree) string {
	var b strings.Builder
	for i, r := range t.Rows() {
		mark := " "
		if i == t.Cursor() {
			mark = ">"
		}
		fold := "·"
		if r.HasChildren {
			fold = "▾"
			if r.Collapsed {
				fold = "▸"
			}
		}
		label := r.Node.Ref
		if label == "" {
			label = r.Node.Name
		}
		fmt.Fprintf(&b, "%s%s%s %s\n", mark, strings.Repeat("  ", r.Depth), fold, label)
	}
	return b.String()
}

func clone(n *refs.Node) *refs.Node {
	c := *n
	c.Children = nil
	for _, k := range n.Children {
		c.Children = append(c.Children, clone(k))
	}
	return &c
}

// remove deletes the node with the given ref from the tree.
func remove(root *refs.Node, ref string) *refs.Node {
	root.Walk(func(n *refs.Node, _ int) bool {
		for i, c := range n.Children {
			if c.Ref == ref {
				n.Children = append(n.Children[:i:i], n.Children[i+1:]...)
				return false
			}
		}
		return true
	})
	return root
}

func TestTreeOps(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name string
		do   func(t *Tree)
		want string
	}{
		{"initial", func(*Tree) {}, `
>▾ e1
   · e2
   · e3
 ▾ e4
   · e5
   ▾ e6
     ▾ e7
       · e8
     ▾ e9
       · plain
   · e10
`},
		{"collapse", func(t *Tree) { t.Collapse() }, `
>▸ e1
 ▾ e4
   · e5
   ▾ e6
     ▾ e7
       · e8
     ▾ e9
       · plain
   · e10
`},
		{"collapse on leaf goes to parent", func(t *Tree) { t.Move(2); t.Collapse() }, `
>▾ e1
   · e2
   · e3
 ▾ e4
   · e5
   ▾ e6
     ▾ e7
       · e8
     ▾ e9
       · plain
   · e10
`},
		{"collapse twice goes to parent", func(t *Tree) { t.Select("e6"); t.Collapse(); t.Collapse() }, `
 ▾ e1
   · e2
   · e3
>▾ e4
   · e5
   ▸ e6
   · e10
`},
		{"expand on open row goes to first child", func(t *Tree) { t.Expand() }, `
 ▾ e1
>  · e2
   · e3
 ▾ e4
   · e5
   ▾ e6
     ▾ e7
       · e8
     ▾ e9
       · plain
   · e10
`},
		{"toggle twice", func(t *Tree) { t.Select("e6"); t.ToggleFold(); t.ToggleFold() }, `
 ▾ e1
   · e2
   · e3
 ▾ e4
   · e5
>  ▾ e6
     ▾ e7
       · e8
     ▾ e9
       · plain
   · e10
`},
		{"toggle on leaf does nothing", func(t *Tree) { t.Down(); t.ToggleFold() }, `
 ▾ e1
>  · e2
   · e3
 ▾ e4
   · e5
   ▾ e6
     ▾ e7
       · e8
     ▾ e9
       · plain
   · e10
`},
		{"collapse all keeps the cursor on the ancestor", func(t *Tree) { t.Select("e8"); t.CollapseAll() }, `
 ▸ e1
>▸ e4
`},
		{"expand all keeps the cursor", func(t *Tree) { t.Select("e8"); t.CollapseAll(); t.ExpandAll() }, `
 ▾ e1
   · e2
   · e3
>▾ e4
   · e5
   ▾ e6
     ▾ e7
       · e8
     ▾ e9
       · plain
   · e10
`},
		{"select unfolds ancestors", func(t *Tree) { t.CollapseAll(); t.Select("e8") }, `
 ▸ e1
 ▾ e4
   · e5
   ▾ e6
     ▾ e7
>      · e8
     ▸ e9
   · e10
`},
		{"bottom and top", func(t *Tree) { t.Bottom(); t.Up(); t.Up(); t.Top(); t.Bottom() }, `
 ▾ e1
   · e2
   · e3
 ▾ e4
   · e5
   ▾ e6
     ▾ e7
       · e8
     ▾ e9
       · plain
>  · e10
`},
		{"moves stop at the ends", func(t *Tree) { t.Up(); t.Move(-5); t.Move(100); t.Down() }, `
 ▾ e1
   · e2
   · e3
 ▾ e4
   · e5
   ▾ e6
     ▾ e7
       · e8
     ▾ e9
       · plain
>  · e10
`},
		{"filter by name, ignoring case", func(t *Tree) { t.SetFilter("SAV") }, `
 ▾ e4
   ▾ e6
     ▾ e7
>      · e8
`},
		{"filter by role", func(t *Tree) { t.SetFilter("link") }, `
 ▾ e1
>  · e2
   · e3
`},
		{"filter by value", func(t *Tree) { t.SetFilter("kitt") }, `
 ▾ e4
>  · e10
`},
		{"filter by ref", func(t *Tree) { t.SetFilter("e9") }, `
 ▾ e4
   ▾ e6
>    · e9
`},
		{"filter text node", func(t *Tree) { t.SetFilter("plain") }, `
 ▾ e4
   ▾ e6
     ▾ e9
>      · plain
`},
		{"filter keeps a match's subtree out", func(t *Tree) { t.SetFilter("site") }, `
>· e1
`},
		{"filter with no match", func(t *Tree) { t.SetFilter("zzz") }, ``},
		{"filter does not match across fields", func(t *Tree) { t.SetFilter("khom") }, ``},
		{"clear filter keeps the cursor", func(t *Tree) { t.SetFilter("save"); t.ClearFilter() }, `
 ▾ e1
   · e2
   · e3
 ▾ e4
   · e5
   ▾ e6
     ▾ e7
>      · e8
     ▾ e9
       · plain
   · e10
`},
		{"filter shows folded matches under their folded ancestor", func(t *Tree) { t.Select("e6"); t.Collapse(); t.Top(); t.SetFilter("save") }, `
 ▾ e4
>  ▸ e6
`},
		{"next match unfolds", func(t *Tree) { t.Select("e6"); t.Collapse(); t.Top(); t.SetFilter("save"); t.NextMatch() }, `
 ▾ e4
   ▾ e6
     ▾ e7
>      · e8
`},
		{"next match wraps", func(t *Tree) { t.SetFilter("e"); t.Bottom(); t.NextMatch() }, "first"},
		{"prev match wraps", func(t *Tree) { t.SetFilter("e1"); t.PrevMatch() }, `
 · e1
 ▾ e4
>  · e10
`},
		{"interactive only", func(t *Tree) { t.SetInteractiveOnly(true) }, `
 ▾ e1
>  · e2
   · e3
 ▾ e4
   ▾ e6
     ▾ e7
       · e8
   · e10
`},
		{"interactive only and filter", func(t *Tree) { t.ToggleInteractiveOnly(); t.SetFilter("a") }, `
 ▾ e1
>  · e3
 ▾ e4
   ▾ e6
     ▾ e7
       · e8
   · e10
`},
		{"interactive only off keeps the cursor", func(t *Tree) { t.ToggleInteractiveOnly(); t.ToggleInteractiveOnly() }, `
 ▾ e1
>  · e2
   · e3
 ▾ e4
   · e5
   ▾ e6
     ▾ e7
       · e8
     ▾ e9
       · plain
   · e10
`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tr := NewTree(small())
			tc.do(tr)
			got := outline(tr)
			if tc.want == "first" {
				if r := tr.Rows(); len(r) == 0 || tr.Cursor() != 0 || !r[0].Match {
					t.Errorf("cursor not on the first match:\n%s", got)
				}
				return
			}
			if want := strings.TrimPrefix(tc.want, "\n"); got != want {
				t.Errorf("got\n%s\nwant\n%s", got, want)
			}
		})
	}
}

func TestSetRoot(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name   string
		before func(t *Tree)
		next   func(root *refs.Node) *refs.Node
		want   string
	}{
		{"same ref after a new snapshot", func(t *Tree) { t.Select("e8") }, func(r *refs.Node) *refs.Node {
			r.Children[0].Children = append(r.Children[0].Children, el("link", "e11", "Blog"))
			return r
		}, `
 ▾ e1
   · e2
   · e3
   · e11
 ▾ e4
   · e5
   ▾ e6
     ▾ e7
>      · e8
     ▾ e9
       · plain
   · e10
`},
		{"the parent when the ref is gone", func(t *Tree) { t.Select("e3") }, func(r *refs.Node) *refs.Node {
			return remove(r, "e3")
		}, `
>▾ e1
   · e2
 ▾ e4
   · e5
   ▾ e6
     ▾ e7
       · e8
     ▾ e9
       · plain
   · e10
`},
		{"the top when the row and its ancestors are gone", func(t *Tree) { t.Bottom() }, func(r *refs.Node) *refs.Node {
			return remove(r, "e4")
		}, `
>▾ e1
   · e2
   · e3
`},
		{"folds are kept by ref", func(t *Tree) { t.Select("e6"); t.Collapse(); t.Select("e1"); t.Collapse() }, func(r *refs.Node) *refs.Node { return r }, `
>▸ e1
 ▾ e4
   · e5
   ▸ e6
   · e10
`},
		{"filter is applied to the new tree", func(t *Tree) { t.SetFilter("save") }, func(r *refs.Node) *refs.Node {
			r.Children[0].Children = append(r.Children[0].Children, interactive(el("button", "e11", "Save draft")))
			return r
		}, `
 ▾ e1
   · e11
 ▾ e4
   ▾ e6
     ▾ e7
>      · e8
`},
		{"empty tree", func(t *Tree) { t.Bottom() }, func(*refs.Node) *refs.Node { return nil }, ``},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tr := NewTree(small())
			tc.before(tr)
			tr.SetRoot(tc.next(clone(tr.Root())))
			if got, want := outline(tr), strings.TrimPrefix(tc.want, "\n"); got != want {
				t.Errorf("got\n%s\nwant\n%s", got, want)
			}
		})
	}
}

// table is a React-style table: every row has a Delete button, and a
// re-render gives every element a new ref.
func table(prefix string, names ...string) *refs.Node {
	var rows []*refs.Node
	for i, n := range names {
		id := prefix + itoa(i)
		rows = append(rows, el("row", id+"r", n, el("cell", id+"c", n), interactive(el("button", id+"b", "Delete"))))
	}
	return el("", "", "", el("table", "t1", "People", rows...))
}

// The issue 12 case: deleting a row must not put the cursor on the next
// row's Delete, whether the refs survive the re-render or not; a row that
// moved is followed.
func TestSetRootFollowsTheElement(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name     string
		next     *refs.Node
		wantRole string
		wantName string
	}{
		{"row deleted, refs kept", func() *refs.Node { r := table("a", "Ada", "Grace", "Alan"); return remove(r, "a1r") }(), "table", "People"},
		{"row deleted, every ref new", table("b", "Ada", "Alan"), "table", "People"},
		{"rows reordered, every ref new", table("b", "Alan", "Grace", "Ada"), "button", "Delete"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tr := NewTree(table("a", "Ada", "Grace", "Alan"))
			if !tr.Select("a1b") {
				t.Fatal("no a1b")
			}
			tr.SetRoot(tc.next)
			n := tr.Selected()
			if n == nil || n.Role != tc.wantRole || n.Name != tc.wantName {
				t.Fatalf("selected %+v, want %s %q\n%s", n, tc.wantRole, tc.wantName, outline(tr))
			}
			if n.Role == "button" {
				// The Delete of Grace's row, wherever it went.
				if row := tr.selectedChain()[1]; row.Name != "Grace" {
					t.Errorf("followed into row %q, want Grace's", row.Name)
				}
			}
		})
	}
}

// Another page starts at the top, wherever the cursor was.
func TestShowPageGoesToTop(t *testing.T) {
	t.Parallel()
	tr := NewTree(genTree(2000, 3))
	tr.View(80, 20)
	tr.Move(500)
	tr.ShowPage(clone(tr.Root()))
	if tr.Cursor() != 0 || tr.Offset() != 0 {
		t.Errorf("cursor %d offset %d, want 0 0", tr.Cursor(), tr.Offset())
	}
}

func TestSetRootKeepsScreenPlace(t *testing.T) {
	t.Parallel()
	tr := NewTree(genTree(2000, 3))
	tr.View(80, 20)
	tr.Move(100)
	for tr.Selected().Ref == "" {
		tr.Down()
	}
	tr.View(80, 20)
	sel, line := tr.Selected().Ref, tr.Cursor()-tr.Offset()
	next := clone(tr.Root())
	next.Children = append([]*refs.Node{el("banner", "x1", "New", el("link", "x2", "a"), el("link", "x3", "b"))}, next.Children...)
	tr.SetRoot(next)
	tr.View(80, 20)
	if tr.Selected().Ref != sel {
		t.Errorf("selected %s, want %s", tr.Selected().Ref, sel)
	}
	if got := tr.Cursor() - tr.Offset(); got != line {
		t.Errorf("selected row moved from screen line %d to %d", line, got)
	}
}

func TestSelect(t *testing.T) {
	t.Parallel()
	tr := NewTree(small())
	if tr.Select("e99") || tr.Select("") {
		t.Error("Select of a missing ref should fail")
	}
	tr.SetFilter("link")
	if tr.Select("e8") {
		t.Error("Select of a filtered-out ref should fail")
	}
	if !tr.Select("e3") || tr.Selected().Ref != "e3" {
		t.Error("Select under the filter")
	}
	tr.ClearFilter()
	if !tr.Select("e8") || tr.Selected().Ref != "e8" {
		t.Error("Select after clearing")
	}
}

func TestMatches(t *testing.T) {
	t.Parallel()
	tr := NewTree(small())
	if c, n := tr.Matches(); c != 0 || n != 0 {
		t.Errorf("no filter: %d/%d", c, n)
	}
	tr.SetFilter("e1") // e1, e10
	if c, n := tr.Matches(); c != 1 || n != 2 {
		t.Errorf("e1: %d/%d, want 1/2", c, n)
	}
	tr.NextMatch()
	if c, _ := tr.Matches(); c != 2 || tr.Selected().Ref != "e10" {
		t.Errorf("after next: %d on %s", c, tr.Selected().Ref)
	}
	tr.NextMatch()
	if tr.Selected().Ref != "e1" {
		t.Errorf("next did not wrap: %s", tr.Selected().Ref)
	}
	tr.Down() // e4, an ancestor shown for context
	if c, n := tr.Matches(); c != 0 || n != 2 {
		t.Errorf("on context row: %d/%d", c, n)
	}
	tr.PrevMatch()
	if tr.Selected().Ref != "e1" {
		t.Errorf("prev from e4: %s", tr.Selected().Ref)
	}
	tr.SetFilter("nothing")
	if tr.NextMatch() || tr.PrevMatch() || tr.Selected() != nil {
		t.Error("no matches: moved")
	}
}

func TestEmptyTree(t *testing.T) {
	t.Parallel()
	tr := NewTree(nil)
	tr.Down()
	tr.PageDown()
	tr.Collapse()
	tr.Expand()
	tr.ToggleFold()
	tr.CollapseAll()
	tr.ExpandAll()
	tr.SetFilter("x")
	tr.NextMatch()
	if tr.Selected() != nil || tr.Len() != 0 {
		t.Error("empty tree has a selection")
	}
	if got := ansi.Strip(tr.View(20, 2)); got != "no page\n" {
		t.Errorf("View = %q", got)
	}
}

// Not parallel: AllocsPerRun counts the whole process's allocations.
func TestCursorMoveDoesNotAllocate(t *testing.T) {
	tr := NewTree(genTree(5000, 2))
	tr.View(80, 24)
	if n := testing.AllocsPerRun(100, func() { tr.Down(); tr.Up(); tr.PageDown(); tr.PageUp() }); n != 0 {
		t.Errorf("cursor moves allocate %v times", n)
	}
}

func TestScroll(t *testing.T) {
	t.Parallel()
	tr := NewTree(genTree(500, 4))
	tr.View(80, 10)
	for range 15 {
		tr.Down()
	}
	tr.View(80, 10)
	if tr.Offset() != 6 {
		t.Errorf("offset %d, want 6 (cursor 15 on the last line)", tr.Offset())
	}
	tr.PageDown()
	if tr.Cursor() != 24 || tr.Offset() != 15 {
		t.Errorf("page down: cursor %d offset %d", tr.Cursor(), tr.Offset())
	}
	tr.Bottom()
	tr.View(80, 10)
	if tr.Offset() != tr.Len()-10 {
		t.Errorf("bottom: offset %d of %d rows", tr.Offset(), tr.Len())
	}
}

// page is the fixture of the golden tests: landmarks, headings, a form with
// every state badge, wide and right-to-left text, a long line, and names
// carrying terminal escapes.
func page() *refs.Node {
	n := func(role, ref, name string, set func(*refs.Node), kids ...*refs.Node) *refs.Node {
		x := el(role, ref, name, kids...)
		if set != nil {
			set(x)
		}
		return x
	}
	val := func(v string) func(*refs.Node) {
		return func(x *refs.Node) { x.Value, x.HasValue, x.Interactive = v, true, true }
	}
	act := func(x *refs.Node) { x.Interactive = true }
	return el("document", "", "",
		el("banner", "e1", "",
			n("link", "e2", "Ariadne home", act),
			el("navigation", "e3", "Main",
				el("list", "e4", "",
					el("listitem", "e5", "", n("link", "e6", "Docs", act)),
					el("listitem", "e7", "", n("link", "e8", "Blog", act)),
				),
			),
		),
		el("main", "e9", "",
			n("heading", "e10", "Sign in to your account", func(x *refs.Node) { x.Level = 1 }),
			text("Welcome back! 👋 Please sign in."),
			el("form", "e11", "Login",
				n("textbox", "e12", "Email", func(x *refs.Node) { val("ada@example.com")(x); x.Focused = true }),
				n("textbox", "e13", "Password", func(x *refs.Node) { val("")(x); x.Required = true }),
				n("checkbox", "e14", "Remember me", func(x *refs.Node) { x.Checked, x.Interactive = "true", true }),
				n("checkbox", "e15", "Subscribe", func(x *refs.Node) { x.Checked, x.Interactive = "mixed", true }),
				n("combobox", "e16", "Language", func(x *refs.Node) { val("English")(x); x.Expanded = "true" },
					el("listbox", "e17", "",
						n("option", "e18", "English", func(x *refs.Node) { x.Selected, x.Interactive = true, true }),
						n("option", "e19", "日本語", act),
						n("option", "e20", "العربية", act),
					),
				),
				n("button", "e21", "Sign in", act),
				n("button", "e22", "Bold", func(x *refs.Node) { x.Pressed, x.Interactive = "true", true }),
				n("button", "e23", "Delete account", func(x *refs.Node) { x.Disabled, x.Interactive = true, true }),
				n("textbox", "e24", "Phone", func(x *refs.Node) { val("555-01\x1b[31m23\n4")(x); x.Invalid = true }),
			),
			el("region", "e25", "Comments",
				n("heading", "e26", "Comments (3)", func(x *refs.Node) { x.Level = 2 }),
				el("paragraph", "e27", "", text("This is a very long comment that goes on and on, to make sure that truncation with an ellipsis happens at the right column even on a screen that is a hundred and sixty columns wide. Yes, really.")),
				el("paragraph", "e28", "", text("שלום עולם — a Hebrew greeting, مرحبا بالعالم")),
				el("paragraph", "e29", "", text("family 👩‍👩‍👧 flag 🇫🇷 CJK 漢字テスト漢字テスト漢字テスト漢字テスト漢字テスト漢字テスト漢字テスト end")),
				n("link", "e30", "Evil \x1b]52;c;aGVsbG8=\x07 link\u009b2J", act),
				n("textbox", "e31", "A field whose label is far too long to fit on one line of an eighty column terminal", val("and a value that is long as well, to be cut too")),
			),
		),
		el("contentinfo", "e32", "",
			text("© 2026 Ariadne"),
			n("link", "e33", "Privacy", act),
		),
	)
}

var sgr = regexp.MustCompile(`\x1b\[[0-9;:]*m`)

func TestGoldenView(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name string
		w, h int
		do   func(t *Tree)
	}{
		{"page_80x24", 80, 24, func(*Tree) {}},
		{"page_160x48", 160, 48, func(*Tree) {}},
		{"bottom_80x24", 80, 24, func(t *Tree) { t.Bottom() }},
		{"selected_160x48", 160, 48, func(t *Tree) { t.Select("e29") }},
		{"folded_80x24", 80, 24, func(t *Tree) { t.Select("e3"); t.Collapse(); t.Select("e17"); t.Collapse(); t.Select("e11") }},
		{"filter_80x24", 80, 24, func(t *Tree) { t.SetFilter("sign") }},
		{"interactive_160x48", 160, 48, func(t *Tree) { t.ToggleInteractiveOnly() }},
		{"nomatch_80x24", 80, 24, func(t *Tree) { t.SetFilter("zebra") }},
		{"deep_80x24", 80, 24, func(t *Tree) { t.SetRoot(deep(40)); t.Bottom() }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tr := NewTree(page())
			tc.do(tr)
			raw := tr.View(tc.w, tc.h)
			plain := ansi.Strip(raw)
			lines := strings.Split(plain, "\n")
			if len(lines) != tc.h {
				t.Errorf("%d lines, want %d", len(lines), tc.h)
			}
			for i, l := range lines {
				if w := ansi.StringWidth(l); w > tc.w {
					t.Errorf("line %d is %d wide: %q", i+1, w, l)
				}
			}
			// Only colour sequences may reach the terminal.
			for _, r := range sgr.ReplaceAllString(raw, "") {
				if (r < 0x20 && r != '\n') || (r >= 0x7f && r <= 0x9f) {
					t.Fatalf("control %U in the view", r)
				}
			}
			goldenFile(t, tc.name, plain)
		})
	}
}

// deep is a chain of n nested groups ending in a button.
func deep(n int) *refs.Node {
	leaf := interactive(el("button", fmt.Sprintf("e%d", n+1), "Deep button"))
	for i := n; i >= 1; i-- {
		leaf = el("group", fmt.Sprintf("e%d", i), "", leaf)
	}
	return el("document", "", "", leaf)
}

func TestViewSizes(t *testing.T) {
	t.Parallel()
	tr := NewTree(page())
	for _, size := range [][2]int{{0, 10}, {10, 0}, {-1, -1}} {
		if got := tr.View(size[0], size[1]); got != "" {
			t.Errorf("View(%d, %d) = %q", size[0], size[1], got)
		}
	}
	for w := 1; w <= 60; w++ {
		for _, l := range strings.Split(tr.View(w, 40), "\n") {
			if got := ansi.StringWidth(l); got > w {
				t.Fatalf("width %d: line %q is %d wide", w, ansi.Strip(l), got)
			}
		}
	}
}

func TestViewSelectedRowFillsWidth(t *testing.T) {
	t.Parallel()
	tr := NewTree(page())
	tr.Select("e21")
	lines := strings.Split(tr.View(80, 40), "\n")
	sel := lines[tr.Cursor()-tr.Offset()]
	if w := ansi.StringWidth(sel); w != 80 {
		t.Errorf("selected row is %d wide, want 80", w)
	}
	if !strings.HasPrefix(ansi.Strip(sel), ">") {
		t.Errorf("selected row %q has no cursor mark", ansi.Strip(sel))
	}
}

func TestKindOf(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		n    *refs.Node
		want RoleKind
	}{
		{el("main", "", ""), KindLandmark},
		{el("heading", "", ""), KindHeading},
		{el("button", "", ""), KindControl},
		{interactive(el("generic", "", "")), KindControl},
		{text("x"), KindText},
		{el("list", "", ""), KindOther},
	} {
		if got := KindOf(tc.n); got != tc.want {
			t.Errorf("KindOf(%s) = %d, want %d", tc.n.Role, got, tc.want)
		}
	}
}

func TestPensDrawLikeLipgloss(t *testing.T) {
	t.Parallel()
	for _, dark := range []bool{true, false} {
		st := DefaultStyles(dark).Tree
		tr := NewTree(nil)
		tr.SetStyles(st)
		ink := tr.inks()
		pens := map[string][2]pen{"cursor": ink.cursor, "name": ink.name, "ref": ink.ref, "context": ink.context, "landmark": ink.roles[KindLandmark]}
		styles := map[string]lipgloss.Style{"cursor": st.Cursor, "name": st.Name, "ref": st.Ref, "context": st.Context, "landmark": st.Landmark}
		for name, p := range pens {
			for _, s := range []string{"x", ` "Sign in"`, "  ▾ ", "漢字 👩‍👩‍👧"} {
				for i, want := range []string{styles[name].Render(s), styles[name].Inherit(st.Selected).Render(s)} {
					var b strings.Builder
					p[i].paint(&b, s)
					if !p[i].ok || b.String() != want {
						t.Errorf("%s[%d] (ok=%v) draws %q as %q, lipgloss as %q", name, i, p[i].ok, s, b.String(), want)
					}
				}
			}
		}
	}
	// A style the pen cannot copy falls back to lipgloss.
	p := newPen(lipgloss.NewStyle().Underline(true).UnderlineSpaces(false))
	var b strings.Builder
	p.paint(&b, "a b")
	if b.String() != lipgloss.NewStyle().Underline(true).UnderlineSpaces(false).Render("a b") {
		t.Errorf("fallback drew %q", b.String())
	}
}

// The filter forms of issue 12: role and name together, /regexp/, and the
// first matching row with a ref selected.
func TestFilterForms(t *testing.T) {
	t.Parallel()
	page := func() *refs.Node {
		r := table("a", "Ada Lovelace", "Grace Hopper")
		r.Children = append(r.Children,
			el("text", "", "Delete removes a row"),
			interactive(el("textbox", "x1", "Email")),
			interactive(el("button", "x2", "Save draft")))
		r.Children[len(r.Children)-2].Value = "ada@example.com"
		return r
	}
	for _, tc := range []struct {
		q        string
		wantRefs []string // the matching refs, in order
		selected string   // the ref selected
		err      bool
	}{
		{q: "button delete", wantRefs: []string{"a0b", "a1b"}, selected: "a0b"},
		{q: "delete", wantRefs: []string{"a0b", "a1b", ""}, selected: "a0b"},
		{q: "row grace", wantRefs: []string{"a1r"}, selected: "a1r"},
		{q: "textbox ada@", wantRefs: []string{"x1"}, selected: "x1"},
		{q: "Ada", wantRefs: []string{"a0r", "a0c", "x1"}, selected: "a0r"},
		{q: "/^(save|email)/", wantRefs: []string{"x1", "x2"}, selected: "x1"},
		{q: "/lovelace$/", wantRefs: []string{"a0r", "a0c"}, selected: "a0r"},
		{q: "/[/", err: true},
	} {
		t.Run(tc.q, func(t *testing.T) {
			tr := NewTree(page())
			tr.Bottom()
			tr.SetFilter(tc.q)
			var got []string
			for _, r := range tr.Rows() {
				if r.Match {
					got = append(got, r.Node.Ref)
				}
			}
			if strings.Join(got, ",") != strings.Join(tc.wantRefs, ",") {
				t.Errorf("matches %q, want %q", got, tc.wantRefs)
			}
			if (tr.FilterError() != "") != tc.err {
				t.Errorf("error %q, want one: %v", tr.FilterError(), tc.err)
			}
			if tc.selected != "" {
				if n := tr.Selected(); n == nil || n.Ref != tc.selected {
					t.Errorf("selected %+v, want %s", n, tc.selected)
				}
			}
		})
	}
}

// A textbox's value shows once, after ":", not again as a child text row;
// the rows after it keep their document order (the filter still finds
// them).
func TestValueShownOnce(t *testing.T) {
	t.Parallel()
	box := interactive(el("textbox", "e2", "Email", el("text", "", "ada@example.com")))
	box.Value, box.HasValue = "ada@example.com", true
	other := interactive(el("textbox", "e3", "Note", el("text", "", "something else")))
	other.Value, other.HasValue = "typed", true
	tr := NewTree(el("", "", "", el("form", "e1", "Sign in", box, other, el("button", "e4", "Send"))))
	got := outline(tr)
	if want := ">▾ e1\n   · e2\n   ▾ e3\n     · something else\n   · e4\n"; got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
	tr.SetFilter("send")
	if n := tr.Selected(); n == nil || n.Ref != "e4" {
		t.Errorf("filter selected %+v, want e4", n)
	}
	tr.SetFilter("ada@")
	if n := tr.Selected(); n == nil || n.Ref != "e2" {
		t.Errorf("filter on the value selected %+v, want e2", n)
	}
}

// Long candidates that share a prefix stay apart when cut to the width.
func TestCutMiddle(t *testing.T) {
	t.Parallel()
	a := "getByTestId('product-blue-mug').getByRole('button', { name: 'Add to cart' })"
	b := "getByTestId('product-blue-mug').getByRole('button', { name: 'Add to cart', exact: true })"
	ca, cb := cutMiddle(a, 40), cutMiddle(b, 40)
	if ca == cb || ansi.StringWidth(ca) != 40 || ansi.StringWidth(cb) != 40 {
		t.Errorf("%q and %q", ca, cb)
	}
	if !strings.HasSuffix(cb, "exact: true })") || !strings.HasPrefix(cb, "getByTestId(") {
		t.Errorf("%q lost its ends", cb)
	}
	if got := cutMiddle("short", 40); got != "short" {
		t.Errorf("%q", got)
	}
}

// The Y list wraps a long locator instead of cutting it: two candidates
// that differ only at the end or only in the middle stay apart at 80
// columns, and every character is kept.
func TestPickerWrapsLongLocators(t *testing.T) {
	t.Parallel()
	long := []string{
		"getByTestId('product-blue-mug').getByRole('button', { name: 'Add to cart' })",
		"getByTestId('product-blue-mug').getByRole('button', { name: 'Add to cart', exact: true })",
		"getByTestId('product-green-mug').getByRole('button', { name: 'Add to cart' })",
	}
	p := &picker{kind: pickLocators, title: "Locators of e1"}
	for _, l := range long {
		p.items = append(p.items, pickItem{label: "  javascript " + l, value: l})
	}
	out := ansi.Strip(p.view(DefaultStyles(true).Pane, 60, 30))
	// Without the box and the spaces, each locator is there whole.
	flat := strings.Join(strings.Fields(strings.NewReplacer("│", " ", "╭", " ", "╮", " ", "╰", " ", "╯", " ", "─", " ").Replace(out)), "")
	for _, l := range long {
		if !strings.Contains(flat, strings.Join(strings.Fields(l), "")) {
			t.Errorf("the list lost %q:\n%s", l, out)
		}
	}
	for _, line := range strings.Split(out, "\n") {
		if ansi.StringWidth(line) > 60 {
			t.Errorf("line wider than the box: %q", line)
		}
	}
	if got := wrapHanging("short", 40, 6); len(got) != 1 || got[0] != "short" {
		t.Errorf("%q", got)
	}
}
