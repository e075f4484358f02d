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
	// expected is what the row shows it asserts (a count, a text to
	// contain); "" takes the page's current one when added.
	expected string
	// edit opens a prompt with expected to change it before adding.
	edit bool
}

// openAssertPicker lists the assertions the selected element allows.
func (m *Model) openAssertPicker() tea.Cmd {
	if !m.rec.started() {
		m.setStatus(statusErr, "start recording first: "+m.keys.Record.Toggle.Help().Key)
		return nil
	}
	n := m.tree.Selected()
	if n == nil || n.Ref == "" {
		m.noElement(n)
		return nil
	}
	p := &picker{kind: pickAssert, title: "Add an assertion on " + n.Ref, ref: n.Ref}
	m.assertChoices = nil
	add := func(c assertChoice, label, hint string) {
		m.assertChoices = append(m.assertChoices, c)
		p.items = append(p.items, pickItem{label: label, hint: hint, n: len(m.assertChoices) - 1})
	}
	add(assertChoice{kind: recordings.AssertVisible}, "visible", "toBeVisible()")
	add(assertChoice{kind: recordings.AssertVisible, not: true}, "not visible", "not.toBeVisible(): waits for it to go")
	add(assertChoice{kind: recordings.AssertHidden}, "hidden", "toBeHidden(): hidden or gone")
	if c, label, hint := m.countChoice(n); label != "" {
		add(c, label, hint)
	}
	text := "its text now"
	if t := nodeText(n); t != "" {
		text = quote(cutMiddle(t, 40)) // what the snapshot shows; the page's own text is read when added
	}
	add(assertChoice{kind: recordings.AssertText}, "text "+text, "toHaveText()")
	if t := session.ContainsText(nodeText(n)); t != "" && !n.Secret {
		add(assertChoice{kind: recordings.AssertContainsText, expected: t, edit: true},
			"contains text "+quote(cutMiddle(t, 40)), "toContainText(), enter edits it")
	}
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
		counted(strings.Count(snap, "\n"), "line", "lines")+", toMatchAriaSnapshot()")
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
	c := m.assertChoices[i]
	if c.edit {
		m.assertEdit = c
		return m.openPrompt(promptContains, "contains text: ", c.expected, p.ref)
	}
	return m.addAssertion(p.ref, c)
}

// countChoice is the count row for n: how many elements like it there are
// (refs.Locator.Counted of its best locator, as `assert count` counts).
// The number is the ladder's match count of that locator, read with the
// locator pane; when the ladder has no such candidate, the row says the
// count is read when added.
func (m *Model) countChoice(n *refs.Node) (c assertChoice, label, hint string) {
	e := m.locs[n.Ref]
	if e == nil || e.info == nil || e.info.Best.Locator.IsZero() {
		return assertChoice{kind: recordings.AssertCount}, "count of matches (read when added)", "toHaveCount()"
	}
	best := e.info.Best.Locator
	loc := best.Counted()
	count := -1
	if loc.Equal(best) {
		count = e.info.Best.Matches
	}
	for _, cand := range e.info.Candidates {
		if count < 0 && cand.Locator.Equal(loc) {
			count = cand.Matches
		}
	}
	code := Sanitize(cutMiddle(loc.Code(refs.JavaScript), 50))
	if count < 0 {
		return assertChoice{kind: recordings.AssertCount}, "count of " + code + " (read when added)", "toHaveCount()"
	}
	c = assertChoice{kind: recordings.AssertCount, expected: itoa(count)}
	return c, "count = " + itoa(count), "toHaveCount(" + itoa(count) + ") of " + code
}

// answerContains adds the contains-text assertion whose text the prompt
// edited.
func (m *Model) answerContains(ref, text string) tea.Cmd {
	c := m.assertEdit
	m.assertEdit = assertChoice{}
	if c.kind != recordings.AssertContainsText {
		return nil
	}
	if strings.TrimSpace(text) == "" {
		m.setStatus(statusErr, "no text to contain: nothing added (a to open the menu again)")
		return nil
	}
	c.expected = text
	return m.addAssertion(ref, c)
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
	e := session.Expect{Ref: ref, Assertion: recordings.Assertion{Kind: c.kind, Not: c.not, Expected: c.expected}, Given: c.expected != ""}
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
