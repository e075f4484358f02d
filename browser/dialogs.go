package browser

import (
	"context"
	"strings"
	"time"

	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"

	"github.com/ariadne-tui/ariadne/refs"
)

// dialogState is a tab's JavaScript dialog bookkeeping.
type dialogState struct {
	armed   *answer  // the answer for the next dialog, set by a script
	pending *Dialog  // a dialog that waits for an answer
	handled []Dialog // dialogs answered since the last drain
}

type answer struct {
	accept bool
	text   string
}

// ArmDialog sets the answer for the next JavaScript dialog in the current
// tab, as Playwright's page.once('dialog') does. If a dialog is already
// waiting, it is answered now.
func (b *Browser) ArmDialog(ctx context.Context, accept bool, text string) (*Dialog, error) {
	t, err := b.CurrentTab()
	if err != nil {
		return nil, err
	}
	t.mu.Lock()
	pending := t.dialog.pending
	if pending == nil {
		t.dialog.armed = &answer{accept, text}
		t.mu.Unlock()
		return nil, nil
	}
	t.mu.Unlock()
	d, err := t.answerDialog(ctx, accept, text, "script")
	if refs.CodeOf(err) == refs.CodeNoDialog {
		t.mu.Lock()
		t.dialog.armed = &answer{accept, text}
		t.mu.Unlock()
		return nil, nil
	}
	return d, err
}

// AnswerDialog answers the dialog that waits in the current tab.
func (b *Browser) AnswerDialog(ctx context.Context, accept bool, text string) (*Dialog, error) {
	t, err := b.CurrentTab()
	if err != nil {
		return nil, err
	}
	return t.answerDialog(ctx, accept, text, "user")
}

// PendingDialog returns the dialog that waits in the current tab, or nil.
func (b *Browser) PendingDialog() *Dialog {
	t, err := b.CurrentTab()
	if err != nil {
		return nil
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.dialog.pending == nil {
		return nil
	}
	d := *t.dialog.pending
	return &d
}

func (t *Tab) answerDialog(ctx context.Context, accept bool, text, by string) (*Dialog, error) {
	t.mu.Lock()
	d := t.dialog.pending
	if d == nil {
		t.mu.Unlock()
		return nil, refs.Errorf(refs.CodeNoDialog, "no dialog is open in this tab")
	}
	out := *d
	out.Outcome, out.By = "dismissed", by
	if accept {
		out.Outcome = "accepted"
		if d.Type == "prompt" {
			out.PromptText = text
		}
	}
	// Record the answer before sending it: the page may react (abort a
	// navigation, say) before the command returns.
	t.dialog.pending = nil
	t.dialog.handled = append(t.dialog.handled, out)
	t.mu.Unlock()
	cctx, cancel := context.WithTimeout(t.ctx, 5*time.Second)
	defer cancel()
	stop := context.AfterFunc(ctx, cancel)
	defer stop()
	if _, err := chromedp.Call(cctx, page.HandleJavaScriptDialog, page.HandleJavaScriptDialogParams{Accept: accept, PromptText: text}); err != nil {
		if strings.Contains(err.Error(), "No dialog is showing") {
			return nil, refs.Errorf(refs.CodeNoDialog, "the dialog was already closed")
		}
		return nil, t.b.browserErr(err)
	}
	t.b.emit(Event{Kind: EventDialogClosed, Tab: string(t.id), Dialog: &out, Message: out.Outcome + " by " + by})
	return &out, nil
}

// drainDialogs returns the dialogs answered since the last call.
func (t *Tab) drainDialogs() []Dialog {
	t.mu.Lock()
	defer t.mu.Unlock()
	d := t.dialog.handled
	t.dialog.handled = nil
	return d
}

func (t *Tab) watchDialogs() {
	go func() {
		// A dialog closed by other means (the page navigated, the user
		// answered in a headful window) no longer waits.
		for _, err := range chromedp.Events(t.ctx, page.JavascriptDialogClosed) {
			if err != nil {
				return
			}
			t.mu.Lock()
			t.dialog.pending = nil
			t.mu.Unlock()
		}
	}()
	for ev, err := range chromedp.Events(t.ctx, page.JavascriptDialogOpening) {
		if err != nil {
			return
		}
		d := &Dialog{Type: string(ev.Type), Message: ev.Message, DefaultPrompt: ev.DefaultPrompt}
		t.mu.Lock()
		t.dialog.pending = d
		armed := t.dialog.armed
		t.dialog.armed = nil
		t.mu.Unlock()
		if armed != nil {
			go t.answerDialog(context.Background(), armed.accept, armed.text, "script")
			continue
		}
		t.b.emit(Event{Kind: EventDialog, Tab: string(t.id), URL: ev.URL, Dialog: d, Message: d.Type + ": " + d.Message})
		policy := t.b.opts.Dialogs
		if policy == "wait" {
			continue // the user answers it
		}
		go func() {
			if w := t.b.opts.DialogWait; w > 0 {
				time.Sleep(w)
			}
			t.mu.Lock()
			still := t.dialog.pending == d
			t.mu.Unlock()
			if still {
				t.answerDialog(context.Background(), policy == "accept", d.DefaultPrompt, "default policy ("+policy+")")
			}
		}()
	}
}
