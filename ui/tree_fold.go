package ui

import "github.com/ariadne-tui/ariadne/refs"

// This file holds the folds: collapsing and expanding rows.

// IsCollapsed reports whether n is folded.
func (t *Tree) IsCollapsed(n *refs.Node) bool {
	if len(t.collapsed) == 0 || len(n.Children) == 0 {
		return false
	}
	_, ok := t.collapsed[keyOf(n)]
	return ok
}

// Collapse folds the selected row; on a leaf or a folded row it moves to
// the parent row instead.
func (t *Tree) Collapse() {
	if t.cursor >= len(t.rows) {
		return
	}
	r := t.rows[t.cursor]
	if r.HasChildren && !r.Collapsed {
		t.collapsed[keyOf(r.Node)] = struct{}{}
		t.rebuild(r.Node, t.cursor)
		return
	}
	for i := t.cursor - 1; i >= 0; i-- {
		if t.rows[i].Depth < r.Depth {
			t.cursor = i
			t.clamp()
			return
		}
	}
}

// Expand unfolds the selected row; on an unfolded row it moves to the first
// child.
func (t *Tree) Expand() {
	if t.cursor >= len(t.rows) {
		return
	}
	r := t.rows[t.cursor]
	switch {
	case r.Collapsed:
		delete(t.collapsed, keyOf(r.Node))
		t.rebuild(r.Node, t.cursor)
	case r.HasChildren:
		t.Move(1)
	}
}

// ToggleFold folds or unfolds the selected row.
func (t *Tree) ToggleFold() {
	if t.cursor >= len(t.rows) {
		return
	}
	r := t.rows[t.cursor]
	if !r.HasChildren && !r.Collapsed {
		return
	}
	k := keyOf(r.Node)
	if r.Collapsed {
		delete(t.collapsed, k)
	} else {
		t.collapsed[k] = struct{}{}
	}
	t.rebuild(r.Node, t.cursor)
}

// CollapseAll folds every node that has children. The cursor moves to the
// top-level row that holds the selected node.
func (t *Tree) CollapseAll() {
	sel := t.Selected()
	if t.root == nil {
		return
	}
	t.root.Walk(func(n *refs.Node, _ int) bool {
		if len(n.Children) > 0 && n != t.root {
			t.collapsed[keyOf(n)] = struct{}{}
		}
		return true
	})
	t.rebuild(sel, t.cursor)
}

// ExpandAll unfolds every node.
func (t *Tree) ExpandAll() {
	sel := t.Selected()
	clear(t.collapsed)
	t.rebuild(sel, t.cursor)
}
