package main

import (
	"context"

	"github.com/ariadne-tui/ariadne/browser"
	"github.com/ariadne-tui/ariadne/refs"
)

// snapshotDiff is `snapshot --diff`: what changed on the page since the
// tab's previous snapshot, as +/-/~ snapshot lines with refs ("diff") and
// as a list ("changes"). The first snapshot of a tab has nothing to
// compare with: "first" is true and "text" holds the whole snapshot.
func snapshotDiff(ctx context.Context, b *browser.Browser) (map[string]any, error) {
	snap, changes, first, err := b.SnapshotDiff(ctx)
	if err != nil {
		return nil, err
	}
	m := map[string]any{"url": snap.URL, "title": snap.Title, "count": snap.Count}
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
