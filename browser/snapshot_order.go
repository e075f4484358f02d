package browser

import (
	"slices"

	"github.com/ariadne-tui/ariadne/refs"
)

// Document order for refreshes. A ref remembers its element's index among
// the frame's elements of the same role and name (refs.Item.Index, which
// healing reads); when elements come or go, the indexes after them shift.
// orders keeps, for each role and name of each frame, the snapshot's
// elements in document order, so that a refresh finds the place of a
// changed subtree's elements by binary search and renumbers only the
// elements whose index moved, instead of walking the whole tree.

// orderKey is a frame's role and name.
type orderKey struct{ frame, role, name string }

// member is one element of an order: its ref and its path in the tree.
type member struct {
	ref  string
	path []int32
}

// orders lists, per role and name of a frame, the elements in document
// order: an element's position is its index.
type orders map[orderKey][]member

// keyOf is n's order key, or false for a node that has no index (text,
// a frame's document).
func keyOf(n *refs.Node) (orderKey, bool) {
	if n.IsText() || n.Role == "document" {
		return orderKey{}, false
	}
	return orderKey{n.Frame, n.Role, n.Name}, true
}

// addIndex records the paths of the nodes with refs under n, at path, and
// appends them to their orders (a walk in document order keeps the orders
// sorted).
func addIndex(paths map[string][]int32, ord orders, n *refs.Node, path []int32) {
	walkPaths(n, path, func(x *refs.Node, p []int32) {
		if x.Ref == "" {
			return
		}
		paths[x.Ref] = p
		if k, ok := keyOf(x); ok && ord != nil {
			ord[k] = append(ord[k], member{ref: x.Ref, path: p})
		}
	})
}

// fresh is an element a refresh read again, not in the order yet.
type fresh struct {
	path []int32
	item int // its index in the refresh's items
}

// edit is what one replaced subtree does to one order: the elements it
// held leave (they are the members under path) and fresh ones enter.
type edit struct {
	path  []int32
	fresh []fresh
}

// renumber applies edits (in document order, on distinct subtrees) to the
// order of k: it gives each fresh element its index (items[f.item].Index),
// tells the table the new index of each element whose index moved, and
// returns where each fresh element now sits in the order, to receive its
// ref.
func (sp *splicer) renumber(ord orders, k orderKey, edits []edit, items []refs.Item) []int {
	list := ord[k]
	var at []int
	pending, shift := 0, 0 // members from pending on moved by shift
	moved := func(end int) {
		if shift != 0 {
			for i := pending; i < end; i++ {
				sp.table.Reindex(list[i].ref, i)
			}
		}
	}
	for _, e := range edits {
		lo, _ := slices.BinarySearchFunc(list, e.path, func(m member, p []int32) int { return slices.Compare(m.path, p) })
		hi := lo
		for hi < len(list) && isPrefix(e.path, list[hi].path) {
			hi++
		}
		moved(lo)
		add := make([]member, len(e.fresh))
		for i, f := range e.fresh {
			add[i] = member{path: f.path}
			items[f.item].Index = lo + i
			at = append(at, lo+i)
		}
		list = slices.Replace(list, lo, hi, add...)
		shift += len(add) - (hi - lo)
		pending = lo + len(add)
	}
	moved(len(list))
	if len(list) == 0 {
		delete(ord, k)
	} else {
		ord[k] = list
	}
	return at
}
