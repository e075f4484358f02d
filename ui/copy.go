package ui

import (
	"strings"

	tea "charm.land/bubbletea/v2"

	"github.com/ariadne-tui/ariadne/refs"
)

// This file copies what is not a locator: the selected ref, its subtree's
// ARIA snapshot, the whole snapshot; and says how locators are copied.

// copyRef copies the selected element's ref.
func (m *Model) copyRef() tea.Cmd {
	n := m.tree.Selected()
	if n == nil || n.Ref == "" {
		m.noElement(n)
		return nil
	}
	return m.copyText(n.Ref, "ref "+n.Ref)
}

// copySubtree copies the ARIA snapshot of the selected node's subtree
// without refs, as toMatchAriaSnapshot reads it.
func (m *Model) copySubtree() tea.Cmd {
	n := m.tree.Selected()
	if n == nil {
		m.setStatus(statusErr, "nothing selected")
		return nil
	}
	text := refs.Text(&refs.Node{Children: []*refs.Node{n}}, refs.TextOptions{NoRefs: true})
	what := "the ARIA snapshot of " + n.Ref
	if n.Ref == "" {
		what = "the ARIA snapshot of the text"
	}
	return m.copyText(text, what+" ("+counted(strings.Count(text, "\n"), "line", "lines")+", for toMatchAriaSnapshot)")
}

// copySnapshot copies the whole page's ARIA snapshot with its refs.
func (m *Model) copySnapshot() tea.Cmd {
	if m.snap == nil || m.snap.Root == nil {
		m.setStatus(statusErr, "no page yet")
		return nil
	}
	text := refs.Text(m.snap.Root, refs.TextOptions{})
	return m.copyText(text, "the page's ARIA snapshot ("+counted(strings.Count(text, "\n"), "line", "lines")+", with refs)")
}

// togglePagePrefix switches whether copied locators start with page.
func (m *Model) togglePagePrefix() {
	m.pagePrefix = !m.pagePrefix
	if m.pagePrefix {
		m.setStatus(statusInfo, "copied locators start with page. ("+m.keys.Locator.PagePrefix.Help().Key+" drops it)")
	} else {
		m.setStatus(statusInfo, "copied locators have no page. prefix")
	}
}

// withPrefix puts page. (C#: Page.) before a locator's code in lang when
// asked to, so that it pastes as a statement.
func (m *Model) withPrefix(lang refs.Lang, code string) string {
	p := "page."
	if lang == refs.CSharp {
		p = "Page."
	}
	if !m.pagePrefix || strings.HasPrefix(code, p) {
		return code
	}
	return p + code
}
