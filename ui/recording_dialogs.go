package ui

import (
	"context"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/ariadne-tui/ariadne/browser"
)

// This file records the dialogs ctrl+x dismissed (the one on screen, the
// queued ones and those that follow): the browser reports each as closed
// by browser.ByDismissAll, and each becomes the step esc would have
// recorded for it (session.Recorder.Dialog), in the order they closed.
// One Cmd at a time writes them, so that order holds.

// dismissRecordedMsg: the dismissed dialogs queued so far are recorded.
type dismissRecordedMsg struct{ recDoneMsg }

// recordDismissed queues d, a dialog ctrl+x dismissed, for the recording.
func (m *Model) recordDismissed(d *browser.Dialog) tea.Cmd {
	if m.rec.recorder() == nil || m.b == nil {
		return nil
	}
	m.rec.dismissed = append(m.rec.dismissed, *d)
	return m.writeDismissed()
}

// writeDismissed records the queued dismissed dialogs, unless a Cmd
// already does.
func (m *Model) writeDismissed() tea.Cmd {
	rec := m.rec.recorder()
	if m.rec.writing || len(m.rec.dismissed) == 0 || rec == nil || m.b == nil {
		return nil
	}
	ds, b := m.rec.dismissed, m.b
	m.rec.dismissed, m.rec.writing = nil, true
	return func() tea.Msg {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		var err error
		for _, d := range ds {
			if _, derr := rec.Dialog(ctx, b, d); derr != nil && err == nil {
				err = derr
			}
		}
		return dismissRecordedMsg{recDoneMsg{err: err, state: stateOf(rec)}}
	}
}

// onDismissRecorded keeps the recording's new state and writes the
// dialogs dismissed meanwhile.
func (m *Model) onDismissRecorded(msg dismissRecordedMsg) tea.Cmd {
	m.rec.writing = false
	return tea.Batch(m.onRecDone(msg.recDoneMsg), m.writeDismissed())
}
