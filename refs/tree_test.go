package refs

import (
	"strings"
	"testing"
)

func txt(s string) *Node { return &Node{Role: "text", Name: s} }

// el makes an element node; opts set its states.
func el(ref, role, name string, kids ...*Node) *Node {
	return &Node{Ref: ref, Role: role, Name: name, Children: kids}
}

func with(n *Node, f func(*Node)) *Node { f(n); return n }

type sampleTree struct {
	name string
	root *Node
}

// sampleTrees are trees built by hand, one per feature of the text format.
func sampleTrees() []sampleTree {
	interactive := func(n *Node) *Node { n.Interactive = true; return n }
	return []sampleTree{
		{"states", el("", "document", "",
			el("e1", "heading", "Settings", txt("Settings")),
			with(el("e2", "heading", "Level three"), func(n *Node) { n.Level = 3 }),
			with(el("e3", "checkbox", "Remember me"), func(n *Node) { n.Checked = "true" }),
			with(el("e4", "checkbox", "Some"), func(n *Node) { n.Checked = "mixed" }),
			with(el("e5", "checkbox", "Off"), func(n *Node) { n.Checked = "false" }),
			with(el("e6", "button", "Bold"), func(n *Node) { n.Pressed = "true" }),
			with(el("e7", "button", "Half"), func(n *Node) { n.Pressed = "mixed" }),
			with(el("e8", "button", "Menu"), func(n *Node) { n.Expanded = "true"; n.Disabled = true }),
			with(el("e9", "button", "Closed"), func(n *Node) { n.Expanded = "false" }),
			with(el("e10", "textbox", "Email"), func(n *Node) { n.Invalid = true; n.Focused = true; n.Required = true }),
			with(el("e11", "textbox", "Spelling"), func(n *Node) { n.Invalid = true; n.InvalidKind = "spelling" }),
			el("e12", "tablist", "", with(el("e13", "tab", "One"), func(n *Node) { n.Selected = true }), el("e14", "tab", "Two")),
			with(el("e15", "treeitem", "Leaf"), func(n *Node) { n.Level = 2; n.Selected = true; n.Expanded = "true"; n.Checked = "true" }),
		)},
		{"props", el("", "document", "",
			with(el("e1", "link", "Docs", txt("Docs")), func(n *Node) { n.URL, n.HasURL = "/docs", true }),
			with(el("e2", "link", "Empty href"), func(n *Node) { n.HasURL = true }),
			with(el("e3", "link", "Hash", txt("see #3")), func(n *Node) { n.URL, n.HasURL = "#top", true }),
			with(el("e4", "link", "Data"), func(n *Node) { n.URL, n.HasURL = "data:text/plain,…", true }),
			with(el("e5", "textbox", "Search", txt("shoes")), func(n *Node) { n.Placeholder = "Type: anything" }),
			with(el("e6", "link", "Both"), func(n *Node) { n.URL, n.HasURL = "/b", true; n.Placeholder = "odd" }),
			with(el("e7", "link", "Nested", el("e8", "img", "Logo"), txt("and text")), func(n *Node) { n.URL, n.HasURL = "https://example.com/?a=1&b=2", true }),
		)},
		{"text", el("", "document", "",
			el("e1", "paragraph", "", txt("Hello "), el("e2", "strong", "", txt("bold")), txt("world")),
			el("e3", "paragraph", "", txt("42")),
			el("e4", "paragraph", "", txt("key: value")),
			el("e5", "paragraph", "", txt("- dash")),
			el("e6", "paragraph", "", txt("yes")),
			el("e7", "listitem", "", txt(`say "hi"`)),
			el("e8", "listitem", "", txt("It's")),
			el("e9", "list", "Empty list"),
			txt("top-level text"),
			txt("#hash first"),
			el("e10", "button", "Line one\nline two"),
			el("e11", "button", `C:\Users\ada`),
			el("e12", "button", "\x1b[31mred\x1b[0m"),
			el("e13", "button", "C1 \u009bcsi"),
			el("e14", "button", "Bell\x07"),
			el("e15", "button", strings.Repeat("long ", 180)+"end"),
			el("e16", "button", strings.Repeat("x", 899)+"😀"),
			el("e17", "button", "👍 Like"),
			el("e18", "paragraph", "", txt("tab\tinside")),
		)},
		{"nesting", el("", "document", "",
			el("e1", "main", "",
				el("e2", "navigation", "Site",
					el("e3", "list", "",
						el("e4", "listitem", "", interactive(with(el("e5", "link", "Home"), func(n *Node) { n.URL, n.HasURL = "/", true }))),
						el("e6", "listitem", "", txt("Plain item")))),
				el("e7", "iframe", "",
					el("e8", "heading", "Inside", txt("Inside")),
					interactive(el("e9", "button", "Pay"))),
				el("e10", "group", "Plan",
					txt("Plan"),
					interactive(with(el("e11", "radio", "Free"), func(n *Node) { n.Checked = "true" })),
					txt("Free")))),
		},
	}
}

func TestFilter(t *testing.T) {
	t.Parallel()
	root := sampleTrees()[3].root
	tests := []struct {
		name string
		keep func(*Node) bool
		want string
	}{
		{"interactive", func(n *Node) bool { return n.Interactive }, `- main [ref=e1]:
  - navigation "Site" [ref=e2]:
    - list [ref=e3]:
      - listitem [ref=e4]:
        - link "Home" [ref=e5]:
          - /url: /
  - iframe [ref=e7]:
    - button "Pay" [ref=e9]
  - group "Plan" [ref=e10]:
    - radio "Free" [checked] [ref=e11]
`},
		{"headings keep their text", func(n *Node) bool { return n.Role == "heading" }, `- main [ref=e1]:
  - iframe [ref=e7]:
    - heading "Inside" [ref=e8]: Inside
`},
		{"a container keeps its own text", func(n *Node) bool { return n.Role == "group" }, `- main [ref=e1]:
  - group "Plan" [ref=e10]:
    - text: Plan
    - text: Free
`},
		{"nothing", func(n *Node) bool { return false }, ``},
		{"everything", func(n *Node) bool { return true }, Text(root, TextOptions{})},
	}
	for _, tt := range tests {
		got := Filter(root, tt.keep)
		if text := Text(got, TextOptions{}); text != tt.want {
			t.Errorf("%s:\n%s\nwant:\n%s", tt.name, text, tt.want)
		}
		if got.Role != "document" {
			t.Errorf("%s: root %q", tt.name, got.Role)
		}
	}
	// Filter copies: the original tree is untouched.
	before := Text(root, TextOptions{})
	Filter(root, func(n *Node) bool { return n.Role == "button" }).Children = nil
	if after := Text(root, TextOptions{}); after != before {
		t.Error("Filter changed the original tree")
	}
}

func TestInteractiveOnly(t *testing.T) {
	t.Parallel()
	root := sampleTrees()[3].root
	got := InteractiveOnly(root)
	var refs []string
	got.Walk(func(n *Node, _ int) bool {
		if n.Interactive {
			refs = append(refs, n.Ref)
		}
		return true
	})
	if strings.Join(refs, " ") != "e5 e9 e11" {
		t.Errorf("interactive nodes %v, want e5 e9 e11", refs)
	}
	// An empty page keeps its root.
	empty := InteractiveOnly(&Node{Role: "document", Children: []*Node{txt("just text")}})
	if empty == nil || empty.Role != "document" || len(empty.Children) != 0 {
		t.Errorf("InteractiveOnly of a page without controls: %+v", empty)
	}
}

func TestWalkAndFind(t *testing.T) {
	t.Parallel()
	root := sampleTrees()[3].root
	var order []string
	maxDepth := 0
	root.Walk(func(n *Node, d int) bool {
		if n.Ref != "" {
			order = append(order, n.Ref)
		}
		maxDepth = max(maxDepth, d)
		return n.Role != "iframe" // do not descend into the frame
	})
	if got := strings.Join(order, " "); got != "e1 e2 e3 e4 e5 e6 e7 e10 e11" {
		t.Errorf("walk order %s", got)
	}
	if maxDepth != 5 {
		t.Errorf("max depth %d, want 5", maxDepth)
	}
	if n := root.Find("e9"); n == nil || n.Name != "Pay" {
		t.Errorf("Find(e9) = %+v", n)
	}
	if n := root.Find("e99"); n != nil {
		t.Errorf("Find(e99) = %+v", n)
	}
}
