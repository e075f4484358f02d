package ui

import (
	"strings"

	"charm.land/bubbles/v2/help"
	"charm.land/bubbles/v2/key"
	"github.com/charmbracelet/x/ansi"
)

// The layout: a header line, the body (tree and details), the status line
// (or the prompt) and a line of key help. Wide terminals put the details
// right of the tree; narrow ones put them below it. tab hides them.

// wideAt is the width from which the details pane goes right of the tree.
const wideAt = 110

// Render draws the whole screen as a string of exactly height lines.
func (m *Model) Render() string {
	w, h := m.width, m.height
	if w < 20 || h < 6 {
		return ansi.Truncate("ariadne: the terminal is too small", max(w, 1), "…")
	}
	var bottom []string
	if m.over == overlayPrompt {
		bottom = m.promptLines(w)
	} else {
		bottom = m.statusLines(w)
	}
	bottom = append(bottom, m.helpLine(w))
	bodyH := h - 1 - len(bottom)
	body := m.body(w, bodyH)
	switch m.over {
	case overlayPicker:
		bw := min(w-4, 100)
		body = place(body, m.picker.view(m.styles, bw, min(bodyH, len(m.picker.items)+4)), (w-bw)/2, 1)
	case overlayDialog:
		bw := min(w-8, 72)
		box := m.dialog.view(m.styles, bw)
		body = place(body, box, (w-bw)/2, max((bodyH-strings.Count(box, "\n")-1)/2, 0))
	case overlayHelp:
		body = place(body, m.help.view(m.keys, m.styles, w, bodyH), 0, 0)
	case overlayPreview:
		x, _, _, _ := m.previewLayout()
		body = place(body, m.previewView(), x, 1)
	}
	out := make([]string, 0, h)
	out = append(out, m.header(w))
	out = append(out, body...)
	out = append(out, bottom...)
	return strings.Join(out, "\n")
}

// body lays out the tree and the details in width×height: height lines.
func (m *Model) body(width, height int) []string {
	if !m.showDetails || height < 8 {
		return strings.Split(m.tree.View(width, height), "\n")
	}
	if width >= wideAt {
		treeW := width * 11 / 20
		detW := width - treeW - 3
		tree := strings.Split(m.tree.View(treeW, height), "\n")
		det := m.details(detW, height)
		rule := m.styles.Rule.Render("│")
		out := make([]string, height)
		for i := range out {
			d := ""
			if i < len(det) {
				d = det[i]
			}
			out[i] = padRight(tree[i], treeW) + " " + rule + " " + d
		}
		return out
	}
	detH := min(10, height/2)
	treeH := height - detH - 1
	out := strings.Split(m.tree.View(width, treeH), "\n")
	label := "─ details "
	if n := m.tree.Selected(); n != nil && n.Ref != "" {
		label = "─ " + n.Ref + " "
	}
	out = append(out, m.styles.Rule.Render(label+strings.Repeat("─", max(width-ansi.StringWidth(label), 0))))
	det := m.details(width, detH)
	for i := range detH {
		if i < len(det) {
			out = append(out, det[i])
		} else {
			out = append(out, "")
		}
	}
	return out
}

// header is the top line: the title and URL on the left; on the right the
// running operation, the recording indicator, live follow and the tab.
func (m *Model) header(width int) string {
	s := &m.styles
	var right []string
	if m.busy != nil {
		right = append(right, m.spin.View()+" "+Sanitize(m.busy.label))
	} else if m.picking != nil {
		right = append(right, s.Flag.Render("picking"))
	}
	if r := m.opts.Recording; r != nil && r.Active() {
		right = append(right, s.Rec.Render("● REC "+itoa(r.Steps())))
	}
	if m.dead {
		right = append(right, s.Err.Render("browser gone"))
	}
	if m.follow {
		right = append(right, s.Dim.Render("live"))
	}
	if m.tree.InteractiveOnly() {
		right = append(right, s.Dim.Render("interactive"))
	}
	if m.tabCount > 0 {
		right = append(right, s.Tab.Render(itoa(max(m.tabIndex, 1))+"/"+itoa(m.tabCount)))
	}
	r := strings.Join(right, "  ")
	rw := ansi.StringWidth(r)
	if rw > width/2 {
		r = ansi.Truncate(r, width/2, "…")
		rw = ansi.StringWidth(r)
	}
	left := s.Brand.Render("ariadne")
	title := Sanitize(m.title)
	if m.loading && m.busy != nil {
		title = "" // the old page's title is not the new URL's
		left += "  " + s.Dim.Render("loading…")
	}
	if title != "" {
		left += "  " + s.Header.Render(title)
	}
	if m.url != "" {
		sep := "  "
		if title != "" {
			sep = " — "
		}
		left += sep + s.Dim.Render(Sanitize(m.url))
	}
	if m.partial {
		left += s.Flag.Render(" (partly loaded)")
	}
	left = ansi.Truncate(left, max(width-rw-1, 0), "…")
	return padRight(left, width-rw) + r
}

// helpLine is the bottom line: the keys that matter now.
func (m *Model) helpLine(width int) string {
	h := help.New()
	h.SetWidth(width)
	h.Styles.ShortKey = m.styles.Key
	h.Styles.ShortDesc = m.styles.Desc
	h.Styles.ShortSeparator = m.styles.Dim
	h.Styles.Ellipsis = m.styles.Dim
	var bs []key.Binding
	switch m.over {
	case overlayPrompt:
		bs = []key.Binding{m.keys.Fixed.PromptAccept, m.keys.Fixed.PromptCancel}
	case overlayPicker:
		choose := m.keys.Fixed.PickerChoose
		choose.SetHelp(choose.Help().Key, chooseVerb(m.picker.kind))
		bs = []key.Binding{m.keys.Fixed.PickerUp, m.keys.Fixed.PickerDown, choose, m.keys.Fixed.PickerClose}
		if m.picker.kind == pickTabs {
			bs = append(bs, m.keys.Fixed.PickerCloseTab)
		}
	case overlayDialog:
		bs = []key.Binding{m.keys.Fixed.DialogAccept, m.keys.Fixed.DialogDismiss}
	case overlayHelp:
		bs = []key.Binding{m.keys.Fixed.HelpUp, m.keys.Fixed.HelpDown, m.keys.Fixed.HelpClose}
	default:
		if m.dead {
			bs = append(bs, m.keys.Fixed.Relaunch)
		}
		if m.busy != nil || m.picking != nil {
			bs = append(bs, m.keys.Page.Cancel)
		}
		bs = append(bs, m.keys.ShortHelp()...)
	}
	return ansi.Truncate(h.ShortHelpView(bs), width, "…")
}

// place draws box (lines joined by "\n") over lines, its top-left corner
// at column x, line y.
func place(lines []string, box string, x, y int) []string {
	for i, b := range strings.Split(box, "\n") {
		row := y + i
		if row < 0 || row >= len(lines) {
			continue
		}
		base := lines[row]
		left := padRight(ansi.Truncate(base, x, ""), x)
		right := ansi.TruncateLeft(base, x+ansi.StringWidth(b), "")
		lines[row] = left + b + right
	}
	return lines
}
