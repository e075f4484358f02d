package commands

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"github.com/ariadne-tui/ariadne/refs"
)

// runFind finds the first (or --nth) node with a role and name in a
// fresh snapshot, and stores its ref in Vars under NAME.
func runFind(ctx context.Context, c *Call) (Result, error) {
	nth := 1
	if v := c.Flags["nth"]; v != "" {
		var err error
		if nth, err = strconv.Atoi(v); err != nil || nth < 1 {
			return nil, bad("--nth %q: want a number from 1", v)
		}
	}
	snap, err := c.Session.Browser.Snapshot(ctx)
	if err != nil {
		return nil, err
	}
	pos := c.Args
	var found *refs.Node
	seen := 0
	snap.Root.Walk(func(n *refs.Node, _ int) bool {
		if found == nil && n.Ref != "" && n.Role == pos[1] && (len(pos) == 2 || n.Name == pos[2] || (n.Name == "" && ownText(n) == pos[2])) {
			if seen++; seen == nth {
				found = n
			}
		}
		return found == nil
	})
	if found == nil {
		what := pos[1]
		if len(pos) == 3 {
			what += fmt.Sprintf(" %q", pos[2])
		}
		return nil, refs.Errorf(refs.CodeUnknownRef, "no %s (number %d) in the snapshot of %s", what, nth, snap.URL)
	}
	name := strings.TrimPrefix(pos[0], "$")
	if c.Vars != nil {
		c.Vars[name] = found.Ref
	}
	return Result{"var": "$" + name, "ref": found.Ref, "role": found.Role, "name": found.Name}, nil
}

// ownText is the text of a node's text children, for nodes with no name
// (a generic text container).
func ownText(n *refs.Node) string {
	var parts []string
	for _, c := range n.Children {
		if c.IsText() {
			parts = append(parts, c.Name)
		}
	}
	return strings.Join(parts, " ")
}
