package ui

import "github.com/ariadne-tui/ariadne/refs"

// This file finds, in a new snapshot, the element the cursor was on.

// selectedChain returns the selected node and its shown ancestors, the
// top-level row first, read off the rows (an ancestor of a shown row is
// always shown), or nil.
func (t *Tree) selectedChain() []*refs.Node {
	if t.cursor < 0 || t.cursor >= len(t.rows) {
		return nil
	}
	depth := t.rows[t.cursor].Depth
	chain := make([]*refs.Node, depth+1)
	chain[depth] = t.rows[t.cursor].Node
	for i := t.cursor - 1; i >= 0 && depth > 0; i-- {
		if d := t.rows[i].Depth; d < depth {
			depth = d
			chain[d] = t.rows[i].Node
		}
	}
	return chain
}

// rowOfRef returns the row of the node with ref, or -1.
func (t *Tree) rowOfRef(ref string) int {
	for i := range t.rows {
		if t.rows[i].Node.Ref == ref {
			return i
		}
	}
	return -1
}

// shownRowOf returns the row of n, or of its nearest shown ancestor, or -1.
func (t *Tree) shownRowOf(n *refs.Node) int {
	if i := t.rowOf(n); i >= 0 {
		return i
	}
	path := pathTo(t.root, func(x *refs.Node) bool { return x == n })
	for j := len(path) - 2; j >= 0; j-- {
		if i := t.rowOf(path[j]); i >= 0 {
			return i
		}
	}
	return -1
}

// follow walks down the new tree along chain (nodes of the old tree, the
// top-level row first) and returns the deepest node it reaches: at each
// level the child with the same ref, else the one with the same role and
// name and the same index among siblings that share them. It returns nil
// when not even the first level is found.
func follow(oldRoot, newRoot *refs.Node, chain []*refs.Node) *refs.Node {
	if oldRoot == nil || newRoot == nil {
		return nil
	}
	oldKids, newKids := oldRoot.Children, newRoot.Children
	if oldRoot.Ref != "" { // a root with a ref is the one top row
		oldKids, newKids = []*refs.Node{oldRoot}, []*refs.Node{newRoot}
	}
	var reached *refs.Node
	for _, want := range chain {
		next := matchSibling(oldKids, newKids, want)
		if next == nil {
			break
		}
		reached = next
		oldKids, newKids = want.Children, next.Children
	}
	return reached
}

// matchSibling finds want (one of oldKids) among newKids.
func matchSibling(oldKids, newKids []*refs.Node, want *refs.Node) *refs.Node {
	if want.Ref != "" {
		for _, n := range newKids {
			if n.Ref == want.Ref {
				return n
			}
		}
	}
	idx := 0
	for _, n := range oldKids {
		if n == want {
			break
		}
		if n.Role == want.Role && n.Name == want.Name {
			idx++
		}
	}
	for _, n := range newKids {
		if n.Role == want.Role && n.Name == want.Name {
			if idx == 0 {
				return n
			}
			idx--
		}
	}
	return nil
}
