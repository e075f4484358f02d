package mcp

import (
	"fmt"
	"strings"

	"github.com/ariadne-tui/ariadne/refs"
)

// changes is what differs between two snapshots of one document, by ref:
// elements whose own line changed (a text, a value, a state), elements
// added (with their subtrees) and elements removed.
type changes struct {
	Changed []string // new own lines of changed elements
	Added   []string // rendered subtrees of added elements, each under its parent
	Removed []string // own lines of removed elements (top-most only)
	// Common is the number of refs the snapshots share; zero means another
	// document, where a diff says nothing useful.
	Common int
}

func (c changes) empty() bool { return len(c.Changed)+len(c.Added)+len(c.Removed) == 0 }

// text renders the changes compactly, one prefixed line per entry:
// "~" changed, "+" added, "-" removed.
func (c changes) text() string {
	if c.empty() {
		return "no change\n"
	}
	var b strings.Builder
	for _, l := range c.Changed {
		b.WriteString("~ " + l + "\n")
	}
	for _, l := range c.Added {
		b.WriteString("+ " + strings.ReplaceAll(strings.TrimSuffix(l, "\n"), "\n", "\n  ") + "\n")
	}
	for _, l := range c.Removed {
		b.WriteString("- " + l + "\n")
	}
	return b.String()
}

type entry struct {
	line   string
	parent string
	node   *refs.Node
}

// index maps every element's ref to its own line and its parent's ref.
func index(root *refs.Node) (map[string]entry, []string) {
	m := map[string]entry{}
	var order []string
	var walk func(n *refs.Node, parent string)
	walk = func(n *refs.Node, parent string) {
		if n.Ref != "" {
			m[n.Ref] = entry{ownLine(n), parent, n}
			order = append(order, n.Ref)
			parent = n.Ref
		}
		for _, c := range n.Children {
			if !c.IsText() {
				walk(c, parent)
			}
		}
	}
	walk(root, "")
	return m, order
}

// ownLine renders n without its element children: its key, states and
// direct text.
func ownLine(n *refs.Node) string {
	cp := *n
	var texts []string
	for _, c := range n.Children {
		if c.IsText() && c.Name != "" {
			texts = append(texts, c.Name)
		}
	}
	cp.Children = nil
	if len(texts) > 0 {
		cp.Children = []*refs.Node{{Role: "text", Name: strings.Join(texts, " ")}}
	}
	out := refs.Text(&refs.Node{Children: []*refs.Node{&cp}}, refs.TextOptions{})
	lines := strings.Split(strings.TrimSpace(out), "\n")
	for i, l := range lines {
		lines[i] = strings.TrimPrefix(strings.TrimSpace(l), "- ")
	}
	return strings.Join(lines, " ")
}

// diff compares two snapshots of a tab.
func diff(old, cur *refs.Snapshot) changes {
	var c changes
	if old == nil || cur == nil || old.Tab != cur.Tab {
		return c
	}
	om, oorder := index(old.Root)
	nm, norder := index(cur.Root)
	for _, r := range norder {
		e := nm[r]
		o, ok := om[r]
		switch {
		case ok:
			c.Common++
			if o.line != e.line && unfocused(o.line) != unfocused(e.line) {
				c.Changed = append(c.Changed, e.line)
			}
		case e.parent == "" || hasRef(om, e.parent):
			under := "at the top"
			if e.parent != "" {
				under = "under " + e.parent
			}
			body, _ := render(&refs.Snapshot{Root: &refs.Node{Children: []*refs.Node{e.node}}}, view{Depth: 4})
			c.Added = append(c.Added, fmt.Sprintf("(%s) %s", under, strings.TrimPrefix(body, "- ")))
		}
	}
	for _, r := range oorder {
		o := om[r]
		if _, ok := nm[r]; ok {
			continue
		}
		if o.parent == "" || hasRef(nm, o.parent) {
			c.Removed = append(c.Removed, o.line)
		}
	}
	return c
}

func hasRef(m map[string]entry, ref string) bool {
	_, ok := m[ref]
	return ok
}

// unfocused drops the [active] mark: focus moving is not worth a line.
func unfocused(line string) string { return strings.Replace(line, " [active]", "", 1) }
