package ui

import (
	"encoding/base64"
	"errors"
	"fmt"
	"os"
	"runtime"
	"strings"
	"testing"
)

func TestClipboardSystemPath(t *testing.T) {
	t.Parallel()
	var got string
	system := func(text string) (string, error) { got = text; return "xclip", nil }
	var term strings.Builder
	method, err := copyWith("getByRole('button')", &term, system, func(string) string { return "" })
	if err != nil {
		t.Fatal(err)
	}
	if method != MethodSystem || got != "getByRole('button')" {
		t.Errorf("method %q, clipboard %q; want %q and the text", method, got, MethodSystem)
	}
	if term.Len() != 0 {
		t.Errorf("wrote %q to the terminal although the system clipboard worked", term.String())
	}
}

func TestClipboardOSC52Fallback(t *testing.T) {
	t.Parallel()
	failing := func(string) (string, error) { return "", errors.New("no display") }
	text := "page.getByRole('button', { name: 'Say \"hello\" – ✓' })\n"
	for _, tc := range []struct {
		name   string
		env    map[string]string
		prefix string
	}{
		{"plain", nil, "\x1b]52;c;"},
		{"tmux", map[string]string{"TMUX": "/tmp/tmux-0/default,1,0"}, "\x1bPtmux;\x1b\x1b]52;c;"},
		{"screen", map[string]string{"STY": "1234.pts-0.host"}, "\x1bP\x1b]52;c;"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			env := func(k string) string { return tc.env[k] }
			for _, system := range []CopyFunc{failing, nil} {
				var term strings.Builder
				method, err := copyWith(text, &term, system, env)
				if err != nil {
					t.Fatal(err)
				}
				if method != MethodOSC52 {
					t.Errorf("method %q, want %q", method, MethodOSC52)
				}
				out := term.String()
				if !strings.HasPrefix(out, tc.prefix) {
					t.Errorf("escape %q does not start with %q", out, tc.prefix)
				}
				back, err := decodeOSC52(out)
				if err != nil {
					t.Fatal(err)
				}
				if back != text {
					t.Errorf("decoded %q, want %q", back, text)
				}
			}
		})
	}
}

func TestClipboardScreenPiecesAreShort(t *testing.T) {
	t.Parallel()
	out := OSC52(strings.Repeat("long locator text ", 100), func(k string) string {
		if k == "STY" {
			return "1.x"
		}
		return ""
	})
	for _, piece := range strings.SplitAfter(out, "\x1b\\") {
		if len(piece) > 768 {
			t.Fatalf("a DCS piece of %d bytes: screen drops those over 768", len(piece))
		}
	}
}

func TestClipboardNoWayOut(t *testing.T) {
	t.Parallel()
	failing := func(string) (string, error) { return "", errors.New("no display") }
	if _, err := copyWith("x", nil, failing, func(string) string { return "" }); err == nil {
		t.Error("no system clipboard and no terminal, but no error")
	}
}

func TestClipboardToolChoice(t *testing.T) {
	t.Parallel()
	if runtime.GOOS == "darwin" || runtime.GOOS == "windows" || runtime.GOOS == "plan9" {
		t.Skip("the system clipboard needs no tool here")
	}
	look := func(have ...string) func(string) (string, error) {
		return func(name string) (string, error) {
			for _, h := range have {
				if h == name {
					return "/usr/bin/" + name, nil
				}
			}
			return "", errors.New("not found")
		}
	}
	env := func(kv ...string) func(string) string {
		return func(k string) string {
			for i := 0; i+1 < len(kv); i += 2 {
				if kv[i] == k {
					return kv[i+1]
				}
			}
			return ""
		}
	}
	for _, tc := range []struct {
		name string
		env  func(string) string
		look func(string) (string, error)
		want string
	}{
		{"xclip with a display", env("DISPLAY", ":0"), look("xclip", "xsel"), "xclip"},
		{"xsel with a display", env("DISPLAY", ":0"), look("xsel"), "xsel"},
		{"xclip without a display", env(), look("xclip"), ""},
		{"wayland", env("WAYLAND_DISPLAY", "wayland-0"), look("wl-copy", "wl-paste", "xclip"), "wl-copy"},
		{"nothing installed", env("DISPLAY", ":0"), look(), ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := clipboardTool(tc.env, tc.look); got != tc.want {
				t.Errorf("got %q, want %q", got, tc.want)
			}
		})
	}
}

// TestClipboardCopyHere runs the real Copy where there is no display: it
// must fall back to OSC 52 without touching any clipboard.
func TestClipboardCopyHere(t *testing.T) {
	if os.Getenv("DISPLAY") != "" || os.Getenv("WAYLAND_DISPLAY") != "" {
		t.Skip("a display is set: this would write the real clipboard")
	}
	if clipboardTool(os.Getenv, func(string) (string, error) { return "", errors.New("none") }) != "" {
		t.Skip("this platform always has a system clipboard")
	}
	var term strings.Builder
	method, err := Copy("getByTestId('save-button')", &term)
	if err != nil {
		t.Fatal(err)
	}
	if method == MethodSystem {
		t.Skip("a system clipboard tool worked without a display (termux?)")
	}
	back, err := decodeOSC52(term.String())
	if err != nil || back != "getByTestId('save-button')" || method != MethodOSC52 {
		t.Errorf("method %q, decoded %q (%v)", method, back, err)
	}
}

// decodeOSC52 reads back the text of an OSC52 escape, unwrapping tmux and
// screen passthrough.
func decodeOSC52(s string) (string, error) {
	switch {
	case strings.HasPrefix(s, "\x1bPtmux;"):
		if !strings.HasSuffix(s, "\x1b\\") {
			return "", errors.New("tmux passthrough not terminated")
		}
		s = strings.ReplaceAll(strings.TrimSuffix(strings.TrimPrefix(s, "\x1bPtmux;"), "\x1b\\"), "\x1b\x1b", "\x1b")
	case strings.HasPrefix(s, "\x1bP"):
		var b strings.Builder
		for s != "" {
			if !strings.HasPrefix(s, "\x1bP") {
				return "", errors.New("screen passthrough piece does not start with ESC P")
			}
			end := strings.Index(s, "\x1b\\")
			if end < 0 {
				return "", errors.New("screen passthrough piece not terminated")
			}
			b.WriteString(s[2:end])
			s = s[end+2:]
		}
		s = b.String()
	}
	const head = "\x1b]52;c;"
	if !strings.HasPrefix(s, head) || !strings.HasSuffix(s, "\a") {
		return "", fmt.Errorf("not an OSC 52 clipboard write: %q", s)
	}
	raw, err := base64.StdEncoding.DecodeString(strings.TrimSuffix(strings.TrimPrefix(s, head), "\a"))
	if err != nil {
		return "", fmt.Errorf("OSC 52 payload: %w", err)
	}
	return string(raw), nil
}
