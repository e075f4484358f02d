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
	case t.query != "" && t.interactiveOnly:
		return "no interactive element matches " + strconv.Quote(Sanitize(t.query))
	case t.query != "":
		return "nothing matches " + strconv.Quote(Sanitize(t.query))
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
	st := &t.styles

	mark := " "
	if selected {
		mark = ">"
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

	context := t.filtering() && !r.Match
	var line strings.Builder
	paint := func(s lipgloss.Style, text string) {
		if text == "" {
			return
		}
		if context {
			s = st.Context
		}
		if selected {
			s = s.Inherit(st.Selected)
		}
		line.WriteString(s.Render(text))
	}
	paint(st.Cursor, mark)
	paint(st.Fold, indent+fold)
	paint(st.role(KindOf(n)), role)
	paint(st.Name, nameS)
	paint(st.Badge, badge)
	paint(st.Value, valueS)
	paint(st.Ref, ref)

	s := line.String()
	w := ansi.StringWidth(s)
	if w > width {
		s = ansi.Truncate(s, width, "…")
		w = ansi.StringWidth(s)
	}
	b.WriteString(s)
	if selected && w < width {
		b.WriteString(st.Selected.Render(spaces(width - w)))
	}
}
