package ui

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/ariadne-tui/ariadne/refs"
)

var (
	containerRoles = []string{"region", "navigation", "list", "listitem", "generic", "form", "group", "table", "row", "cell", "article"}
	leafRoles      = []string{"link", "button", "text", "textbox", "checkbox", "heading", "img", "text", "text", "combobox"}
	words          = []string{"Account", "Settings", "Search", "Save", "Delete", "Profile", "Orders", "Help", "Next", "Cart", "Button", "Menu"}
)

// genTree builds a deterministic page of n nodes below a ref-less root:
// nested containers (up to 12 deep) holding links, buttons, text and form
// controls, with names, refs, values and states.
func genTree(n int, seed uint64) *refs.Node {
	r := rand.New(rand.NewPCG(seed, 0x9e3779b97f4a7c15))
	root := &refs.Node{Role: "document"}
	count, ref := 0, 0
	newNode := func(role string) *refs.Node {
		count++
		x := &refs.Node{Role: role}
		if role != "text" {
			ref++
			x.Ref = fmt.Sprintf("e%d", ref)
		}
		switch role {
		case "text":
			x.Name = fmt.Sprintf("%s text number %d with some words", words[r.IntN(len(words))], count)
		case "heading":
			x.Name = fmt.Sprintf("%s %d", words[r.IntN(len(words))], count)
			x.Level = 1 + r.IntN(4)
		case "textbox", "combobox":
			x.Name = words[r.IntN(len(words))]
			x.Value, x.HasValue = fmt.Sprintf("value %d", count), true
			x.Interactive = true
		case "checkbox":
			x.Name = words[r.IntN(len(words))]
			x.Checked = []string{"true", "false", "mixed"}[r.IntN(3)]
			x.Interactive = true
		case "link", "button":
			x.Name = fmt.Sprintf("%s %d", words[r.IntN(len(words))], count)
			x.Interactive = true
			x.Disabled = r.IntN(10) == 0
		case "region", "navigation", "form":
			x.Name = words[r.IntN(len(words))]
		}
		return x
	}
	var fill func(parent *refs.Node, depth int)
	fill = func(parent *refs.Node, depth int) {
		k := 2 + r.IntN(6)
		for i := 0; i < k && count < n; i++ {
			if depth < 12 && r.IntN(3) > 0 {
				c := newNode(containerRoles[r.IntN(len(containerRoles))])
				parent.Children = append(parent.Children, c)
				fill(c, depth+1)
			} else {
				parent.Children = append(parent.Children, newNode(leafRoles[r.IntN(len(leafRoles))]))
			}
		}
	}
	for count < n {
		c := newNode("main")
		root.Children = append(root.Children, c)
		fill(c, 1)
	}
	return root
}

func TestGenTree(t *testing.T) {
	t.Parallel()
	root := genTree(20000, 1)
	nodes, depth := 0, 0
	root.Walk(func(_ *refs.Node, d int) bool { nodes++; depth = max(depth, d); return true })
	if nodes != 20001 || depth < 8 {
		t.Errorf("genTree(20000): %d nodes, depth %d", nodes, depth)
	}
}

// BenchmarkMoveView is one keypress that moves the cursor, and the redraw
// of a 160x48 screen, on a 20,000-node page.
func BenchmarkMoveView(b *testing.B) {
	t := NewTree(genTree(20000, 1))
	t.View(160, 48)
	for b.Loop() {
		if t.Cursor() == t.Len()-1 {
			t.Top()
		} else {
			t.Down()
		}
		_ = t.View(160, 48)
	}
}

// BenchmarkPageDownView is a page down and redraw.
func BenchmarkPageDownView(b *testing.B) {
	t := NewTree(genTree(20000, 1))
	t.View(160, 48)
	for b.Loop() {
		if t.Cursor() == t.Len()-1 {
			t.Top()
		} else {
			t.PageDown()
		}
		_ = t.View(160, 48)
	}
}

// BenchmarkSetRoot replaces the page with a fresh 20,000-node snapshot, with
// some folds to keep and the cursor to find again.
func BenchmarkSetRoot(b *testing.B) {
	trees := []*refs.Node{genTree(20000, 1), genTree(20000, 1)}
	t := NewTree(trees[0])
	for range 200 {
		t.Down()
	}
	t.Collapse()
	t.Move(500)
	i := 0
	for b.Loop() {
		i++
		t.SetRoot(trees[i%2])
	}
}

// BenchmarkSetRootFiltered is SetRoot with a filter on, which searches the
// whole new tree.
func BenchmarkSetRootFiltered(b *testing.B) {
	trees := []*refs.Node{genTree(20000, 1), genTree(20000, 1)}
	t := NewTree(trees[0])
	t.SetFilter("save")
	i := 0
	for b.Loop() {
		i++
		t.SetRoot(trees[i%2])
	}
}

// BenchmarkFilterKeystroke types one more letter of the filter (and starts
// over after the last), then redraws, on 20,000 nodes.
func BenchmarkFilterKeystroke(b *testing.B) {
	t := NewTree(genTree(20000, 1))
	queries := []string{"b", "bu", "but", "butt", "butto", "button"}
	t.View(160, 48)
	i := 0
	for b.Loop() {
		t.SetFilter(queries[i%len(queries)])
		i++
		_ = t.View(160, 48)
	}
}
