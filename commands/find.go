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
	found := snap.Root.FindByRole(pos[1], strings.Join(pos[2:], ""), len(pos) == 3, nth)
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
