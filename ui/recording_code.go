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

// recordingCode exports the recording on screen; the code is read again
// only when the recording or the language changed.
func (m *Model) recordingCode() (code, format string, err error) {
	format = codeFormat(m.language())
	st := &m.rec.state
	if m.code.gen == st.Gen && m.code.format == format && m.code.path == st.Path && (m.code.text != "" || m.code.err != nil) {
		return m.code.text, format, m.code.err
	}
	start := m.url
	if len(st.Steps) > 0 && st.Steps[0].Kind == recordings.Navigate {
		start = st.Steps[0].URL
	}
	rec := &recordings.Recording{Header: recordings.NewHeader(m.title, start), Steps: st.Steps}
	var b bytes.Buffer
	err = recordings.Export(format, rec, &b)
	m.code.gen, m.code.format, m.code.path, m.code.text, m.code.err = st.Gen, format, st.Path, b.String(), err
	return m.code.text, format, err
}

// codeCache is the last export of the code view.
type codeCache struct {
	gen          int
	format, path string
	text         string
	err          error
}

// codePane renders the code view: its last lines that fit, as the newest
// steps are at the end.
func (m *Model) codePane(width, height int) []string {
	s := &m.styles
	code, format, err := m.recordingCode()
	head := s.Title.Render("Recording as code") + "  " + s.Dim.Render(format+" · "+m.keys.Record.Code.Help().Key+" shows the steps · "+m.keys.Locator.CycleLanguage.Help().Key+" language")
	lines := []string{ansi.Truncate(head, width, "…")}
	if err != nil {
		return append(lines, s.Err.Render(ansi.Truncate(Sanitize(err.Error()), width, "…")))
	}
	body := strings.Split(strings.TrimRight(code, "\n"), "\n")
	room := height - 1
	if len(body) > room {
		body = append([]string{s.Dim.Render("…")}, body[len(body)-room+1:]...)
	}
	for _, l := range body {
		lines = append(lines, ansi.Truncate(Sanitize(strings.ReplaceAll(l, "\t", "  ")), width, "…"))
	}
	return lines
}
