// Package ui is Ariadne's terminal interface: one root Bubble Tea model and
// the plain sub-views it draws, such as the page Tree. Sub-views are structs
// whose methods change state or return strings; they do no I/O.
//
// It must not import chromedp: browser work reaches the UI as messages.
package ui

import (
	"github.com/ariadne-tui/ariadne/refs"
)

// Row is one visible line of the tree.
type Row struct {
	Node        *refs.Node
	Depth       int  // 0 for top-level rows
	HasChildren bool // the node has children that can be shown (under the filter, if any)
	Collapsed   bool // the node is folded
	Match       bool // the node matches the filter (false when no filter is set)

	order int // position in document order (the root is 0); rows are sorted by it
}

// foldKey names a node in the collapsed set: by ref, or by identity for the
// nodes that have no ref (text nodes, the root).
type foldKey struct {
	ref  string
	node *refs.Node
}

func keyOf(n *refs.Node) foldKey {
	if n.Ref != "" {
		return foldKey{ref: n.Ref}
	}
	return foldKey{node: n}
}

// hit is a node that matches the filter, visible or folded away.
type hit struct {
	order int
	node  *refs.Node
}

// Tree is the page tree view: a snapshot tree flattened into the rows that
// are visible under the current folds and filter, with a cursor and a scroll
// offset. It is a plain struct driven by the root model.
//
// The rows are rebuilt only when the tree, the folds or the filter change;
// cursor moves and View touch only the rows, and View only those on screen.
//
// A root without a ref (the usual snapshot root) is not shown: its children
// are the top-level rows. A root with a ref is shown as the one top row.
type Tree struct {
	root      *refs.Node
	collapsed map[foldKey]struct{}
	rows      []Row

	cursor int
	offset int // first row on screen
	height int // rows on screen at the last View, for page moves

	filter          filterQuery
	marked          map[string]bool // refs the locator playground matched
	interactiveOnly bool
	hay             string  // lower-cased role, name, value and ref of every node (see buildHay)
	hayAt           []int32 // where each node's text starts in hay, in document order
	sizes           []int32 // per node in document order: the size of its subtree
	hits            []hit   // matching nodes in document order, folded ones included

	styles TreeStyles
	ink    *treeInk // pens made from styles, built on first View
}

// NewTree returns a tree view of root (which may be nil) with the dark
// default styles.
func NewTree(root *refs.Node) *Tree {
	t := &Tree{collapsed: map[foldKey]struct{}{}, styles: DefaultStyles(true).Tree}
	t.root = root
	t.rebuild(nil, 0)
	return t
}

// SetStyles replaces the styles, for example when the terminal reports a
// light background.
func (t *Tree) SetStyles(s TreeStyles) { t.styles, t.ink = s, nil }

// Root returns the tree's root node.
func (t *Tree) Root() *refs.Node { return t.root }

// SetRoot replaces the tree with a new snapshot of the same page. Folds are
// kept (by ref). The cursor follows the element it was on: the same ref,
// else the node in the same place (the same role and name, among equals,
// under the same ancestors: a re-rendered element), else the nearest of its
// ancestors that is still there (the row that held a deleted button), else
// the top. A followed row keeps its place on screen.
func (t *Tree) SetRoot(root *refs.Node) {
	chain := t.selectedChain()
	oldRoot, oldCursor, oldOffset := t.root, t.cursor, t.offset
	t.root = root
	t.hay, t.hayAt, t.sizes = "", nil, nil
	t.pruneFolds()
	t.flatten()
	t.cursor = -1
	if len(chain) > 0 {
		if sel := chain[len(chain)-1]; sel.Ref != "" {
			t.cursor = t.rowOfRef(sel.Ref)
		}
		if t.cursor < 0 {
			if target := follow(oldRoot, root, chain); target != nil {
				t.cursor = t.shownRowOf(target)
			}
		}
	}
	if t.cursor < 0 {
		t.cursor, t.offset = 0, 0
		t.clamp()
		return
	}
	t.offset = oldOffset + t.cursor - oldCursor
	t.clamp()
}

// ShowPage replaces the tree with the snapshot of another page (a new
// document, another tab): folds by ref are kept, the cursor goes to the top.
func (t *Tree) ShowPage(root *refs.Node) {
	t.root = root
	t.hay, t.hayAt, t.sizes = "", nil, nil
	t.pruneFolds()
	t.flatten()
	t.cursor, t.offset = 0, 0
	t.clamp()
}

// pruneFolds forgets folds of ref-less nodes that are not in the new tree.
// Folds by ref are kept: the element may come back in a later snapshot.
func (t *Tree) pruneFolds() {
	byNode := 0
	for k := range t.collapsed {
		if k.node != nil {
			byNode++
		}
	}
	if byNode == 0 {
		return
	}
	live := map[*refs.Node]bool{}
	if t.root != nil {
		t.root.Walk(func(n *refs.Node, _ int) bool { live[n] = true; return true })
	}
	for k := range t.collapsed {
		if k.node != nil && !live[k.node] {
			delete(t.collapsed, k)
		}
	}
}

// Rows returns the visible rows. The slice belongs to the tree: do not
// change it, and do not keep it across calls that change the tree.
func (t *Tree) Rows() []Row { return t.rows }

// Len returns the number of visible rows.
func (t *Tree) Len() int { return len(t.rows) }

// Cursor returns the index of the selected row.
func (t *Tree) Cursor() int { return t.cursor }

// Offset returns the index of the first row on screen, for mapping mouse
// clicks to rows.
func (t *Tree) Offset() int { return t.offset }

// Selected returns the node under the cursor, or nil if there are no rows.
func (t *Tree) Selected() *refs.Node {
	if t.cursor < 0 || t.cursor >= len(t.rows) {
		return nil
	}
	return t.rows[t.cursor].Node
}

// Move moves the cursor by delta rows, stopping at the ends.
func (t *Tree) Move(delta int) {
	t.cursor += delta
	t.clamp()
}

// Up moves the cursor one row up.
func (t *Tree) Up() { t.Move(-1) }

// Down moves the cursor one row down.
func (t *Tree) Down() { t.Move(1) }

// PageUp moves the cursor and the view one screen up.
func (t *Tree) PageUp() {
	h := t.page()
	t.offset -= h
	t.Move(-h)
}

// PageDown moves the cursor and the view one screen down.
func (t *Tree) PageDown() {
	h := t.page()
	t.offset += h
	t.Move(h)
}

// Scroll moves the view by delta rows (the mouse wheel), taking the cursor
// along only as far as it must to stay on screen.
func (t *Tree) Scroll(delta int) {
	h := t.page() + 1
	t.offset = min(max(t.offset+delta, 0), max(len(t.rows)-h, 0))
	t.cursor = min(max(t.cursor, t.offset), t.offset+h-1)
	t.clamp()
}

// SetMarked marks the rows of these refs (the locator playground's
// matches); nil clears the marks.
func (t *Tree) SetMarked(refList []string) {
	if len(refList) == 0 {
		t.marked = nil
		return
	}
	t.marked = make(map[string]bool, len(refList))
	for _, r := range refList {
		if r != "" {
			t.marked[r] = true
		}
	}
}

// Marked returns the marked refs, in document order.
func (t *Tree) Marked() []string {
	if len(t.marked) == 0 || t.root == nil {
		return nil
	}
	var out []string
	t.root.Walk(func(n *refs.Node, _ int) bool {
		if t.marked[n.Ref] {
			out = append(out, n.Ref)
		}
		return true
	})
	return out
}

// Top moves the cursor to the first row.
func (t *Tree) Top() { t.cursor = 0; t.clamp() }

// Bottom moves the cursor to the last row.
func (t *Tree) Bottom() { t.cursor = len(t.rows) - 1; t.clamp() }

func (t *Tree) page() int {
	if t.height > 1 {
		return t.height - 1
	}
	return 10
}

// clamp keeps the cursor on a row and the offset such that the cursor is on
// screen (if the screen height is known) and the screen is not past the end.
func (t *Tree) clamp() {
	t.cursor = min(max(t.cursor, 0), max(len(t.rows)-1, 0))
	if t.height > 0 {
		if t.cursor < t.offset {
			t.offset = t.cursor
		}
		if t.cursor >= t.offset+t.height {
			t.offset = t.cursor - t.height + 1
		}
		t.offset = min(t.offset, max(len(t.rows)-t.height, 0))
	}
	t.offset = max(t.offset, 0)
}
