package ui

import (
	"bytes"
	"encoding/base64"
	"image"
	"image/png"
	"regexp"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
)

func TestDetectGraphics(t *testing.T) {
	for _, tc := range []struct {
		env  map[string]string
		want string
	}{
		{map[string]string{"TERM": "xterm-kitty"}, GraphicsKitty},
		{map[string]string{"TERM": "xterm-256color", "KITTY_WINDOW_ID": "1"}, GraphicsKitty},
		{map[string]string{"TERM_PROGRAM": "iTerm.app"}, GraphicsITerm},
		{map[string]string{"TERM_PROGRAM": "WezTerm"}, GraphicsITerm},
		{map[string]string{"TERM": "xterm-256color", "TERM_PROGRAM": "Apple_Terminal"}, ""},
		{map[string]string{"TERM": "xterm-256color"}, ""}, // sixel terminals too: not detected
		// tmux and screen swallow graphics, whatever the outer terminal.
		{map[string]string{"TERM_PROGRAM": "iTerm.app", "TMUX": "/tmp/tmux-0/default,1,0"}, ""},
		{map[string]string{"TERM": "xterm-kitty", "TMUX": "/tmp/tmux-0/default,1,0"}, ""},
		{map[string]string{"TERM": "screen-256color", "KITTY_WINDOW_ID": "1"}, ""},
		{map[string]string{"TERM": "xterm-kitty", "STY": "1.pts-0.host"}, ""},
	} {
		if got := DetectGraphics(func(k string) string { return tc.env[k] }); got != tc.want {
			t.Errorf("%v: %q, want %q", tc.env, got, tc.want)
		}
	}
}

// testPNG is a w×h PNG.
func testPNG(t *testing.T, w, h int) []byte {
	t.Helper()
	var b bytes.Buffer
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	x := uint32(1)
	for i := range img.Pix {
		x = x*1103515245 + 12345 // noise, which PNG cannot compress: several chunks
		img.Pix[i] = byte(x >> 16)
	}
	if err := png.Encode(&b, img); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

var kittyCmd = regexp.MustCompile(`\x1b_G([^;]*);([^\x1b]*)\x1b\\`)

// The kitty sequence is the PNG in base64, cut in chunks of at most 4096
// bytes; the first says what it is and where, m=1 on all but the last.
func TestKittyImage(t *testing.T) {
	for _, size := range []int{2, 40, 200} {
		data := testPNG(t, size, size/2+1)
		seq := kittyImage(data, 30, 10)
		cmds := kittyCmd.FindAllStringSubmatch(seq, -1)
		if strings.Join(kittyCmd.FindAllString(seq, -1), "") != seq || len(cmds) == 0 {
			t.Fatalf("%d: not a sequence of kitty commands: %q", size, seq)
		}
		var payload strings.Builder
		for i, c := range cmds {
			keys, chunk := c[1], c[2]
			if len(chunk) > kittyChunk {
				t.Errorf("%d: chunk %d holds %d bytes", size, i, len(chunk))
			}
			last := i == len(cmds)-1
			if strings.Contains(keys, "m=1") == last || !strings.Contains(keys, "m=") {
				t.Errorf("%d: chunk %d of %d has %q", size, i+1, len(cmds), keys)
			}
			if i == 0 && keys != "a=T,f=100,t=d,q=2,C=1,c=30,r=10,m="+map[bool]string{true: "0", false: "1"}[last] {
				t.Errorf("%d: first command %q", size, keys)
			}
			if i > 0 && strings.Contains(keys, "a=") {
				t.Errorf("%d: a later chunk repeats the keys: %q", size, keys)
			}
			payload.WriteString(chunk)
		}
		got, err := base64.StdEncoding.DecodeString(payload.String())
		if err != nil || !bytes.Equal(got, data) {
			t.Errorf("%d: the chunks do not give the PNG back (%v)", size, err)
		}
		if size == 200 && len(cmds) < 3 {
			t.Errorf("a %d-byte PNG in %d chunks", len(data), len(cmds))
		}
	}
}

// iTerm2's is one OSC 1337 File with the size, the box and the base64 PNG.
func TestITermImage(t *testing.T) {
	data := testPNG(t, 20, 10)
	seq := itermImage(data, 40, 12)
	m := regexp.MustCompile(`^\x1b\]1337;File=([^:]*):([A-Za-z0-9+/=]+)\a$`).FindStringSubmatch(seq)
	if m == nil {
		t.Fatalf("not an inline file: %q", seq)
	}
	args := map[string]string{}
	for _, kv := range strings.Split(m[1], ";") {
		k, v, _ := strings.Cut(kv, "=")
		args[k] = v
	}
	if args["inline"] != "1" || args["width"] != "40" || args["height"] != "12" || args["size"] != itoa(len(data)) || args["preserveAspectRatio"] != "1" {
		t.Errorf("arguments %v", args)
	}
	if got, err := base64.StdEncoding.DecodeString(m[2]); err != nil || !bytes.Equal(got, data) {
		t.Errorf("the payload is not the PNG (%v)", err)
	}
}

func TestFitCells(t *testing.T) {
	for _, tc := range []struct{ w, h, mc, mr, cols, rows int }{
		{1280, 720, 100, 40, 100, 28}, // the columns bound it
		{1280, 720, 200, 40, 142, 40}, // a wide box: the rows do
		{100, 1000, 80, 20, 4, 20},
		{0, 10, 80, 20, 0, 0},
	} {
		if c, r := fitCells(tc.w, tc.h, tc.mc, tc.mr); c != tc.cols || r != tc.rows {
			t.Errorf("%dx%d in %dx%d: %dx%d, want %dx%d", tc.w, tc.h, tc.mc, tc.mr, c, r, tc.cols, tc.rows)
		}
	}
}

// With an image protocol the preview opens an overlay and draws the image
// in it at its place; any key closes it and clears the image. Without one
// the file is all there is.
func TestModelInlinePreview(t *testing.T) {
	data := testPNG(t, 64, 36)
	for _, g := range []string{GraphicsKitty, GraphicsITerm, ""} {
		o := fakeOptions(newFake())
		o.Graphics = g
		h := newHarness(t, o, 100, 30)
		h.ready()
		cmd := h.m.onPreview(previewMsg{png: data, inline: true, text: "screenshot of e8 outlined saved to /tmp/p.png"})
		if h.m.StatusText() != "screenshot of e8 outlined saved to /tmp/p.png" {
			t.Errorf("%q: status %q", g, h.m.StatusText())
		}
		if g == "" {
			if cmd != nil || h.m.over != overlayNone {
				t.Errorf("no protocol: an overlay (%v) or a sequence", h.m.over)
			}
			continue
		}
		raw, ok := cmd().(tea.RawMsg)
		if !ok || h.m.over != overlayPreview || !strings.Contains(h.screen(), "any key closes the preview") {
			t.Fatalf("%q: no inline preview: %T %v\n%s", g, cmd(), h.m.over, h.screen())
		}
		s := raw.Msg.(string)
		want := map[string]string{GraphicsKitty: "\x1b_Ga=T,f=100", GraphicsITerm: "\x1b]1337;File=inline=1"}[g]
		if !strings.HasPrefix(s, "\x1b7\x1b[5;") || !strings.Contains(s, want) || !strings.HasSuffix(s, "\x1b8") {
			t.Errorf("%q: sequence %q…", g, s[:min(len(s), 60)])
		}
		h.keys("esc")
		if h.m.over != overlayNone {
			t.Errorf("%q: esc did not close the preview", g)
		}
	}
}
