package mcp

import (
	"context"
	"time"

	"github.com/ariadne-tui/ariadne/browser"
	"github.com/ariadne-tui/ariadne/refs"
)

// codeDialogOpen refuses a call that the open dialog would block.
const codeDialogOpen refs.Code = "dialog_open"

// inflight is an action that a page dialog holds up: the page cannot take
// the rest of its input until the dialog is answered. It goes on in the
// background; browser_handle_dialog reports how it ended.
type inflight struct {
	what string
	done chan struct{}
	res  *browser.ActionResult
	err  error
}

// dialogFree lists the tools that work while a dialog is open.
var dialogFree = map[string]bool{
	"browser_handle_dialog": true, "browser_snapshot": true, "browser_tabs": true, "browser_close": true,
	"browser_console_messages": true, "browser_take_screenshot": true, "browser_generate_locator": true,
	"browser_record_stop": true, "browser_record_export": true,
}

// modalGate refuses tools a waiting dialog would block, saying how to go on.
func (s *Server) modalGate(name string) error {
	if dialogFree[name] {
		return nil
	}
	if d := s.sess.PendingDialog(); d != nil {
		return refs.Errorf(codeDialogOpen, "a %s dialog (%q) is open and blocks the page; answer it with browser_handle_dialog first", d.Type, refs.EscapeHidden(d.Message))
	}
	return nil
}

// unblocked runs fn, but returns as soon as a page dialog holds it up, with
// blocked set; the action then goes on in s.pending.
func (s *Server) unblocked(ctx context.Context, what string, fn func(ctx context.Context) (*browser.ActionResult, error)) (res *browser.ActionResult, blocked bool, err error) {
	p := &inflight{what: what, done: make(chan struct{})}
	bctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), toolTimeout)
	go func() {
		defer cancel()
		defer close(p.done)
		p.res, p.err = fn(bctx)
	}()
	tick := time.NewTicker(25 * time.Millisecond)
	defer tick.Stop()
	for {
		select {
		case <-p.done:
			return p.res, false, p.err
		case <-ctx.Done():
			cancel()
			<-p.done
			return nil, false, ctx.Err()
		case <-tick.C:
			if s.sess.PendingDialog() == nil {
				continue
			}
			// A dialog answered in advance (browser_handle_dialog before
			// the action) is open only for a moment.
			select {
			case <-p.done:
				return p.res, false, p.err
			case <-time.After(150 * time.Millisecond):
			}
			if s.sess.PendingDialog() != nil {
				s.pending = p
				return nil, true, nil
			}
		}
	}
}

// finishPending waits (bounded) for the action a dialog held up and
// reports how it ended.
func (s *Server) finishPending(ctx context.Context, a *answer) *browser.ActionResult {
	p := s.pending
	if p == nil {
		return nil
	}
	wait := s.sess.Options().NavTimeout
	select {
	case <-p.done:
	case <-time.After(wait):
		a.say("%s is still running after the dialog was answered; take a snapshot to see the page", p.what)
		return nil
	case <-ctx.Done():
		return nil
	}
	s.pending = nil
	if p.err != nil {
		a.say("%s, held up by the dialog, then failed: %s [%s]", p.what, refs.EscapeHidden(message(p.err)), codeOr(p.err))
		return nil
	}
	a.say("%s finished", p.what)
	return p.res
}

func codeOr(err error) refs.Code {
	if c := refs.CodeOf(err); c != "" {
		return c
	}
	return refs.CodeInternal
}
