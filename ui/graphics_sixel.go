package ui

import (
	"bytes"
	"fmt"
	"image"
	"image/draw"
	"image/png"

	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/ansi/sixel"
)

// This file draws the preview in sixel terminals: the PNG scaled to the
// overlay's box of cells, its colours reduced to a palette of at most 256
// (median cut) and written as a DCS sixel sequence. The encoder is
// charmbracelet/x/ansi/sixel, from the x/ansi module Bubble Tea already
// brings (it adds bits-and-blooms/bitset to go.mod); the scaling is ours.

// The size of a cell in pixels when the terminal says neither it (its
// reply to CSI 16 t, a CellSizeEvent) nor its window's (CSI 14 t, a
// PixelSizeEvent): small, so that the image fits in the box of most
// terminals' cells (a bigger guess would overflow it and scroll the
// screen).
const (
	defaultCellW = 6
	defaultCellH = 12
)

// sixelImage is the PNG scaled to fit cols×rows cells of cellW×cellH
// pixels, keeping its shape, as a sixel sequence: DCS 0;1 q, the raster
// attributes ("1;1;width;height), the palette (#i;2;r;g;b, in percent)
// and the bands of six pixel rows, each ended by '-'.
func sixelImage(data []byte, cols, rows, cellW, cellH int) (string, error) {
	src, err := png.Decode(bytes.NewReader(data))
	if err != nil {
		return "", fmt.Errorf("reading the screenshot: %w", err)
	}
	img := scaleToFit(src, cols*cellW, rows*cellH)
	var b bytes.Buffer
	if err := (&sixel.Encoder{}).Encode(&b, img); err != nil {
		return "", fmt.Errorf("encoding the screenshot as sixels: %w", err)
	}
	// P2 = 1: pixels of colour 0 keep their colour (0 leaves a black bar
	// on most terminals).
	return ansi.SixelGraphics(0, 1, 0, b.Bytes()), nil
}

// coarse keeps the top 5 bits of a channel (repeated into the low ones,
// so that black stays 0 and white 255): at
// most 32,768 colours go into the palette's median cut, which costs per
// distinct colour (a photo-like screenshot has hundreds of thousands),
// and no one tells 8 levels of 256 apart once reduced to 256 colours.
func coarse(v int) byte { return byte(v&0xf8 | v>>5) }

// fitPixels is the size of an image of sw×sh pixels scaled down (never
// up) to fit w×h keeping its shape.
func fitPixels(sw, sh, w, h int) (dw, dh int) {
	switch {
	case sw <= w && sh <= h:
		return sw, sh
	case sw*h > sh*w: // wider than the box: the width binds
		return w, max(sh*w/sw, 1)
	}
	return max(sw*h/sh, 1), h
}

// scaleToFit scales src down (never up) to fit w×h pixels keeping its
// shape, each pixel the mean of the source pixels it covers (a box
// filter: text in a screenshot stays legible, which nearest-neighbour
// sampling breaks up), opaque, its channels coarse.
func scaleToFit(src image.Image, w, h int) *image.RGBA {
	b := src.Bounds()
	sw, sh := b.Dx(), b.Dy()
	dw, dh := fitPixels(sw, sh, w, h)
	dst := image.NewRGBA(image.Rect(0, 0, max(dw, 1), max(dh, 1)))
	rgba := image.NewRGBA(image.Rect(0, 0, sw, sh))
	draw.Draw(rgba, rgba.Rect, src, b.Min, draw.Src)
	for y := range dst.Rect.Dy() {
		y0, y1 := y*sh/dh, max((y+1)*sh/dh, y*sh/dh+1)
		for x := range dst.Rect.Dx() {
			x0, x1 := x*sw/dw, max((x+1)*sw/dw, x*sw/dw+1)
			var r, g, bl, a, n int
			for sy := y0; sy < y1; sy++ {
				row := rgba.Pix[sy*rgba.Stride:]
				for sx := x0; sx < x1; sx++ {
					p := row[sx*4 : sx*4+4]
					r, g, bl, a = r+int(p[0]), g+int(p[1]), bl+int(p[2]), a+int(p[3])
					n++
				}
			}
			i := dst.PixOffset(x, y)
			dst.Pix[i], dst.Pix[i+1], dst.Pix[i+2], dst.Pix[i+3] = coarse(r/n), coarse(g/n), coarse(bl/n), 0xff
		}
	}
	return dst
}
