package ui

import (
	"encoding/base64"
	"fmt"
	"io"
	"os"
	"os/exec"
	"runtime"
	"strings"

	"github.com/atotto/clipboard"
)

// How Copy put text on the clipboard.
const (
	MethodSystem = "system clipboard"
	MethodOSC52  = "OSC 52"
)

// Copy puts text on the clipboard: the system clipboard when there is one
// (github.com/atotto/clipboard: pbcopy, xclip, xsel, wl-copy, ...), else
// an OSC 52 escape written to osc, the terminal, which most terminals turn
// into a clipboard write (over SSH too). Inside tmux or GNU screen the
// escape is wrapped so that it reaches the outer terminal. It returns
// MethodSystem or MethodOSC52.
func Copy(text string, osc io.Writer) (method string, err error) {
	return CopyEnv(text, osc, os.Getenv)
}

// CopyEnv is Copy with the environment read by getenv (the display, the
// terminal multiplexer) instead of the process's.
func CopyEnv(text string, osc io.Writer, getenv func(string) string) (method string, err error) {
	return copyWith(text, osc, func(text string) (string, error) { return systemCopy(text, getenv) }, getenv)
}

func copyWith(text string, osc io.Writer, system CopyFunc, env func(string) string) (string, error) {
	sysErr := errNoClipboard
	if system != nil {
		if _, sysErr = system(text); sysErr == nil {
			return MethodSystem, nil
		}
	}
	if osc == nil {
		return "", fmt.Errorf("copying: %v, and no terminal to send OSC 52 to", sysErr)
	}
	if _, err := io.WriteString(osc, OSC52(text, env)); err != nil {
		return "", fmt.Errorf("copying: %v; writing OSC 52: %w", sysErr, err)
	}
	return MethodOSC52, nil
}

// SystemCopy puts text on the system clipboard and names the tool that
// did it ("pbcopy", "xclip", "wl-copy", ...). It fails at once, without
// running anything, when there is none: no clipboard tool, or no display
// for the X and Wayland ones. It is a CopyFunc.
func SystemCopy(text string) (method string, err error) {
	return systemCopy(text, os.Getenv)
}

// SystemCopyEnv is SystemCopy with the environment (the display, the
// terminal) read by getenv.
func SystemCopyEnv(getenv func(string) string) CopyFunc {
	return func(text string) (string, error) { return systemCopy(text, getenv) }
}

func systemCopy(text string, getenv func(string) string) (string, error) {
	tool := clipboardTool(getenv, exec.LookPath)
	if tool == "" || clipboard.Unsupported {
		return "", errNoClipboard
	}
	if err := clipboard.WriteAll(text); err != nil {
		return "", fmt.Errorf("%s: %w", tool, err)
	}
	return tool, nil
}

// clipboardTool names the tool github.com/atotto/clipboard will use, in
// its order of preference, or "" if it has none that can work here.
func clipboardTool(env func(string) string, look func(string) (string, error)) string {
	switch runtime.GOOS {
	case "darwin":
		return "pbcopy"
	case "windows":
		return "Windows clipboard"
	case "plan9":
		return "/dev/snarf"
	}
	has := func(name string) bool { _, err := look(name); return err == nil }
	if env("WAYLAND_DISPLAY") != "" && has("wl-copy") && has("wl-paste") {
		return "wl-copy"
	}
	for _, tool := range []string{"xclip", "xsel"} {
		if has(tool) {
			if env("DISPLAY") == "" {
				return "" // installed, but there is no X display to own the selection
			}
			return tool
		}
	}
	if has("termux-clipboard-set") {
		return "termux-clipboard-set"
	}
	return ""
}

// OSC52 is the escape that asks the terminal to put text on its clipboard:
// ESC ] 52 ; c ; base64 BEL. With $TMUX set it is wrapped in tmux's
// passthrough (ESC P tmux; ... ESC \, inner escapes doubled), which tmux
// forwards when allow-passthrough is on; with $STY (GNU screen) it is cut
// into DCS pieces short enough for screen to pass along.
func OSC52(text string, env func(string) string) string {
	seq := "\x1b]52;c;" + base64.StdEncoding.EncodeToString([]byte(text)) + "\a"
	switch {
	case env("TMUX") != "":
		return "\x1bPtmux;" + strings.ReplaceAll(seq, "\x1b", "\x1b\x1b") + "\x1b\\"
	case env("STY") != "":
		const piece = 76 // screen drops DCS strings longer than 768 bytes
		var b strings.Builder
		for len(seq) > 0 {
			n := min(piece, len(seq))
			b.WriteString("\x1bP" + seq[:n] + "\x1b\\")
			seq = seq[n:]
		}
		return b.String()
	}
	return seq
}
