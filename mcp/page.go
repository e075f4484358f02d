package mcp

import (
	"context"
	"fmt"

	"github.com/ariadne-tui/ariadne/browser"
	"github.com/ariadne-tui/ariadne/refs"
	"github.com/ariadne-tui/ariadne/session"
)

// after fills an answer with the page as it is after a call: its URL and
// title, what changed since the last snapshot (or the snapshot itself after
// a navigation, or when whole is set), dialogs waiting, tabs opened and
// downloads.
func (s *Server) after(ctx context.Context, a *answer, res *browser.ActionResult, whole bool) error {
	if res != nil {
		if res.Healed {
			a.say("%s had been re-rendered: healed to the new element with the same role, name and index (the ref stays valid)", res.Ref)
		}
		for _, d := range res.Dialogs {
			a.events = append(a.events, answered(d))
		}
		for _, d := range res.Downloads {
			a.events = append(a.events, "downloaded "+downloadText(d))
		}
		if res.Forced != "" {
			a.say("forced: %s", res.Forced)
		}
	}
	if p := s.pending; p != nil && res == nil && s.sess.PendingDialog() == nil {
		// An action a dialog held up ended meanwhile (the dialog was
		// closed by the page or by the --dialogs policy).
		select {
		case <-p.done:
			res = s.finishPending(ctx, a)
		default:
		}
	}
	s.drainEvents(ctx, a)
	s.sayRecorded(a)
	if d := s.sess.PendingDialog(); d != nil {
		a.modal = append(a.modal, dialogModal(d))
		// The page is frozen behind the dialog; its tree cannot be read.
		return nil
	}
	snap, err := s.read(ctx)
	if err != nil {
		return err
	}
	navigated := res != nil && res.Navigated
	if last := s.last[snap.Tab]; whole || navigated || last == nil || last.URL != snap.URL || last.Title != snap.Title {
		a.url, a.title = snap.URL, snap.Title
	}
	changes, ok := s.changesSince(snap)
	full, err := render(snap, view{})
	if err != nil {
		return err
	}
	if !whole && !navigated && ok && len(changes) < len(full) {
		a.changes = changes
	} else {
		a.snapshot = full
	}
	s.last[snap.Tab] = snap
	return nil
}

func downloadText(d browser.Download) string {
	if d.Path != "" {
		return fmt.Sprintf("%s to %s", refs.EscapeHidden(d.URL), refs.EscapeHidden(d.Path))
	}
	return refs.EscapeHidden(d.URL)
}

func dialogModal(d *browser.Dialog) string {
	return fmt.Sprintf("[%q dialog with message %q]: can be handled by browser_handle_dialog", d.Type, refs.EscapeHidden(d.Message))
}

// drainEvents reports what the browser did on its own since the last call.
func (s *Server) drainEvents(ctx context.Context, a *answer) {
	for {
		select {
		case ev := <-s.sess.Events():
			switch ev.Kind {
			case browser.EventTabOpened:
				a.events = append(a.events, s.tabOpened(ctx, ev))
			case browser.EventTabClosed:
				a.events = append(a.events, "a tab closed itself")
			case browser.EventDownload:
				a.events = append(a.events, "download: "+refs.EscapeHidden(ev.Path+ev.Message))
			case browser.EventCrashed:
				a.events = append(a.events, "the page crashed: "+refs.EscapeHidden(ev.Message))
			}
		default:
			return
		}
	}
}

// pageNow reads the current tab for an answer, with what happened since
// the last call; a nil snapshot when a dialog keeps the page from being
// read (the answer then says so).
func (s *Server) pageNow(ctx context.Context, a *answer) (*refs.Snapshot, error) {
	s.drainEvents(ctx, a)
	if d := s.sess.PendingDialog(); d != nil {
		a.modal = append(a.modal, dialogModal(d))
		return nil, nil
	}
	snap, err := s.read(ctx)
	if err != nil {
		return nil, err
	}
	a.url, a.title = snap.URL, snap.Title
	return snap, nil
}

// answered describes a dialog answered during a call.
func answered(d browser.Dialog) string {
	return fmt.Sprintf("%s dialog %q was %s (%s)", d.Type, refs.EscapeHidden(d.Message), d.Outcome, d.By)
}

// tabOpened says which tab a popup became and how to switch to it.
func (s *Server) tabOpened(ctx context.Context, ev browser.Event) string {
	tabs, _ := s.sess.Tabs(ctx)
	for _, t := range tabs {
		if t.ID == ev.Tab {
			return fmt.Sprintf("a new tab opened: %d [%s](%s); browser_tabs action=select index=%d switches to it", t.Index-1, refs.EscapeHidden(t.Title), refs.EscapeHidden(t.URL), t.Index-1)
		}
	}
	return fmt.Sprintf("a new tab opened: %s (it has closed since)", refs.EscapeHidden(ev.URL))
}

// snapshotAnswer is browser_snapshot's answer: the view asked for, which
// also becomes the base of the next diff.
func (s *Server) snapshotAnswer(ctx context.Context, v view) (*answer, error) {
	a := &answer{}
	snap, err := s.pageNow(ctx, a)
	if snap == nil {
		return a, err
	}
	text, err := render(snap, v)
	if err != nil {
		return nil, err
	}
	a.snapshot = text
	for _, p := range snap.Problems {
		a.events = append(a.events, "not read: "+refs.EscapeHidden(p))
	}
	if snap.Partial {
		a.events = append(a.events, "the page had not finished loading; snapshotted as it was")
	}
	s.last[snap.Tab] = snap
	return a, nil
}

// navigate runs a navigation that a dialog cannot block, and answers with
// the new page's snapshot.
func (s *Server) navigate(ctx context.Context, verb string, act session.Action) (*answer, error) {
	var nav *browser.NavResult
	res, blocked, err := s.unblocked(ctx, verb+" a page", func(ctx context.Context) (*browser.ActionResult, error) {
		out, err := s.session().Act(ctx, act)
		if out != nil {
			s.noteRecorded(out)
		}
		if err != nil {
			return nil, err
		}
		nav = out.Nav
		return &browser.ActionResult{Navigated: true, URL: nav.URL, Title: nav.Title}, nil
	})
	if err != nil {
		return nil, err
	}
	a := &answer{}
	if blocked {
		a.say("%s a page; a dialog opened and waits for an answer", verb)
		return a, s.after(ctx, a, nil, false)
	}
	a.say("%s %s", verb, refs.EscapeHidden(res.URL))
	for _, d := range nav.Dialogs {
		a.events = append(a.events, answered(d))
	}
	if nav.Partial {
		a.events = append(a.events, "the page had not finished loading within the timeout; snapshotted as it was")
	}
	if err := s.after(ctx, a, res, true); err != nil {
		return nil, err
	}
	return a, nil
}

// need checks a required string argument.
func need(name, v string) error {
	if v == "" {
		return refs.Errorf(refs.CodeBadArgument, "%s is required", name)
	}
	return nil
}
