package ui

import (
	"bytes"
	"encoding/base64"
	"errors"
	"regexp"
	"strings"
	"testing"
)

// unwrapTmux undoes tmux's passthrough: ESC P tmux; <data, every ESC
// doubled> ESC \, and fails the test if seq is not one.
func unwrapTmux(t *testing.T, seq string) string {
	t.Helper()
	body, ok := strings.CutPrefix(seq, "\x1bPtmux;")
	if !ok {
		t.Fatalf("not a tmux passthrough: %q…", seq[:min(len(seq), 20)])
	}
	body, ok = strings.CutSuffix(body, "\x1b\\")
	if !ok {
		t.Fatalf("the passthrough does not end with ST: …%q", seq[max(len(seq)-20, 0):])
	}
	var b strings.Builder
	for i := 0; i < len(body); i++ {
		if body[i] == '\x1b' {
			if i+1 >= len(body) || body[i+1] != '\x1b' {
				t.Fatalf("a lone ESC at %d of the passthrough: tmux would end it there", i)
			}
			i++
		}
		b.WriteByte(body[i])
	}
	return b.String()
}

// splitTmux cuts seq into its tmux passthroughs (ESC P tmux; … ESC \,
// every ESC inside doubled), and fails the test if seq holds anything
// else.
func splitTmux(t *testing.T, seq string) []string {
	t.Helper()
	var out []string
	for seq != "" {
		if !strings.HasPrefix(seq, "\x1bPtmux;") {
			t.Fatalf("not a tmux passthrough: %q…", seq[:min(len(seq), 20)])
		}
		end := len("\x1bPtmux;")
		for end < len(seq) && !strings.HasPrefix(seq[end:], "\x1b\\") {
			if seq[end] == '\x1b' {
				end++ // a doubled ESC (a lone one unwrapTmux reports)
			}
			end++
		}
		end = min(end+2, len(seq))
		out = append(out, seq[:end])
		seq = seq[end:]
	}
	return out
}

// Inside tmux an image sequence goes in a passthrough, every ESC of it
// doubled (the kitty sequence's own ST included), moved by the pane's
// origin; outside it goes as it is.
func TestPlaceImageTmux(t *testing.T) {
	t.Parallel()
	seq := kittyImage(testPNG(t, 40, 20), 20, 5)
	if got := placeImage(seq, 5, 12, false, 3, 40); got != drawAt(seq, 5, 12) {
		t.Errorf("outside tmux: %q…", got[:20])
	}
	got := placeImage(seq, 5, 12, true, 3, 40)
	if inner := unwrapTmux(t, got); inner != drawAt(seq, 8, 52) {
		t.Errorf("inside tmux the wrapped sequence is %q…, want the image at 8;52", inner[:min(len(inner), 30)])
	}
	if n, esc := strings.Count(got, "\x1b\x1b"), strings.Count(seq, "\x1b")+3; n != esc { // + DECSC, CUP, DECRC
		t.Errorf("%d doubled ESCs, want %d", n, esc)
	}
}

// tmux drops a passthrough over its 1 MiB input buffer: a large kitty
// image goes in chunks, each in its own passthrough, then one places it
// at the pane's origin; a large iTerm2 image is sent at a lower
// resolution and a sixel one in fewer cells, each under tmuxMax.
func TestPreviewImageTmuxLarge(t *testing.T) {
	t.Parallel()
	data := testPNG(t, 900, 600) // noise: about 1.6 MB of PNG
	if len(data) < 1<<20 {
		t.Fatalf("the test PNG takes only %d bytes", len(data))
	}
	box := previewBox{row: 5, col: 10, cols: 100, rows: 25, cellW: 8, cellH: 16, originRow: 3, originCol: 40}

	seq, err := previewImage(data, GraphicsSetup{Protocol: GraphicsKitty, Tmux: true}, box)
	if err != nil {
		t.Fatal(err)
	}
	parts := splitTmux(t, seq)
	var payload strings.Builder
	for i, p := range parts {
		if len(p) >= 1<<20 {
			t.Fatalf("kitty: passthrough %d of %d takes %d bytes", i, len(parts), len(p))
		}
		inner := unwrapTmux(t, p)
		if i == len(parts)-1 {
			if !strings.HasPrefix(inner, "\x1b7\x1b[8;") || !strings.Contains(inner, "a=p,i=7301,") || !strings.HasSuffix(inner, "\x1b8") {
				t.Errorf("kitty: the last passthrough %q does not place the image at row 5+3", inner)
			}
			continue
		}
		c := kittyCmd.FindStringSubmatch(inner)
		if c == nil || c[0] != inner || len(c[2]) > kittyChunk {
			t.Fatalf("kitty: passthrough %d holds %q…", i, inner[:min(len(inner), 40)])
		}
		if i == 0 && !strings.HasPrefix(c[1], "a=t,f=100,t=d,q=2,i=7301,m=1") {
			t.Errorf("kitty: the first chunk's keys are %q", c[1])
		}
		payload.WriteString(c[2])
	}
	if got, err := base64.StdEncoding.DecodeString(payload.String()); err != nil || !bytes.Equal(got, data) {
		t.Errorf("kitty: the chunks do not give the PNG back (%v)", err)
	}

	if full, err := sixelImage(data, box.cols, box.rows, box.cellW, box.cellH); err != nil || len(full) <= tmuxMax {
		t.Fatalf("the sixel at full size takes %d bytes (%v): the test does not make it shrink", len(full), err)
	}
	for _, g := range []GraphicsSetup{{Protocol: GraphicsITerm, Tmux: true}, {Protocol: GraphicsSixel}} {
		seq, err := previewImage(data, g, box)
		if err != nil {
			t.Fatalf("%+v: %v", g, err)
		}
		if len(seq) > tmuxMax {
			t.Errorf("%+v: the sequence takes %d bytes, over %d", g, len(seq), tmuxMax)
		}
		if g.Tmux {
			parts := splitTmux(t, seq)
			m := regexp.MustCompile(`:([A-Za-z0-9+/=]+)\a`).FindStringSubmatch(unwrapTmux(t, parts[0]))
			if len(parts) != 1 || m == nil {
				t.Fatalf("iTerm2: %d passthroughs, or no image in it", len(parts))
			}
			small, _ := base64.StdEncoding.DecodeString(m[1])
			if w, h, err := pngSize(small); err != nil || w >= 900 || w*600 > (h+1)*900 || h*900 > (w+1)*600 {
				t.Errorf("iTerm2: the image sent is %dx%d (%v), want smaller with the same shape", w, h, err)
			}
		}
	}
}

func TestOuterProtocol(t *testing.T) {
	t.Parallel()
	for out, want := range map[string]string{
		"xterm-kitty\t\n":                 GraphicsKitty,
		"xterm-256color\tkitty(0.35.2)\n": GraphicsKitty,
		"xterm-256color\tiTerm2 3.5.0\n":  GraphicsITerm,
		"xterm-256color\tWezTerm 2024\n":  GraphicsITerm,
		"xterm-256color\tXTerm(390)\n":    "",
		"foot\tfoot(1.16.2)\n":            "",
		"":                                "",
	} {
		if got := outerProtocol(out); got != want {
			t.Errorf("%q: %q, want %q", out, got, want)
		}
	}
}

// The pane's origin is its place in the window, below a status line at
// the top.
func TestTmuxOrigin(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		out      string
		row, col int
	}{
		{"0 0 on bottom\n", 0, 0},
		{"12 81 on bottom\n", 12, 81},
		{"0 0 on top\n", 1, 0},
		{"5 0 2 top\n", 7, 0},
		{"5 3 off top\n", 5, 3},
	} {
		row, col, err := tmuxOrigin(func(...string) (string, error) { return tc.out, nil })
		if err != nil || row != tc.row || col != tc.col {
			t.Errorf("%q: %d,%d %v, want %d,%d", tc.out, row, col, err, tc.row, tc.col)
		}
	}
	if _, _, err := tmuxOrigin(func(...string) (string, error) { return "", errors.New("no server") }); err == nil || !strings.Contains(err.Error(), "pane") {
		t.Errorf("a failing tmux: %v", err)
	}
}
