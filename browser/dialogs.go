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
	// dismissUntil: dialogs opening before then are dismissed (DismissDialogs).
	dismissUntil time.Time
	// activity is when a dialog last opened or closed: a page busy with
	// dialogs is not hung (health.go).
	activity time.Time
}

type answer struct {
	accept bool
	text   string
	by     string // who answers; "" is a script
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
		t.dialog.armed = &answer{accept: accept, text: text}
		t.mu.Unlock()
		return nil, nil
	}
	t.mu.Unlock()
	d, err := t.answerDialog(ctx, accept, text, "script")
	if refs.CodeOf(err) == refs.CodeNoDialog {
		t.mu.Lock()
		t.dialog.armed = &answer{accept: accept, text: text}
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

// watchDialogs follows the tab's dialogs. Openings and closings are read
// in the order they happen (one listener, not one stream per event): in a
// storm of alerts the closing of one and the opening of the next arrive
// back to back, and handling them out of order would forget the open one.
func (t *Tab) watchDialogs() {
	err := chromedp.Listen(t.ctx, func(ev any) {
		switch ev := ev.(type) {
		case *page.EventJavascriptDialogClosed:
			// Closed by other means too: the page navigated, the user
			// answered in a headful window.
			t.mu.Lock()
			t.dialog.pending = nil
			t.dialog.activity = time.Now()
			t.mu.Unlock()
		case *page.EventJavascriptDialogOpening:
			t.dialogOpened(ev)
		}
	})
	if err != nil {
		t.b.opts.Logf("watching dialogs: %v", err)
	}
}

// dialogOpened handles a dialog that opened; it runs in the event loop and
// leaves all waiting to goroutines.
func (t *Tab) dialogOpened(ev *page.EventJavascriptDialogOpening) {
	d := &Dialog{Type: string(ev.Type), Message: ev.Message, DefaultPrompt: ev.DefaultPrompt, Seq: t.b.dialogSeq.Add(1)}
	t.mu.Lock()
	t.dialog.pending = d
	t.dialog.activity = time.Now()
	armed := t.dialog.armed
	t.dialog.armed = nil
	if armed == nil && time.Now().Before(t.dialog.dismissUntil) {
		armed = &answer{accept: false, by: ByDismissAll}
		t.dialog.dismissUntil = time.Now().Add(dismissAllWindow)
	}
	t.mu.Unlock()
	if armed != nil {
		by := armed.by
		if by == "" {
			by = "script"
		}
		go t.answerDialog(context.Background(), armed.accept, armed.text, by)
		return
	}
	t.b.emit(Event{Kind: EventDialog, Tab: string(t.id), URL: ev.URL, Dialog: d, Message: d.Type + ": " + d.Message})
	policy := t.b.opts.Dialogs
	if policy == "wait" {
		return // the user answers it
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

// ByDismissAll is the By of the dialogs DismissDialogs answered: the user
// dismissed them all with one key. A front end records each as the
// user's answer, as it records one answered in its dialog box.
const ByDismissAll = "user (dismiss all)"

// dismissAllWindow is how long after the last dialog DismissDialogs keeps
// dismissing the ones that follow.
const dismissAllWindow = 2 * time.Second

// DismissDialogs dismisses the dialog that waits in the current tab and
// every dialog the page opens after it while they keep coming (less than
// two seconds apart): one key ends a storm of alerts. It returns how many
// it dismissed at once (0 or 1); the rest are reported as they close.
func (b *Browser) DismissDialogs(ctx context.Context) (int, error) {
	t, err := b.CurrentTab()
	if err != nil {
		return 0, err
	}
	t.mu.Lock()
	t.dialog.dismissUntil = time.Now().Add(dismissAllWindow)
	t.dialog.armed = nil
	pending := t.dialog.pending != nil
	t.mu.Unlock()
	if !pending {
		return 0, nil
	}
	if _, err := t.answerDialog(ctx, false, "", ByDismissAll); err != nil && refs.CodeOf(err) != refs.CodeNoDialog {
		return 0, err
	}
	return 1, nil
}
