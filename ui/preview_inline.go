package ui

import (
	"strings"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
)

// This file is the inline preview: in a terminal with an image protocol
// (Options.Graphics, from DetectGraphics), the preview key's screenshot is
// also drawn in an overlay over the tree; any key closes it and clears the
// image. The file is saved either way.

// previewMsg is a preview taken: the PNG (outlined) and the file it was
// saved to, or the error.
type previewMsg struct {
	png    []byte
	text   string // the status line: what was taken, where it is saved
	err    error
	inline bool // draw it inline if the terminal can
}

// inlinePreview is the open preview overlay.
type inlinePreview struct {
	title string
}

// previewLayout is where the overlay goes: the box's left column x and
// width (of the screen's), its height, and the image's box of cells
// inside it.
func (m *Model) previewLayout() (x, width, cols, rows int) {
	width = min(m.width-4, 120)
	height := max(m.height-5, 6) // below the header, above the status and help lines
	x = (m.width - width) / 2
	return x, width, width - 4, height - 4 // border, padding, the title and closing lines
}

// onPreview shows a preview taken: the status line, and the overlay with
// the image when the terminal draws images.
func (m *Model) onPreview(p previewMsg) tea.Cmd {
	if p.err != nil {
		m.fail("screenshot", p.err)
		return nil
	}
	m.setStatus(statusOK, p.text)
	if !p.inline || m.opts.Graphics == "" || m.over != overlayNone || m.width < 30 || m.height < 12 {
		return nil
	}
	w, h, err := pngSize(p.png)
	if err != nil {
		return nil
	}
	x, _, maxCols, maxRows := m.previewLayout()
	cols, rows := fitCells(w, h, maxCols, maxRows)
	var seq string
	switch m.opts.Graphics {
	case GraphicsKitty:
		seq = kittyImage(p.png, cols, rows)
	case GraphicsITerm:
		seq = itermImage(p.png, cols, rows)
	default:
		return nil
	}
	m.inline = &inlinePreview{title: p.text}
	m.over = overlayPreview
	// Screen rows: the header, the body's first line, the box's border
	// and title; columns: its border and padding (1-based).
	return tea.Raw(drawAt(seq, 5, x+3+(maxCols-cols)/2))
}

// previewKey closes the preview overlay (any key does) and clears the image.
func (m *Model) previewKey(tea.KeyPressMsg) tea.Cmd {
	return m.closePreview()
}

// closePreview closes the overlay and erases the image: kitty deletes its
// images; an iTerm2 image is text cells, which a full repaint replaces.
func (m *Model) closePreview() tea.Cmd {
	if m.over != overlayPreview {
		return nil
	}
	m.closeOverlay()
	m.inline = nil
	if m.opts.Graphics == GraphicsKitty {
		return tea.Raw(kittyClear)
	}
	return tea.ClearScreen
}

// previewView renders the overlay's box: the title, the blank cells the
// image is drawn over, and how to close it.
func (m *Model) previewView() string {
	s := &m.styles
	_, width, cols, rows := m.previewLayout()
	lines := []string{s.BoxTitle.Render(ansi.Truncate(Sanitize(m.inline.title), cols, "…"))}
	for range rows {
		lines = append(lines, strings.Repeat(" ", cols))
	}
	lines = append(lines, s.Dim.Render(ansi.Truncate("any key closes the preview", cols, "…")))
	return s.Box.Width(width).Render(strings.Join(lines, "\n"))
}
