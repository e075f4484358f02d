package ui

import (
	"context"
	"strings"
	"time"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/ariadne-tui/ariadne/recordings"
	"github.com/ariadne-tui/ariadne/refs"
	"github.com/ariadne-tui/ariadne/session"
)

// This file is the assertion menu (a): it lists what the selected element
// allows; session.Session.Assert checks the choice on the page and
// records it, as `ariadne run`'s assert does.

// assertChoice is one row of the assertion menu.
type assertChoice struct {
	kind recordings.AssertKind
	not  bool
	page bool // about the page, not the element
}

// openAssertPicker lists the assertions the selected element allows.
func (m *Model) openAssertPicker() tea.Cmd {
	if !m.rec.started() {
		m.setStatus(statusErr, "start recording first: "+m.keys.Record.Toggle.Help().Key)
		return nil
	}
	n := m.tree.Selected()
	if n == nil || n.Ref == "" {
		m.setStatus(statusErr, "the selected row has no ref (it is text); select an element")
		return nil
	}
	p := &picker{kind: pickAssert, title: "Add an assertion on " + n.Ref + " — enter adds it", ref: n.Ref}
	m.assertChoices = nil
	add := func(c assertChoice, label, hint string) {
		m.assertChoices = append(m.assertChoices, c)
		p.items = append(p.items, pickItem{label: label, hint: hint, n: len(m.assertChoices) - 1})
	}
	add(assertChoice{kind: recordings.AssertVisible}, "visible", "toBeVisible()")
	text := "its text now"
	if t := nodeText(n); t != "" {
		text = quote(cutMiddle(t, 40)) // what the snapshot shows; the page's own text is read when added
	}
	add(assertChoice{kind: recordings.AssertText}, "text "+text, "toHaveText()")
	if n.HasValue {
		add(assertChoice{kind: recordings.AssertValue}, "value "+quote(n.Value), "toHaveValue()")
	}
	if n.Checked != "" {
		c := assertChoice{kind: recordings.AssertChecked, not: n.Checked != "true"}
		label := "checked"
		if c.not {
			label = "not checked"
		}
		add(c, label, "toBeChecked()")
	}
	if n.Disabled {
		add(assertChoice{kind: recordings.AssertEnabled, not: true}, "disabled", "not.toBeEnabled()")
	} else {
		add(assertChoice{kind: recordings.AssertEnabled}, "enabled", "toBeEnabled()")
	}
	add(assertChoice{kind: recordings.AssertURL, page: true}, "page URL "+quote(m.url), "toHaveURL()")
	add(assertChoice{kind: recordings.AssertTitle, page: true}, "page title "+quote(m.title), "toHaveTitle()")
	snap := refs.Text(&refs.Node{Role: "document", Children: []*refs.Node{n}}, refs.TextOptions{NoRefs: true})
	add(assertChoice{kind: recordings.AssertAriaSnapshot}, "ARIA snapshot of this subtree",
		itoa(strings.Count(snap, "\n"))+" lines, toMatchAriaSnapshot()")
	m.openPicker(p)
	return nil
}

// assertPickerKey handles enter in the assertion menu; other keys move.
func (m *Model) assertPickerKey(k tea.KeyPressMsg) tea.Cmd {
	p := m.picker
	if !key.Matches(k, m.keys.Fixed.PickerChoose) {
		return m.pickerKey(k)
	}
	if !p.selectable(p.cursor) {
		return nil
	}
	i := p.items[p.cursor].n
	m.closeOverlay()
	if i < 0 || i >= len(m.assertChoices) {
		return nil
	}
	return m.addAssertion(p.ref, m.assertChoices[i])
}

// addAssertion checks and records an assertion about ref (or its page);
// the expected text, value, URL, title or snapshot is the page's now.
func (m *Model) addAssertion(ref string, c assertChoice) tea.Cmd {
	if m.b == nil || m.dead {
		m.markDead()
		return nil
	}
	if c.page {
		ref = ""
	}
	s := session.Session{Browser: m.b, Recorder: m.rec.r}
	e := session.Expect{Ref: ref, Assertion: recordings.Assertion{Kind: c.kind, Not: c.not}}
	m.setStatus(statusInfo, "adding the assertion…")
	return func() tea.Msg {
		ctx, cancel := context.WithTimeout(context.Background(), 15*time.Second)
		defer cancel()
		out, err := s.Assert(ctx, e)
		st := stateOf(s.Recorder)
		if err != nil {
			return recDoneMsg{err: err, state: st}
		}
		return recDoneMsg{ok: "recorded: " + Sanitize(recordings.Summary(out.Steps[0])), state: st}
	}
}

// nodeText is the text of n's subtree as the snapshot has it: its text
// children's names joined, else its name.
func nodeText(n *refs.Node) string {
	var parts []string
	n.Walk(func(x *refs.Node, _ int) bool {
		if x.IsText() && strings.TrimSpace(x.Name) != "" {
			parts = append(parts, strings.TrimSpace(x.Name))
		}
		return true
	})
	if len(parts) == 0 {
		return n.Name
	}
	return strings.Join(parts, " ")
}
