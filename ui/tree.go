// Package ui is Ariadne's terminal interface: one root Bubble Tea model and
// the plain sub-views it draws, such as the page Tree. Sub-views are structs
// whose methods change state or return strings; they do no I/O.
//
// It must not import chromedp: browser work reaches the UI as messages.
package ui

import (
	"sort"
	"strings"

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

	query           string // the filter as typed
	needle          string // the filter, lower-cased
	interactiveOnly bool
	hay             string  // lower-cased role, name, value and ref of every node (see buildHay)
	hayAt           []int32 // where each node's text starts in hay, in document order
	sizes           []int32 // per node in document order: the size of its subtree
	hits            []hit   // matching nodes in document order, folded ones included

	// changed are the refs of nodes a live update just changed: their
	// rows are marked (SetChanged).
	changed map[string]bool

	styles TreeStyles
	ink    *treeInk // pens made from styles, built on first View
}

// SetChanged marks the rows of the nodes with these refs as just changed;
// nil clears the marks.
func (t *Tree) SetChanged(refs map[string]bool) { t.changed = refs }

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

// SetRoot replaces the tree with a new snapshot. Folds are kept (by ref);
// the cursor stays on the same ref if it is still shown, otherwise on the
// same row index, and the selected row keeps its place on screen.
func (t *Tree) SetRoot(root *refs.Node) {
	sel := t.Selected()
	oldCursor, oldOffset := t.cursor, t.offset
	t.root = root
	t.hay, t.hayAt, t.sizes = "", nil, nil
	t.pruneFolds()
	t.flatten()
	t.cursor = -1
	if sel != nil {
		for i := range t.rows {
			n := t.rows[i].Node
			if n == sel || (sel.Ref != "" && n.Ref == sel.Ref) {
				t.cursor = i
				break
			}
		}
	}
	if t.cursor < 0 {
		t.cursor = oldCursor
	}
	t.offset = oldOffset + t.cursor - oldCursor
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
func (t *Tree) filtering() bool { return t.needle != "" || t.interactiveOnly }

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
	if !f.filtering {
		t.rows[idx].HasChildren = len(n.Children) > 0
		if !collapsed {
			for _, c := range n.Children {
				f.walk(c, depth+1, true)
			}
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
	for _, c := range n.Children {
		if f.walk(c, depth+1, emit && !collapsed) {
			anyKept = true
		}
	}
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

func (t *Tree) qualifies(n *refs.Node, order int) bool {
	if t.interactiveOnly && !n.Interactive {
		return false
	}
	return t.needle == "" || strings.Contains(t.hay[t.hayAt[order]:t.hayAt[order+1]], t.needle)
}

// buildHay lower-cases the searchable text of every node once per tree, so
// that a filter keystroke is one substring search per node. The texts are
// kept end to end in one string, node i's at hay[hayAt[i]:hayAt[i+1]].
func (t *Tree) buildHay() {
	buf := make([]byte, 0, 64*1024)
	t.hayAt = t.hayAt[:0]
	t.root.Walk(func(n *refs.Node, _ int) bool {
		t.hayAt = append(t.hayAt, int32(len(buf)))
		buf = appendLower(buf, n.Role)
		buf = append(buf, 0)
		buf = appendLower(buf, n.Name)
		buf = append(buf, 0)
		buf = appendLower(buf, n.Value)
		buf = append(buf, 0)
		buf = appendLower(buf, n.Ref)
		return true
	})
	t.hayAt = append(t.hayAt, int32(len(buf)))
	t.hay = string(buf)
}

func appendLower(buf []byte, s string) []byte {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return append(buf, strings.ToLower(s)...)
		}
	}
	start := len(buf)
	buf = append(buf, s...)
	for i := start; i < len(buf); i++ {
		if c := buf[i]; 'A' <= c && c <= 'Z' {
			buf[i] = c + 'a' - 'A'
		}
	}
	return buf
}

// buildSizes records the subtree size of every node in document order, so
// that flatten can skip a folded subtree and still number the nodes after it
// in document order.
func (t *Tree) buildSizes() {
	t.sizes = t.sizes[:0]
	var walk func(n *refs.Node) int32
	walk = func(n *refs.Node) int32 {
		i := len(t.sizes)
		t.sizes = append(t.sizes, 0)
		size := int32(1)
		for _, c := range n.Children {
			size += walk(c)
		}
		t.sizes[i] = size
		return size
	}
	walk(t.root)
}

// SetFilter filters the tree to the nodes whose role, name, value or ref
// contains q (ignoring case), with their ancestors. Call it on every
// keystroke. Folds are kept: a folded node that holds matches stays shown,
// folded (NextMatch unfolds it). The cursor stays on its node if that is
// still a shown match, otherwise it goes to the first shown match (or fold
// holding matches) at or after it, else the first one.
func (t *Tree) SetFilter(q string) {
	if q == t.query {
		return
	}
	t.query = q
	t.needle = strings.ToLower(q)
	t.refilter()
}

// Filter returns the filter as typed.
func (t *Tree) Filter() string { return t.query }

// ClearFilter removes the text filter (not the interactive-only filter).
func (t *Tree) ClearFilter() { t.SetFilter("") }

// InteractiveOnly reports whether only interactive nodes (and their
// ancestors) are shown.
func (t *Tree) InteractiveOnly() bool { return t.interactiveOnly }

// SetInteractiveOnly shows only interactive nodes and their ancestors, or
// everything again.
func (t *Tree) SetInteractiveOnly(on bool) {
	if on == t.interactiveOnly {
		return
	}
	t.interactiveOnly = on
	t.refilter()
}

// ToggleInteractiveOnly flips SetInteractiveOnly.
func (t *Tree) ToggleInteractiveOnly() { t.SetInteractiveOnly(!t.interactiveOnly) }

func (t *Tree) refilter() {
	sel := t.Selected()
	selOrder := -1
	if sel != nil {
		selOrder = t.rows[t.cursor].order
	}
	t.flatten()
	if sel != nil {
		if i := t.rowOf(sel); i >= 0 && (t.rows[i].Match || !t.filtering()) {
			t.cursor = i
			t.clamp()
			return
		}
	}
	if t.filtering() {
		first := -1
		for i, r := range t.rows {
			// A match, or a fold that holds matches.
			if !r.Match && !(r.Collapsed && r.HasChildren) {
				continue
			}
			if first < 0 {
				first = i
			}
			if r.order >= selOrder {
				first = i
				break
			}
		}
		if first >= 0 {
			t.cursor = first
			t.clamp()
			return
		}
	}
	t.rebuild(sel, t.cursor)
}

// Matches returns the number of nodes that match the filter (folded ones
// included) and the 1-based index of the selected one among them, or 0 if
// the selected node is not a match.
func (t *Tree) Matches() (current, total int) {
	if !t.filtering() {
		return 0, 0
	}
	if n := t.Selected(); n != nil && t.rows[t.cursor].Match {
		o := t.rows[t.cursor].order
		i := sort.Search(len(t.hits), func(i int) bool { return t.hits[i].order >= o })
		if i < len(t.hits) && t.hits[i].order == o {
			current = i + 1
		}
	}
	return current, len(t.hits)
}

// NextMatch moves to the next match after the cursor, wrapping around and
// unfolding what hides it. It returns false if nothing matches.
func (t *Tree) NextMatch() bool { return t.stepMatch(1) }

// PrevMatch moves to the previous match before the cursor, wrapping around.
func (t *Tree) PrevMatch() bool { return t.stepMatch(-1) }

func (t *Tree) stepMatch(dir int) bool {
	if !t.filtering() || len(t.hits) == 0 {
		return false
	}
	cur := -1
	if t.cursor < len(t.rows) {
		cur = t.rows[t.cursor].order
	}
	// First hit after cur.
	i := sort.Search(len(t.hits), func(i int) bool { return t.hits[i].order > cur })
	if dir < 0 {
		// Last hit before cur.
		i = sort.Search(len(t.hits), func(i int) bool { return t.hits[i].order >= cur }) - 1
	}
	i = (i + len(t.hits)) % len(t.hits)
	target := t.hits[i]
	if r := t.rowByOrder(target.order); r >= 0 {
		t.cursor = r
		t.clamp()
		return true
	}
	path := pathTo(t.root, func(n *refs.Node) bool { return n == target.node })
	return path != nil && t.reveal(path)
}

// rowByOrder finds the row of the node at a document position, or -1.
func (t *Tree) rowByOrder(o int) int {
	i := sort.Search(len(t.rows), func(i int) bool { return t.rows[i].order >= o })
	if i < len(t.rows) && t.rows[i].order == o {
		return i
	}
	return -1
}
