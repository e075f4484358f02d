package browser

import (
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
	// The old subtrees' elements leave the snapshot, the new ones enter.
	keys := map[[2]string]bool{}
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
			keys[[2]string{n.Role, n.Name}] = true
			snap.Count--
			return true
		})
		if err != nil {
			return errNotHere("%v", err)
		}
	}
	for _, r := range regions {
		for _, it := range r.items {
			sp.fl.present[it.Handle] = true
			keys[[2]string{it.Role, it.Name}] = true
		}
		snap.Root = setAt(snap.Root, r.path, r.root)
		snap.Count += r.count
	}
	sp.reindex(snap.Root, regions, keys)
	var items []refs.Item
	var named []*refs.Node
	for _, r := range regions {
		items = append(items, r.items...)
		named = append(named, r.named...)
	}
	present := func(h int) bool { return sp.fl.present[h] }
	for i, ref := range sp.table.AssignPart(sp.tab, frame, sp.fl.doc, items, present) {
		named[i].Ref = ref
	}
	for _, r := range regions {
		addPaths(sp.paths, r.root, r.path)
	}
	return nil
}

// reindex counts, in document order, the frame's elements whose role and
// name are in keys (those that came or went): it gives the new ones their
// index, and tells the table the new index of the others.
func (sp *splicer) reindex(root *refs.Node, regions []*region, keys map[[2]string]bool) {
	frame := string(sp.frame)
	fresh := map[*refs.Node]*refs.Item{}
	for _, r := range regions {
		for i, n := range r.named {
			fresh[n] = &r.items[i]
		}
	}
	seen := make(map[[2]string]int, len(keys))
	root.Walk(func(n *refs.Node, _ int) bool {
		if n.Frame != frame || n.IsText() || n.Role == "document" {
			return true
		}
		k := [2]string{n.Role, n.Name}
		if !keys[k] {
			return true
		}
		idx := seen[k]
		seen[k] = idx + 1
		if it := fresh[n]; it != nil {
			it.Index = idx
		} else if n.Ref != "" {
			sp.table.Reindex(n.Ref, idx)
		}
		return true
	})
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

// addPaths records the paths of the nodes with refs under n, at path.
func addPaths(paths map[string][]int32, n *refs.Node, path []int32) {
	if n.Ref != "" {
		paths[n.Ref] = path
	}
	for i, c := range n.Children {
		if c.IsText() {
			continue
		}
		p := make([]int32, len(path)+1)
		copy(p, path)
		p[len(path)] = int32(i)
		addPaths(paths, c, p)
	}
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
