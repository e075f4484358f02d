package ui

import (
	"strings"

	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/textinput"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/ariadne-tui/ariadne/browser"
	"github.com/ariadne-tui/ariadne/refs"
	"github.com/ariadne-tui/ariadne/session"
)

// promptKind says what a prompt's answer is for.
type promptKind int

const (
	promptFilter  promptKind = iota // incremental: every keystroke filters
	promptCommand                   // the : command line (commands.go)
	promptLocator                   // the locator playground (playground.go)
	promptOpen
	promptType
	promptFill
	promptPress
	promptUpload
	promptContains // the text of a contains-text assertion (recording_assert.go)
)

// prompt is the one-line text input that takes the status line's place.
type prompt struct {
	kind  promptKind
	ref   string // the element an action prompt acts on
	input textinput.Model
	// secret: the element is a password field; what is typed is not
	// echoed, nor shown in a label or status line.
	secret bool
	// touched is set once the text was edited: the filter prompt opens
	// empty and the old filter stays until the first key.
	touched bool
	// histAt is the history entry on show (len(history) is the text being
	// written, kept in draft).
	histAt int
	draft  string
	hint   string // a completion list or an error, right of the input
}

// The prompt's own keys. They are fixed, like a shell's: enter answers,
// esc gives up.
// historyMax is how many answers each prompt kind remembers.
const historyMax = 100

func newInput(label, value string, s PaneStyles) textinput.Model {
	ti := textinput.New()
	ti.Prompt = label
	ti.SetValue(stripBidi(value))
	ti.CursorEnd()
	st := textinput.DefaultStyles(true)
	st.Cursor.Blink = false
	st.Focused.Prompt = s.Prompt
	ti.SetStyles(st)
	ti.Focus()
	return ti
}

// stripBidi drops the bidi controls that textinput keeps, so that text
// from the page cannot reorder the prompt line.
func stripBidi(s string) string {
	return strings.Map(func(r rune) rune {
		if bidiControl(r) {
			return -1
		}
		return r
	}, s)
}

func (p *prompt) setStyles(s PaneStyles) {
	st := p.input.Styles()
	st.Focused.Prompt = s.Prompt
	p.input.SetStyles(st)
}

// openPrompt opens a prompt with label, prefilled with value.
func (m *Model) openPrompt(kind promptKind, label, value, ref string) tea.Cmd {
	m.prompt = &prompt{kind: kind, ref: ref, input: newInput(label, value, m.styles), histAt: len(m.hist[kind])}
	m.over = overlayPrompt
	return nil
}

// openTextPrompt opens a prompt for text to type or fill into ref; for a
// password field (secret) it shows nothing of what is typed, not even
// its length.
func (m *Model) openTextPrompt(kind promptKind, label, value, ref string, secret bool) tea.Cmd {
	if secret {
		label = strings.TrimSuffix(label, ": ") + " (a password: not shown): "
	}
	cmd := m.openPrompt(kind, label, value, ref)
	if secret {
		m.prompt.secret = true
		m.prompt.input.EchoMode = textinput.EchoNone
	}
	return cmd
}

// remember adds an answer to its prompt kind's history (the filter and the
// command line keep one; up and down recall it).
func (m *Model) remember(kind promptKind, v string) {
	if strings.TrimSpace(v) == "" || (kind != promptFilter && kind != promptCommand) {
		return
	}
	h := m.hist[kind]
	if len(h) > 0 && h[len(h)-1] == v {
		return
	}
	h = append(h, v)
	if len(h) > historyMax {
		h = h[len(h)-historyMax:]
	}
	m.hist[kind] = h
}

// recall shows the history entry delta steps older (-1) or newer (+1).
func (m *Model) recall(p *prompt, delta int) tea.Cmd {
	h := m.hist[p.kind]
	at := min(max(p.histAt+delta, 0), len(h))
	if at == p.histAt {
		return nil
	}
	if p.histAt == len(h) {
		p.draft = p.input.Value()
	}
	p.histAt = at
	if at == len(h) {
		p.input.SetValue(p.draft)
	} else {
		p.input.SetValue(h[at])
	}
	p.input.CursorEnd()
	return m.edited(p)
}

func (m *Model) closeOverlay() {
	m.over = overlayNone
	m.prompt, m.picker, m.dialog, m.help = nil, nil, nil, nil
}

// promptKey handles a key in the prompt.
func (m *Model) promptKey(k tea.KeyPressMsg) tea.Cmd {
	p := m.prompt
	switch {
	case key.Matches(k, m.keys.Fixed.PromptAccept):
		m.closeOverlay()
		v := p.input.Value()
		if p.kind == promptFilter && !p.touched {
			v = m.tree.Filter() // enter on the untouched prompt keeps the filter
		}
		m.remember(p.kind, v)
		return tea.Batch(m.answer(p, v), m.selectionMoved(false))
	case (p.kind == promptFilter || p.kind == promptCommand) && key.Matches(k, m.keys.Fixed.PromptOlder):
		return m.recall(p, -1)
	case (p.kind == promptFilter || p.kind == promptCommand) && key.Matches(k, m.keys.Fixed.PromptNewer):
		return m.recall(p, +1)
	case p.kind == promptCommand && key.Matches(k, m.keys.Fixed.PromptComplete):
		m.complete(p)
		return nil
	case key.Matches(k, m.keys.Fixed.PromptCancel):
		m.closeOverlay()
		if p.kind == promptLocator {
			m.playSeq++
			m.tree.SetMarked(nil)
			return nil
		}
		if p.kind == promptFilter {
			m.tree.ClearFilter()
			m.setStatus(statusInfo, "filter cleared")
			return m.selectionMoved(false)
		}
		return nil
	}
	before := p.input.Value()
	var cmd tea.Cmd
	p.input, cmd = p.input.Update(k)
	if p.input.Value() == before {
		return cmd // the cursor moved; the text did not change
	}
	return tea.Batch(cmd, m.edited(p))
}

// paste sends pasted text to the open prompt.
func (m *Model) paste(msg tea.PasteMsg) tea.Cmd {
	switch {
	case m.over == overlayPrompt:
		var cmd tea.Cmd
		m.prompt.input, cmd = m.prompt.input.Update(msg)
		return tea.Batch(cmd, m.edited(m.prompt))
	case m.over == overlayDialog && m.dialog.input != nil:
		var cmd tea.Cmd
		*m.dialog.input, cmd = m.dialog.input.Update(msg)
		return cmd
	}
	return nil
}

// edited runs after the prompt's text changed: the filter follows it, the
// command line's hint is redone.
func (m *Model) edited(p *prompt) tea.Cmd {
	p.touched = true
	switch p.kind {
	case promptCommand:
		p.hint = m.commandHint(p.input.Value())
		return nil
	case promptLocator:
		return m.playEdited(p)
	case promptFilter:
		m.tree.SetFilter(p.input.Value())
		return m.selectionMoved(false)
	}
	return nil
}

// answer acts on a prompt's answer.
func (m *Model) answer(p *prompt, v string) tea.Cmd {
	switch p.kind {
	case promptFilter:
		m.tree.SetFilter(v)
		if v == "" {
			return nil
		}
		cur, total := m.tree.Matches()
		if total == 0 {
			m.noElement(nil)
			return nil
		}
		m.setStatus(statusInfo, "filter "+quote(v)+": "+matchWords(total)+matchPos(cur)+" — "+
			m.keys.Find.NextMatch.Help().Key+"/"+m.keys.Find.PrevMatch.Help().Key+" move, "+m.keys.Find.ClearFilter.Help().Key+" clears")
	case promptCommand:
		return m.runCommand(v)
	case promptLocator:
		m.answerPlayground(v)
	case promptOpen:
		if strings.TrimSpace(v) == "" {
			return nil
		}
		if _, err := browser.NormalizeURL(v); err != nil {
			m.fail("open", err)
			return nil
		}
		return m.navigate("open", strings.TrimSpace(v))
	case promptType:
		if v == "" {
			return nil
		}
		return m.act("type "+shownText(v, p.secret)+" into", session.Action{Kind: session.Type, Ref: p.ref, Text: v})
	case promptFill:
		return m.act("fill "+shownText(v, p.secret)+" into", session.Action{Kind: session.Fill, Ref: p.ref, Text: v})
	case promptPress:
		if strings.TrimSpace(v) == "" {
			return nil
		}
		return m.act("press "+shownText(Sanitize(v), p.secret)+" on", session.Action{Kind: session.Press, Ref: p.ref, Keys: v})
	case promptContains:
		return m.answerContains(p.ref, v)
	case promptUpload:
		files := uploadPaths(v)
		if len(files) == 0 {
			return nil
		}
		return m.act("upload "+counted(len(files), "file", "files")+" to", session.Action{Kind: session.Upload, Ref: p.ref, Files: files})
	}
	return nil
}

func matchPos(cur int) string {
	if cur == 0 {
		return ""
	}
	return ", at " + itoa(cur)
}

// promptLines renders the prompt in the status line's place: one line, and
// above it, when the hint (a completion list, an error) does not fit right
// of the input, the hint wrapped on up to statusMaxLines lines.
func (m *Model) promptLines(width int) []string {
	p := m.prompt
	if h := p.hint; h != "" && ansi.StringWidth(h)+1 > m.hintRoom(width) && !m.promptCounts() {
		var out []string
		for _, l := range wrapLines(h, width, statusMaxLines) {
			out = append(out, m.styles.Dim.Render(l))
		}
		return append(out, m.promptLine(width, false))
	}
	return []string{m.promptLine(width, true)}
}

// hintRoom is the width right of the input the hint may take: what the
// input (and its cursor) leaves, at least 20 columns kept for typing.
func (m *Model) hintRoom(width int) int {
	p := m.prompt
	used := ansi.StringWidth(p.input.Prompt) + ansi.StringWidth(p.input.Value()) + 2
	return max(width-max(used, 20), 10)
}

// promptCounts says whether the right of the prompt shows the filter's
// state rather than the hint.
func (m *Model) promptCounts() bool {
	return m.prompt.kind == promptFilter && (m.tree.Filter() != "" || m.tree.FilterError() != "")
}

// promptLine renders the prompt's line, with the hint right of the input
// when withHint.
func (m *Model) promptLine(width int, withHint bool) string {
	p := m.prompt
	right := ""
	switch {
	case p.kind == promptFilter && !p.touched && m.tree.Filter() != "":
		// Nothing typed yet: the count would be the old filter's.
		right = " enter keeps " + quote(cutMiddle(m.tree.Filter(), 24)) + ", typing replaces it"
	case p.kind == promptFilter && m.tree.FilterError() != "":
		right = " not a regexp"
	case p.kind == promptFilter && m.tree.Filter() != "":
		cur, total := m.tree.Matches()
		right = " " + counted(total, "match", "matches")
		if cur > 0 {
			right = " " + itoa(cur) + "/" + itoa(total)
		}
	case p.hint != "" && withHint:
		right = " " + ansi.Truncate(p.hint, m.hintRoom(width)-1, "…")
	}
	p.input.SetWidth(max(width-ansi.StringWidth(p.input.Prompt)-ansi.StringWidth(right)-2, 4))
	line := ansi.Truncate(p.input.View(), width-ansi.StringWidth(right), "…")
	return padRight(line, width-ansi.StringWidth(right)) + m.styles.Dim.Render(right)
}

// shownText is text typed into a field as a label shows it: quoted, or
// refs.SecretMask for a password field (an empty one stays "").
func shownText(v string, secret bool) string {
	if secret && v != "" {
		return refs.SecretMask
	}
	return quote(v)
}
