package ui

import (
	"errors"
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

// Inside tmux every image sequence goes in one passthrough, every ESC of
// it doubled (the kitty sequence's own ST included), moved by the pane's
// origin; outside it goes as it is.
func TestPlaceImageTmux(t *testing.T) {
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
	if strings.Count(got, "\x1bPtmux;") != 1 {
		t.Errorf("more than one passthrough")
	}
}

func TestOuterProtocol(t *testing.T) {
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
