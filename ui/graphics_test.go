package ui

import (
	"bytes"
	"encoding/base64"
	"errors"
	"image"
	"image/png"
	"regexp"
	"strings"
	"testing"
)

func TestDetectGraphics(t *testing.T) {
	t.Parallel()
	const tmuxEnv = "/tmp/tmux-0/default,1,0"
	for _, tc := range []struct {
		env  map[string]string
		tmux map[string]string // tmux's answers, by the command's first two words
		want GraphicsSetup
	}{
		{env: map[string]string{"TERM": "xterm-kitty"}, want: GraphicsSetup{Protocol: GraphicsKitty}},
		{env: map[string]string{"TERM": "xterm-256color", "KITTY_WINDOW_ID": "1"}, want: GraphicsSetup{Protocol: GraphicsKitty}},
		{env: map[string]string{"TERM_PROGRAM": "iTerm.app"}, want: GraphicsSetup{Protocol: GraphicsITerm}},
		{env: map[string]string{"TERM_PROGRAM": "WezTerm"}, want: GraphicsSetup{Protocol: GraphicsITerm}},
		{env: map[string]string{"TERM": "xterm-256color", "TERM_PROGRAM": "Apple_Terminal"}},
		{env: map[string]string{"TERM": "xterm-256color"}}, // sixel terminals: the model asks them
		// GNU screen cuts long sequences, whatever the outer terminal.
		{env: map[string]string{"TERM": "screen-256color", "KITTY_WINDOW_ID": "1"}},
		{env: map[string]string{"TERM": "xterm-kitty", "STY": "1.pts-0.host"}},
		// ssh from a tmux pane: tmux's TERM, iTerm2's LC_TERMINAL, no TMUX.
		{env: map[string]string{"TERM": "tmux-256color", "LC_TERMINAL": "iTerm2"}},
		// tmux: the outer terminal from the environment or tmux's client,
		// drawn through passthrough if tmux allows it, else a hint.
		{env: map[string]string{"TERM": "tmux-256color", "TERM_PROGRAM": "tmux", "TMUX": tmuxEnv, "KITTY_WINDOW_ID": "3"},
			tmux: map[string]string{"show-options -gv": "on\n"},
			want: GraphicsSetup{Protocol: GraphicsKitty, Tmux: true}},
		{env: map[string]string{"TERM": "screen-256color", "TMUX": tmuxEnv},
			tmux: map[string]string{"display-message -p": "xterm-256color\tiTerm2 3.5.0\n", "show-options -gv": "all\n"},
			want: GraphicsSetup{Protocol: GraphicsITerm, Tmux: true}},
		{env: map[string]string{"TERM": "screen-256color", "TMUX": tmuxEnv},
			tmux: map[string]string{"display-message -p": "xterm-kitty\t\n", "show-options -gv": "off\n"},
			want: GraphicsSetup{Tmux: true, Hint: tmuxHint}},
		{env: map[string]string{"TERM": "screen", "TMUX": tmuxEnv, "LC_TERMINAL": "iTerm2"},
			tmux: map[string]string{"show-options -gv": "invalid option: allow-passthrough\n"}, // tmux 3.2: always passes
			want: GraphicsSetup{Protocol: GraphicsITerm, Tmux: true}},
		{env: map[string]string{"TERM": "screen", "TMUX": tmuxEnv},
			tmux: map[string]string{"display-message -p": "xterm-256color\t\n", "show-options -gv": "on\n"},
			want: GraphicsSetup{Tmux: true}}, // unknown outer terminal: tmux's own sixel may still answer
	} {
		run := func(args ...string) (string, error) {
			out, ok := tc.tmux[strings.Join(args[:2], " ")]
			if !ok || strings.HasPrefix(out, "invalid") {
				return out, errors.New("exit status 1")
			}
			return out, nil
		}
		got := DetectGraphics(func(k string) string { return tc.env[k] }, run)
		if got.Origin == nil && got.Tmux {
			t.Errorf("%v: inside tmux with no origin", tc.env)
		}
		if got.Protocol != tc.want.Protocol || got.Tmux != tc.want.Tmux || got.Hint != tc.want.Hint {
			t.Errorf("%v: %+v, want %+v", tc.env, got, tc.want)
		}
	}
}

// testPNG is a w×h PNG.
func testPNG(t testing.TB, w, h int) []byte {
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
	t.Parallel()
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
	t.Parallel()
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
	t.Parallel()
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
