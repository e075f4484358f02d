package nodetools

import (
	"context"
	"testing"
	"time"
)

// Context bounds a run of an external tool (node, a built program): it
// ends a minute before the test binary's own deadline (go test -timeout),
// so that a slow tool on a loaded machine is not cut off by a guess, while
// a hung one still fails the test with its output rather than the whole
// binary. Without a deadline, 20 minutes.
func Context(t testing.TB) (context.Context, context.CancelFunc) {
	t.Helper()
	if d, ok := t.(interface{ Deadline() (time.Time, bool) }); ok {
		if end, ok := d.Deadline(); ok {
			return context.WithDeadline(context.Background(), end.Add(-time.Minute))
		}
	}
	return context.WithTimeout(context.Background(), 20*time.Minute)
}
