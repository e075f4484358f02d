package ui

import (
	"slices"
	"strings"
	"time"

	tea "charm.land/bubbletea/v2"
	uv "github.com/charmbracelet/ultraviolet"
	"github.com/charmbracelet/x/ansi"
)

// This file is the inline preview: in a terminal with an image protocol
// (Options.Graphics, from DetectGraphics, or sixel when the terminal says
// so), the preview key's screenshot is also drawn in an overlay over the
// tree; any key closes it and clears the image. The file is saved either
// way.
//
// The order matters: Bubble Tea writes tea.Raw output at the next frame
// before the frame itself, so an image sent with the Update that opens the
// overlay would be painted over by the overlay's blank box. The image is
// therefore encoded after the box is drawn (a Cmd), and sent once the
// terminal has answered a Primary Device Attributes query sent after it:
// the reply comes after the frame holding the box went out, so the image
// lands on top of the box (Options.PreviewDrawAfter is the fallback for
// terminals that do not answer).

// previewDrawAfter is how long the image waits for the terminal's reply
// before it is drawn anyway, unless Options.PreviewDrawAfter says.
const previewDrawAfter = time.Second

// previewMsg is a preview taken: the PNG (outlined) and the file it was
// saved to, or the error.
type previewMsg struct {
	png    []byte
	text   string // the status line: what was taken, where it is saved
	err    error
	inline bool // draw it inline if the terminal can
}

// previewImageMsg is the image of preview gen encoded for the terminal,
// placed in the overlay's box.
type previewImageMsg struct {
	gen   int
	image string
	err   error
}

// previewDrawMsg draws preview gen's image if the terminal has not
// answered yet.
type previewDrawMsg struct{ gen int }

// inlinePreview is the open preview overlay.
type inlinePreview struct {
	title string
	image string // the sequence that draws it, once encoded
	drawn bool
}

// askGraphics asks the terminal, when the environment named no image
// protocol, for its Primary Device Attributes (a reply holding 4 is
// sixel) and, to scale sixel images, its cell size in pixels and, for
// terminals that do not say that, its window's (divided by the cells).
func (m *Model) askGraphics() tea.Cmd {
	if m.graphics.Protocol != "" {
		return nil
	}
	return tea.Raw(ansi.RequestPrimaryDeviceAttributes + ansi.WindowOp(16) + ansi.WindowOp(14)) // report the cell size, the window size in pixels
}

// onCellSize takes the terminal's cell size in pixels.
func (m *Model) onCellSize(c uv.CellSizeEvent) {
	if c.Width > 0 && c.Height > 0 {
		m.cellW, m.cellH, m.cellSaid = c.Width, c.Height, true
	}
}

// onPixelSize takes the terminal's window size in pixels: divided by the
// cells it is the cell size, unless the terminal said that.
func (m *Model) onPixelSize(p uv.PixelSizeEvent) {
	if m.cellSaid || m.width <= 0 || m.height <= 0 {
		return
	}
	if w, h := p.Width/m.width, p.Height/m.height; w > 0 && h > 0 {
		m.cellW, m.cellH = w, h
	}
}

// onDeviceAttributes takes the terminal's Primary Device Attributes: sixel
// if it says so (inside tmux it is tmux that answers, and that draws the
// sixels itself, no passthrough), and the signal that the frame before the
// query is on screen, for a preview waiting to be drawn.
func (m *Model) onDeviceAttributes(attrs uv.PrimaryDeviceAttributesEvent) tea.Cmd {
	// The first value is the conformance level (62 for a VT220…), the
	// attributes follow.
	if m.graphics.Protocol == "" && len(attrs) > 1 && slices.Contains(attrs[1:], 4) {
		m.graphics = GraphicsSetup{Protocol: GraphicsSixel}
	}
	return m.drawPreview(m.previewGen)
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

// onPreview shows a preview taken: the status line, and the overlay whose
// image is encoded next (a Cmd, after the box is drawn).
func (m *Model) onPreview(p previewMsg) tea.Cmd {
	if p.err != nil {
		m.fail("screenshot", p.err)
		return nil
	}
	if m.graphics.Protocol == "" && m.graphics.Hint != "" && p.inline {
		m.setStatus(statusOK, p.text+" · "+m.graphics.Hint)
		return nil
	}
	m.setStatus(statusOK, p.text)
	if !p.inline || m.graphics.Protocol == "" || m.over != overlayNone || m.width < 30 || m.height < 12 {
		return nil
	}
	m.previewGen++
	m.inline = &inlinePreview{title: p.text}
	m.over = overlayPreview
	x, _, maxCols, maxRows := m.previewLayout()
	gen, g, cw, ch, data := m.previewGen, m.graphics, m.cellW, m.cellH, p.png
	return func() tea.Msg {
		var orow, ocol int
		if g.Tmux && g.Origin != nil {
			var err error
			if orow, ocol, err = g.Origin(); err != nil {
				return previewImageMsg{gen: gen, err: err}
			}
		}
		// Screen rows: the header, the body's first line, the box's
		// border and title; columns: its border and padding (1-based).
		box := previewBox{row: 5, col: x + 3, cols: maxCols, rows: maxRows, cellW: cw, cellH: ch, originRow: orow, originCol: ocol}
		img, err := previewImage(data, g, box)
		return previewImageMsg{gen: gen, image: img, err: err}
	}
}

// onPreviewImage keeps the encoded image of the open preview and asks the
// terminal for a reply that says the box is on screen.
func (m *Model) onPreviewImage(p previewImageMsg) tea.Cmd {
	if m.inline == nil || p.gen != m.previewGen {
		return nil
	}
	if p.err != nil {
		m.setStatus(statusErr, m.inline.title+" (not drawn inline: "+p.err.Error()+")")
		m.closeOverlay()
		m.inline = nil
		return nil
	}
	m.inline.image = p.image
	gen := p.gen
	return tea.Batch(
		tea.Raw(ansi.RequestPrimaryDeviceAttributes),
		tea.Tick(m.opts.PreviewDrawAfter, func(time.Time) tea.Msg { return previewDrawMsg{gen} }),
	)
}

// drawPreview sends preview gen's image, once, if its overlay is still on
// show (a dialog may have taken its place).
func (m *Model) drawPreview(gen int) tea.Cmd {
	p := m.inline
	if p == nil || m.over != overlayPreview || gen != m.previewGen || p.image == "" || p.drawn {
		return nil
	}
	p.drawn = true
	return tea.Raw(p.image)
}

// previewKey closes the preview overlay (any key does) and clears the image.
func (m *Model) previewKey(tea.KeyPressMsg) tea.Cmd {
	return m.closePreview()
}

// closePreview closes the overlay and erases the image: kitty deletes its
// images; an iTerm2 or sixel image is text cells, which a full repaint
// replaces.
func (m *Model) closePreview() tea.Cmd {
	if m.over != overlayPreview {
		return nil
	}
	drawn := m.inline != nil && m.inline.drawn
	m.closeOverlay()
	m.inline = nil
	if !drawn {
		return nil // nothing on screen but the box, which the next frame replaces
	}
	if m.graphics.Protocol == GraphicsKitty {
		if m.graphics.Tmux {
			return tea.Batch(tea.Raw(ansi.TmuxPassthrough(kittyClear)), tea.ClearScreen)
		}
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
