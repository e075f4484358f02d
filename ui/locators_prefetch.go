package ui

import (
	"context"
	"time"

	tea "charm.land/bubbletea/v2"
)

// Prefetching the locators of the rows around the cursor. Reading one
// element's ladder costs a round trip to the page (tens of milliseconds on
// a loaded machine); once the selected element's ladder is in, the rows a
// few steps away are read in one batched call, so that moving to them
// shows their locators as soon as the cursor rests.

// prefetchRows is how many rows above and below the cursor are prefetched.
const prefetchRows = 6

// locBatchMsg carries the ladders of a prefetch.
type locBatchMsg struct {
	seq   int
	refs  []string
	infos []*ElementLocators
	err   error
}

// prefetch reads, in one call, the ladders of the rows near the cursor
// that the model has not read for the current snapshot. Only with
// Options.LocatorBatch.
func (m *Model) prefetch() tea.Cmd {
	fn := m.opts.LocatorBatch
	if fn == nil || m.b == nil || m.dead {
		return nil
	}
	rows, cur := m.tree.Rows(), m.tree.Cursor()
	var want []string
	for i := max(0, cur-prefetchRows); i < min(len(rows), cur+prefetchRows+1); i++ {
		ref := rows[i].Node.Ref
		if ref == "" || m.locWanted[ref] {
			continue
		}
		if e := m.locs[ref]; e != nil && e.seq >= m.applied {
			continue
		}
		m.locWanted[ref] = true
		want = append(want, ref)
	}
	if len(want) == 0 {
		return nil
	}
	b, seq := m.b, m.applied
	return func() tea.Msg {
		ctx, cancel := context.WithTimeout(context.Background(), 15*time.Second)
		defer cancel()
		infos, err := fn(ctx, b, want)
		return locBatchMsg{seq: seq, refs: want, infos: infos, err: err}
	}
}

// onLocatorBatch stores prefetched ladders. A failed prefetch stores
// nothing: the element is read on its own when selected.
func (m *Model) onLocatorBatch(l locBatchMsg) tea.Cmd {
	got := map[string]*ElementLocators{}
	if l.err == nil {
		for _, info := range l.infos {
			if info != nil {
				got[info.Ref] = info
			}
		}
	}
	var cmds []tea.Cmd
	for _, ref := range l.refs {
		if info := got[ref]; info != nil {
			// As if read on its own: a Y or a copy waiting for it goes on.
			cmds = append(cmds, m.onLocators(locMsg{seq: l.seq, ref: ref, info: info}))
			continue
		}
		delete(m.locWanted, ref)
		if n := m.tree.Selected(); (n != nil && n.Ref == ref) || m.pendingY == ref || m.pendingCpy == ref {
			cmds = append(cmds, m.readLocators(ref)) // the batch missed it: read it on its own
		}
	}
	return tea.Batch(cmds...)
}
