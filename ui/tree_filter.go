package ui

import (
	"sort"
	"strings"

	"github.com/ariadne-tui/ariadne/refs"
)

// This file holds the filter: what matches, and stepping through matches.

func (t *Tree) qualifies(n *refs.Node, order int) bool {
	if t.interactiveOnly && !n.Interactive {
		return false
	}
	return !t.filter.on() || t.filter.match(t.hay[t.hayAt[order]:t.hayAt[order+1]])
}

// buildHay lower-cases the searchable text of every node once per tree, so
// that a filter keystroke is one substring search per node. The texts are
// kept end to end in one string, node i's at hay[hayAt[i]:hayAt[i+1]]: its
// role, name, value and ref, one per line.
func (t *Tree) buildHay() {
	buf := make([]byte, 0, 64*1024)
	t.hayAt = t.hayAt[:0]
	t.root.Walk(func(n *refs.Node, _ int) bool {
		t.hayAt = append(t.hayAt, int32(len(buf)))
		buf = appendLower(buf, n.Role)
		buf = append(buf, '\n')
		buf = appendLower(buf, n.Name)
		buf = append(buf, '\n')
		buf = appendLower(buf, n.Value)
		buf = append(buf, '\n')
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

// SetFilter filters the tree to the nodes that match q (see filterQuery:
// a part of the role, name, value or ref, ignoring case; "ROLE NAME"; or
// /regexp/), with their ancestors. Call it on every keystroke. Folds are
// kept: a folded node that holds matches stays shown, folded (NextMatch
// unfolds it). The cursor goes to the first shown match that has a ref
// (else the first shown match, or fold holding matches).
func (t *Tree) SetFilter(q string) {
	if q == t.filter.text {
		return
	}
	t.filter = parseFilter(q)
	if !t.filter.on() {
		t.refilter()
		return
	}
	t.flatten()
	first, firstRef := -1, -1
	for i, r := range t.rows {
		if !r.Match && !(r.Collapsed && r.HasChildren) {
			continue
		}
		if first < 0 {
			first = i
		}
		if r.Match && r.Node.Ref != "" {
			firstRef = i
			break
		}
	}
	switch {
	case firstRef >= 0:
		t.cursor = firstRef
	case first >= 0:
		t.cursor = first
	default:
		t.cursor = 0
	}
	t.clamp()
}

// Filter returns the filter as typed.
func (t *Tree) Filter() string { return t.filter.text }

// FilterError says why the filter matches nothing because it is a
// /regexp/ that does not compile, or "".
func (t *Tree) FilterError() string {
	if t.filter.err == nil {
		return ""
	}
	return t.filter.err.Error()
}

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
