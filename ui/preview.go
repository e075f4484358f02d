package ui

import (
	"bytes"
	"context"
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"image/png"
	"os"
	"path/filepath"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/ariadne-tui/ariadne/refs"
)

// This file is the preview: a screenshot of the page with the selected
// element outlined, saved to a file whose path the status line gives, and
// drawn inline where the terminal can (preview_inline.go).

// previewer captures the viewport with an element scrolled into view and
// its box (browser/preview.go).
type previewer interface {
	Preview(ctx context.Context, ref string) (png []byte, box *refs.Box, cssWidth float64, err error)
}

// outlineColor is the preview's outline: a magenta that pages rarely use.
var outlineColor = color.RGBA{R: 0xe0, G: 0x1b, B: 0x84, A: 0xff}

// preview saves a screenshot with the selection outlined into path, or, if
// path is "", into a new file in Options.PreviewDir.
func (m *Model) preview(path string) tea.Cmd {
	pv, ok := m.b.(previewer)
	if !ok || m.dead || m.b == nil {
		m.setStatus(statusErr, "no browser to take a screenshot of")
		return nil
	}
	ref := ""
	if n := m.tree.Selected(); n != nil {
		ref = n.Ref
	}
	inline := path == "" // the preview key's, not :screenshot FILE's
	if path == "" {
		dir := m.opts.PreviewDir
		if dir == "" {
			dir = os.TempDir()
		}
		path = filepath.Join(dir, "ariadne-preview-"+m.now().Format("20060102-150405.000")+".png")
	}
	m.setStatus(statusInfo, "taking a screenshot…")
	return func() tea.Msg {
		ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
		defer cancel()
		data, box, cssWidth, err := pv.Preview(ctx, ref)
		if err != nil {
			return previewMsg{err: err}
		}
		out, err := outlineBox(data, box, cssWidth)
		if err != nil {
			return previewMsg{err: err}
		}
		f, err := createNew(path)
		if err != nil {
			return previewMsg{err: err}
		}
		_, err = f.Write(out)
		if cerr := f.Close(); err == nil {
			err = cerr
		}
		if err != nil {
			return previewMsg{err: err}
		}
		what := "the page"
		switch {
		case ref != "" && box != nil:
			what = ref + " outlined"
		case ref != "":
			what = "the page (" + ref + " has no visible box)"
		}
		return previewMsg{png: out, inline: inline, text: "screenshot of " + what + " saved to " + Sanitize(path)}
	}
}

// outlineBox draws a 3-pixel frame around box (CSS pixels; the PNG is
// cssWidth CSS pixels wide) onto the PNG data.
func outlineBox(data []byte, box *refs.Box, cssWidth float64) ([]byte, error) {
	if box == nil {
		return data, nil
	}
	src, err := png.Decode(bytes.NewReader(data))
	if err != nil {
		return nil, fmt.Errorf("reading the screenshot: %w", err)
	}
	b := src.Bounds()
	img := image.NewRGBA(b)
	draw.Draw(img, b, src, b.Min, draw.Src)
	scale := 1.0
	if cssWidth > 0 {
		scale = float64(b.Dx()) / cssWidth
	}
	const w = 3
	r := image.Rect(int(box.X*scale)-w, int(box.Y*scale)-w, int((box.X+box.Width)*scale)+w, int((box.Y+box.Height)*scale)+w)
	pen := image.NewUniform(outlineColor)
	for _, side := range []image.Rectangle{
		{r.Min, image.Pt(r.Max.X, r.Min.Y+w)},
		{image.Pt(r.Min.X, r.Max.Y-w), r.Max},
		{r.Min, image.Pt(r.Min.X+w, r.Max.Y)},
		{image.Pt(r.Max.X-w, r.Min.Y), r.Max},
	} {
		draw.Draw(img, side.Intersect(b), pen, image.Point{}, draw.Src)
	}
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		return nil, fmt.Errorf("writing the screenshot: %w", err)
	}
	return buf.Bytes(), nil
}
