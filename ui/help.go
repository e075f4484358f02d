package ui

import (
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/ariadne-tui/ariadne/keymap"
)

// helpView is the full help: every binding of the keymap by mode, in
// columns, scrolled when it does not fit.
type helpView struct {
	offset int
	rows   int // lines of the last render, for scrolling
}

func (m *Model) openHelp() {
	m.closeOverlay()
	m.help = &helpView{}
	m.over = overlayHelp
}

func (m *Model) helpKey(k tea.KeyPressMsg) {
	h := m.help
	switch {
	case key.Matches(k, m.keys.Fixed.HelpClose), key.Matches(k, m.keys.Global.Help):
		m.closeOverlay()
	case key.Matches(k, m.keys.Fixed.HelpUp):
		h.offset = max(h.offset-1, 0)
	case key.Matches(k, m.keys.Fixed.HelpDown):
		h.offset++
	case key.Matches(k, m.keys.Fixed.HelpPageDown):
		h.offset += 10
	case key.Matches(k, m.keys.Fixed.HelpPageUp):
		h.offset = max(h.offset-10, 0)
	}
}

// helpSections renders each mode of the keymap as lines: a heading, then
// one "key  description" line per binding.
func helpSections(km keymap.KeyMap, s PaneStyles) [][]string {
	var out [][]string
	add := func(title string, bs []key.Binding) {
		w := 0
		for _, b := range bs {
			w = max(w, ansi.StringWidth(b.Help().Key))
		}
		lines := []string{s.BoxTitle.Render(title)}
		for _, b := range bs {
			h := b.Help()
			lines = append(lines, s.Key.Render(padRight(h.Key, w))+"  "+s.Desc.Render(h.Desc))
		}
		out = append(out, lines)
	}
	for _, mode := range keymap.Modes() {
		add(string(mode), km.ByMode(mode))
	}
	f := &km.Fixed
	add("Command line (:)", commandBindings())
	add("When the browser died", []key.Binding{f.Relaunch})
	add("In prompts and pickers", []key.Binding{f.Apply, f.Cancel, f.PickerCloseTab, f.PromptOlder, f.PromptComplete})
	return out
}

// view draws the help in a box of width×height.
func (h *helpView) view(km keymap.KeyMap, s PaneStyles, width, height int) string {
	inner := width - 4
	body := helpColumns(helpSections(km, s), inner)
	rows := max(height-3, 1)
	h.rows = rows
	h.offset = max(min(h.offset, len(body)-rows), 0)
	title := "Keys"
	if len(body) > rows {
		title += "  (" + itoa(h.offset+1) + "–" + itoa(min(h.offset+rows, len(body))) + " of " + itoa(len(body)) + " lines; ↑/↓ scroll)"
	}
	lines := []string{s.BoxTitle.Render(ansi.Truncate(title, inner, "…"))}
	lines = append(lines, body[h.offset:min(h.offset+rows, len(body))]...)
	for len(lines) < rows+1 {
		lines = append(lines, "")
	}
	return s.Box.Width(width).Render(strings.Join(lines, "\n"))
}

// helpColumns lays the sections out in as many columns as fit in width,
// each as wide as its widest line, and returns the lines.
func helpColumns(sections [][]string, width int) []string {
	total := 0
	for _, sec := range sections {
		total += len(sec) + 1
	}
	for cols := 4; cols >= 1; cols-- {
		// Flow the sections into columns of about target lines each.
		target := (total + cols - 1) / cols
		var columns [][]string
		var cur []string
		for _, sec := range sections {
			if len(cur) > 0 && len(cur)+len(sec) > target && len(columns) < cols-1 {
				columns = append(columns, cur)
				cur = nil
			}
			if len(cur) > 0 {
				cur = append(cur, "")
			}
			cur = append(cur, sec...)
		}
		columns = append(columns, cur)
		widths := make([]int, len(columns))
		sum := 2 * (len(columns) - 1)
		for i, c := range columns {
			for _, l := range c {
				widths[i] = max(widths[i], ansi.StringWidth(l))
			}
			sum += widths[i]
		}
		if sum > width && cols > 1 {
			continue
		}
		tall := 0
		for _, c := range columns {
			tall = max(tall, len(c))
		}
		out := make([]string, tall)
		for i := range out {
			var line strings.Builder
			for j, c := range columns {
				cell := ""
				if i < len(c) {
					cell = c[i]
				}
				if j < len(columns)-1 {
					cell = padRight(cell, widths[j]+2)
				}
				line.WriteString(cell)
			}
			out[i] = ansi.Truncate(line.String(), width, "…")
		}
		return out
	}
	return nil
}
