package ui

import (
	"fmt"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/ariadne-tui/ariadne/browser"
	"github.com/ariadne-tui/ariadne/refs"
	"github.com/ariadne-tui/ariadne/session"
)

// pickerKind says what a picker chooses.
type pickerKind int

const (
	pickTabs pickerKind = iota
	pickOptions
	pickLocators
)

// chooseVerb is what enter does in a picker of kind k, as the help bar
// says it: the one wording of each picker's enter.
func chooseVerb(k pickerKind) string {
	switch k {
	case pickTabs:
		return "switch to"
	case pickOptions:
		return "select"
	case pickLocators:
		return "copy"
	case pickAssert:
		return "add"
	}
	return "choose"
}

// pickItem is one row of a picker. Text in it is sanitized already.
type pickItem struct {
	label    string
	hint     string // dimmed, after the label
	heading  bool   // a group heading: not selectable
	disabled bool

	value string    // pickOptions: the option to select; pickLocators: the code
	n     int       // pickTabs: the tab's index
	lang  refs.Lang // pickLocators
}

// picker is a list to choose from, drawn in a box over the tree.
type picker struct {
	kind   pickerKind
	title  string
	ref    string
	items  []pickItem
	cursor int
	offset int

	// counts caches how many lines each item takes at countsWidth (0:
	// not counted yet), so that a redraw wraps only the rows it draws;
	// it is dropped when the width or the items change.
	counts      []int
	countsWidth int
}

// The picker's keys.
func (m *Model) openPicker(p *picker) {
	m.picker = p
	m.over = overlayPicker
	if !p.selectable(p.cursor) {
		p.move(1)
	}
}

func (p *picker) selectable(i int) bool {
	return i >= 0 && i < len(p.items) && !p.items[i].heading && !p.items[i].disabled
}

// move moves the cursor by delta selectable rows, stopping at the ends.
func (p *picker) move(delta int) {
	step := 1
	if delta < 0 {
		step, delta = -1, -delta
	}
	for ; delta > 0; delta-- {
		i := p.cursor + step
		for i >= 0 && i < len(p.items) && !p.selectable(i) {
			i += step
		}
		if i < 0 || i >= len(p.items) {
			break
		}
		p.cursor = i
	}
}

func (m *Model) openTabsPicker(tabs []browser.TabInfo) {
	p := &picker{kind: pickTabs, title: "Tabs"}
	for _, t := range tabs {
		mark := "  "
		if t.Current {
			mark = "● "
			p.cursor = len(p.items)
		}
		title := Sanitize(t.Title)
		if title == "" {
			title = "(untitled)"
		}
		p.items = append(p.items, pickItem{label: fmt.Sprintf("%s%d  %s", mark, t.Index, title), hint: Sanitize(t.URL), n: t.Index})
	}
	m.openPicker(p)
}

func (m *Model) openOptionsPicker(ref string, opts []browser.Option) {
	p := &picker{kind: pickOptions, title: "Select an option of " + ref, ref: ref}
	for _, o := range opts {
		mark := "  "
		if o.Selected {
			mark = "✓ "
			p.cursor = len(p.items)
		}
		hint := ""
		if o.Value != o.Label {
			hint = "value " + quote(o.Value)
		}
		if o.Disabled {
			hint = strings.TrimSpace(hint + " disabled")
		}
		v := o.Value
		if v == "" {
			v = o.Label
		}
		p.items = append(p.items, pickItem{label: mark + Sanitize(o.Label), hint: hint, value: v, disabled: o.Disabled})
	}
	if len(p.items) == 0 {
		m.setStatus(statusErr, ref+" has no options")
		return
	}
	m.openPicker(p)
}

// openLocatorPicker lists every candidate of the selection in every
// language.
func (m *Model) openLocatorPicker() tea.Cmd {
	n := m.tree.Selected()
	if n == nil || n.Ref == "" {
		m.noElement(n)
		return nil
	}
	e := m.locs[n.Ref]
	if e == nil || e.info == nil {
		if m.opts.Locators == nil {
			m.setStatus(statusErr, "locators are not available in this build")
			return nil
		}
		if e != nil && e.err != nil {
			m.fail("reading the locators of "+n.Ref, e.err)
			return nil
		}
		m.setStatus(statusInfo, "reading the locators of "+n.Ref+"…")
		m.pendingY = n.Ref
		return m.readLocators(n.Ref)
	}
	p := &picker{kind: pickLocators, title: "Locators of " + n.Ref, ref: n.Ref}
	cur := m.language()
	for _, c := range e.info.Candidates {
		p.items = append(p.items, pickItem{label: candidateHeading(c), heading: true})
		for _, lang := range refs.Langs() {
			if c.Chosen && lang == cur {
				p.cursor = len(p.items)
			}
			code := c.Locator.Code(lang)
			p.items = append(p.items, pickItem{label: fmt.Sprintf("  %-10s %s", lang, Sanitize(code)), value: code, lang: lang})
		}
	}
	if len(p.items) == 0 {
		m.setStatus(statusErr, "no locator candidates for "+n.Ref)
		return nil
	}
	m.openPicker(p)
	return nil
}

// candidateHeading is a candidate's line: its rung, chosen mark, match
// count and durability flags.
func candidateHeading(c refs.Candidate) string {
	s := string(c.Rung)
	if c.Chosen {
		s += " ✓ chosen"
	}
	s += " · " + matchWords(c.Matches)
	if len(c.Flags) > 0 {
		fl := make([]string, len(c.Flags))
		for i, f := range c.Flags {
			fl[i] = string(f)
		}
		s += " · " + strings.Join(fl, ", ")
	}
	return s
}

func matchWords(n int) string {
	switch n {
	case 0:
		return "no match"
	}
	return counted(n, "match", "matches")
}

// pickerKey handles a key in a picker.
func (m *Model) pickerKey(k tea.KeyPressMsg) tea.Cmd {
	p := m.picker
	switch {
	case key.Matches(k, m.keys.Fixed.PickerClose):
		m.closeOverlay()
	case key.Matches(k, m.keys.Fixed.PickerUp):
		p.move(-1)
	case key.Matches(k, m.keys.Fixed.PickerDown):
		p.move(1)
	case key.Matches(k, m.keys.Fixed.PickerPageUp):
		p.move(-10)
	case key.Matches(k, m.keys.Fixed.PickerPageDown):
		p.move(10)
	case key.Matches(k, m.keys.Fixed.PickerCloseTab) && p.kind == pickTabs:
		if p.selectable(p.cursor) {
			n := p.items[p.cursor].n
			m.closeOverlay()
			return m.closeTab(n)
		}
	case key.Matches(k, m.keys.Fixed.PickerChoose):
		if !p.selectable(p.cursor) {
			return nil
		}
		it := p.items[p.cursor]
		m.closeOverlay()
		switch p.kind {
		case pickTabs:
			return m.switchTab(it.n)
		case pickOptions:
			v := it.value
			return m.act("select "+quote(v)+" in", session.Action{Kind: session.Select, Ref: p.ref, Values: []string{v}})
		case pickLocators:
			for i, l := range refs.Langs() {
				if l == it.lang {
					m.lang = i
				}
			}
			return m.copyText(m.withPrefix(it.lang, it.value), string(it.lang)+" locator of "+p.ref)
		}
	}
	return nil
}

// view draws the picker in a box at most width×height. A row too long for
// the box wraps (a locator keeps every character, so that candidates that
// differ anywhere can be told apart), its lines under its start.
func (p *picker) view(s PaneStyles, width, height int) string {
	inner := width - 4 // border and padding
	rows := max(height-4, 1)
	if p.countsWidth != inner || len(p.counts) != len(p.items) {
		p.counts, p.countsWidth = make([]int, len(p.items)), inner
	}
	texts := make(map[int][]string, rows)
	lines := func(i int) []string {
		if texts[i] == nil {
			texts[i] = p.itemLines(i, inner)
			p.counts[i] = len(texts[i])
		}
		return texts[i]
	}
	p.offset = max(min(p.offset, p.cursor), 0)
	for p.offset < p.cursor && p.linesBetween(p.offset, p.cursor, rows+1, inner) > rows {
		p.offset++
	}
	// Fill the box upwards when the end of the list leaves room.
	for p.offset > 0 && p.linesBetween(p.offset-1, len(p.items)-1, rows+1, inner) <= rows {
		p.offset--
	}
	var out []string
	// Labels usually hold page text: Sanitize again (it is idempotent),
	// so that nothing invisible reaches the screen and widths are right.
	out = append(out, s.BoxTitle.Render(ansi.Truncate(Sanitize(p.title), inner, "…")))
	used, last := 0, p.offset-1
	for i := p.offset; i < len(p.items); i++ {
		text := lines(i)
		if used+len(text) > rows && used > 0 {
			break
		}
		it := p.items[i]
		for j, line := range text {
			if used >= rows {
				break
			}
			if j == len(text)-1 && it.hint != "" && !it.heading && ansi.StringWidth(line)+2 < inner {
				line += "  " + s.Dim.Render(ansi.Truncate(Sanitize(it.hint), inner-ansi.StringWidth(line)-2, "…"))
			}
			switch {
			case it.heading:
				line = s.Label.Render(line)
			case it.disabled:
				line = s.Dim.Render(ansi.Strip(line))
			case i == p.cursor:
				line = s.Pick.Render(padRight(line, inner))
			}
			out = append(out, line)
			used++
		}
		last = i
	}
	more := ""
	if p.offset > 0 || last < len(p.items)-1 {
		more = fmt.Sprintf("%d–%d of %d", p.offset+1, last+1, len(p.items))
	}
	out = append(out, s.Dim.Render(more))
	return s.Box.Width(width).Render(strings.Join(out, "\n"))
}

// linesBetween is how many lines items from..to (inclusive) take at
// width, counting no further than limit: the counts come from p.counts,
// and an item not counted yet is wrapped once.
func (p *picker) linesBetween(from, to, limit, width int) int {
	n := 0
	for i := from; i <= to && i < len(p.items) && n < limit; i++ {
		if p.counts[i] == 0 {
			p.counts[i] = len(p.itemLines(i, width))
		}
		n += p.counts[i]
	}
	return n
}

// itemLines is item i's text cut into lines of at most width: a heading
// is cut at the end, a row wraps at spaces, its later lines indented.
func (p *picker) itemLines(i, width int) []string {
	it := p.items[i]
	if it.heading {
		return []string{ansi.Truncate(Sanitize(it.label), width, "…")}
	}
	mark := "  "
	if i == p.cursor {
		mark = "> "
	}
	return wrapHanging(mark+Sanitize(it.label), width, 6)
}

// cutMiddle shortens s to width by cutting out its middle: long locators
// that share a prefix (every candidate scoped in the same card) stay told
// apart by their ends.
func cutMiddle(s string, width int) string {
	w := ansi.StringWidth(s)
	if w <= width {
		return s
	}
	if width < 12 {
		return ansi.Truncate(s, width, "…")
	}
	head := (width - 1) * 2 / 5
	tail := width - 1 - head
	return ansi.Truncate(s, head, "") + "…" + ansi.TruncateLeft(s, w-tail, "")
}
