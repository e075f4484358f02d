package ui

import (
	"bytes"
	"image"
	"image/color"
	"image/png"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi/sixel"
)

// sixelParts parses a sixel sequence: its DCS parameters, the raster's
// pixel size, the palette and the bands (each ended by '-' but maybe the
// last).
type sixelParts struct {
	params  string
	w, h    int
	palette map[int][3]int // percent
	bands   int
	pixels  string
}

var (
	sixelSeq     = regexp.MustCompile(`^\x1bP([0-9;]*)q"1;1;(\d+);(\d+)(.*)\x1b\\$`)
	sixelPalette = regexp.MustCompile(`#(\d+);2;(\d+);(\d+);(\d+)`)
)

func parseSixel(t *testing.T, seq string) sixelParts {
	t.Helper()
	m := sixelSeq.FindStringSubmatch(seq)
	if m == nil {
		t.Fatalf("not a sixel sequence with raster attributes: %q…", seq[:min(len(seq), 40)])
	}
	p := sixelParts{params: m[1], palette: map[int][3]int{}}
	p.w, _ = strconv.Atoi(m[2])
	p.h, _ = strconv.Atoi(m[3])
	body := m[4]
	for _, c := range sixelPalette.FindAllStringSubmatch(body, -1) {
		i, _ := strconv.Atoi(c[1])
		r, _ := strconv.Atoi(c[2])
		g, _ := strconv.Atoi(c[3])
		b, _ := strconv.Atoi(c[4])
		p.palette[i] = [3]int{r, g, b}
	}
	p.pixels = sixelPalette.ReplaceAllString(body, "")
	p.bands = len(strings.Split(strings.TrimSuffix(p.pixels, "-"), "-"))
	return p
}

// twoColours is a w×h PNG, red on the left half and blue on the right.
func twoColours(t *testing.T, w, h int) []byte {
	t.Helper()
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for y := range h {
		for x := range w {
			c := color.RGBA{R: 0xff, A: 0xff}
			if x >= w/2 {
				c = color.RGBA{B: 0xff, A: 0xff}
			}
			img.Set(x, y, c)
		}
	}
	var b bytes.Buffer
	if err := png.Encode(&b, img); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// The sixel sequence is the PNG scaled to the box of cells keeping its
// shape: its raster says the pixel size, its palette holds the colours
// (red and blue here), it has one band per six pixel rows, and decoded
// back it is the same picture.
func TestSixelImage(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		w, h, cols, rows, cellW, cellH int
		pw, ph                         int
	}{
		{1280, 720, 60, 20, 10, 20, 600, 337},  // the width binds: 60 cells of 10 px
		{1280, 720, 100, 10, 10, 20, 355, 200}, // a flat box: the rows do
		{200, 100, 60, 20, 10, 20, 200, 100},   // small: never scaled up
		{1280, 720, 40, 20, 8, 16, 320, 180},   // another cell size
	} {
		seq, err := sixelImage(twoColours(t, tc.w, tc.h), tc.cols, tc.rows, tc.cellW, tc.cellH)
		if err != nil {
			t.Fatal(err)
		}
		p := parseSixel(t, seq)
		if p.params != "0;1" {
			t.Errorf("%+v: DCS parameters %q, want 0;1", tc, p.params)
		}
		if p.w != tc.pw || p.h != tc.ph {
			t.Errorf("%+v: %dx%d pixels, want %dx%d", tc, p.w, p.h, tc.pw, tc.ph)
		}
		if want := (tc.ph + 5) / 6; p.bands != want {
			t.Errorf("%+v: %d bands, want %d", tc, p.bands, want)
		}
		if len(p.palette) == 0 || len(p.palette) > 256 {
			t.Errorf("%+v: a palette of %d colours", tc, len(p.palette))
		}
		var red, blue bool
		for _, c := range p.palette {
			red = red || c == [3]int{100, 0, 0}
			blue = blue || c == [3]int{0, 0, 100}
		}
		if !red || !blue {
			t.Errorf("%+v: palette %v lacks pure red or blue", tc, p.palette)
		}
		if strings.ContainsAny(p.pixels, "\x1b\a") {
			t.Errorf("%+v: a control character inside the sixel data", tc)
		}
		img, err := (&sixel.Decoder{}).Decode(strings.NewReader(strings.TrimSuffix(strings.TrimPrefix(seq, "\x1bP0;1q"), "\x1b\\")))
		if err != nil {
			t.Fatalf("%+v: decoding it back: %v", tc, err)
		}
		if b := img.Bounds(); b.Dx() < tc.pw || b.Dy() < tc.ph {
			t.Errorf("%+v: decoded %v", tc, b)
		}
		for _, pt := range []struct {
			x    int
			blue bool
		}{{tc.pw / 4, false}, {tc.pw * 3 / 4, true}} {
			r, _, b, _ := img.At(pt.x, tc.ph/2).RGBA()
			if (b > r) != pt.blue {
				t.Errorf("%+v: the pixel at x=%d is r%d b%d", tc, pt.x, r>>8, b>>8)
			}
		}
	}
}

// BenchmarkSixelPreview encodes a 1280x720 screenshot of noise (the worst
// case: every pixel a new colour) for a 116x39-cell overlay of 10x20-pixel
// cells, as the preview's Cmd does.
func BenchmarkSixelPreview(b *testing.B) {
	data := testPNG(b, 1280, 720)
	for b.Loop() {
		if _, err := sixelImage(data, 116, 39, 10, 20); err != nil {
			b.Fatal(err)
		}
	}
}
