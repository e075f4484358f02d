package ui

import (
	"context"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/ariadne-tui/ariadne/browser"
	"github.com/ariadne-tui/ariadne/recordings"
)

// This file records what the user does in a visible browser window
// (--headful) while a recording runs.

// userWatcher reports what the user does in a visible browser window
// (browser.(*Browser).WatchUser).
type userWatcher interface {
	WatchUser(ctx context.Context) (<-chan browser.UserAction, error)
}

type (
	// userWatchMsg: the window is watched (ch), for browser generation bgen.
	userWatchMsg struct {
		bgen int
		ch   <-chan browser.UserAction
		err  error
	}
	// userActionMsg is one thing the user did in the window.
	userActionMsg struct {
		bgen int
		ch   <-chan browser.UserAction
		ua   browser.UserAction
	}
)

// watchWindow starts watching the window of a headful session, once per
// browser, when a recording runs.
func (m *Model) watchWindow() tea.Cmd {
	w, ok := m.b.(userWatcher)
	if !ok || !m.opts.Headful || m.dead || m.watching == m.bgen {
		return nil
	}
	m.watching = m.bgen
	bgen := m.bgen
	return func() tea.Msg {
		// The watch lasts as long as the browser.
		ch, err := w.WatchUser(context.Background())
		return userWatchMsg{bgen: bgen, ch: ch, err: err}
	}
}

// waitUser waits for the next thing the user does in the window.
func waitUser(bgen int, ch <-chan browser.UserAction) tea.Cmd {
	return func() tea.Msg {
		ua, ok := <-ch
		if !ok {
			return nil
		}
		return userActionMsg{bgen: bgen, ch: ch, ua: ua}
	}
}

func (m *Model) onUserWatch(msg userWatchMsg) tea.Cmd {
	if msg.err != nil {
		m.watching = 0
		m.fail("watching the browser window for the recording", msg.err)
		return nil
	}
	if msg.bgen != m.bgen {
		return nil
	}
	return waitUser(msg.bgen, msg.ch)
}

// onUserAction records what the user did in the window, unless it was
// Ariadne's own action or the recording is paused.
func (m *Model) onUserAction(msg userActionMsg) tea.Cmd {
	if msg.bgen != m.bgen {
		return nil // an old browser's window
	}
	next := waitUser(msg.bgen, msg.ch)
	rec := m.rec.recorder()
	if rec == nil || rec.AriadneActed(msg.ua.Time) {
		return next
	}
	if msg.ua.Err != nil {
		m.fail("recording from the window", msg.ua.Err)
		return next
	}
	b, ua := m.b, msg.ua
	return tea.Batch(next, func() tea.Msg {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		steps, err := rec.RecordUser(ctx, b, ua)
		if err != nil || len(steps) == 0 {
			return recDoneMsg{err: err, state: stateOf(rec)}
		}
		return recDoneMsg{ok: "recorded from the window: " + Sanitize(recordings.Summary(steps[0])), state: stateOf(rec)}
	})
}
