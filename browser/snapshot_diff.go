package browser

import (
	"context"

	"github.com/ariadne-tui/ariadne/refs"
)

// SnapshotDiff reads the current tab as Refresh does and returns the new
// snapshot with what changed since the tab's previous snapshot (taken by
// Snapshot, Refresh or SnapshotDiff, by any caller): elements added,
// removed and changed, as refs.Diff lists them. The first call on a tab
// has no previous snapshot: it returns first true and no changes, and
// every later call compares with the one before. The agent interface
// (browser_snapshot_diff) and `ariadne run`'s `snapshot --diff` call it.
func (b *Browser) SnapshotDiff(ctx context.Context) (snap *refs.Snapshot, changes []refs.Change, first bool, err error) {
	t, err := b.CurrentTab()
	if err != nil {
		return nil, nil, false, err
	}
	snap, changes, first, err = t.SnapshotDiff(ctx)
	if err != nil {
		return nil, nil, false, b.browserErr(err)
	}
	snap.TabIndex = b.tabIndex(t)
	return snap, changes, first, nil
}

// SnapshotDiff is Browser.SnapshotDiff for this tab.
func (t *Tab) SnapshotDiff(ctx context.Context) (*refs.Snapshot, []refs.Change, bool, error) {
	t.liveMu.Lock()
	defer t.liveMu.Unlock()
	var prev *refs.Node
	if t.live != nil {
		prev = t.live.snap.Root
	}
	snap, err := t.refreshLocked(ctx, false)
	if err != nil {
		return nil, nil, false, err
	}
	if prev == nil {
		return snap, nil, true, nil
	}
	return snap, refs.Diff(prev, snap.Root), false, nil
}
