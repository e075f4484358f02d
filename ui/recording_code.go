package ui

import (
	"bytes"
	"strings"

	"github.com/charmbracelet/x/ansi"

	"github.com/ariadne-tui/ariadne/recordings"
	"github.com/ariadne-tui/ariadne/refs"
)

// This file is the live code view: the recording so far as the test it
// exports to, in the locator language's exporter (Playwright Test for
// JavaScript, Playwright for Python), shown in the steps pane's place, as
// Playwright's codegen shows it.

// codeFormat is the export format of the code view for lang.
func codeFormat(lang refs.Lang) string {
	if lang == refs.Python {
		return "playwright-python"
	}
	return "playwright-test"
}

// syncCode exports the recording to the code view's language when the
// code view is on and the recording or the language changed since the
// last export. The code is what :export writes: the recording's own
// header (the page it started on, the viewport), not the page on show.
// Update calls it; View only renders m.code.
func (m *Model) syncCode() {
	if !m.showCode {
		return
	}
	st := &m.rec.state
	key := codeKey{gen: st.Gen, format: codeFormat(m.language()), path: st.Path}
	if st.Path == "" {
		// Nothing recorded yet: the test that recording here would start.
		key.title, key.start = m.title, m.url
	}
	if m.code.done && m.code.key == key {
		return
	}
	h := st.Header
	if st.Path == "" {
		h = recordings.NewHeader(key.title, key.start)
	}
	rec := &recordings.Recording{Header: h, Steps: st.Steps}
	var b bytes.Buffer
	err := recordings.Export(key.format, rec, &b)
	m.code = codeCache{key: key, done: true, text: b.String(), err: err}
}

// codeKey is what the code view's export depends on.
type codeKey struct {
	gen                        int
	format, path, title, start string
}

// codeCache is the last export of the code view.
type codeCache struct {
	key  codeKey
	done bool // key holds an export's inputs
	text string
	err  error
}

// codePane renders the code view: its last lines that fit, as the newest
// steps are at the end, or, scrolled back (K), earlier ones.
func (m *Model) codePane(width, height int) []string {
	s := &m.styles
	format, err := m.code.key.format, m.code.err
	head := s.Title.Render("Recording as code") + "  " + s.Dim.Render(format+" · "+m.keys.Record.Code.Help().Key+" hides it · "+m.keys.Record.Steps.Help().Key+" steps · "+m.keys.Locator.CycleLanguage.Help().Key+" language")
	if err != nil {
		return []string{ansi.Truncate(head, width, "…"), s.Err.Render(ansi.Truncate(Sanitize(err.Error()), width, "…"))}
	}
	body := m.codeLines(width)
	shown, start := tailWindow(body, height-1, m.sideOff)
	head += s.Dim.Render(noteAfter(m.scrollNote(start, len(shown), len(body))))
	return append([]string{ansi.Truncate(head, width, "…")}, shown...)
}

// codeLines is the code view's code, sanitized, each line wrapped to width
// at spaces outside string literals, the rest of a line indented under it.
func (m *Model) codeLines(width int) []string {
	var out []string
	for _, l := range strings.Split(strings.TrimRight(m.code.text, "\n"), "\n") {
		l = Sanitize(strings.ReplaceAll(l, "\t", "  "))
		indent := len(l) - len(strings.TrimLeft(l, " ")) + 2
		out = append(out, wrapHanging(l, width, indent)...)
	}
	return out
}
