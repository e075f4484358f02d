package ui

import (
	"strings"

	"github.com/ariadne-tui/ariadne/refs"
)

// This file turns the tree, its folds and the filter into visible rows, and
// finds nodes among them.

// Select moves the cursor to the node with the given ref, unfolding its
// ancestors. It returns false if there is no such ref, or if the filter
// hides it (the caller may clear the filter and try again).
func (t *Tree) Select(ref string) bool {
	if ref == "" || t.root == nil {
		return false
	}
	path := pathTo(t.root, func(n *refs.Node) bool { return n.Ref == ref })
	if path == nil {
		return false
	}
	return t.reveal(path)
}

// reveal unfolds the ancestors on path (root first, target last) and moves
// the cursor to the target, if it is shown.
func (t *Tree) reveal(path []*refs.Node) bool {
	target := path[len(path)-1]
	changed := false
	for _, a := range path[:len(path)-1] {
		if t.IsCollapsed(a) {
			delete(t.collapsed, keyOf(a))
			changed = true
		}
	}
	if changed {
		t.rebuild(t.Selected(), t.cursor)
	}
	i := t.rowOf(target)
	if i < 0 {
		return false
	}
	t.cursor = i
	t.clamp()
	return true
}

// rowOf returns the row index of n, or -1.
func (t *Tree) rowOf(n *refs.Node) int {
	for i := range t.rows {
		if t.rows[i].Node == n {
			return i
		}
	}
	return -1
}

// pathTo returns the nodes from root down to the first node (in document
// order) that satisfies want, or nil.
func pathTo(root *refs.Node, want func(*refs.Node) bool) []*refs.Node {
	var path []*refs.Node
	var walk func(n *refs.Node) bool
	walk = func(n *refs.Node) bool {
		path = append(path, n)
		if want(n) {
			return true
		}
		for _, c := range n.Children {
			if walk(c) {
				return true
			}
		}
		path = path[:len(path)-1]
		return false
	}
	if walk(root) {
		return path
	}
	return nil
}

// rebuild flattens the tree again and puts the cursor back on focus, or on
// its nearest shown ancestor, or else on row index fallback.
func (t *Tree) rebuild(focus *refs.Node, fallback int) {
	t.flatten()
	t.cursor = fallback
	if focus != nil {
		if i := t.rowOf(focus); i >= 0 {
			t.cursor = i
		} else if path := pathTo(t.root, func(n *refs.Node) bool { return n == focus }); path != nil {
			for j := len(path) - 2; j >= 0; j-- {
				if i := t.rowOf(path[j]); i >= 0 {
					t.cursor = i
					break
				}
			}
		}
	}
	t.clamp()
}

// filtering reports whether any filter is on.
func (t *Tree) filtering() bool { return t.filter.on() || t.interactiveOnly }

// flatten rebuilds the visible rows (and, under a filter, the list of
// matches) from the tree, the folds and the filter.
func (t *Tree) flatten() {
	t.rows = t.rows[:0]
	t.hits = t.hits[:0]
	if t.root == nil {
		return
	}
	if t.filtering() && t.hayAt == nil {
		t.buildHay()
	}
	f := flattener{t: t, filtering: t.filtering()}
	if t.root.Ref == "" {
		f.order = 1 // the hidden root is node 0
		for _, c := range t.root.Children {
			f.walk(c, 0, true)
		}
		return
	}
	f.walk(t.root, 0, true)
}

type flattener struct {
	t         *Tree
	filtering bool
	order     int
}

// valueEcho reports whether n's only child is a text that repeats n's
// value (a textbox's text as the ARIA snapshot writes it): the row shows
// the value after ":", so the tree leaves the text out.
func valueEcho(n *refs.Node) bool {
	return n.HasValue && len(n.Children) == 1 && n.Children[0].IsText() &&
		strings.TrimSpace(n.Children[0].Name) == strings.TrimSpace(n.Value)
}

// walk appends the rows of n's subtree if emit is set, and reports whether
// n is kept: without a filter every node is kept; with one, a node is kept
// if it or a descendant matches. Under a filter, folded subtrees are still
// walked (without emitting rows) to find the matches inside them.
func (f *flattener) walk(n *refs.Node, depth int, emit bool) bool {
	t := f.t
	order := f.order
	f.order++
	match := f.filtering && t.qualifies(n, order)
	if match {
		t.hits = append(t.hits, hit{order, n})
	}
	collapsed := t.IsCollapsed(n)
	idx := -1
	if emit {
		idx = len(t.rows)
		t.rows = append(t.rows, Row{Node: n, Depth: depth, Collapsed: collapsed, Match: match, order: order})
	}
	kids, skipped := n.Children, 0
	if valueEcho(n) {
		kids, skipped = nil, 1 // the row shows the value already
	}
	if !f.filtering {
		t.rows[idx].HasChildren = len(kids) > 0
		if !collapsed {
			for _, c := range kids {
				f.walk(c, depth+1, true)
			}
			f.order += skipped
		} else if len(n.Children) > 0 {
			// Skip the folded subtree but keep counting document order.
			if t.sizes == nil {
				t.buildSizes()
			}
			f.order += int(t.sizes[order]) - 1
		}
		return true
	}
	anyKept := false
	for _, c := range kids {
		if f.walk(c, depth+1, emit && !collapsed) {
			anyKept = true
		}
	}
	f.order += skipped
	kept := match || anyKept
	if emit {
		if kept {
			t.rows[idx].HasChildren = anyKept
		} else {
			t.rows = t.rows[:idx]
		}
	}
	return kept
}
