package commands

import (
	"context"

	"github.com/ariadne-tui/ariadne/refs"
)

// differ is a browser that can list what changed since the tab's previous
// snapshot (browser.Browser.SnapshotDiff).
type differ interface {
	SnapshotDiff(ctx context.Context) (*refs.Snapshot, []refs.Change, bool, error)
}

// runSnapshotDiff is `snapshot --diff`: what changed on the page since the
// tab's previous snapshot, as +/-/~ snapshot lines with refs ("diff") and
// as a list ("changes"). The first snapshot of a tab has nothing to
// compare with: "first" is true and "text" holds the whole snapshot.
func runSnapshotDiff(ctx context.Context, c *Call) (Result, error) {
	d, ok := c.Session.Browser.(differ)
	if !ok {
		return nil, refs.Errorf(refs.CodeBadArgument, "snapshot --diff needs a browser that keeps its snapshots; run it without --diff")
	}
	snap, changes, first, err := d.SnapshotDiff(ctx)
	if err != nil {
		return nil, err
	}
	m := Result{"url": snap.URL, "title": snap.Title, "count": snap.Count}
	if first {
		m["first"] = true
		m["text"] = refs.Text(snap.Root, refs.TextOptions{})
		return m, nil
	}
	if changes == nil {
		changes = []refs.Change{}
	}
	m["diff"] = refs.DiffText(changes)
	m["changes"] = changes
	return m, nil
}
