package ui

import (
	"bytes"
	"fmt"
	"image/png"
	"math"
)

// This file encodes the inline preview's image for the terminal: the
// protocol's sequence, in the overlay's box, at its place on the screen
// (inside tmux, on the outer one), and small enough for tmux.

// previewBox is where the preview's image goes: its top-left cell
// (1-based), its size in cells, a cell's size in pixels (for sixel) and,
// inside tmux, the pane's origin on the outer screen.
type previewBox struct {
	row, col, cols, rows int
	cellW, cellH         int
	originRow, originCol int
}

// previewImage is the sequence that draws the PNG data in the box,
// centred on its columns. A kitty image goes through tmux in chunks
// (kittyTmux); an iTerm2 image through tmux, or a sixel image (tmux draws
// sixels itself, and a sixel that big is slow anyway), is made smaller,
// the iTerm2 one in pixels and the sixel one in cells, until its sequence
// fits in tmuxMax, or an error says it does not.
func previewImage(data []byte, g GraphicsSetup, box previewBox) (string, error) {
	w, h, err := pngSize(data)
	if err != nil {
		return "", err
	}
	if g.Protocol == GraphicsKitty {
		cols, rows := fitCells(w, h, box.cols, box.rows)
		col := box.col + (box.cols-cols)/2
		if g.Tmux {
			return kittyTmux(data, cols, rows, box.row+box.originRow, col+box.originCol), nil
		}
		return drawAt(kittyImage(data, cols, rows), box.row, col), nil
	}
	limited := g.Tmux || g.Protocol == GraphicsSixel
	scale := 1.0
	for range 8 {
		seq, cols, err := scaledImage(data, g.Protocol, w, h, box, scale)
		if err != nil {
			return "", err
		}
		seq = placeImage(seq, box.row, box.col+(box.cols-cols)/2, g.Tmux, box.originRow, box.originCol)
		if !limited || len(seq) <= tmuxMax {
			return seq, nil
		}
		// The size goes with the area: shrink by a bit more than the
		// square root of the excess.
		scale *= min(0.75, 0.95*math.Sqrt(float64(tmuxMax)/float64(len(seq))))
	}
	return "", fmt.Errorf("the image does not fit in %d KB, what tmux passes", tmuxMax>>10)
}

// scaledImage is the protocol's sequence for the PNG data of w×h pixels
// (iTerm2 or sixel) drawn in the box, scaled by scale (≤ 1), and the
// columns it takes: for iTerm2 the PNG re-encoded at a lower resolution
// in the same cells, for sixel fewer cells.
func scaledImage(data []byte, protocol string, w, h int, box previewBox, scale float64) (string, int, error) {
	if protocol == GraphicsITerm {
		cols, rows := fitCells(w, h, box.cols, box.rows)
		if scale < 1 {
			var err error
			if data, err = scalePNG(data, max(int(float64(w)*scale), 1), max(int(float64(h)*scale), 1)); err != nil {
				return "", 0, err
			}
		}
		return itermImage(data, cols, rows), cols, nil
	}
	cols, rows := max(int(float64(box.cols)*scale), 1), max(int(float64(box.rows)*scale), 1)
	s, err := sixelImage(data, cols, rows, box.cellW, box.cellH)
	if err != nil {
		return "", 0, err
	}
	pw, _ := fitPixels(w, h, cols*box.cellW, rows*box.cellH)
	return s, (pw + box.cellW - 1) / box.cellW, nil
}

// scalePNG is the PNG data scaled down to fit w×h pixels (scaleToFit).
func scalePNG(data []byte, w, h int) ([]byte, error) {
	src, err := png.Decode(bytes.NewReader(data))
	if err != nil {
		return nil, fmt.Errorf("reading the screenshot: %w", err)
	}
	var b bytes.Buffer
	if err := png.Encode(&b, scaleToFit(src, w, h)); err != nil {
		return nil, fmt.Errorf("encoding the smaller screenshot: %w", err)
	}
	return b.Bytes(), nil
}
