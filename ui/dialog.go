package ui

import (
	"context"
	"fmt"
	"strings"
	"time"

	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/textinput"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/ariadne-tui/ariadne/browser"
)

// dialogPrompt asks the user to answer a JavaScript dialog the page opened.
type dialogPrompt struct {
	d     *browser.Dialog
	input *textinput.Model // the answer to a prompt() dialog
}

// showDialog opens the prompt for d, or queues it behind the one on screen.
// A dialog blocks the page, so it takes the place of any other overlay; an
// inline preview's image is cleared (the Cmd) and one not yet drawn never
// is.
func (m *Model) showDialog(d *browser.Dialog) tea.Cmd {
	if m.over == overlayDialog {
		m.pending = append(m.pending, d)
		return nil
	}
	cmd := m.closePreview()
	m.closeOverlay()
	dp := &dialogPrompt{d: d}
	if d.Type == "prompt" {
		ti := newInput("> ", d.DefaultPrompt, m.styles)
		dp.input = &ti
	}
	m.dialog = dp
	m.over = overlayDialog
	return cmd
}

// nextDialog shows the next queued dialog, if any.
func (m *Model) nextDialog() {
	if len(m.pending) == 0 {
		return
	}
	d := m.pending[0]
	m.pending = m.pending[1:]
	_ = m.showDialog(d) // a dialog just closed: no preview to clear
}

// dialogKey handles a key in the dialog prompt.
func (m *Model) dialogKey(k tea.KeyPressMsg) tea.Cmd {
	dp := m.dialog
	if key.Matches(k, m.keys.Page.DismissDialogs) {
		return m.dismissDialogs()
	}
	accept := key.Matches(k, m.keys.Fixed.DialogAccept)
	if accept || key.Matches(k, m.keys.Fixed.DialogDismiss) {
		text := ""
		if dp.input != nil {
			text = dp.input.Value()
		}
		m.closeOverlay()
		m.nextDialog()
		if m.b == nil || m.dead {
			return nil
		}
		return answerDialog(m.b, accept, text)
	}
	if dp.input != nil {
		var cmd tea.Cmd
		*dp.input, cmd = dp.input.Update(k)
		return cmd
	}
	return nil
}

// view draws the dialog prompt in a box at most width wide.
func (dp *dialogPrompt) view(s PaneStyles, width int) string {
	inner := width - 4
	d := dp.d
	title := "The page shows an alert"
	switch d.Type {
	case "confirm":
		title = "The page asks you to confirm"
	case "prompt":
		title = "The page asks for text"
	case "beforeunload":
		title = "The page asks before you leave it"
	}
	lines := []string{s.BoxTitle.Render(ansi.Truncate(title, inner, "…")), ""}
	msg := ansi.Wrap(Sanitize(d.Message), inner, " ")
	for i, l := range strings.Split(msg, "\n") {
		if i == 8 {
			lines = append(lines, "…")
			break
		}
		lines = append(lines, l)
	}
	lines = append(lines, "")
	if dp.input != nil {
		dp.input.SetWidth(max(inner-3, 4))
		lines = append(lines, ansi.Truncate(dp.input.View(), inner, ""), "")
	}
	yes, no := "accept", "dismiss"
	if d.Type == "alert" {
		yes, no = "OK", "close"
	}
	lines = append(lines, s.Key.Render("enter")+" "+s.Desc.Render(yes)+"   "+s.Key.Render("esc")+" "+s.Desc.Render(no))
	return s.Box.Width(width).Render(strings.Join(lines, "\n"))
}

// dialogDismisser dismisses a page's dialogs, the one open and those that
// follow it (browser.DismissDialogs).
type dialogDismisser interface {
	DismissDialogs(ctx context.Context) (int, error)
}

// dismissDialogs closes the dialog box and the queued ones, and has the
// browser dismiss the page's dialogs while they keep coming.
func (m *Model) dismissDialogs() tea.Cmd {
	queued := len(m.pending)
	if m.over == overlayDialog {
		queued++
		m.closeOverlay()
	}
	m.pending = nil
	dd, ok := m.b.(dialogDismisser)
	if m.b == nil || m.dead || !ok {
		return nil
	}
	m.setStatus(statusInfo, fmt.Sprintf("dismissing the page's dialogs (%d shown or queued, and those that follow)", queued))
	return func() tea.Msg {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		_, err := dd.DismissDialogs(ctx)
		return dialogDoneMsg{err: err}
	}
}
