package ui

import (
	"strconv"
	"strings"

	"charm.land/lipgloss/v2"
	"github.com/ariadne-tui/ariadne/refs"
	"github.com/charmbracelet/x/ansi"
)

// View renders the rows on screen: exactly height lines (joined by "\n"),
// none wider than width cells. Its cost depends on height, not on the size
// of the tree. View remembers height for page moves and scrolls so that the
// cursor is on screen.
//
// A row reads, left to right: the cursor mark (">" on the selected row),
// two spaces of indent per level (at most half the width), the fold marker
// (▾ open, ▸ folded), the role, the quoted name, state badges, a textbox's
// value after ":", and the ref in brackets. When a row is too wide the value
// and then the name are shortened with "…" so the badges and the ref stay in
// view; if that is not enough the line is cut at the width.
func (t *Tree) View(width, height int) string {
	if width <= 0 || height <= 0 {
		return ""
	}
	t.height = height
	t.clamp()
	var b strings.Builder
	lines := 0
	if len(t.rows) == 0 {
		b.WriteString(ansi.Truncate(t.styles.Empty.Render(t.emptyText()), width, "…"))
		lines = 1
	}
	end := min(t.offset+height, len(t.rows))
	for i := t.offset; i < end; i++ {
		if lines > 0 {
			b.WriteByte('\n')
		}
		t.renderRow(&b, &t.rows[i], i == t.cursor, width)
		lines++
	}
	for ; lines < height; lines++ {
		b.WriteByte('\n')
	}
	return b.String()
}

func (t *Tree) emptyText() string {
	switch {
	case t.root == nil:
		return "no page"
	case t.filter.err != nil:
		return "not a regular expression: " + Sanitize(t.filter.err.Error()) + " (write /regexp/, or drop a slash for plain text)"
	case t.filter.text != "" && t.interactiveOnly:
		return "no interactive element matches " + strconv.Quote(Sanitize(t.filter.text))
	case t.filter.text != "":
		return "nothing matches " + strconv.Quote(Sanitize(t.filter.text))
	case t.interactiveOnly:
		return "no interactive elements"
	}
	return "empty page"
}

const blanks = "                                                                                "

func spaces(n int) string {
	if n <= len(blanks) {
		return blanks[:n]
	}
	return strings.Repeat(" ", n)
}

// badges returns n's state badges, each with a leading space.
func badges(n *refs.Node) string {
	var b strings.Builder
	if n.Level > 0 {
		b.WriteString(" level=")
		b.WriteString(strconv.Itoa(n.Level))
	}
	switch n.Checked {
	case "true":
		b.WriteString(" checked")
	case "mixed":
		b.WriteString(" mixed")
	}
	switch n.Pressed {
	case "true":
		b.WriteString(" pressed")
	case "mixed":
		b.WriteString(" pressed=mixed")
	}
	if n.Expanded == "true" {
		b.WriteString(" expanded")
	}
	if n.Selected {
		b.WriteString(" selected")
	}
	if n.Disabled {
		b.WriteString(" disabled")
	}
	if n.Required {
		b.WriteString(" required")
	}
	if n.Invalid {
		b.WriteString(" invalid")
	}
	if n.Focused {
		b.WriteString(" focused")
	}
	return b.String()
}

// quoted returns ` "s"` shortened to at most budget cells, or "" if even
// ` "…"` does not fit.
func quoted(s string, budget int) string {
	const over = 3 // the space and the quotes
	if budget < over+1 {
		return ""
	}
	if ansi.StringWidth(s)+over > budget {
		s = ansi.Truncate(s, budget-over, "…")
	}
	return ` "` + s + `"`
}

func (t *Tree) renderRow(b *strings.Builder, r *Row, selected bool, width int) {
	n := r.Node

	mark := " "
	switch {
	case selected:
		mark = ">"
	case t.marked[n.Ref] && n.Ref != "":
		mark = "*" // the locator playground matched it
	}
	indent := spaces(min(r.Depth*2, width/2))
	fold := "  "
	switch {
	case r.HasChildren && r.Collapsed:
		fold = "▸ "
	case r.HasChildren:
		fold = "▾ "
	}
	role := Sanitize(n.Role)
	name := Sanitize(n.Name)
	value := ""
	if n.HasValue {
		value = Sanitize(n.Value)
	}
	badge := badges(n)
	ref := ""
	if n.Ref != "" {
		ref = " [" + Sanitize(n.Ref) + "]"
	}

	// Fit the name and value into what the fixed parts leave.
	nameW, valueW := 0, 0
	if name != "" {
		nameW = ansi.StringWidth(name) + 3
	}
	if n.HasValue {
		valueW = ansi.StringWidth(value) + 4 // `: ""`
	}
	fixed := 1 + len(indent) + 2 + ansi.StringWidth(role) + ansi.StringWidth(badge) + ansi.StringWidth(ref)
	avail := width - fixed
	nameS, valueS := "", ""
	if nameW+valueW <= avail {
		if name != "" {
			nameS = ` "` + name + `"`
		}
		if n.HasValue {
			valueS = `: "` + value + `"`
		}
	} else {
		avail = max(avail, 0)
		vb := min(valueW, avail/3)
		nb := avail - vb
		if nameW < nb {
			nb, vb = nameW, avail-nameW
		}
		if name != "" {
			nameS = quoted(name, nb)
		}
		if n.HasValue {
			if v := quoted(value, vb-1); v != "" {
				valueS = ":" + v
			}
		}
	}

	ink := t.inks()
	context := t.filtering() && !r.Match
	sel := 0
	if selected {
		sel = 1
	}
	var line strings.Builder
	line.Grow(256)
	paint := func(p *[2]pen, text string) {
		if text == "" {
			return
		}
		if context {
			p = &ink.context
		}
		p[sel].paint(&line, text)
	}
	paint(&ink.cursor, mark)
	paint(&ink.fold, indent+fold)
	paint(&ink.roles[KindOf(n)], role)
	paint(&ink.name, nameS)
	paint(&ink.badge, badge)
	paint(&ink.value, valueS)
	paint(&ink.ref, ref)

	s := line.String()
	w := ansi.StringWidth(s)
	if w > width {
		s = ansi.Truncate(s, width, "…")
		w = ansi.StringWidth(s)
	}
	b.WriteString(s)
	if selected && w < width {
		ink.fill.paint(b, spaces(width-w))
	}
}

// A pen draws text in one style. lipgloss renders an inline style as the
// same escape sequences around any text, so a pen renders the style once and
// keeps what comes before and after the text: a row then costs a few string
// copies instead of several lipgloss renders.
type pen struct {
	open, close string
	style       lipgloss.Style
	ok          bool // open and close are right for this style
}

func newPen(s lipgloss.Style) pen {
	const probe = "\ue000"
	out := s.Render(probe)
	before, after, found := strings.Cut(out, probe)
	p := pen{open: before, close: after, style: s}
	// Check on text with a space, which some styles (underline) treat apart.
	p.ok = found && !strings.Contains(after, probe) && s.Render("a b") == before+"a b"+after
	return p
}

func (p *pen) paint(b *strings.Builder, text string) {
	if !p.ok {
		b.WriteString(p.style.Render(text))
		return
	}
	b.WriteString(p.open)
	b.WriteString(text)
	b.WriteString(p.close)
}

// treeInk holds the pens of the tree, each plain ([0]) and on the selected
// row ([1]).
type treeInk struct {
	cursor, fold, name, badge, value, ref, context [2]pen
	roles                                          [KindText + 1][2]pen
	fill                                           pen
}

func (t *Tree) inks() *treeInk {
	if t.ink != nil {
		return t.ink
	}
	st := &t.styles
	pair := func(s lipgloss.Style) [2]pen {
		return [2]pen{newPen(s), newPen(s.Inherit(st.Selected))}
	}
	k := &treeInk{
		cursor: pair(st.Cursor), fold: pair(st.Fold), name: pair(st.Name),
		badge: pair(st.Badge), value: pair(st.Value), ref: pair(st.Ref),
		context: pair(st.Context), fill: newPen(st.Selected),
	}
	for kind := range k.roles {
		k.roles[kind] = pair(st.role(RoleKind(kind)))
	}
	t.ink = k
	return k
}
