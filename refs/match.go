package refs

import "strings"

// This file is the role-and-name match that `ariadne run`'s find and the
// explorer's :find share, so both pick the same node.

// FindByRole returns the nth (from 1) node in document order that has a
// ref, exactly role and, when named, exactly name; a node with no name
// matches by its own text (a generic text container). It returns nil when
// fewer than nth nodes match or nth is below 1.
func (n *Node) FindByRole(role, name string, named bool, nth int) *Node {
	if n == nil || nth < 1 {
		return nil
	}
	var found *Node
	seen := 0
	n.Walk(func(c *Node, _ int) bool {
		if found == nil && c.Ref != "" && c.Role == role && (!named || c.Name == name || (c.Name == "" && OwnText(c) == name)) {
			if seen++; seen == nth {
				found = c
			}
		}
		return found == nil
	})
	return found
}

// OwnText is the text of a node's text children, joined by spaces: what a
// node with no name shows.
func OwnText(n *Node) string {
	var parts []string
	for _, c := range n.Children {
		if c.IsText() {
			parts = append(parts, c.Name)
		}
	}
	return strings.Join(parts, " ")
}
