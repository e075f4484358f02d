package browser

import (
	"slices"

	"github.com/chromedp/cdproto/cdp"

	"github.com/ariadne-tui/ariadne/refs"
)

// splicer puts the subtrees one frame's refresh read again into a
// snapshot: each replaces the node of its root element, the nodes on the
// path to it are copied, and every other node is shared with the old tree.
// Refs are assigned as a full snapshot would: an element keeps its ref, a
// new one takes over the ref of a vanished element of the same role, name
// and index (counted in the whole document), or gets a new ref.
type splicer struct {
	table *refs.Table
	tab   string
	frame cdp.FrameID
	fl    *frameLive
	paths map[string][]int32
	// orders are the frames' elements per role and name in document order
	// (snapshot_order.go).
	orders orders
}

// region is one subtree being spliced in.
type region struct {
	path  []int32
	old   *refs.Node
	root  *refs.Node
	items []refs.Item
	named []*refs.Node
	count int
}

func (sp *splicer) apply(snap *refs.Snapshot, patches []patch) error {
	frame := string(sp.frame)
	regions := make([]*region, 0, len(patches))
	for _, p := range patches {
		ref, ok := sp.table.RefFor(refs.Key{Tab: sp.tab, Frame: frame, Doc: sp.fl.doc, Handle: p.handle})
		if !ok {
			return errNotHere("element %d has no ref", p.handle)
		}
		path, ok := sp.paths[ref]
		if !ok {
			return errNotHere("%s is not in the snapshot", ref)
		}
		old := nodeAt(snap.Root, path)
		if old == nil || old.Ref != ref {
			return errNotHere("%s is not where it was", ref)
		}
		b := &builder{table: sp.table, tab: sp.tab, frame: frame, doc: sp.fl.doc, offset: sp.fl.offset}
		root, err := b.nodes(p.nodes)
		if err != nil {
			return err
		}
		if len(b.frames) > 0 || hasIframe(old) {
			return errNotHere("the subtree of %s holds an iframe", ref)
		}
		regions = append(regions, &region{path: path, old: old, root: root, items: b.items, named: b.named, count: b.count})
	}
	for i, a := range regions {
		for _, b := range regions[i+1:] {
			if isPrefix(a.path, b.path) || isPrefix(b.path, a.path) {
				return errNotHere("two subtrees overlap")
			}
		}
	}
	slices.SortFunc(regions, func(a, b *region) int { return slices.Compare(a.path, b.path) })
	// The old subtrees' elements leave the snapshot, the new ones enter;
	// edits notes, per role and name, what each subtree changes, in
	// document order.
	edits := map[orderKey][]edit{}
	// A region's edit of an order may be made by its old subtree and by its
	// new one, after other regions' old subtrees made theirs: look it up,
	// and keep each order's edits sorted by path.
	editOf := func(k orderKey, r *region) *edit {
		list := edits[k]
		i, found := slices.BinarySearchFunc(list, r.path, func(e edit, p []int32) int { return slices.Compare(e.path, p) })
		if !found {
			list = slices.Insert(list, i, edit{path: r.path})
			edits[k] = list
		}
		return &list[i]
	}
	for _, r := range regions {
		var err error
		r.old.Walk(func(n *refs.Node, _ int) bool {
			if n.Ref == "" || err != nil {
				return err == nil
			}
			e, lerr := sp.table.Lookup(n.Ref)
			if lerr != nil {
				err = lerr
				return false
			}
			delete(sp.fl.present, e.Handle)
			delete(sp.paths, n.Ref)
			if k, ok := keyOf(n); ok {
				editOf(k, r)
			}
			snap.Count--
			return true
		})
		if err != nil {
			return errNotHere("%v", err)
		}
	}
	var items []refs.Item
	var named []*refs.Node
	var paths [][]int32 // of the items
	for _, r := range regions {
		first := len(items)
		items = append(items, r.items...)
		named = append(named, r.named...)
		paths = append(paths, make([][]int32, len(r.items))...)
		for _, it := range r.items {
			sp.fl.present[it.Handle] = true
		}
		at := make(map[*refs.Node]int, len(r.named))
		for i, n := range r.named {
			at[n] = first + i
		}
		walkPaths(r.root, r.path, func(n *refs.Node, path []int32) {
			i, isNew := at[n]
			if isNew {
				paths[i] = path
			}
			if k, ok := keyOf(n); ok && isNew {
				e := editOf(k, r)
				e.fresh = append(e.fresh, fresh{path: path, item: i})
			}
		})
		snap.Root = setAt(snap.Root, r.path, r.root)
		snap.Count += r.count
	}
	type slot struct {
		k   orderKey
		pos int
	}
	slots := make([]slot, len(items))
	for k, list := range edits {
		at := sp.renumber(sp.orders, k, list, items)
		i := 0
		for _, e := range list {
			for _, f := range e.fresh {
				slots[f.item] = slot{k, at[i]}
				i++
			}
		}
	}
	present := func(h int) bool { return sp.fl.present[h] }
	for i, ref := range sp.table.AssignPart(sp.tab, frame, sp.fl.doc, items, present) {
		named[i].Ref = ref
		sp.paths[ref] = paths[i]
		sp.orders[slots[i].k][slots[i].pos].ref = ref
	}
	return nil
}

// walkPaths calls fn for every element node under n (n included) with
// its path, n being at path.
func walkPaths(n *refs.Node, path []int32, fn func(*refs.Node, []int32)) {
	fn(n, path)
	for i, c := range n.Children {
		if c.IsText() {
			continue
		}
		p := make([]int32, len(path)+1)
		copy(p, path)
		p[len(path)] = int32(i)
		walkPaths(c, p, fn)
	}
}

// nodeAt returns the node at path under root, or nil.
func nodeAt(root *refs.Node, path []int32) *refs.Node {
	n := root
	for _, i := range path {
		if int(i) >= len(n.Children) {
			return nil
		}
		n = n.Children[i]
	}
	return n
}

// setAt returns a copy of root with node at path; only the nodes on the
// path are copied.
func setAt(root *refs.Node, path []int32, node *refs.Node) *refs.Node {
	if len(path) == 0 {
		return node
	}
	cp := *root
	cp.Children = append([]*refs.Node(nil), root.Children...)
	cp.Children[path[0]] = setAt(root.Children[path[0]], path[1:], node)
	return &cp
}

// hasIframe reports whether n's subtree holds an iframe node.
func hasIframe(n *refs.Node) bool {
	found := false
	n.Walk(func(x *refs.Node, _ int) bool {
		if x.Role == "iframe" {
			found = true
		}
		return !found
	})
	return found
}

// isPrefix reports whether path a is b or leads to it.
func isPrefix(a, b []int32) bool {
	if len(a) > len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}
