package ui

import (
	"fmt"
	"strings"

	"github.com/charmbracelet/x/ansi"

	"github.com/ariadne-tui/ariadne/refs"
)

// details renders the details pane of the selected node: at most height
// lines, none wider than width. Page text is sanitized.
func (m *Model) details(width, height int) []string {
	if m.showMessages {
		return m.messagesPane(width, height)
	}
	if m.showSteps && m.showCode {
		return m.codePane(width, height)
	}
	if m.showSteps {
		return m.stepsPane(width, height)
	}
	s := &m.styles
	n := m.tree.Selected()
	if n == nil {
		return []string{s.Dim.Render("nothing selected")}
	}
	var lines []string
	add := func(l string) { lines = append(lines, ansi.Truncate(l, width, "…")) }
	field := func(label, value string) {
		add(s.Label.Render(padRight(label, 7)) + " " + value)
	}

	title := s.Title.Render(Sanitize(n.Role))
	if n.Name != "" {
		title += " " + quote(n.Name)
	}
	add(title)
	if n.Ref == "" {
		add(s.Dim.Render("text: no ref, nothing to act on"))
		return lines
	}
	compact := height < 14
	field("ref", n.Ref)
	if b := strings.TrimSpace(badges(n)); b != "" {
		field("states", strings.ReplaceAll(b, " ", ", "))
	}
	if n.HasValue {
		field("value", quote(n.Value))
	}
	if n.URL != "" {
		field("url", Sanitize(n.URL))
	}
	if !compact && n.Tag != "" {
		field("tag", "<"+Sanitize(n.Tag)+">")
	}
	e := m.locs[n.Ref]
	if frame := m.frameOf(n); frame != "" || !compact {
		if frame == "" {
			frame = "main frame"
		}
		field("frame", frame)
	}
	if box := n.Box; box != nil {
		field("box", fmt.Sprintf("x %.0f  y %.0f  %.0f×%.0f", box.X, box.Y, box.Width, box.Height))
	} else if !compact {
		field("box", s.Dim.Render("none (not rendered)"))
	}
	lines = append(lines, "")
	// Scrolled (J/K), the pane shows lines from detOff on: the ladder gets
	// room for the lines scrolled away.
	lines = append(lines, m.locatorLines(e, width, height+m.detOff-len(lines), compact)...)
	if off := min(m.detOff, max(len(lines)-height, 0)); off > 0 {
		lines = lines[off:]
	}
	if len(lines) > height {
		lines = lines[:height]
	}
	return lines
}

// frameOf describes where n lives: "" for the main frame.
func (m *Model) frameOf(n *refs.Node) string {
	if m.snap == nil || m.snap.Root == nil || n.Frame == "" || n.Frame == m.snap.Root.Frame {
		return ""
	}
	// The frame's document hangs under its iframe element in the tree.
	path := pathTo(m.snap.Root, func(x *refs.Node) bool { return x == n })
	for i := len(path) - 2; i >= 0; i-- {
		if a := path[i]; a.Role == "iframe" && a.Frame != n.Frame {
			s := "iframe"
			if a.Name != "" {
				s += " " + quote(a.Name)
			}
			return s + " [" + a.Ref + "]"
		}
	}
	return "a child frame"
}

// locatorLines renders the locator ladder: every candidate with its code
// in the current language, match count and durability flags, the chosen
// one marked. Compact shows the chosen one only.
func (m *Model) locatorLines(e *locEntry, width, room int, compact bool) []string {
	s := &m.styles
	lang := m.language()
	head := "Locators · " + string(lang)
	hint := "  " + m.keys.Locator.CycleLanguage.Help().Key + " language · " + m.keys.Locator.Copy.Help().Key + " copy · " + m.keys.Locator.Candidates.Help().Key + " all"
	if e != nil && e.seq < m.applied {
		hint = "  (updating…)"
	}
	lines := []string{ansi.Truncate(s.BoxTitle.Render(head)+s.Dim.Render(hint), width, "…")}
	switch {
	case m.opts.Locators == nil:
		return append(lines, s.Dim.Render("not available in this build"))
	case e == nil && m.dead:
		return append(lines, s.Dim.Render("the browser is gone"))
	case e == nil:
		return append(lines, s.Dim.Render("reading…"))
	case e.err != nil:
		msg := e.err.Error()
		if c := refs.CodeOf(e.err); c != "" {
			msg = plainCodes[c] + " [" + string(c) + "]"
		}
		return append(lines, s.Err.Render(ansi.Truncate("✗ "+Sanitize(msg), width, "…")))
	case e.info == nil:
		return append(lines, s.Dim.Render("none"))
	}
	info := e.info
	if info.Problem != "" {
		for _, l := range strings.Split(ansi.Wrap(Sanitize(info.Problem), width, " "), "\n") {
			lines = append(lines, s.Flag.Render(l))
		}
	}
	if compact {
		for _, c := range info.Candidates {
			if c.Chosen {
				code := Sanitize(c.Locator.Code(lang))
				lines = append(lines, ansi.Truncate(s.Chosen.Render("✓ ")+code+" "+s.Dim.Render(matchWords(c.Matches)), width, "…"))
			}
		}
		if k := len(info.Candidates); k > 1 {
			lines = append(lines, s.Dim.Render(ansi.Truncate(fmt.Sprintf("%d candidates: %s lists them", k, m.keys.Locator.Candidates.Help().Key), width, "…")))
		}
		return lines
	}
	for i, c := range info.Candidates {
		// The code, wrapped (at most three lines) rather than cut.
		code := wrapCode(Sanitize(c.Locator.Code(lang)), max(width-4, 8))
		if len(code) > 3 {
			code = code[:3]
			code[2] = ansi.Truncate(code[2], max(width-5, 7), "") + "…"
		}
		last := i == len(info.Candidates)-1
		if need := 1 + len(code); len(lines)+need > room || (!last && len(lines)+need+1 > room) {
			more := fmt.Sprintf("… %d more: %s lists them", len(info.Candidates)-i, m.keys.Locator.Candidates.Help().Key)
			lines = append(lines, s.Dim.Render(ansi.Truncate(more, width, "…")))
			break
		}
		mark := "  "
		if c.Chosen {
			mark = s.Chosen.Render("✓ ")
		}
		count := s.Unique.Render(matchWords(c.Matches))
		if c.Matches != 1 {
			count = s.NoHits.Render(matchWords(c.Matches))
		}
		head := mark + padRight(string(c.Rung), 11) + " " + count
		for _, f := range c.Flags {
			head += " " + s.Flag.Render(string(f))
		}
		lines = append(lines, ansi.Truncate(head, width, "…"))
		for _, l := range code {
			lines = append(lines, "    "+l)
		}
	}
	return lines
}

// padRight pads s with spaces to width cells.
func padRight(s string, width int) string {
	if w := ansi.StringWidth(s); w < width {
		return s + spaces(width-w)
	}
	return s
}
